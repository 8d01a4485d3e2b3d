/**
 * The usage counters' layout (limits/adapters/usage-store.ts, usage-items.ts): the items a request writes stay
 * the size they were on the account's first day, however long its history; charges at a month boundary
 * are exact under concurrency; counters that the earlier layout kept on the account item move into the
 * month items exactly once (limits/adapters/usage-migration.ts), beside requests, charges and other runs; and
 * `GET /v1/usage` answers the same before, during and after the move.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOf } from '#shared/features/accounts/accounts.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { fixedClock } from '#shared/platform/clock.ts';
import { MonthlyQuotaExhausted } from '#shared/domain/errors.ts';
import { tableName } from '#shared/platform/config.ts';
import { newId } from '#shared/platform/ids.ts';
import { plans, type PlanName } from '#shared/features/limits/plans.ts';
import { RateLimits, type PlanCaller } from '#shared/features/limits/rate-limits.ts';
import { dayUsageOf, monthItemKey, monthUsageOf } from '#shared/features/limits/usage-items.ts';
import { hasAccountCounters } from '#shared/features/limits/usage-counters.ts';
import { moveAccountCounters, moveAllAccountCounters, moveLegacyMonthItems } from '#shared/features/limits/adapters/usage-migration.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { usageViewSchema } from '#shared/features/limits/usage-view-schema.ts';
import { usageMonths } from '#shared/features/limits/usage-view.ts';
import { dayWindow, monthWindow, type Window } from '#shared/features/limits/windows.ts';
import { recordAwsCalls, type AwsCall } from '../support/aws-call-log.ts';
import { dynamoItemBytes, dynamoItemBytesAsStored } from '../support/dynamo-item-size.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { testClock } from '../support/test-clock.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

const store = new DynamoUsageStore();
const accounts = new DynamoAccountStore();
const day = 86_400_000;

async function newCaller(plan: PlanName): Promise<PlanCaller> {
  const accountId = newId('acct');
  await accounts.createAccount({ account_id: accountId, plan, minute_limit: 1_000_000, created_at: new Date().toISOString() });
  return { accountId, mode: 'live', plan: plans[plan], minuteLimit: 1_000_000 };
}

const accountItem = async (accountId: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { account_id: accountId }, ConsistentRead: true }))).Item!;
const monthItem = async (accountId: string, month: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName('usage'), Key: monthItemKey(accountId, { key: month }), ConsistentRead: true }))).Item;

interface ExpectedMonth {
  base: number;
  overage: number;
  days: Map<string, { live: number; test: number }>;
}

/**
 * Two years of the earlier layout on an account item, ending on `now`'s day, as the version before
 * this one kept them: `verifications#<YYYY-MM>#base|#overage` and `verifications#<YYYY-MM-DD>#live|#test`.
 * Returns what each month holds.
 */
async function seedAccountCounters(accountId: string, now: Date, quota: number, days = 730): Promise<Map<string, ExpectedMonth>> {
  const months = new Map<string, ExpectedMonth>();
  const attributes: [string, number][] = [];
  for (let i = 0; i < days; i++) {
    const d = dayWindow(new Date(now.getTime() - (days - 1 - i) * day));
    const live = i % 11 === 0 ? 0 : (i % 7) + 1;
    const test = i % 3;
    const month = months.get(d.key.slice(0, 7)) ?? { base: 0, overage: 0, days: new Map() };
    months.set(d.key.slice(0, 7), month);
    month.days.set(d.key, { live, test });
    if (live > 0) attributes.push([`verifications#${d.key}#live`, live]);
    if (test > 0) attributes.push([`verifications#${d.key}#test`, test]);
  }
  for (const [key, month] of months) {
    const total = [...month.days.values()].reduce((sum, d) => sum + d.live, 0);
    month.base = Math.min(quota, total);
    month.overage = total - month.base;
    attributes.push([`verifications#${key}#base`, month.base], [`verifications#${key}#overage`, month.overage]);
  }
  await setAttributes(accountId, attributes);
  return months;
}

