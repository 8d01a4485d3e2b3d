/**
 * The cap on usable API keys per account (key-rules.ts `usableKeyLimit`), exact under concurrent
 * creations without transactions, and released by revocation and expiry without any write.
 *
 * Design: the account has `usableKeyLimit` numbered slots, items `api_key_slot#00` … in the usage table
 * (partition: the account). A key is made only after its creator took a slot with one conditional
 * PutItem naming the key's hash. A slot is free when its item does not exist, or when the key it names
 * is no longer usable (revoked or expired: both are final, a roll only shortens a key's life), or when
 * it names no stored key and was taken more than `abandonedAfterMs` ago (a creation that failed
 * between taking the slot and storing the key). Taking a free slot is conditioned on the slot item
 * being exactly as read (absent, or naming the same holder), so of two creators racing for one slot one
 * wins and the other tries another. Each slot names at most one key, so at most `usableKeyLimit` keys
 * are usable at any time; and a creator is refused only after reading every slot held by a usable key
 * (or a key being created), so the limit is reached, never undershot. Revocation and expiry need no
 * write here: the slot of a key that stopped being usable is free from that moment (no TTL needed).
 *
 * A roll with no grace period hands the old key's slot to the new key (`handOver`): one conditional
 * PutItem naming the old key's hash writes the new key's hash and keeps the old one as `prev_hash`. The
 * slot stays held while either key is usable, so the old key keeps counting until the roll has ended it
 * (or for as long as it works, if the roll fails after the hand-over). A key stored before slots that is
 * rolled with no grace period lends its place the same way: the new key takes a free slot counted as if
 * that key held none, naming it as `prev_hash`.
 *
 * Keys stored before slots existed hold none (they have no `key_id`, and no key is made without one any
 * more, so their number only falls). While `unslotted` of them are usable, new keys go only to the first
 * `r` slots, where `r` is the largest number with `unslotted + r + (usable keys in slots r and beyond)
 * <= usableKeyLimit`: a slot beyond `usableKeyLimit - unslotted` can hold a usable key taken when fewer
 * such keys were usable, and it counts. Every creator that reads the same slots computes the same `r`
 * (slots at `r` and beyond change only by being freed), so concurrent creators never pass the limit.
 */
import type { ApiKeyRecord, KeySlotTable, SlotItem } from './accounts.ts';
import { isUsable, usableKeyLimit } from './key-rules.ts';

/** A slot naming a key that was never stored is taken back after this long. */
export const abandonedAfterMs = 60_000;

/** Other creators kept winning the slots tried: a transient failure (503, retryable), not a bug. */
export class KeySlotContention extends Error {
  readonly retryable = true;
  constructor() {
    super('API key slot contention: could not take a slot');
    this.name = 'KeySlotContention';
  }
}

/**
 * Whether a slot item (undefined: never taken) may be taken now, given the key it names (undefined: no
 * such key) and, after a hand-over, the key that held it before (`previous`).
 */
export function slotIsFree(slot: Pick<SlotItem, 'taken_at'> | undefined, holder: ApiKeyRecord | undefined, now: Date, previous?: ApiKeyRecord): boolean {
  if (!slot) return true;
  if (previous && isUsable(previous, now)) return false;
  if (holder) return !isUsable(holder, now);
  return now.getTime() - Date.parse(slot.taken_at) > abandonedAfterMs;
}

/** Whether a key whose slot was taken at `takenAt` may no longer be stored: its slot may have been taken back since. */
export function slotTakenTooLongAgo(takenAt: Date, now: Date): boolean {
  return now.getTime() - takenAt.getTime() > abandonedAfterMs / 2;
}

/** The key's slot was taken too long ago to store the key (`slotTakenTooLongAgo`): a transient failure (503, retryable). */
export class KeySlotExpired extends Error {
  readonly retryable = true;
  constructor() {
    super('API key slot taken too long ago: the key was not stored');
    this.name = 'KeySlotExpired';
  }
}

