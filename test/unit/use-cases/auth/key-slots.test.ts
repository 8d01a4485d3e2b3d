/**
 * The usable-key cap (auth/key-slots.ts) on an in-memory slot table: keys take slots up to the limit, a
 * revoked key's slot is free at once with no write, and a roll with no grace period hands the old key's
 * slot to the new one.
 */
import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '#shared/features/accounts/accounts.ts';
import { KeySlots } from '#shared/features/accounts/key-slots.ts';
import { fixedClock } from '#shared/platform/clock.ts';
import { InMemoryKeySlotTable } from '../../../support/in-memory/key-slot-table.ts';

function setup(limit = 3) {
  const table = new InMemoryKeySlotTable();
  const keys = new Map<string, ApiKeyRecord>();
  const clock = fixedClock('2026-03-14T10:00:00Z');
  const store = (hash: string, extra: Partial<ApiKeyRecord> = {}) =>
    keys.set(hash, {
      key_hash: hash,
      key_id: `key_${hash}`,
      account_id: 'acct_1',
      mode: 'live',
      key_hint: 'x',
      created_at: clock.now().toISOString(),
      ...extra,
    });
  const slots = new KeySlots(
    table,
    async (hash) => keys.get(hash),
    limit,
    () => clock.now(),
  );
  return { table, keys, store, slots, clock };
}

describe('usable-key slots', () => {
  it('keys take slots up to the limit; past it the account is refused', async () => {
    const { slots, store } = setup();
    for (const hash of ['a', 'b', 'c']) {
      expect(await slots.take('acct_1', hash)).toBeInstanceOf(Date);
      store(hash);
    }
    expect(await slots.take('acct_1', 'd')).toBeUndefined();
  });

  it("a revoked key's slot is free from that moment, with no write", async () => {
    const { slots, store, keys } = setup(1);
    await slots.take('acct_1', 'a');
    store('a');
    expect(await slots.take('acct_1', 'b')).toBeUndefined();
    keys.set('a', { ...keys.get('a')!, revoked_at: '2026-03-14T10:00:00Z' });
    expect(await slots.take('acct_1', 'b')).toBeInstanceOf(Date);
  });

  it("a roll with no grace period takes over the old key's slot, even at the limit", async () => {
    const { slots, store, table } = setup(1);
    await slots.take('acct_1', 'a');
    store('a');
    const handed = await slots.handOver('acct_1', 'a', 'b');
    expect(handed.outcome).toBe('handed');
    expect([...table.slots.get('acct_1')!.values()].map((s) => [s.key_hash, s.prev_hash])).toEqual([['b', 'a']]);
    expect(await slots.handOver('acct_1', 'a', 'c')).toEqual({ outcome: 'no_slot' });
  });
});
