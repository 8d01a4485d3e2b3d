import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '#shared/platform/clock.ts';
import { newId } from '#shared/platform/ids.ts';
import { plans, type PlanName } from '#shared/features/limits/plans.ts';
import { apiErrorOf } from '#shared/api/http/domain-errors.ts';
import { MonthlyQuotaExhausted } from '#shared/domain/errors.ts';
import { RateLimits, type PlanCaller as Caller } from '#shared/features/limits/rate-limits.ts';
import { accountOf } from '#shared/features/accounts/accounts.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { monthWindow } from '#shared/features/limits/windows.ts';
import { moveLegacyMonthItems } from '#shared/features/limits/adapters/usage-migration.ts';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { testClock } from '../support/test-clock.ts';
import { rejectionOf } from '../support/rejection.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

const store = new DynamoUsageStore();
const accounts = new DynamoAccountStore();
/** A new account of the plan, and its caller. */
async function caller(plan: PlanName, mode: 'live' | 'test' = 'live'): Promise<Caller> {
  const accountId = newId('acct');
  await accounts.createAccount({ account_id: accountId, plan, minute_limit: 1_000_000, created_at: new Date().toISOString() });
  return { accountId, mode, plan: plans[plan], minuteLimit: 1_000_000 };
}
/** The limit state after admitting one request of the caller. */
async function admit(limits: RateLimits, c: Caller) {
  const admission = await limits.admit(c.accountId, c.mode, accountOf);
  if (!admission) throw new Error(`no account ${c.accountId}`);
  return admission.limits;
}

/** The refusal, as the pipeline answers it (the domain's MonthlyQuotaExhausted mapped to its HTTP error). */
const refused = async (promise: Promise<unknown>) => apiErrorOf(await rejectionOf(promise, MonthlyQuotaExhausted))!;

