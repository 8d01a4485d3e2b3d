/**
 * The usage counters of an account, kept on its account item (accounts table) so that the request's one
 * UpdateItem reads the account for authentication and counts the request in the same round trip. Every
 * change is one UpdateItem (or a compare-and-set loop of them), never a read followed by a blind write,
 * so counts stay exact under concurrency.
 *
 * Attributes (names built by `minuteAttribute` and `monthAttributes`):
 * - `rpm#<mode>#<YYYY-MM-DDTHH:MM>`: requests in that minute window, one attribute per window. A window's
 *   attribute is removed by a later request of the account once the window has passed, so the item
 *   holds the current window and at most a few past ones.
 * - `verifications#<YYYY-MM>#base` and `#overage`: live verifications charged that month, split into
 *   those within the plan's quota and those beyond it; they stay as the account's monthly history.
 * - `verifications#<YYYY-MM-DD>#live` and `#test`: verifications of that day (UTC) by mode. A live day is
 *   added by the same UpdateItem that charges the month, so the days of a month always sum to its base
 *   plus overage; a test day is one UpdateItem of its own (test verifications charge no quota). Days stay
 *   as history: about 33 bytes an attribute (a 29-byte name and its number), at most two a day, so two
 *   years add about 48 KB to the item, well under DynamoDB's 400 KB.
 * - `key_used#<key_id>`: the minute (`YYYY-MM-DDTHH:MM`, UTC) the key last made a request, set by the
 *   same UpdateItem that counts the request, so recording a key's last use costs no call of its own.
 *   Only usable keys keep theirs: the keys API removes the attributes of revoked and expired keys
 *   (`forgetKeyUse`, auth/key-use.ts) whenever it creates, rolls or revokes a key, so the item holds at
 *   most about one per usable key (20) plus the keys that ended since, whatever the account's history.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';
import type { KeyMode } from '../domain/caller.ts';
import type { Window } from './windows.ts';

export interface MonthUsage {
  readonly base: number;
  readonly overage: number;
}

/** The account item as stored, with the request counted: its count in the minute window and the month's usage. */
export interface CountedRequest {
  readonly item: Record<string, unknown>;
  readonly minuteCount: number;
  readonly usage: MonthUsage;
}

/** The verifications of one day (UTC) by mode. */
export interface DayUsage {
  readonly live: number;
  readonly test: number;
}

export type ChargeResult = { charged: true; usage: MonthUsage } | { charged: false; usage: MonthUsage };

export interface UsageStore {
  /**
   * Counts one request of the account in the minute window of the mode and returns the account as now
   * stored with its counts (a strongly consistent result); undefined when there is no such account.
   */
  countRequest(accountId: string, mode: KeyMode, minute: Window, month: Window, keyId?: string): Promise<CountedRequest | undefined>;
  getMonth(accountId: string, month: Window): Promise<MonthUsage>;
  /**
   * Adds `units` live verifications. With a `quota`, units within it count as base and the rest as
   * overage; `hardStop` refuses the whole charge instead when it does not fit.
   */
  chargeMonth(accountId: string, month: Window, units: number, quota: number | null, hardStop: boolean, day?: Window): Promise<ChargeResult>;
  /** Counts `units` test verifications on the day (they charge no quota). */
  countTestVerifications(accountId: string, day: Window, units: number): Promise<void>;
  /** Removes the last use of these keys from the account item (keys that are no longer usable). */
  forgetKeyUse(accountId: string, keyIds: readonly string[]): Promise<void>;
}

const minutePrefix = 'rpm#';
const lastUsedPrefix = 'key_used#';

/** The account item's attribute holding the minute a key last made a request. */
export function lastUsedAttribute(keyId: string): string {
  return `${lastUsedPrefix}${keyId}`;
}

