/**
 * The usage counters of an account as the limits use them (the `UsageStore` port, kept in DynamoDB by
 * adapters/usage-store.ts, whose header describes the items): the request's minute window and the key's
 * last use on the account item, the month's verifications on its month item (usage-items.ts); and the
 * names of the counter attributes an account item carries beside the account's own fields.
 */
import type { KeyMode } from '../../domain/caller.ts';
import type { MonthUsage } from './usage-items.ts';
import type { Window } from './windows.ts';

export type { DayUsage, MonthUsage } from './usage-items.ts';

/** The account item as stored, with the request counted: its count in the minute window, and the month's usage. */
export interface CountedRequest {
  /**
   * The account item as the request's UpdateItem returned it. Counters of an earlier layout it still
   * carried (`hasAccountCounters`) have been moved into the month items since.
   */
  readonly item: Record<string, unknown>;
  readonly minuteCount: number;
  readonly usage: MonthUsage;
}

/** Month items by month key (`YYYY-MM`), as stored (usage-items.ts); a month without an item is absent. */
export type UsageHistory = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

export type ChargeResult = { charged: true; usage: MonthUsage } | { charged: false; usage: MonthUsage };

export interface UsageStore {
  /**
   * Counts one request of the account in the minute window of the mode and returns the account as now
   * stored with its counts and the month's usage (strongly consistent); undefined when there is no such
   * account.
   */
  countRequest(accountId: string, mode: KeyMode, minute: Window, month: Window, keyId?: string): Promise<CountedRequest | undefined>;
  getMonth(accountId: string, month: Window): Promise<MonthUsage>;
  /** The month items of these months (strongly consistent), in one Query. */
  getMonths(accountId: string, months: readonly Pick<Window, 'key'>[]): Promise<UsageHistory>;
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

export const minutePrefix = 'rpm#';
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

/** The counter attributes of an account item, which are not part of the account's own fields (`verifications#…`: an earlier layout's, until moved). */
export function isCounterAttribute(name: string): boolean {
  return name.startsWith(minutePrefix) || name.startsWith('verifications#') || name.startsWith(lastUsedPrefix);
}

/** Counters of an earlier layout on the account item (adapters/usage-migration.ts moves them into the month items). */
const accountCounter = /^verifications#(\d{4}-\d{2})(?:-(\d{2}))?#(base|overage|moved|moving|live|test)$/;

/** What an account item attribute is in the earlier layout: a month's or a day's counter, the `#moved` record, or a move; undefined for anything else. */
export function accountCounterOf(name: string): { month: string; day?: string; kind: string } | undefined {
  const match = accountCounter.exec(name);
  if (!match) return undefined;
  const [, month, day, kind] = match as unknown as [string, string, string | undefined, string];
  // Days count by mode; months hold base, overage, the `#moved` record and a move.
  if ((kind === 'live' || kind === 'test') !== (day !== undefined)) return undefined;
  return { month, kind, ...(day === undefined ? {} : { day }) };
}

/** Whether the account item still carries counters of the earlier layout (or a move of them not finished). */
export function hasAccountCounters(item: Readonly<Record<string, unknown>> | undefined): boolean {
  return Object.keys(item ?? {}).some((name) => accountCounterOf(name) !== undefined);
}
