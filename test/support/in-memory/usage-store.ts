/**
 * The `UsageStore` port in memory (limits/usage-counters.ts), for unit tests of the limits use cases:
 * account items with their minute windows and keys' last use, and month items with base, overage and
 * days, charged with the adapter's rules (a quota splits base from overage; a hard stop refuses a charge
 * that does not fit, whole). `failCharges` makes the next charges fail, as a DynamoDB error would.
 */
import type { KeyMode } from '#shared/domain/caller.ts';
import {
  lastUsedAttribute,
  minuteAttribute,
  type ChargeResult,
  type CountedRequest,
  type MonthUsage,
  type UsageHistory,
  type UsageStore,
} from '#shared/features/limits/usage-counters.ts';
import { dayAttribute, monthOfDay, monthUsageOf } from '#shared/features/limits/usage-items.ts';
import type { Window } from '#shared/features/limits/windows.ts';

export class InMemoryUsageStore implements UsageStore {
  /** Account items by account id. */
  readonly accounts = new Map<string, Record<string, unknown>>();
  /** Month items by `<account>|<YYYY-MM>`. */
  readonly months = new Map<string, Record<string, number>>();
  /** Calls made, by method: what a test asserts "no work was done" with. */
  readonly calls: string[] = [];
  /** Charges still to fail (each failing one decrements it). */
  failCharges = 0;

  addAccount(account: Record<string, unknown> & { account_id: string }): void {
    this.accounts.set(account.account_id, { ...account });
  }

  private month(accountId: string, month: Pick<Window, 'key'>): Record<string, number> {
    const key = `${accountId}|${month.key}`;
    let item = this.months.get(key);
    if (!item) {
      item = {};
      this.months.set(key, item);
    }
    return item;
  }

  async countRequest(accountId: string, mode: KeyMode, minute: Window, month: Window, keyId?: string): Promise<CountedRequest | undefined> {
    this.calls.push('countRequest');
    const item = this.accounts.get(accountId);
    if (!item) return undefined;
    const attribute = minuteAttribute(mode, minute);
    item[attribute] = Number(item[attribute] ?? 0) + 1;
    if (keyId) item[lastUsedAttribute(keyId)] = minute.key;
    return { item: { ...item }, minuteCount: Number(item[attribute]), usage: await this.getMonth(accountId, month) };
  }

  async getMonth(accountId: string, month: Window): Promise<MonthUsage> {
    return monthUsageOf(this.months.get(`${accountId}|${month.key}`));
  }

  async getMonths(accountId: string, months: readonly Pick<Window, 'key'>[]): Promise<UsageHistory> {
    const history = new Map<string, Readonly<Record<string, unknown>>>();
    for (const month of months) {
      const item = this.months.get(`${accountId}|${month.key}`);
      if (item) history.set(month.key, { ...item });
    }
    return history;
  }

  async chargeMonth(accountId: string, month: Window, units: number, quota: number | null, hardStop: boolean, day?: Window): Promise<ChargeResult> {
    this.calls.push('chargeMonth');
    if (this.failCharges > 0) {
      this.failCharges--;
      throw new Error('simulated usage store failure');
    }
    const item = this.month(accountId, month);
    const base = item.base ?? 0;
    const toBase = quota === null ? units : Math.max(0, Math.min(units, quota - base));
    if (hardStop && toBase < units) return { charged: false, usage: monthUsageOf(item) };
    item.base = base + toBase;
    item.overage = (item.overage ?? 0) + units - toBase;
    if (day) item[dayAttribute(day, 'live')] = (item[dayAttribute(day, 'live')] ?? 0) + units;
    return { charged: true, usage: monthUsageOf(item) };
  }

  async countTestVerifications(accountId: string, day: Window, units: number): Promise<void> {
    this.calls.push('countTestVerifications');
    if (units <= 0) return;
    const item = this.month(accountId, monthOfDay(day));
    item[dayAttribute(day, 'test')] = (item[dayAttribute(day, 'test')] ?? 0) + units;
  }

  async forgetKeyUse(accountId: string, keyIds: readonly string[]): Promise<void> {
    const item = this.accounts.get(accountId);
    if (item) for (const id of keyIds) delete item[lastUsedAttribute(id)];
  }
}