/** The ids of the keys whose last use the account item holds. */
export function keyIdsWithLastUse(item: Readonly<Record<string, unknown>> | undefined): string[] {
  return Object.keys(item ?? {})
    .filter((name) => name.startsWith(lastUsedPrefix))
    .map((name) => name.slice(lastUsedPrefix.length));
}

/** When the key last made a request, as an ISO time at minute precision; null when never (or not since last-use was recorded). */
export function lastUsedOf(item: Readonly<Record<string, unknown>> | undefined, keyId: string): string | null {
  const minute = item?.[lastUsedAttribute(keyId)];
  return typeof minute === 'string' ? `${minute}:00.000Z` : null;
}

export function minuteAttribute(mode: KeyMode, minute: Window): string {
  return `${minutePrefix}${mode}#${minute.key}`;
}

export function monthAttributes(month: Pick<Window, 'key'>): { readonly base: string; readonly overage: string } {
  return { base: `verifications#${month.key}#base`, overage: `verifications#${month.key}#overage` };
}

export function dayAttribute(day: Pick<Window, 'key'>, mode: KeyMode): string {
  return `verifications#${day.key}#${mode}`;
}

/** The month's base and overage as stored on an account item. */
export function monthUsageOf(item: Record<string, unknown> | undefined, month: Pick<Window, 'key'>): MonthUsage {
  const names = monthAttributes(month);
  return { base: Number(item?.[names.base] ?? 0), overage: Number(item?.[names.overage] ?? 0) };
}

/** A day's verifications by mode as stored on an account item. */
export function dayUsageOf(item: Record<string, unknown> | undefined, day: Pick<Window, 'key'>): DayUsage {
  return { live: Number(item?.[dayAttribute(day, 'live')] ?? 0), test: Number(item?.[dayAttribute(day, 'test')] ?? 0) };
}

/** The counter attributes, which are not part of the account's own fields. */
export function isCounterAttribute(name: string): boolean {
  return name.startsWith(minutePrefix) || name.startsWith('verifications#') || name.startsWith(lastUsedPrefix);
}

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

  async countRequest(accountId: string, mode: KeyMode, minute: Window, month: Window, keyId?: string): Promise<CountedRequest | undefined> {
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
      return { item, minuteCount: Number(item[attribute] ?? 1), usage: monthUsageOf(item, month) };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
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
    const names = monthAttributes(month);
    const out = await dynamo().send(
      new GetCommand({
        TableName: tableName('accounts'),
        Key: { account_id: accountId },
        ProjectionExpression: '#b, #o',
        ExpressionAttributeNames: { '#b': names.base, '#o': names.overage },
        ConsistentRead: true,
      }),
    );
    return monthUsageOf(out.Item, month);
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
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('accounts'),
          Key: { account_id: accountId },
          UpdateExpression: 'ADD #day :n',
          ConditionExpression: 'attribute_exists(#id)',
          ExpressionAttributeNames: { '#id': 'account_id', '#day': dayAttribute(day, 'test') },
          ExpressionAttributeValues: { ':n': units },
        }),
      );
    } catch (error) {
      // An account deleted meanwhile: nothing to count on.
      if (error instanceof ConditionalCheckFailedException) return;
      throw error;
    }
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
    const names = monthAttributes(month);
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('accounts'),
          Key: { account_id: accountId },
          // The day's live count is added in the same update: it moves with the month's, never apart.
          UpdateExpression: `ADD #base :b, #overage :o${day ? ', #day :d' : ''}`,
          // The account must exist: a charge never creates an account item of counters alone.
          ConditionExpression: ['attribute_exists(#id)', ...(baseCondition ? [baseCondition] : [])].join(' AND '),
          ExpressionAttributeNames: {
            '#id': 'account_id',
            '#base': names.base,
            '#overage': names.overage,
            ...(day ? { '#day': dayAttribute(day, 'live') } : {}),
          },
          ExpressionAttributeValues: day ? { ...values, ':d': base + overage } : values,
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return monthUsageOf(out.Attributes, month);
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
