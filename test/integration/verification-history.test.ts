/**
 * GET /v1/verifications: the caller's verifications newest first, exactly what verify returned (never a
 * date of birth), filtered by time (from inclusive, to exclusive), state, status, verified, NPI and
 * surname (as names are matched), paged with cursors; single, bulk and monitor verifications all listed;
 * another mode or account sees none of them; bad input is a 400 naming the parameter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { backfillHistory } from '#shared/features/history/adapters/history-backfill.ts';
import { newId } from '#shared/platform/ids.ts';
import { historyPage } from '#shared/features/history/history-page.ts';
import { DynamoHistoryStore } from '#shared/features/history/adapters/history-store.ts';
import { DynamoVerificationStore } from '#shared/features/verification/adapters/verification-store.ts';
import { OpenApiValidator } from '../support/openapi-validator.ts';
import { seedHistory } from '../support/history-seed.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { flappingMonitor } from '../support/monitor-request.ts';

let t: TestStack;
let contract: OpenApiValidator;
let accountId: string;
let liveKey: string;
let testKey: string;
let otherKey: string;

beforeAll(async () => {
  t = await startTestStack();
  const live = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 10_000 });
  accountId = live.account_id;
  liveKey = live.api_key;
  testKey = (await t.issue({ plan: 'enterprise', mode: 'test', accountId, minuteLimit: 10_000 })).api_key;
  otherKey = (await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 })).api_key;
  contract = new OpenApiValidator((await t.call('/v1/openapi.json')).body);
});
afterAll(() => t.stop());

const json = { 'content-type': 'application/json' };
const dob = '1971-04-09';

async function verify(key: string, body: Record<string, unknown>) {
  const res = await t.call('/v1/verify', { method: 'POST', key, headers: json, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  return res.body;
}

/** A history page, checked against the served contract. */
async function history(key: string, query = '') {
  const url = `/v1/verifications${query}`;
  const res = await t.call(url, { key });
  const violations = contract.responseViolations({
    method: 'GET',
    url,
    requestHeaders: { authorization: `Bearer ${key}` },
    status: res.status,
    responseHeaders: res.headers,
    responseBody: res.text,
  });
  expect(violations).toEqual([]);
  return res;
}

async function ids(key: string, query = '') {
  const res = await history(key, query);
  expect(res.status).toBe(200);
  return (res.body.data as { verification_id: string }[]).map((d) => d.verification_id);
}

async function allPages(key: string, query: string, limit: number) {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await history(key, `?limit=${limit}${query}${cursor ? `&starting_after=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...res.body.data.map((d: { verification_id: string }) => d.verification_id));
    if (!res.body.has_more) return seen;
    cursor = res.body.next_cursor;
  }
  throw new Error('too many pages');
}

