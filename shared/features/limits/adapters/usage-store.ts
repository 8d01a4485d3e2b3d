/**
 * The usage counters of an account in DynamoDB (the `UsageStore` port, usage-counters.ts), in two places:
 *
 * - On the account item (accounts table), what admitting a request needs, all bounded: the request's
 *   minute window and the key's last use, set by the one UpdateItem that also reads the account for
 *   authentication.
 *   - `rpm#<mode>#<YYYY-MM-DDTHH:MM>`: requests in that minute window, one attribute per window. A
 *     window's attribute is removed by a later request of the account once the window has passed, so the
 *     item holds the current window and at most a few past ones.
 *   - `key_used#<key_id>`: the minute (`YYYY-MM-DDTHH:MM`, UTC) the key last made a request, set by the
 *     same UpdateItem that counts the request, so recording a key's last use costs no call of its own.
 *     Only usable keys keep theirs: the keys API removes the attributes of revoked and expired keys
 *     (`forgetKeyUse`, auth/key-use.ts) whenever it creates, rolls or revokes a key, so the item holds
 *     at most about one per usable key (20) plus the keys that ended since, whatever the account's age.
 * - In the usage table, one month item per account and month (usage-items.ts): the month's live
 *   verifications (base within the quota, overage beyond) and each day's verifications by mode. A month
 *   item is the one counter of its month: a charge is one conditional UpdateItem on it, the quota line
 *   checked on its own `base`, the day added in the same write, so the days always sum to the month and
 *   nothing ever moves between items when a month or a day ends: a closed month's item simply stops
 *   being written. It stays under 1 KB, so each of its writes is one write unit.
 *
 * So neither item grows with the account's age: on its 1,000th day a request costs what it did on its
 * first. Per request: one UpdateItem of the account item (one write unit; ReturnValues ALL_NEW, since
 * the callers read the account's own fields and every key's last use from it: auth, key views, the
 * keys API; the item is only those and the minute windows) and, beside it in the same round trip, one
 * strongly consistent GetItem of the month item's `base` and `overage` (one read unit) for the quota
 * state every answer carries. Per live verification: one UpdateItem of the month item (one write unit;
 * ReturnValues UPDATED_NEW: the month's two counters and the day's). Per test verification batch: one
 * UpdateItem of the month item. Why this layout: keeping the month's counters on the account item instead
 * (so that admitting reads them for free) puts the days somewhere else, and every way of keeping days and
 * month exact then costs more writes than the read it saves: a second write per verification (a
 * TransactWriteItems of the account and the month item costs twice each item, 4 units with the request's
 * 1 still to come), or days kept on the account item until they end and then moved off by a request
 * (three conditional writes a day per account, and readers that must reconcile two places while a move
 * is under way). Reads cost a fifth of a write unit's price; the read goes out beside the account's
 * UpdateItem, so it adds no round trip.
 *
 * Every change is one UpdateItem (or a compare-and-set loop of them), never a read followed by a blind
 * write, so counts stay exact under concurrency; a month boundary needs nothing, as each charge goes to
 * the month of its own instant. Counters that earlier versions kept on the account item are moved into
 * the month items (usage-migration.ts) by the first request that finds them, before it reads the month's
 * usage, and by `npm run admin -- move-usage-to-month-items` for every account.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import type { KeyMode } from '../../../domain/caller.ts';
import {
  hasAccountCounters,
  lastUsedAttribute,
  minuteAttribute,
  minutePrefix,
  type ChargeResult,
  type CountedRequest,
  type UsageHistory,
  type UsageStore,
} from '../usage-counters.ts';
import { dayAttribute, monthItemKey, monthOfDay, monthOfPeriod, monthPeriod, monthUsageOf, type MonthUsage } from '../usage-items.ts';
import type { Window } from '../windows.ts';
import { moveAccountCounters } from './usage-migration.ts';

/** Minute windows of past minutes found on an item: what a later request removes. */
function pastMinuteAttributes(item: Record<string, unknown>, current: Window): string[] {
  const currentKey = current.key;
  return Object.keys(item).filter((name) => name.startsWith(minutePrefix) && name.slice(name.lastIndexOf('#') + 1) < currentKey);
}

