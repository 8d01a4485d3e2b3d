/**
 * The `ChargeRecord` port in memory (limits/charging.ts): what each Idempotency-Key claim has charged,
 * as the claim's `charged` counter keeps it, with every change in order.
 */
import type { ChargeRecord } from '#shared/features/limits/charging.ts';

export class InMemoryChargeRecord implements ChargeRecord {
  /** Units charged by scope key. */
  readonly charged = new Map<string, number>();
  /** Every change, in order: `[scopeKey, units]` (negative: taken back). */
  readonly changes: [string, number][] = [];

  async addCharged(scopeKey: string, units: number): Promise<void> {
    this.changes.push([scopeKey, units]);
    this.charged.set(scopeKey, (this.charged.get(scopeKey) ?? 0) + units);
  }

  /** The `charged` a claim of this scope reads back (what a retry starts from). */
  chargedOf(scopeKey: string): number {
    return this.charged.get(scopeKey) ?? 0;
  }
}
