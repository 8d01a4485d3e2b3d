/**
 * The month items of the usage table: one item per account and calendar month (UTC), key
 * `{ account_id, period: 'verifications#<YYYY-MM>' }`, holding every verification counter of that month
 * (adapters/usage-store.ts charges them, usage-view.ts reads them):
 * - `base` and `overage`: live verifications charged that month, within the plan's quota and beyond it;
 * - `live#<DD>` and `test#<DD>`: verifications of day DD of the month by mode, a live day added by the
 *   same UpdateItem that charges the month, so the days of a month always sum to its base plus overage.
 *
 * At most 2 + 62 counters, each a 7-byte name and a number: with its key a month item stays under 1 KB
 * however busy the month, so each write to it is one write unit. Migrating counters kept on account items
 * by earlier versions (adapters/usage-migration.ts) adds `moved#<id>` (the move applied, once per move) and
 * `legacy_moved_at` (the month's `month#<YYYY-MM>` item of an even older version added): a few dozen
 * bytes, on migrated months only.
 */
import type { KeyMode } from '../../domain/caller.ts';
import type { Window } from './windows.ts';

export interface MonthUsage {
  readonly base: number;
  readonly overage: number;
}

/** The verifications of one day (UTC) by mode. */
export interface DayUsage {
  readonly live: number;
  readonly test: number;
}

const periodPrefix = 'verifications#';

/** The period (sort key) of a month's item in the usage table. */
export function monthPeriod(month: Pick<Window, 'key'>): string {
  return `${periodPrefix}${month.key}`;
}

/** The key of the account's item of the month in the usage table. */
export function monthItemKey(accountId: string, month: Pick<Window, 'key'>): { account_id: string; period: string } {
  return { account_id: accountId, period: monthPeriod(month) };
}

/** The month (`YYYY-MM`) of a month item's period; undefined for any other item of the usage table. */
export function monthOfPeriod(period: unknown): string | undefined {
  return typeof period === 'string' ? /^verifications#(\d{4}-\d{2})$/.exec(period)?.[1] : undefined;
}

/** The month (`YYYY-MM`) a day (`YYYY-MM-DD`) belongs to, as a window key. */
export function monthOfDay(day: Pick<Window, 'key'>): Pick<Window, 'key'> {
  return { key: day.key.slice(0, 7) };
}

/** A day's counter on its month item: `live#05`, `test#31`. */
export function dayAttribute(day: Pick<Window, 'key'>, mode: KeyMode): string {
  return `${mode}#${day.key.slice(8, 10)}`;
}

/** The month's base and overage as stored on its month item (zero when there is none). */
export function monthUsageOf(item: Readonly<Record<string, unknown>> | undefined): MonthUsage {
  return { base: Number(item?.base ?? 0), overage: Number(item?.overage ?? 0) };
}

/** A day's verifications by mode as stored on its month's item. */
export function dayUsageOf(item: Readonly<Record<string, unknown>> | undefined, day: Pick<Window, 'key'>): DayUsage {
  return { live: Number(item?.[dayAttribute(day, 'live')] ?? 0), test: Number(item?.[dayAttribute(day, 'test')] ?? 0) };
}