async function setAttributes(accountId: string, attributes: readonly [string, unknown][]): Promise<void> {
  for (let i = 0; i < attributes.length; i += 80) {
    const chunk = attributes.slice(i, i + 80);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('accounts'),
        Key: { account_id: accountId },
        UpdateExpression: `SET ${chunk.map((_, j) => `#n${j} = :v${j}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(chunk.map(([name], j) => [`#n${j}`, name])),
        ExpressionAttributeValues: Object.fromEntries(chunk.map(([, value], j) => [`:v${j}`, value])),
      }),
    );
  }
}

/** The days a month shows at `now`: every day of it up to and including `now`'s. */
function daysShown(month: Window, now: Date): Window[] {
  const last = Math.min(month.end.getTime(), dayWindow(now).end.getTime());
  const days: Window[] = [];
  for (let at = month.start.getTime(); at < last; at += day) days.push(dayWindow(new Date(at)));
  return days;
}

/** The `months` of `GET /v1/usage` for months holding `expected`. */
function expectedView(expected: ReadonlyMap<string, ExpectedMonth>, now: Date, count: number) {
  return usageMonths(now, count).map((month) => {
    const m = expected.get(month.key);
    const days = daysShown(month, now).map((d) => ({ date: d.key, ...(m?.days.get(d.key) ?? { live: 0, test: 0 }) }));
    return {
      month: month.key,
      verifications: (m?.base ?? 0) + (m?.overage ?? 0),
      included: m?.base ?? 0,
      overage: m?.overage ?? 0,
      test_verifications: days.reduce((sum, d) => sum + d.test, 0),
      days,
    };
  });
}

/** Every month of `expected` as its month item holds it now. */
async function storedMonths(accountId: string, expected: ReadonlyMap<string, ExpectedMonth>): Promise<Map<string, ExpectedMonth>> {
  const history = await store.getMonths(
    accountId,
    [...expected.keys()].map((key) => ({ key })),
  );
  return new Map(
    [...expected].map(([key, m]) => {
      const item = history.get(key);
      return [key, { ...monthUsageOf(item), days: new Map([...m.days.keys()].map((d) => [d, dayUsageOf(item, { key: d })])) }];
    }),
  );
}

const legacyAttributes = (item: Record<string, unknown>) => Object.keys(item).filter((name) => name.startsWith('verifications#'));