describe('monthly quota per plan (injected clock)', () => {
  it('Developer: hard stop at 500 with reset_at, then a fresh quota next month', async () => {
    const clock = fixedClock('2026-11-30T23:59:30Z');
    const limits = new RateLimits(store, clock);
    const c = await caller('developer');
    let state = await admit(limits, c);
    state = await limits.charge(c, state, 499);
    state = await limits.charge(c, state, 1);
    expect(state.monthlyRemaining).toBe(0);
    const error = await refused(limits.charge(c, state, 1));
    expect(error.status).toBe(429);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(error.details.reset_at).toBe('2026-12-01T00:00:00.000Z');
    expect(error.headers['x-ratelimit-remaining']).toBe('0');
    expect(await store.getMonth(c.accountId, monthWindow(clock.now()))).toEqual({ base: 500, overage: 0 });

    clock.set('2026-12-01T00:00:00Z');
    state = await admit(limits, c);
    expect(state.monthlyRemaining).toBe(500);
    state = await limits.charge(c, state, 1);
    expect(state.monthlyRemaining).toBe(499);
    expect(state.monthlyReset.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('Developer: a multi-unit charge that does not fit is refused whole', async () => {
    const limits = new RateLimits(store, fixedClock('2026-11-15T12:00:00Z'));
    const c = await caller('developer');
    let state = await admit(limits, c);
    state = await limits.charge(c, state, 497);
    const error = await refused(limits.charge(c, state, 5));
    expect(error.message).toMatch(/needs 5/);
    expect(await store.getMonth(c.accountId, monthWindow(new Date('2026-11-15T12:00:00Z')))).toEqual({ base: 497, overage: 0 });
    state = await limits.charge(c, state, 3);
    expect(state.monthlyRemaining).toBe(0);
  });

  it.each([
    ['production', 5_000],
    ['scale', 50_000],
  ] as const)('%s: verifications continue past the quota and are recorded as overage', async (plan, quota) => {
    const clock = fixedClock('2026-11-20T08:00:00Z');
    const limits = new RateLimits(store, clock);
    const c = await caller(plan);
    let state = await admit(limits, c);
    state = await limits.charge(c, state, quota - 2);
    state = await limits.charge(c, state, 5);
    expect(state.usage).toEqual({ base: quota, overage: 3 });
    expect(state.monthlyRemaining).toBe(0);
    state = await limits.charge(c, state, 1);
    expect(state.usage).toEqual({ base: quota, overage: 4 });
    clock.set('2026-12-01T00:00:01Z');
    state = await limits.charge(c, await admit(limits, c), 2);
    expect(state.usage).toEqual({ base: 2, overage: 0 });
    // November's record is kept for billing.
    expect(await store.getMonth(c.accountId, monthWindow(new Date('2026-11-20T00:00:00Z')))).toEqual({ base: quota, overage: 4 });
  });

  it('Enterprise: unlimited, counted for reporting', async () => {
    const limits = new RateLimits(store, fixedClock('2026-11-20T08:00:00Z'));
    const c = await caller('enterprise');
    let state = await admit(limits, c);
    state = await limits.charge(c, state, 60_000);
    state = await limits.charge(c, state, 100);
    expect(state.monthlyLimit).toBeNull();
    expect(state.monthlyRemaining).toBeNull();
    expect(state.usage).toEqual({ base: 60_100, overage: 0 });
  });

  it('test keys never consume the quota', async () => {
    const limits = new RateLimits(store, fixedClock('2026-11-20T08:00:00Z'));
    const live = await caller('developer');
    const test: Caller = { ...live, mode: 'test' };
    let state = await admit(limits, test);
    for (let i = 0; i < 3; i++) state = await limits.charge(test, state, 100);
    expect(await store.getMonth(live.accountId, monthWindow(new Date('2026-11-20T08:00:00Z')))).toEqual({ base: 0, overage: 0 });
    expect(state.monthlyRemaining).toBe(500);
  });
});

describe('quota counters under concurrency', () => {
  it('Developer: 50 concurrent charges with 10 left: exactly 10 succeed', async () => {
    const limits = new RateLimits(store, fixedClock('2026-11-20T08:00:00Z'));
    const c = await caller('developer');
    const state = await limits.charge(c, await admit(limits, c), 490);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => limits.charge(c, state, 1)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await store.getMonth(c.accountId, monthWindow(new Date('2026-11-20T08:00:00Z')))).toEqual({ base: 500, overage: 0 });
  });

  it('Production: 50 concurrent charges across the quota line split exactly into base and overage', async () => {
    const limits = new RateLimits(store, fixedClock('2026-11-20T08:00:00Z'));
    const c = await caller('production');
    const state = await limits.charge(c, await admit(limits, c), 4_990);
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => limits.charge(c, state, (i % 3) + 1)));
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    const total = Array.from({ length: 50 }, (_, i) => (i % 3) + 1).reduce((a, b) => a + b, 0);
    expect(await store.getMonth(c.accountId, monthWindow(new Date('2026-11-20T08:00:00Z')))).toEqual({
      base: 5_000,
      overage: 4_990 + total - 5_000,
    });
  });
});

