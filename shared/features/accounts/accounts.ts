/**
 * Accounts and their API keys as the use cases know them: the stored records, whether a key may be used,
 * and the ports that store them (`AccountStore`, `KeySlotTable`; in DynamoDB: adapters/account-store.ts,
 * adapters/key-slot-table.ts). Keys are addressed by their SHA-256 hash; the key itself is never stored.
 */
import type { KeyMode } from '../../domain/caller.ts';
import type { PlanName } from '../limits/plans.ts';
import { isCounterAttribute } from '../limits/usage-counters.ts';

export interface Account {
  readonly account_id: string;
  readonly plan: PlanName;
  readonly email?: string;
  /** Per-minute limit override (Enterprise accounts). */
  readonly minute_limit?: number;
  readonly created_at: string;
  /** Set while the operator has the account suspended: every key of it is refused (403 `account_suspended`). */
  readonly suspended_at?: string;
  /** The operator's note on why; for operators only, never shown to the caller. */
  readonly suspension_reason?: string;
}

export interface ApiKeyRecord {
  readonly key_hash: string;
  readonly account_id: string;
  readonly mode: KeyMode;
  readonly key_hint: string;
  readonly created_at: string;
  readonly expires_at?: string;
  readonly revoked_at?: string;
  /** Public id (`key_…`); keys stored before ids existed have one derived from the hash (key-rules.ts `keyIdOf`). */
  readonly key_id?: string;
  /** `admin` or `standard` (key-rules.ts); absent on keys stored before roles existed, which are standard. */
  readonly role?: 'admin' | 'standard';
  /** The customer's label. */
  readonly name?: string;
  /** When the key was rolled; its `expires_at` is then the end of the grace period. */
  readonly rolled_at?: string;
  /** The id of the key that replaced this one in a roll. */
  readonly replaced_by?: string;
  /** The id of the key this one replaced in a roll. */
  readonly replaces?: string;
  /** A revoked key's last use (the minute, ISO), moved here from the account item when it was revoked (key-use.ts). */
  readonly last_used_at?: string;
}

/** What a roll writes on the old key: its end, and the key that replaces it. */
export interface RollMark {
  readonly at: Date;
  readonly expiresAt: Date;
  readonly replacedBy: string;
  /** The `expires_at` the roll read (undefined: none): the mark applies only if it is still the same. */
  readonly seenExpiresAt: string | undefined;
}

export type KeyState = 'active' | 'revoked' | 'expired';

/** The account's own fields of a stored account item, without the usage counters it also carries (limits/usage-counters.ts). */
export function accountOf(item: Record<string, unknown>): Account {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !isCounterAttribute(name))) as unknown as Account;
}

/**
 * Whether a key may be used now. A set `revoked_at` means revoked whatever time it holds: revocation is
 * never scheduled, and a writer's clock running ahead of this one must not leave a revoked key working.
 * Expiry is a time (keys issued with `expires_at`).
 */
export function keyState(record: ApiKeyRecord, now: Date): KeyState {
  if (record.revoked_at !== undefined && record.revoked_at !== null) return 'revoked';
  if (record.expires_at && Date.parse(record.expires_at) <= now.getTime()) return 'expired';
  return 'active';
}

export interface Suspension {
  readonly at: Date;
  readonly reason?: string;
}

export interface AccountStore {
  /** The account as stored now (a strongly consistent read): a suspension is seen by the next request. */
  getAccount(accountId: string): Promise<Account | undefined>;
  createAccount(account: Account): Promise<void>;
  /**
   * Suspends the account (a repeat keeps the first `suspended_at` and replaces the reason), or lifts its
   * suspension (`undefined`); returns the account as it now stands, or undefined if no such account.
   */
  setSuspension(accountId: string, suspension: Suspension | undefined): Promise<Account | undefined>;
  /** The key with this hash as stored now (a strongly consistent read): a revocation is seen by the next request. */
  getKey(keyHash: string): Promise<ApiKeyRecord | undefined>;
  createKey(record: ApiKeyRecord): Promise<void>;
  /**
   * Marks a key revoked; returns the record as it now stands, or undefined if no such key. `lastUsedAt`:
   * the key's last use, kept on its item (the account item forgets it, key-use.ts).
   */
  revokeKey(keyHash: string, at: Date, lastUsedAt?: string | null): Promise<ApiKeyRecord | undefined>;
  /** Every key of the account, oldest first, revoked and expired ones included. */
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /**
   * Marks a usable, never-rolled key rolled, in one conditional UpdateItem: of concurrent rolls of one
   * key exactly one gets the record back; the others (and a roll of a revoked, expired or rolled key)
   * get undefined.
   */
  markRolled(keyHash: string, mark: RollMark): Promise<ApiKeyRecord | undefined>;
  /** The account's usable-key slots (key-slots.ts), kept beside its keys. */
  readonly keySlots: KeySlotTable;
}

/** A slot of the usable-key cap as stored (key-slots.ts). */
export interface SlotItem {
  readonly account_id: string;
  readonly period: string;
  readonly key_hash: string;
  readonly taken_at: string;
  /** After a hand-over (a roll with no grace period): the key that held the slot before; it holds it too while usable. */
  readonly prev_hash?: string;
}

/** Where the usable-key slots of accounts are kept: read strongly consistent, taken by conditional writes. */
export interface KeySlotTable {
  /** The account's slot items by slot number (strongly consistent: a slot taken a moment ago by another creator is seen). */
  read(accountId: string): Promise<Map<number, SlotItem>>;
  /**
   * Writes slot `index` naming the key `keyHash` (and `prevHash`, after a hand-over), on condition that
   * the slot is exactly as read (`seen`; undefined: never taken); false when it is not.
   */
  claim(accountId: string, index: number, seen: SlotItem | undefined, keyHash: string, takenAt: Date, prevHash?: string): Promise<boolean>;
}