describe('the items a request writes do not grow with the account’s age', () => {
  const charge = (key: string) =>
    t.call('/test/charge', { method: 'POST', key, body: JSON.stringify({ units: 1 }), headers: { 'content-type': 'application/json' } });
  /** Capacity units of each DynamoDB call, by operation and table. */
  const units = (calls: readonly AwsCall[]) =>
    Object.fromEntries(
      calls
        .filter((c) => c.client === 'DynamoDBClient')
        .map((c) => [`${c.operation} ${c.resource}`, c.capacityUnits] as const)
        .sort(([a], [b]) => a.localeCompare(b)),
    );

  it('a request and its charge cost the same write units on an account with two years of history as on a new one', async () => {
    testClock.set(new Date());
    const now = testClock.now();
    const fresh = await t.issue({ plan: 'scale', mode: 'live' });
    const old = await t.issue({ plan: 'scale', mode: 'live' });
    const expected = await seedAccountCounters(old.account_id, now, plans.scale.monthlyQuota!);

    // As the earlier layout kept it, the account item is tens of KB: any UpdateItem of it is billed that.
    const seeded = await accountItem(old.account_id);
    expect(legacyAttributes(seeded).length).toBeGreaterThan(1_000);
    const probe = await dynamo().send(
      new UpdateCommand({
        TableName: tableName('accounts'),
        Key: { account_id: old.account_id },
        UpdateExpression: 'SET #p = :p',
        ExpressionAttributeNames: { '#p': 'probe' },
        ExpressionAttributeValues: { ':p': 1 },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    await dynamo().send(new UpdateCommand({ TableName: tableName('accounts'), Key: { account_id: old.account_id }, UpdateExpression: 'REMOVE probe' }));
    const legacyWriteUnits = probe.ConsumedCapacity!.CapacityUnits!;
    expect(legacyWriteUnits).toBeGreaterThanOrEqual(30);

    const log = recordAwsCalls();
    try {
      // The first request of the old account moves its counters into the month items, once.
      const { calls: moving } = await log.during(() => charge(old.api_key));
      expect(moving.some((c) => c.operation === 'UpdateItem' && c.resource === tableName('usage') && (c.capacityUnits ?? 0) >= 1)).toBe(true);
      expect(legacyAttributes(await accountItem(old.account_id))).toEqual([]);
      expect((await charge(fresh.api_key)).status).toBe(200);

      const newAccount = await log.during(() => charge(fresh.api_key));
      const oldAccount = await log.during(() => charge(old.api_key));
      expect(newAccount.value.status).toBe(200);
      expect(oldAccount.value.status).toBe(200);
      const [newUnits, oldUnits] = [units(newAccount.calls), units(oldAccount.calls)];
      expect(oldUnits).toEqual(newUnits);
      expect(newUnits).toMatchObject({
        [`UpdateItem ${tableName('accounts')}`]: 1,
        [`GetItem ${tableName('usage')}`]: 1,
        [`UpdateItem ${tableName('usage')}`]: 1,
      });
      console.info(
        `capacity units of a request and its charge: new account ${JSON.stringify(newUnits)}; two years old ${JSON.stringify(oldUnits)}; one UpdateItem of the earlier layout's two-year account item: ${legacyWriteUnits}`,
      );
    } finally {
      log.stop();
    }

    // The account items differ only in their minute windows; the month items hold the history.
    const withoutMinutes = (item: Record<string, unknown>) => Object.fromEntries(Object.entries(item).filter(([name]) => !name.startsWith('rpm#')));
    const [freshItem, oldItem] = await Promise.all([accountItem(fresh.account_id), accountItem(old.account_id)]);
    expect(dynamoItemBytes(withoutMinutes(oldItem))).toBe(dynamoItemBytes(withoutMinutes(freshItem)));
    expect(dynamoItemBytes(oldItem)).toBeLessThan(1_024);
    const current = expected.get(monthWindow(now).key)!;
    const today = current.days.get(dayWindow(now).key)!;
    current.base += 2;
    current.days.set(dayWindow(now).key, { ...today, live: today.live + 2 });
    expect(await storedMonths(old.account_id, expected)).toEqual(expected);
    // Every month item, the busiest included, stays under 1 KB: one write unit each.
    for (const key of expected.keys()) expect(dynamoItemBytesAsStored((await monthItem(old.account_id, key))!)).toBeLessThan(1_024);
  });
});

describe('charges at a month boundary (injected clocks)', () => {
  const november = monthWindow(new Date('2026-11-15T00:00:00Z'));
  const december = monthWindow(new Date('2026-12-15T00:00:00Z'));
  const beforeBoundary = '2026-11-30T23:59:59.950Z';
  const afterBoundary = '2026-12-01T00:00:00.050Z';

  it('Production: concurrent charges on both sides of the boundary each count in their own month, the quota line split exactly', async () => {
    const c = await newCaller('production');
    const before = new RateLimits(store, fixedClock(beforeBoundary));
    const after = new RateLimits(store, fixedClock(afterBoundary));
    const state = await before.charge(c, (await before.admit(c.accountId, 'live', accountOf))!.limits, 4_990);
    const charges = Array.from({ length: 40 }, (_, i) => ({ side: i % 2 === 0 ? before : after, units: (i % 3) + 1 }));
    const results = await Promise.allSettled([
      ...charges.map(({ side, units }) => side.charge(c, state, units)),
      // Requests admitted meanwhile, on both sides, read their month's usage beside their count.
      ...charges.slice(0, 10).map(({ side }) => side.admit(c.accountId, 'live', accountOf)),
    ]);
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const sumBefore = charges.filter((x) => x.side === before).reduce((sum, x) => sum + x.units, 0);
    const sumAfter = charges.filter((x) => x.side === after).reduce((sum, x) => sum + x.units, 0);
    expect(await store.getMonth(c.accountId, november)).toEqual({ base: 5_000, overage: 4_990 + sumBefore - 5_000 });
    expect(await store.getMonth(c.accountId, december)).toEqual({ base: sumAfter, overage: 0 });
    const history = await store.getMonths(c.accountId, [november, december]);
    expect(dayUsageOf(history.get('2026-11'), { key: '2026-11-30' })).toEqual({ live: 4_990 + sumBefore, test: 0 });
    expect(dayUsageOf(history.get('2026-12'), { key: '2026-12-01' })).toEqual({ live: sumAfter, test: 0 });
    // Nothing about either month is on the account item.
    expect(legacyAttributes(await accountItem(c.accountId))).toEqual([]);
  });

  it('Developer: a hard stop before the boundary, a fresh quota after it, exact under concurrency', async () => {
    const c = await newCaller('developer');
    const before = new RateLimits(store, fixedClock(beforeBoundary));
    const after = new RateLimits(store, fixedClock(afterBoundary));
    const state = await before.charge(c, (await before.admit(c.accountId, 'live', accountOf))!.limits, 495);
    const results = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? before : after).charge(c, state, 1)));
    const succeeded = (side: number) => results.filter((r, i) => i % 2 === side && r.status === 'fulfilled').length;
    expect(succeeded(0)).toBe(5);
    expect(succeeded(1)).toBe(20);
    expect(await store.getMonth(c.accountId, november)).toEqual({ base: 500, overage: 0 });
    expect(await store.getMonth(c.accountId, december)).toEqual({ base: 20, overage: 0 });
  });

  it('a request admitted before the boundary and charged after it is charged to the new month, and its limits say so', async () => {
    const c = await newCaller('developer');
    const clock = fixedClock(beforeBoundary);
    const limits = new RateLimits(store, clock);
    await limits.charge(c, (await limits.admit(c.accountId, 'live', accountOf))!.limits, 500);
    const admitted = (await limits.admit(c.accountId, 'live', accountOf))!.limits;
    expect(admitted.monthlyRemaining).toBe(0);
    clock.set(afterBoundary);
    const charged = await limits.charge(c, admitted, 2);
    expect(charged.usage).toEqual({ base: 2, overage: 0 });
    expect(charged.monthlyRemaining).toBe(498);
    expect(charged.monthlyReset.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(await store.getMonth(c.accountId, november)).toEqual({ base: 500, overage: 0 });
  });
});

describe('moving the earlier layout’s counters into the month items', () => {
  it('moves two years of an account’s counters exactly once, however many runs go at once, and a rerun moves nothing', async () => {
    const now = new Date();
    const c = await newCaller('production');
    // No other account of this stack has any left, so what the runs report is this account's.
    await moveAllAccountCounters();
    const expected = await seedAccountCounters(c.accountId, now, 5_000);
    expect(expected.size).toBe(25);
    const runs = await Promise.all([
      moveAccountCounters(c.accountId),
      moveAccountCounters(c.accountId),
      moveAccountCounters(c.accountId, await accountItem(c.accountId)),
      moveAllAccountCounters().then((r) => r.monthsMoved),
      moveAllAccountCounters().then((r) => r.monthsMoved),
    ]);
    // Each month was moved by exactly one of them.
    expect(runs.reduce((a, b) => a + b, 0)).toBe(25);
    expect(legacyAttributes(await accountItem(c.accountId))).toEqual([]);
    expect(await storedMonths(c.accountId, expected)).toEqual(expected);
    // Idempotent: nothing left to move, nothing changes.
    expect(await moveAccountCounters(c.accountId)).toBe(0);
    expect((await moveAllAccountCounters()).withCounters).toBe(0);
    expect(await storedMonths(c.accountId, expected)).toEqual(expected);
    // The account's fields are as they were.
    expect(await accounts.getAccount(c.accountId)).toMatchObject({ account_id: c.accountId, plan: 'production' });
  });

  it('beside requests, new charges and charges of the earlier version still running, every verification is counted once', async () => {
    const now = new Date();
    const clock = fixedClock(now);
    const c = await newCaller('developer');
    const month = monthWindow(now);
    const today = dayWindow(now);
    const expected = await seedAccountCounters(c.accountId, now, 500, 400);
    // The current month's counters as the earlier layout kept them: nearly at the quota.
    const current = expected.get(month.key)!;
    const seededToday = current.days.get(today.key)!;
    current.days.set(today.key, { ...seededToday, live: seededToday.live + 480 - current.base - current.overage });
    current.base = 480;
    current.overage = 0;
    await setAttributes(c.accountId, [
      [`verifications#${month.key}#base`, 480],
      [`verifications#${month.key}#overage`, 0],
      [`verifications#${today.key}#live`, current.days.get(today.key)!.live],
    ]);
    const limits = new RateLimits(new DynamoUsageStore(), clock);
    /** A charge of the earlier version (its UpdateItem on the account item), as one still running during a deploy would make. */
    const earlierCharge = () =>
      dynamo().send(
        new UpdateCommand({
          TableName: tableName('accounts'),
          Key: { account_id: c.accountId },
          UpdateExpression: 'ADD #base :one, #overage :zero, #day :one',
          ConditionExpression: 'attribute_exists(account_id)',
          ExpressionAttributeNames: {
            '#base': `verifications#${month.key}#base`,
            '#overage': `verifications#${month.key}#overage`,
            '#day': `verifications#${today.key}#live`,
          },
          ExpressionAttributeValues: { ':one': 1, ':zero': 0 },
        }),
      );
    const results = await Promise.allSettled([
      moveAllAccountCounters(),
      moveAccountCounters(c.accountId),
      moveAccountCounters(c.accountId),
      // Each request moves the counters it finds before reading the month's usage; then it charges one.
      ...Array.from({ length: 30 }, async () => limits.charge(c, (await limits.admit(c.accountId, 'live', accountOf))!.limits, 1)),
      ...Array.from({ length: 10 }, () => earlierCharge()),
    ]);
    const charged = results.slice(3, 33).filter((r) => r.status === 'fulfilled').length;
    // Only the quota refuses anything: a Developer account stops at 500.
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refusals.filter((reason) => !(reason instanceof MonthlyQuotaExhausted))).toEqual([]);
    // What the earlier version added after a move is moved by the next request or run.
    await moveAccountCounters(c.accountId);
    expect(legacyAttributes(await accountItem(c.accountId))).toEqual([]);
    const stored = await storedMonths(c.accountId, expected);
    const total = (m: ExpectedMonth) => m.base + m.overage;
    const days = (m: ExpectedMonth) => [...m.days.values()].reduce((sum, d) => sum + d.live, 0);
    expect(total(stored.get(month.key)!)).toBe(480 + charged + 10);
    expect(days(stored.get(month.key)!)).toBe(480 + charged + 10);
    // This version's charges stopped at the quota; the earlier version's counted what it counted.
    expect(charged).toBeLessThanOrEqual(20);
    expect(charged).toBeGreaterThanOrEqual(10);
    for (const [key, m] of expected) if (key !== month.key) expect(stored.get(key)).toEqual(m);
  });

  it('a move interrupted after either of its first two steps is finished once by the next request or run', async () => {
    const now = new Date();
    const c = await newCaller('scale');
    const expected = await seedAccountCounters(c.accountId, now, 50_000, 70);
    const [first, second] = [...expected.keys()];
    const item = await accountItem(c.accountId);
    /** Step 1 by hand: the month's counters leave their attributes for a move on the account item. */
    const begin = async (month: string, id: string) => {
      const names = Object.keys(item).filter((name) => name.startsWith(`verifications#${month}`));
      const counts: Record<string, number> = {};
      for (const name of names) {
        const [, period, kind] = name.split('#') as [string, string, string];
        counts[period.length === 7 ? kind : `${kind}#${period.slice(8)}`] = Number(item[name]);
      }
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('accounts'),
          Key: { account_id: c.accountId },
          UpdateExpression: `REMOVE ${names.map((_, i) => `#n${i}`).join(', ')} SET #move = :move`,
          ExpressionAttributeNames: { '#move': `verifications#${month}#moving`, ...Object.fromEntries(names.map((name, i) => [`#n${i}`, name])) },
          ExpressionAttributeValues: { ':move': { id, counts } },
        }),
      );
      return counts;
    };
    // The first month: step 1 done, then the run stopped.
    await begin(first!, 'interrupted1');
    // The second: steps 1 and 2 done (its counts are in the month item), step 3 not.
    const counts = await begin(second!, 'interrupted2');
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: monthItemKey(c.accountId, { key: second! }),
        UpdateExpression: `SET #marker = :at ADD ${Object.keys(counts)
          .map((_, i) => `#c${i} :c${i}`)
          .join(', ')}`,
        ExpressionAttributeNames: { '#marker': 'moved#interrupted2', ...Object.fromEntries(Object.keys(counts).map((name, i) => [`#c${i}`, name])) },
        ExpressionAttributeValues: { ':at': new Date().toISOString(), ...Object.fromEntries(Object.values(counts).map((n, i) => [`:c${i}`, n])) },
      }),
    );
    expect(hasAccountCounters(await accountItem(c.accountId))).toBe(true);
    // A request finds the moves and finishes them before it reads its month's usage.
    const limits = new RateLimits(new DynamoUsageStore(), fixedClock(now));
    const admitted = await limits.admit(c.accountId, 'live', accountOf);
    expect(admitted!.limits.usage).toEqual({ base: expected.get(monthWindow(now).key)!.base, overage: 0 });
    expect(legacyAttributes(await accountItem(c.accountId))).toEqual([]);
    expect(await storedMonths(c.accountId, expected)).toEqual(expected);
    expect(await moveAccountCounters(c.accountId)).toBe(0);
    expect(await storedMonths(c.accountId, expected)).toEqual(expected);
  });

  it('keeps the record that a month# item was added: moving it later adds nothing twice', async () => {
    const c = await newCaller('production');
    await setAttributes(c.accountId, [
      ['verifications#2025-03#base', 120],
      ['verifications#2025-03#overage', 0],
      ['verifications#2025-03#moved', '2025-04-02T10:00:00.000Z'],
    ]);
    await dynamo().send(new PutCommand({ TableName: tableName('usage'), Item: { account_id: c.accountId, period: 'month#2025-03', base: 100, overage: 0 } }));
    expect(await moveAccountCounters(c.accountId)).toBe(1);
    expect(await moveLegacyMonthItems()).toEqual({ moved: 0, alreadyMoved: 1, withoutAccount: 0 });
    expect(await monthItem(c.accountId, '2025-03')).toMatchObject({ base: 120, legacy_moved_at: '2025-04-02T10:00:00.000Z' });
  });
});