describe('quota over HTTP', () => {
  const charge = (key: string, units: number) =>
    t.call('/test/charge', { method: 'POST', key, body: JSON.stringify({ units }), headers: { 'content-type': 'application/json' } });

  beforeEach(() => testClock.set(new Date()));

  it('Developer live key: 429 with reset_at at the quota, open again after the month rolls over', async () => {
    testClock.set('2027-03-31T23:58:00Z');
    const { api_key } = await t.issue({ plan: 'developer', mode: 'live' });
    for (let i = 0; i < 5; i++) expect((await charge(api_key, 100)).status).toBe(200);
    const full = await charge(api_key, 1);
    expect(full.status).toBe(429);
    expect(errorOf(full.body)).toMatchObject({ code: 'rate_limit_exceeded', reset_at: '2027-04-01T00:00:00.000Z' });
    expect(full.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(full.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2027-04-01T00:00:00Z') / 1000));
    expect(full.headers.get('x-ratelimit-minute-remaining')).toBe('4');

    testClock.set('2027-04-01T00:00:05Z');
    const fresh = await charge(api_key, 1);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('x-ratelimit-remaining')).toBe('499');
    expect(fresh.headers.get('x-ratelimit-reset')).toBe(String(Date.parse('2027-05-01T00:00:00Z') / 1000));
  });

  it('a test key of the same account does not consume the quota', async () => {
    testClock.set('2027-06-10T10:00:00Z');
    const live = await t.issue({ plan: 'developer', mode: 'live' });
    const test = await t.issue({ plan: 'developer', mode: 'test', accountId: live.account_id });
    const res = await charge(test.api_key, 100);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('500');
    const account = await t.call('/v1/account', { key: live.api_key });
    expect(account.body.usage).toMatchObject({ verifications: 0, remaining: 500 });
    expect((await charge(live.api_key, 2)).headers.get('x-ratelimit-remaining')).toBe('498');
  });

  it('Production live key: overage is visible on the account', async () => {
    testClock.set('2027-06-10T10:00:00Z');
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    for (let i = 0; i < 50; i++) await charge(api_key, 100);
    const over = await charge(api_key, 7);
    expect(over.status).toBe(200);
    expect(over.headers.get('x-ratelimit-remaining')).toBe('0');
  });
});

describe('counters on the account item', () => {
  it('keeps only recent minute windows on the account: a later request removes the windows that have passed', async () => {
    const clock = fixedClock('2026-11-20T10:00:10Z');
    const limits = new RateLimits(new DynamoUsageStore(), clock);
    const c = await caller('production');
    for (const at of ['2026-11-20T10:00:10Z', '2026-11-20T10:01:10Z', '2026-11-20T10:02:10Z', '2026-11-20T10:02:40Z']) {
      clock.set(at);
      await admit(limits, c);
    }
    const item = (await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { account_id: c.accountId } }))).Item!;
    // 10:00 went with the request of 10:02:10 (the one of 10:01 had seen it past), 10:01 with that of 10:02:40.
    expect(Object.keys(item).filter((name) => name.startsWith('rpm#'))).toEqual(['rpm#live#2026-11-20T10:02']);
    expect(item['rpm#live#2026-11-20T10:02']).toBe(2);
    // The account as the stores return it carries none of its counters.
    expect(Object.keys((await accounts.getAccount(c.accountId))!).filter((name) => name.includes('#'))).toEqual([]);
  });

  it('move-usage-to-month-items adds each month# item kept in the usage table to its month once, beside new charges', async () => {
    const limits = new RateLimits(store, fixedClock('2026-11-20T08:00:00Z'));
    const c = await caller('production');
    await limits.charge(c, await admit(limits, c), 7);
    const gone = newId('acct');
    for (const [accountId, base, overage] of [
      [c.accountId, 4_990, 0],
      [gone, 12, 0],
    ] as const) {
      await dynamo().send(new PutCommand({ TableName: tableName('usage'), Item: { account_id: accountId, period: 'month#2026-11', base, overage } }));
    }
    await dynamo().send(
      new PutCommand({ TableName: tableName('usage'), Item: { account_id: c.accountId, period: 'month#2026-10', base: 5_000, overage: 31 } }),
    );

    expect(await moveLegacyMonthItems()).toEqual({ moved: 2, alreadyMoved: 0, withoutAccount: 1 });
    expect(await moveLegacyMonthItems()).toEqual({ moved: 0, alreadyMoved: 2, withoutAccount: 1 });
    expect(await store.getMonth(c.accountId, monthWindow(new Date('2026-11-20T08:00:00Z')))).toEqual({ base: 4_997, overage: 0 });
    expect(await store.getMonth(c.accountId, monthWindow(new Date('2026-10-20T08:00:00Z')))).toEqual({ base: 5_000, overage: 31 });
    // The moved months count against the quota from then on.
    const state = await limits.charge(c, await admit(limits, c), 10);
    expect(state.usage).toEqual({ base: 5_000, overage: 7 });
  });
});