/** At most this many past windows are removed by one request (the item never holds many). */
const maxRemovedPerRequest = 16;
const maxCasAttempts = 20;
/** Keys whose last use one UpdateItem removes (well within DynamoDB's expression limits). */
const maxForgottenPerCall = 100;

export class DynamoUsageStore implements UsageStore {
  /** Past minute windows seen on each account's item by this container, removed by its next request. */
  private readonly pastMinutes = new Map<string, string[]>();
  /** Moves of an earlier layout's counters under way in this container, by account: a concurrent request waits for it rather than racing it. */
  private readonly moving = new Map<string, Promise<unknown>>();

  async countRequest(accountId: string, mode: KeyMode, minute: Window, month: Window, keyId?: string): Promise<CountedRequest | undefined> {
    const [item, usage] = await Promise.all([this.count(accountId, mode, minute, keyId), this.getMonth(accountId, month)]);
    if (!item) return undefined;
    const minuteCount = Number(item[minuteAttribute(mode, minute)] ?? 1);
    if (!hasAccountCounters(item)) return { item, minuteCount, usage };
    // Counters of an earlier layout: moved into the month items before the month's usage is read.
    await this.moveCounters(accountId, item);
    return { item, minuteCount, usage: await this.getMonth(accountId, month) };
  }

