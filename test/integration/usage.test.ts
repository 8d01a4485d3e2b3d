/**
 * GET /v1/usage: the account's verifications per month and day, live and test, exact under a concurrent
 * burst and a retried idempotent request, the same counters the quota charges; another account's key
 * sees only its own; bad input is 400 and a missing key 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf } from '#shared/features/accounts/accounts.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { fixedClock } from '#shared/platform/clock.ts';
import { newId } from '#shared/platform/ids.ts';
import { plans } from '#shared/features/limits/plans.ts';
import { RateLimits } from '#shared/features/limits/rate-limits.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { usageViewSchema } from '#shared/features/limits/usage-view-schema.ts';
import { usageMonths, usageView } from '#shared/features/limits/usage-view.ts';
import { dayWindow } from '#shared/features/limits/windows.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

const json = { 'content-type': 'application/json' };
const liveBody = JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
const testBody = JSON.stringify({ first_name: 'Dana', last_name: 'test-active', state: 'WA' });

const verify = (key: string, body: string, idempotencyKey?: string) =>
  t.call('/v1/verify', { method: 'POST', key, body, headers: { ...json, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) } });

async function usage(key: string, query = '') {
  const res = await t.call(`/v1/usage${query}`, { key });
  expect(res.status).toBe(200);
  return usageViewSchema.parse(res.body);
}

const today = () => dayWindow(new Date()).key;
const dayOf = (body: ReturnType<typeof usageViewSchema.parse>, date: string) => body.months[0]!.days.find((d) => d.date === date);

describe('GET /v1/usage', () => {
  it('counts every verification exactly: sequential, a concurrent burst of 20, a retried idempotent request; live and test apart', async () => {
    const live = await t.issue({ plan: 'production', mode: 'live', minuteLimit: 1000 });
    const test = (await t.issue({ plan: 'production', mode: 'test', accountId: live.account_id, minuteLimit: 1000 })).api_key;
    const date = today();

    for (let i = 0; i < 3; i++) expect((await verify(live.api_key, liveBody)).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 20 }, () => verify(live.api_key, liveBody)));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const idem = `usage-${newId('acct')}`;
    const first = await verify(live.api_key, liveBody, idem);
    const again = await verify(live.api_key, liveBody, idem);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // Test keys: a burst and a retried idempotent request too, never charged to the quota.
    const testBurst = await Promise.all(Array.from({ length: 5 }, () => verify(test, testBody)));
    expect(testBurst.map((r) => r.status)).toEqual(Array(5).fill(200));
    const testIdem = `usage-${newId('acct')}`;
    await verify(test, testBody, testIdem);
    expect((await verify(test, testBody, testIdem)).headers.get('idempotent-replayed')).toBe('true');

    const seenLive = await usage(live.api_key);
    expect(seenLive.account_id).toBe(live.account_id);
    expect(seenLive.mode).toBe('live');
    expect(seenLive.plan).toBe('production');
    expect(seenLive.limits).toMatchObject({ monthly_verifications: 5000, past_quota: 'overage', overage_price_usd: 0.08, requests_per_minute: 1000 });
    expect(seenLive.months).toHaveLength(2);
    const [current, previous] = seenLive.months;
    expect(current).toMatchObject({ month: date.slice(0, 7), verifications: 24, included: 24, overage: 0, test_verifications: 6 });
    expect(dayOf(seenLive, date)).toEqual({ date, live: 24, test: 6 });
    expect(current!.days.reduce((sum, d) => sum + d.live, 0)).toBe(24);
    expect(current!.days.at(-1)!.date).toBe(date);
    expect(current!.days[0]!.date).toBe(`${date.slice(0, 7)}-01`);
    expect(previous).toMatchObject({ verifications: 0, included: 0, overage: 0, test_verifications: 0 });
    expect(previous!.days.every((d) => d.live === 0 && d.test === 0)).toBe(true);

    // The same numbers the quota enforces: those of GET /v1/account.
    const account = await t.call('/v1/account', { key: live.api_key });
    expect(account.body.usage).toMatchObject({ verifications: 24, included: 24, overage: 0, remaining: 5000 - 24 });

    // A test key of the account sees the same usage, both modes.
    const seenTest = await usage(test);
    expect(seenTest.mode).toBe('test');
    expect(seenTest.months).toEqual(seenLive.months);
  });

  it('months: 1 to 12, newest first; anything else is a 400 in the error shape', async () => {
    const { api_key: key } = await t.issue({ plan: 'developer', mode: 'live' });
    expect((await usage(key, '?months=1')).months).toHaveLength(1);
    const year = await usage(key, '?months=12');
    expect(year.months).toHaveLength(12);
    const keys = year.months.map((m) => m.month);
    expect([...keys].sort().reverse()).toEqual(keys);
    expect(year.months[11]!.days.length).toBeGreaterThanOrEqual(28);
    expect(year.limits).toMatchObject({ monthly_verifications: 500, past_quota: 'hard_stop', overage_price_usd: null });
    for (const query of ['?months=0', '?months=13', '?months=abc', '?months=-1', '?months=1.5', '?month=2', '?months=']) {
      const res = await t.call(`/v1/usage${query}`, { key });
      expect(res.status, query).toBe(400);
      const error = errorOf(res.body);
      expect(error).toMatchObject({ code: 'invalid_request', message: expect.any(String), docs: expect.any(String) });
      expect(error.param, query).toBe(query.startsWith('?months') ? 'months' : 'month');
    }
  });

  it('needs a key: 401 without one or with an unknown one', async () => {
    const none = await t.call('/v1/usage');
    expect(none.status).toBe(401);
    expect(errorOf(none.body).code).toBe('authentication_failed');
    expect((await t.call('/v1/usage', { key: 'svc_live_unknownunknownunknownunknown' })).status).toBe(401);
  });

  it("another account's key sees only its own usage", async () => {
    const owner = await t.issue({ plan: 'production', mode: 'live' });
    const other = await t.issue({ plan: 'scale', mode: 'live' });
    expect((await verify(owner.api_key, liveBody)).status).toBe(200);
    const seen = await usage(other.api_key);
    expect(seen.account_id).toBe(other.account_id);
    expect(seen.plan).toBe('scale');
    expect(seen.months[0]).toMatchObject({ verifications: 0, test_verifications: 0 });
    expect(JSON.stringify(seen)).not.toContain(owner.account_id);
    expect((await usage(owner.api_key)).months[0]!.verifications).toBe(1);
  });
});

describe('per-day counters in the charge (injected clock)', () => {
  it('split included and overage at the quota, by day and month, summing to the month', async () => {
    const store = new DynamoUsageStore();
    const accountId = newId('acct');
    await new DynamoAccountStore().createAccount({ account_id: accountId, plan: 'production', minute_limit: 1_000_000, created_at: new Date().toISOString() });
    const caller = { accountId, mode: 'live' as const, plan: plans.production, minuteLimit: 1_000_000 };
    const clock = fixedClock('2026-10-31T23:59:00Z');
    const limits = new RateLimits(store, clock);
    const admitted = async () => (await limits.admit(accountId, 'live', accountOf))!.limits;
    await limits.charge(caller, await admitted(), 4_990);
    await limits.charge(caller, await admitted(), 20);
    await limits.charge({ ...caller, mode: 'test' }, await admitted(), 7);
    clock.set('2026-11-02T10:00:00Z');
    await limits.charge(caller, await admitted(), 3);

    const history = await store.getMonths(accountId, usageMonths(clock.now(), 2));
    const view = usageViewSchema.parse(usageView({ accountId, plan: plans.production, mode: 'live', minuteLimit: 60, history, months: 2, now: clock.now() }));
    const [november, october] = view.months;
    expect(november).toMatchObject({ month: '2026-11', verifications: 3, included: 3, overage: 0, test_verifications: 0 });
    expect(november!.days).toEqual([
      { date: '2026-11-01', live: 0, test: 0 },
      { date: '2026-11-02', live: 3, test: 0 },
    ]);
    expect(october).toMatchObject({ month: '2026-10', verifications: 5_010, included: 5_000, overage: 10, test_verifications: 7 });
    expect(october!.days).toHaveLength(31);
    expect(october!.days[30]).toEqual({ date: '2026-10-31', live: 5_010, test: 7 });
  });
});