export class KeySlots {
  constructor(
    private readonly table: KeySlotTable,
    private readonly getKey: (keyHash: string) => Promise<ApiKeyRecord | undefined>,
    private readonly limit = usableKeyLimit,
    /** The time now: slots are judged, and stamped `taken_at`, at the moment of each attempt. */
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /**
   * Takes a slot for the key with this hash; returns when it was taken (the slot's `taken_at`), or
   * undefined when every slot holds a usable key. Retries while other creators win the slots it tries:
   * each lost race means another creator took a slot, so the attempts are bounded by the number of
   * slots; past them it fails with the retryable `KeySlotContention`. `prevHash`: a key stored before
   * slots that the new key replaces at once (a roll with no grace period); the slot holds it too.
   */
  async take(accountId: string, keyHash: string, unslotted = 0, prevHash?: string): Promise<Date | undefined> {
    for (let attempt = 0; attempt <= this.limit * 2; attempt++) {
      const slots = await this.table.read(accountId);
      const free = await this.freeSlots(slots, unslotted, this.clock());
      if (free.length === 0) return undefined;
      // A random free slot: concurrent creators seldom aim at the same one.
      const index = free[Math.floor(Math.random() * free.length)]!;
      const takenAt = this.clock();
      if (await this.table.claim(accountId, index, slots.get(index), keyHash, takenAt, prevHash)) return takenAt;
    }
    throw new KeySlotContention();
  }

  /**
   * Hands the slot of the key `fromHash` to the key `toHash` (a roll with no grace period): `handed` with
   * when; `no_slot` when that key holds no slot of its own (stored before slots, or it shares its slot
   * with a previous key still usable); `lost` when the slot changed since it was read (another roll of
   * the same key handed it over first).
   */
  async handOver(accountId: string, fromHash: string, toHash: string): Promise<{ outcome: 'handed'; takenAt: Date } | { outcome: 'no_slot' | 'lost' }> {
    const slots = await this.table.read(accountId);
    const entry = [...slots].find(([, slot]) => slot.key_hash === fromHash);
    if (!entry) return { outcome: 'no_slot' };
    const [index, seen] = entry;
    const previous = seen.prev_hash ? await this.getKey(seen.prev_hash) : undefined;
    if (previous && isUsable(previous, this.clock())) return { outcome: 'no_slot' };
    const takenAt = this.clock();
    return (await this.table.claim(accountId, index, seen, toHash, takenAt, fromHash)) ? { outcome: 'handed', takenAt } : { outcome: 'lost' };
  }

  private async freeSlots(slots: Map<number, SlotItem>, unslotted: number, now: Date): Promise<number[]> {
    const keys = new Map<string, Promise<ApiKeyRecord | undefined>>();
    const keyOf = (hash: string) => {
      if (!keys.has(hash)) keys.set(hash, this.getKey(hash));
      return keys.get(hash)!;
    };
    const isHeld = async (index: number) => {
      const slot = slots.get(index)!;
      const [holder, previous] = await Promise.all([keyOf(slot.key_hash), slot.prev_hash ? keyOf(slot.prev_hash) : undefined]);
      return !slotIsFree(slot, holder, now, previous);
    };
    // The slots new keys may take: the first `range`, narrowed while usable keys sit at or beyond it.
    let range = Math.max(0, this.limit - unslotted);
    for (;;) {
      const beyond = [...slots.keys()].filter((i) => i >= range);
      const heldBeyond = (await Promise.all(beyond.map(isHeld))).filter(Boolean).length;
      const narrowed = Math.max(0, this.limit - unslotted - heldBeyond);
      if (narrowed >= range) break;
      range = narrowed;
    }
    const never = Array.from({ length: range }, (_, i) => i).filter((i) => !slots.has(i));
    // Slots never taken are free without reading their holders; only when there is none are holders read.
    if (never.length > 0) return never;
    const taken = [...slots.keys()].filter((i) => i < range);
    const held = await Promise.all(taken.map(isHeld));
    return taken.filter((_, n) => !held[n]);
  }
}
