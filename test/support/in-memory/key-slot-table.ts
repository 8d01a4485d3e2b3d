/**
 * The `KeySlotTable` port in memory (auth/accounts.ts): slot items by account and number, each claimed
 * on condition that it is exactly as read, as the DynamoDB table's conditional PutItem does.
 */
import type { KeySlotTable, SlotItem } from '#shared/features/accounts/accounts.ts';

export class InMemoryKeySlotTable implements KeySlotTable {
  readonly slots = new Map<string, Map<number, SlotItem>>();

  private of(accountId: string): Map<number, SlotItem> {
    let slots = this.slots.get(accountId);
    if (!slots) {
      slots = new Map();
      this.slots.set(accountId, slots);
    }
    return slots;
  }

  async read(accountId: string): Promise<Map<number, SlotItem>> {
    return new Map(this.of(accountId));
  }

  async claim(accountId: string, index: number, seen: SlotItem | undefined, keyHash: string, takenAt: Date, prevHash?: string): Promise<boolean> {
    const slots = this.of(accountId);
    const current = slots.get(index);
    const unchanged = seen ? current?.key_hash === seen.key_hash && current.taken_at === seen.taken_at : current === undefined;
    if (!unchanged) return false;
    slots.set(index, {
      account_id: accountId,
      period: `api_key_slot#${String(index).padStart(2, '0')}`,
      key_hash: keyHash,
      taken_at: takenAt.toISOString(),
      ...(prevHash ? { prev_hash: prevHash } : {}),
    });
    return true;
  }
}
