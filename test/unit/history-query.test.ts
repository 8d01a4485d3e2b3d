import { describe, expect, it } from 'vitest';
import {
  createExportRequestSchema,
  instantOf,
  listVerificationsQuerySchema,
  planHistoryQuery,
  planIsEmpty,
  queryExpressions,
} from '#shared/features/history/history-query.ts';

const owner = 'acct_1#test';

describe('instantOf', () => {
  it.each([
    ['2026-10-01', '2026-10-01T00:00:00.000Z'],
    ['2026-10-01T08:00:00-04:00', '2026-10-01T12:00:00.000Z'],
    ['2026-10-01T08:00Z', '2026-10-01T08:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
  ])('%s is %s', (value, instant) => expect(instantOf(value)).toBe(instant));

  it.each(['2026-02-30', '2025-02-29', '2026-13-01', '2026-10-01T25:00:00Z', '2026-10-01T08:00:00', 'yesterday', '1999-12-31', ''])('refuses %j', (value) =>
    expect(instantOf(value)).toBeUndefined(),
  );
});

describe('planHistoryQuery', () => {
  it('reads the owner index with the time range as key bounds and the rest as a filter', () => {
    const plan = planHistoryQuery(owner, { created_from: '2026-10-01', created_to: '2026-11-01', state: 'WA', verified: false });
    expect(plan).toEqual({
      index: 'by_owner',
      keyName: 'owner',
      keyValue: owner,
      from: '2026-10-01T00:00:00.000Z',
      before: '2026-11-01T00:00:00.000Z',
      match: { state: 'WA', verified: false },
    });
    const expr = queryExpressions(plan);
    expect(expr.KeyConditionExpression).toBe('#pk = :pk AND #ck BETWEEN :from AND :before');
    expect(expr.FilterExpression).toBe('#h.#state = :state AND #h.#verified = :verified');
  });

  it('keeps the created_to bound exclusive: a key created at that instant sorts after it', () => {
    const before = '2026-11-01T00:00:00.000Z';
    expect(`${before}#vrf_x` > before).toBe(true);
    expect(`2026-10-31T23:59:59.999Z#vrf_x` < before).toBe(true);
  });

  it('reads the NPI index for an NPI (the surname then filters), the surname index for a surname', () => {
    expect(planHistoryQuery(owner, { npi: '1662571706', last_name: 'García-López' })).toMatchObject({
      index: 'by_npi',
      keyValue: `${owner}#1662571706`,
      match: { nameKey: 'GARCIALOPEZ' },
    });
    for (const spelling of ['garcia lopez', 'GARCÍA-LÓPEZ', 'Garcia-Lopez Jr']) {
      expect(planHistoryQuery(owner, { last_name: spelling })).toMatchObject({ index: 'by_last_name', keyValue: `${owner}#GARCIALOPEZ`, match: {} });
    }
  });

  it('caps the range at an export snapshot; a snapshot before created_from selects nothing', () => {
    const snapshot = '2026-10-20T10:00:00.000Z';
    expect(planHistoryQuery(owner, {}, snapshot)).toMatchObject({ before: snapshot });
    expect(planHistoryQuery(owner, { created_to: '2026-10-10' }, snapshot)).toMatchObject({ before: '2026-10-10T00:00:00.000Z' });
    expect(queryExpressions(planHistoryQuery(owner, {}, snapshot)).KeyConditionExpression).toBe('#pk = :pk AND #ck < :before');
    expect(planIsEmpty(planHistoryQuery(owner, { created_from: '2026-11-01' }, snapshot))).toBe(true);
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => planHistoryQuery(owner, { created_from: '2026-11-01', created_to: '2026-11-01' })).toThrow(/created_to must be later/);
  });
});

describe('request schemas', () => {
  it('reads query strings: verified as a boolean, state in any case; unknown fields refused', () => {
    expect(listVerificationsQuerySchema.parse({ verified: 'false', state: ' wa ', limit: '5' })).toMatchObject({ verified: false, state: 'WA', limit: 5 });
    expect(listVerificationsQuerySchema.safeParse({ dob: '1970-01-01' }).success).toBe(false);
    expect(createExportRequestSchema.safeParse({ verified: 'true' }).success).toBe(false);
    expect(createExportRequestSchema.parse({ verified: true, npi: '1662571706' })).toEqual({ verified: true, npi: '1662571706' });
  });
});