  private async count(accountId: string, mode: KeyMode, minute: Window, keyId?: string): Promise<Record<string, unknown> | undefined> {
    const attribute = minuteAttribute(mode, minute);
    const past = (this.pastMinutes.get(accountId) ?? []).filter((name) => name !== attribute).slice(0, maxRemovedPerRequest);
    const names: Record<string, string> = { '#id': 'account_id', '#m': attribute, ...(keyId ? { '#used': lastUsedAttribute(keyId) } : {}) };
    past.forEach((name, i) => {
      names[`#p${i}`] = name;
    });
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('accounts'),
          Key: { account_id: accountId },
          UpdateExpression: `${keyId ? 'SET #used = :minute ' : ''}ADD #m :one${past.length > 0 ? ` REMOVE ${past.map((_, i) => `#p${i}`).join(', ')}` : ''}`,
          ConditionExpression: 'attribute_exists(#id)',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: { ':one': 1, ...(keyId ? { ':minute': minute.key } : {}) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const item = out.Attributes ?? {};
      this.pastMinutes.set(accountId, pastMinuteAttributes(item, minute));
      return item;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  /** Moves the account's counters of an earlier layout into the month items; after one this container has under way, from a fresh read. */
  private async moveCounters(accountId: string, item: Record<string, unknown>): Promise<void> {
    const running = this.moving.get(accountId);
    if (running) await running.catch(() => undefined);
    const move = moveAccountCounters(accountId, running ? undefined : item);
    this.moving.set(accountId, move);
    try {
      await move;
    } finally {
      if (this.moving.get(accountId) === move) this.moving.delete(accountId);
    }
  }

  async forgetKeyUse(accountId: string, keyIds: readonly string[]): Promise<void> {
    const names = keyIds.slice(0, maxForgottenPerCall);
    if (names.length === 0) return;
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('accounts'),
          Key: { account_id: accountId },
          UpdateExpression: `REMOVE ${names.map((_, i) => `#k${i}`).join(', ')}`,
          ConditionExpression: 'attribute_exists(#id)',
          ExpressionAttributeNames: { '#id': 'account_id', ...Object.fromEntries(names.map((id, i) => [`#k${i}`, lastUsedAttribute(id)])) },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async getMonth(accountId: string, month: Window): Promise<MonthUsage> {
    const out = await dynamo().send(
      new GetCommand({
        TableName: tableName('usage'),
        Key: monthItemKey(accountId, month),
        ProjectionExpression: '#b, #o',
        ExpressionAttributeNames: { '#b': 'base', '#o': 'overage' },
        ConsistentRead: true,
      }),
    );
    return monthUsageOf(out.Item);
  }

  async getMonths(accountId: string, months: readonly Pick<Window, 'key'>[]): Promise<UsageHistory> {
    const history = new Map<string, Record<string, unknown>>();
    if (months.length === 0) return history;
    const periods = months.map(monthPeriod).sort();
    let start: QueryCommandOutput['LastEvaluatedKey'];
    do {
      const out = await dynamo().send(
        new QueryCommand({
          TableName: tableName('usage'),
          KeyConditionExpression: '#a = :a AND #p BETWEEN :from AND :to',
          ExpressionAttributeNames: { '#a': 'account_id', '#p': 'period' },
          ExpressionAttributeValues: { ':a': accountId, ':from': periods[0], ':to': periods.at(-1) },
          ConsistentRead: true,
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      for (const item of out.Items ?? []) {
        const month = monthOfPeriod(item.period);
        if (month) history.set(month, item);
      }
      start = out.LastEvaluatedKey;
    } while (start);
    return history;
  }

  async chargeMonth(accountId: string, month: Window, units: number, quota: number | null, hardStop: boolean, day?: Window): Promise<ChargeResult> {
    // Fast path: every unit fits within the quota (or there is none).
    const fits = await this.update(accountId, month, day, units, 0, quota === null ? undefined : { max: quota - units });
    if (fits) return { charged: true, usage: fits };
    if (hardStop) return { charged: false, usage: await this.getMonth(accountId, month) };
    // Crossing or past the quota: split the units at the quota line, compare-and-set on `base`.
    for (let attempt = 0; attempt < maxCasAttempts; attempt++) {
      const current = await this.getMonth(accountId, month);
      const toBase = Math.max(0, Math.min(units, (quota ?? Infinity) - current.base));
      const done = await this.update(accountId, month, day, toBase, units - toBase, { equals: current.base });
      if (done) return { charged: true, usage: done };
    }
    throw new Error('Usage counter contention: could not record the charge');
  }

  async countTestVerifications(accountId: string, day: Window, units: number): Promise<void> {
    if (units <= 0) return;
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: monthItemKey(accountId, monthOfDay(day)),
        UpdateExpression: 'ADD #day :n',
        ExpressionAttributeNames: { '#day': dayAttribute(day, 'test') },
        ExpressionAttributeValues: { ':n': units },
      }),
    );
  }

  private async update(
    accountId: string,
    month: Window,
    day: Window | undefined,
    base: number,
    overage: number,
    condition?: { max: number } | { equals: number },
  ): Promise<MonthUsage | undefined> {
    const values: Record<string, number> = { ':b': base, ':o': overage };
    let baseCondition: string | undefined;
    if (condition && 'max' in condition) {
      if (condition.max < 0) return undefined;
      baseCondition = '(attribute_not_exists(#base) OR #base <= :max)';
      values[':max'] = condition.max;
    } else if (condition) {
      baseCondition = condition.equals === 0 ? '(attribute_not_exists(#base) OR #base = :eq)' : '#base = :eq';
      values[':eq'] = condition.equals;
    }
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: monthItemKey(accountId, month),
          // The day's live count is added in the same update: it moves with the month's, never apart.
          UpdateExpression: `ADD #base :b, #overage :o${day ? ', #day :d' : ''}`,
          ...(baseCondition ? { ConditionExpression: baseCondition } : {}),
          ExpressionAttributeNames: { '#base': 'base', '#overage': 'overage', ...(day ? { '#day': dayAttribute(day, 'live') } : {}) },
          ExpressionAttributeValues: day ? { ...values, ':d': base + overage } : values,
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return monthUsageOf(out.Attributes);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