describe('GET /v1/verifications', () => {
  const made: Record<string, any> = {};

  beforeAll(async () => {
    made.active = await verify(testKey, { first_name: 'Dana', last_name: 'test-active', state: 'WA', dob });
    made.notFound = await verify(testKey, { first_name: 'Dana', last_name: 'test-notfound', state: 'TX', dob });
    made.excluded = await verify(testKey, { first_name: 'Pat', last_name: 'test-excluded', state: 'TX', npi: '1662571706', dob });
    made.accented = await verify(testKey, { first_name: 'José', last_name: 'Núñez-García', state: 'WA', dob });
    const bulk = await t.call('/v1/verify/bulk', {
      method: 'POST',
      key: testKey,
      headers: json,
      body: JSON.stringify({ providers: [{ first_name: 'Lee', last_name: 'test-expired', state: 'CA', dob }] }),
    });
    expect(bulk.status).toBe(200);
    made.bulk = bulk.body.results[0].result;
    made.live = await verify(liveKey, { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706', dob });
  });

  it('lists the mode’s verifications newest first, each as verify returned it with what was asked, and never a date of birth', async () => {
    const res = await history(testKey);
    expect(res.status).toBe(200);
    const order = [made.bulk, made.accented, made.excluded, made.notFound, made.active].map((r) => r.verification_id);
    expect(res.body.data.map((d: any) => d.verification_id)).toEqual(order);
    expect(res.body.has_more).toBe(false);
    expect(res.body.next_cursor).toBeNull();
    const excluded = res.body.data.find((d: any) => d.verification_id === made.excluded.verification_id);
    expect(excluded.result).toEqual(made.excluded);
    expect(excluded.request).toEqual({ first_name: 'Pat', last_name: 'test-excluded', state: 'TX', npi: '1662571706' });
    expect(excluded.created_at).toBe(made.excluded.checked_at);
    expect(res.body.data.find((d: any) => d.verification_id === made.bulk.verification_id).result).toEqual(made.bulk);
    expect(res.text).not.toContain(dob);
    expect(res.text).not.toMatch(/"dob"|date_of_birth/);
    // The live key of the same account sees its own mode only.
    const live = await history(liveKey);
    expect(live.body.data.map((d: any) => d.verification_id)).toEqual([made.live.verification_id]);
    expect(live.body.data[0].result).toEqual(made.live);
    expect(live.text).not.toContain(dob);
  });

  it('filters by state, status, verified, NPI and surname as names are matched, alone and together', async () => {
    expect(await ids(testKey, '?state=tx')).toEqual([made.excluded.verification_id, made.notFound.verification_id]);
    expect(made.accented.status).toBe('not_found');
    expect(await ids(testKey, '?status=not_found')).toEqual([made.accented.verification_id, made.notFound.verification_id]);
    expect(await ids(testKey, '?verified=true')).toEqual([made.active.verification_id]);
    expect((await ids(testKey, '?verified=false')).sort()).toEqual(
      [made.bulk, made.accented, made.excluded, made.notFound].map((r) => r.verification_id).sort(),
    );
    expect(await ids(testKey, '?npi=1662571706')).toEqual([made.excluded.verification_id]);
    expect(await ids(testKey, '?npi=1662571706&last_name=TEST-EXCLUDED')).toEqual([made.excluded.verification_id]);
    expect(await ids(testKey, '?npi=1662571706&last_name=Thomas')).toEqual([]);
    for (const spelling of ['nunez-garcia', 'NÚÑEZ GARCÍA', 'Nunez Garcia', 'núñez-garcía']) {
      expect(await ids(testKey, `?last_name=${encodeURIComponent(spelling)}`)).toEqual([made.accented.verification_id]);
    }
    expect(await ids(testKey, '?last_name=Nunez')).toEqual([]);
    expect(await ids(testKey, '?state=WA&verified=false')).toEqual([made.accented.verification_id]);
    expect(await ids(testKey, '?status=expired&state=CA')).toEqual([made.bulk.verification_id]);
  });

  it('pages with cursors through the same list, filtered or not, without repeats', async () => {
    const everything = await ids(testKey);
    expect(await allPages(testKey, '', 2)).toEqual(everything);
    expect(await allPages(testKey, '', 1)).toEqual(everything);
    expect(await allPages(testKey, '&verified=false', 1)).toEqual(everything.filter((id) => id !== made.active.verification_id));
    const first = await history(testKey, '?limit=2');
    expect(first.body.has_more).toBe(true);
    expect(first.body.next_cursor).toBe(everything[1]);
    // Any of your verifications is a position in any filtered list: a cursor of the unfiltered list
    // passed to an NPI query starts after that verification's time.
    expect(await ids(testKey, `?npi=1662571706&starting_after=${made.accented.verification_id}`)).toEqual([made.excluded.verification_id]);
    expect(await ids(testKey, `?npi=1662571706&starting_after=${made.excluded.verification_id}`)).toEqual([]);
    expect(await ids(testKey, `?last_name=test-active&starting_after=${made.bulk.verification_id}`)).toEqual([made.active.verification_id]);
  });

  it('reads a time range: created_from inclusive, created_to exclusive, dates at midnight UTC or date-times with an offset', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const template = (await new DynamoVerificationStore().getOwned(made.active.verification_id, accountId, 'test'))!;
    const times = ['2026-09-30T23:59:59.999Z', '2026-10-01T00:00:00.000Z', '2026-10-15T12:00:00.000Z', '2026-10-31T23:59:59.999Z', '2026-11-01T00:00:00.000Z'];
    const seeded = await seedHistory(
      template,
      times.map((createdAt) => ({ createdAt, subject: { first_name: 'Ann', last_name: 'Lee', state: 'WA', npi: null } })),
      { account_id, mode: 'test' },
    );
    const [sep30, oct1, oct15, oct31, nov1] = seeded;
    expect(await ids(api_key)).toEqual([nov1, oct31, oct15, oct1, sep30]);
    expect(await ids(api_key, '?created_from=2026-10-01&created_to=2026-11-01')).toEqual([oct31, oct15, oct1]);
    expect(await ids(api_key, '?created_from=2026-10-01')).toEqual([nov1, oct31, oct15, oct1]);
    expect(await ids(api_key, '?created_to=2026-10-01')).toEqual([sep30]);
    // 2026-10-15T08:00-04:00 is 12:00 UTC: inclusive from, exclusive to.
    expect(await ids(api_key, `?created_from=${encodeURIComponent('2026-10-15T08:00:00-04:00')}`)).toEqual([nov1, oct31, oct15]);
    expect(await ids(api_key, `?created_to=${encodeURIComponent('2026-10-15T08:00:00-04:00')}`)).toEqual([oct1, sep30]);
    expect(await ids(api_key, '?created_from=2026-10-01&created_to=2026-11-01&last_name=lee&limit=1')).toEqual([oct31]);
    expect(await allPages(api_key, '&created_from=2026-10-01&created_to=2026-11-01&last_name=LEE', 1)).toEqual([oct31, oct15, oct1]);
  });

  it('takes a cursor from another query whose time lies outside the range: newer starts at the range’s top, older ends the list', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const template = (await new DynamoVerificationStore().getOwned(made.active.verification_id, accountId, 'test'))!;
    const times = ['2026-09-15T00:00:00.000Z', '2026-10-10T00:00:00.000Z', '2026-10-20T00:00:00.000Z', '2026-11-10T00:00:00.000Z'];
    const [sep15, oct10, oct20, nov10] = await seedHistory(
      template,
      times.map((createdAt) => ({ createdAt, subject: { first_name: 'Ann', last_name: 'Lee', state: 'WA', npi: '1662571706' } })),
      { account_id, mode: 'test' },
    );
    const october = 'created_from=2026-10-01&created_to=2026-11-01';
    // DynamoDB refuses a start key outside the key condition (the local stack too): never a 500.
    for (const extra of ['', '&npi=1662571706', '&last_name=lee']) {
      expect(await ids(api_key, `?${october}${extra}&starting_after=${nov10}`)).toEqual([oct20, oct10]);
      expect(await ids(api_key, `?${october}${extra}&starting_after=${sep15}`)).toEqual([]);
      expect(await ids(api_key, `?${october}${extra}&starting_after=${oct20}`)).toEqual([oct10]);
    }
  });

  it('shows nothing of another account or mode: empty lists, and their cursors refused', async () => {
    expect(await ids(otherKey)).toEqual([]);
    expect(await ids(otherKey, '?npi=1662571706')).toEqual([]);
    expect(await ids(otherKey, '?last_name=test-excluded')).toEqual([]);
    const foreign = await history(otherKey, `?starting_after=${made.active.verification_id}`);
    expect(foreign.status).toBe(400);
    expect(errorOf(foreign.body).param).toBe('starting_after');
    const otherMode = await history(liveKey, `?starting_after=${made.active.verification_id}`);
    expect(otherMode.status).toBe(400);
  });

  it('refuses bad filters with a 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?created_from=yesterday', 'created_from'],
      ['?created_from=2026-02-30', 'created_from'],
      ['?created_to=2026-10-01T25:00:00Z', 'created_to'],
      ['?created_from=2026-11-01&created_to=2026-10-01', 'created_to'],
      ['?created_from=2026-10-01&created_to=2026-10-01', 'created_to'],
      ['?state=ZZ', 'state'],
      ['?status=pending', 'status'],
      ['?verified=yes', 'verified'],
      ['?npi=123', 'npi'],
      ['?last_name=%3Cscript%3E', 'last_name'],
      ['?starting_after=vrf_nope', 'starting_after'],
      ['?dob=1971-04-09', 'dob'],
    ];
    for (const [query, param] of cases) {
      const res = await history(testKey, query);
      expect(res.status, query).toBe(400);
      expect(errorOf(res.body).param, query).toBe(param);
    }
  });

  it('lists verifications stored before the history indexes once backfilled: by time, state, NPI and the license’s surname; a second run changes nothing', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 10_000 });
    const template = (await new DynamoVerificationStore().getOwned(made.live.verification_id, accountId, 'live'))!;
    const id = newId('vrf');
    const createdAt = '2025-03-04T05:06:07.000Z';
    // As stored before: the record and its expiry only.
    await dynamo().send(
      new PutCommand({
        TableName: tableName('verifications'),
        Item: {
          ...template,
          account_id,
          verification_id: id,
          created_at: createdAt,
          result: { ...template.result, verification_id: id, checked_at: createdAt },
          expires_at: 2_000_000_000,
        },
      }),
    );
    expect(await ids(api_key)).toEqual([]);
    const first = await backfillHistory();
    expect(first.updated).toBeGreaterThanOrEqual(1);
    const again = await backfillHistory();
    expect(again.updated).toBe(0);
    expect(await ids(api_key)).toEqual([id]);
    expect(await ids(api_key, '?created_from=2025-03-01&created_to=2025-04-01&state=WA&npi=1662571706&last_name=thomas')).toEqual([id]);
    const listed = await history(api_key);
    expect(listed.body.data[0].request).toEqual({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' });
    expect(listed.body.data[0].result).toEqual({ ...made.live, verification_id: id, checked_at: createdAt });
  });

  it('answers a filtered page from a bounded read: fewer items than asked, even none, with has_more, and following the cursor finds every match once', async () => {
    const { account_id } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const template = (await new DynamoVerificationStore().getOwned(made.active.verification_id, accountId, 'test'))!;
    // 30 verifications, newest first; only the 3rd and the 27th to 29th are in Texas.
    const texas = new Set([2, 26, 27, 28]);
    const seeded = await seedHistory(
      template,
      Array.from({ length: 30 }, (_, i) => ({
        createdAt: new Date(Date.UTC(2026, 9, 30, 12, 0, 0) - i * 60_000).toISOString(),
        subject: { first_name: 'Jo', last_name: 'Kent', state: texas.has(i) ? 'TX' : 'WA', npi: null },
      })),
      { account_id, mode: 'test' },
    );
    // Two index reads of 5 entries a request: at most 10 entries examined.
    const store = new DynamoHistoryStore({ pagesPerRequest: 2, entriesPerQuery: 5 });
    const caller = { accountId: account_id, mode: 'test' as const };
    const pages: { ids: string[]; has_more: boolean }[] = [];
    let cursor: string | undefined;
    do {
      const page = await historyPage(store, caller, { state: 'TX', limit: 3, ...(cursor ? { starting_after: cursor } : {}) });
      pages.push({ ids: page.data.map((d) => d.verification_id), has_more: page.has_more });
      cursor = page.next_cursor ?? undefined;
    } while (cursor && pages.length < 20);
    expect(pages.flatMap((p) => p.ids)).toEqual([2, 26, 27, 28].map((i) => seeded[i]));
    // The first request found one match in its 10 entries; the next found none in the following 10, yet said more may follow.
    expect(pages[0]).toEqual({ ids: [seeded[2]], has_more: true });
    expect(pages[1]).toEqual({ ids: [], has_more: true });
    expect(pages[pages.length - 1]!.has_more).toBe(false);
  });

  it('lists the verifications of monitors too: the initial one and each check, by their surname', async () => {
    const { api_key } = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
    const created = await t.call('/v1/monitor', {
      method: 'POST',
      key: api_key,
      headers: json,
      body: JSON.stringify(flappingMonitor),
    });
    expect(created.status).toBe(200);
    expect(await ids(api_key, '?last_name=TEST-FLAPPING')).toHaveLength(1);
    const checked = await t.call(`/v1/monitor/${created.body.monitor_id}/check`, { method: 'POST', key: api_key });
    expect(checked.status).toBe(200);
    const listed = await history(api_key, '?last_name=test-flapping');
    expect(listed.body.data).toHaveLength(2);
    // The check's verification first: it found the license suspended, as the flapping sandbox name does.
    expect(listed.body.data[0].result.status).toBe('suspended');
    expect(listed.body.data.map((d: any) => d.request)).toEqual(Array(2).fill({ first_name: 'Dana', last_name: 'test-flapping', state: 'WA', npi: null }));
  });
});