describe('GET /v1/usage across the move', () => {
  it('answers the same for an account with two years of history before, during and after its counters move', async () => {
    const now = new Date();
    const issued = await t.issue({ plan: 'production', mode: 'live', minuteLimit: 1_000 });
    const expected = await seedAccountCounters(issued.account_id, now, 5_000);
    const usage = async () => {
      const res = await t.call('/v1/usage?months=12', { key: issued.api_key });
      expect(res.status).toBe(200);
      return usageViewSchema.parse(res.body);
    };
    const want = expectedView(expected, new Date(), 12);
    // Before: the request that reads it moves the counters first.
    expect(hasAccountCounters(await accountItem(issued.account_id))).toBe(true);
    expect((await usage()).months).toEqual(want);
    expect(legacyAttributes(await accountItem(issued.account_id))).toEqual([]);
    // After, and with runs of the migration going on beside the reads.
    const [seen] = await Promise.all([usage(), moveAllAccountCounters(), usage()]);
    expect(seen.months).toEqual(want);
    expect((await usage()).months).toEqual(want);
    // The same numbers the quota enforces: those of GET /v1/account.
    const current = expected.get(monthWindow(now).key)!;
    const account = await t.call('/v1/account', { key: issued.api_key });
    expect(account.body.usage).toMatchObject({ verifications: current.base + current.overage, included: current.base, overage: current.overage });
  });

  it('a Developer account moved from the earlier layout is held to the quota it had used', async () => {
    const issued = await t.issue({ plan: 'developer', mode: 'live', minuteLimit: 1_000 });
    const now = new Date();
    await setAttributes(issued.account_id, [
      [`verifications#${monthWindow(now).key}#base`, 499],
      [`verifications#${monthWindow(now).key}#overage`, 0],
      [`verifications#${dayWindow(now).key}#live`, 499],
    ]);
    testClock.set(now);
    const charge = () =>
      t.call('/test/charge', { method: 'POST', key: issued.api_key, body: JSON.stringify({ units: 1 }), headers: { 'content-type': 'application/json' } });
    const [a, b] = await Promise.all([charge(), charge()]);
    expect([a.status, b.status].sort()).toEqual([200, 429]);
    expect((await t.call('/v1/account', { key: issued.api_key })).body.usage).toMatchObject({ verifications: 500, remaining: 0 });
  });
});
