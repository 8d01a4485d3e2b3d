/**
 * Makes API keys: `mintKey` for an existing account (the keys API and the operator), `issueKey` for the
 * operator CLI and the local demo account, which creates the account when none is given. Every key
 * takes one of the account's usable-key slots first (key-slots.ts); only its hash is stored.
 */
import type { Clock } from '../../platform/clock.ts';
import { ApiKeyAlreadyRolled } from '../../domain/errors.ts';
import { newId } from '../../platform/ids.ts';
import type { PlanName } from '../limits/plans.ts';
import type { AccountStore } from './accounts.ts';
import type { KeyMode } from '../../domain/caller.ts';
import { apiKeyHint, generateApiKey, hashApiKey } from './api-keys.ts';
import type { ApiKeyRecord } from './accounts.ts';
import type { KeyRole } from './key-rules.ts';
import { isUsable, usableKeyLimit } from './key-rules.ts';
import { KeySlotExpired, KeySlots, slotTakenTooLongAgo } from './key-slots.ts';

export interface IssueKeyRequest {
  /** A new account's plan; for a key of an existing account, optional (the account keeps its own) and checked when given. */
  readonly plan?: PlanName;
  readonly mode: KeyMode;
  /** Adds the key to this existing account instead of creating one. */
  readonly accountId?: string;
  readonly email?: string;
  readonly minuteLimit?: number;
  readonly expiresAt?: Date;
  /**
   * Make an admin key (key-rules.ts). Keys are standard unless this is set, the first key of a new
   * account too (least privilege: a standard key already manages the standard keys of its mode; the
   * operator makes an admin key when the customer asks for one).
   */
  readonly admin?: boolean;
  readonly name?: string;
}

export interface IssuedKey {
  readonly api_key: string;
  readonly account_id: string;
  readonly plan: PlanName;
  readonly mode: KeyMode;
  readonly key_id: string;
  readonly role: KeyRole;
}

/** A key to add to an existing account. */
export interface NewKey {
  readonly accountId: string;
  readonly mode: KeyMode;
  readonly role: KeyRole;
  readonly name?: string;
  readonly expiresAt?: Date;
  /** The id of the key this one replaces (a roll). */
  readonly replaces?: string;
  /** The id to give the key; a new id by default. */
  readonly keyId?: string;
  /**
   * A roll with no grace period: the hash of the old key, whose slot the new key takes over (key-slots.ts
   * `handOver`) so that a roll at the limit needs no free slot. Takes a free slot when the old key holds none.
   */
  readonly takesSlotOf?: string;
}

export interface MintedKey {
  /** The key itself: shown once, never stored. */
  readonly apiKey: string;
  readonly record: ApiKeyRecord;
}

/**
 * Takes a slot and stores a new key of the account; undefined when the account already holds
 * `usableKeyLimit` usable keys. The account must exist (callers have read it). `accountKeys`: the
 * account's keys when the caller has just listed them (else they are listed here), to count the usable
 * keys stored before slots existed, which hold none (key-slots.ts).
 */
export async function mintKey(store: AccountStore, request: NewKey, now: Date, accountKeys?: readonly ApiKeyRecord[]): Promise<MintedKey | undefined> {
  const apiKey = generateApiKey(request.mode);
  const keyHash = hashApiKey(apiKey);
  const slots = new KeySlots(store.keySlots, (hash) => store.getKey(hash));
  const keys = accountKeys ?? (await store.listKeys(request.accountId));
  const unslotted = keys.filter((k) => k.key_id === undefined && isUsable(k, now)).length;
  // The key a roll with no grace period replaces, when stored before slots: its place goes to the new key.
  const replacedUnslotted = request.takesSlotOf && keys.some((k) => k.key_hash === request.takesSlotOf && k.key_id === undefined && isUsable(k, now));
  const takenAt =
    (await handOverSlot(slots, request, keyHash)) ??
    (await slots.take(request.accountId, keyHash, unslotted - (replacedUnslotted ? 1 : 0), request.takesSlotOf));
  if (!takenAt) return undefined;
  // A slot whose key is not stored is taken back after `abandonedAfterMs`: past half of it, the slot may
  // be another key's by now, so the key is not stored (a retryable failure; the slot frees itself).
  if (slotTakenTooLongAgo(takenAt, new Date())) throw new KeySlotExpired();
  const record: ApiKeyRecord = {
    key_hash: keyHash,
    key_id: request.keyId ?? newId('key'),
    account_id: request.accountId,
    mode: request.mode,
    role: request.role,
    key_hint: apiKeyHint(apiKey),
    created_at: now.toISOString(),
    ...(request.name ? { name: request.name } : {}),
    ...(request.expiresAt ? { expires_at: request.expiresAt.toISOString() } : {}),
    ...(request.replaces ? { replaces: request.replaces } : {}),
  };
  await store.createKey(record);
  return { apiKey, record };
}

/** When the new key took over the old key's slot (`takesSlotOf`); undefined when it must take a free one. 409 when another roll took it over first. */
async function handOverSlot(slots: KeySlots, request: NewKey, keyHash: string): Promise<Date | undefined> {
  if (!request.takesSlotOf) return undefined;
  const handover = await slots.handOver(request.accountId, request.takesSlotOf, keyHash);
  if (handover.outcome === 'lost') throw new ApiKeyAlreadyRolled(undefined);
  return handover.outcome === 'handed' ? handover.takenAt : undefined;
}

export class KeyIssueError extends Error {}

export async function issueKey(store: AccountStore, request: IssueKeyRequest, clock: Clock): Promise<IssuedKey> {
  const now = clock.now().toISOString();
  let accountId = request.accountId;
  let plan: PlanName;
  if (accountId) {
    const account = await store.getAccount(accountId);
    if (!account) throw new KeyIssueError(`No account ${accountId}.`);
    if (account.suspended_at) throw new KeyIssueError(`Account ${accountId} is suspended; unsuspend it before issuing keys.`);
    if (request.plan !== undefined && account.plan !== request.plan) {
      throw new KeyIssueError(`Account ${accountId} is on the ${account.plan} plan, not ${request.plan}.`);
    }
    plan = account.plan;
  } else {
    if (request.plan === undefined) throw new KeyIssueError('A new account needs a plan.');
    plan = request.plan;
    accountId = newId('acct', 20);
    await store.createAccount({
      account_id: accountId,
      plan,
      ...(request.email ? { email: request.email } : {}),
      ...(request.minuteLimit ? { minute_limit: request.minuteLimit } : {}),
      created_at: now,
    });
  }
  const role: KeyRole = request.admin ? 'admin' : 'standard';
  const minted = await mintKey(
    store,
    { accountId, mode: request.mode, role, ...(request.name ? { name: request.name } : {}), ...(request.expiresAt ? { expiresAt: request.expiresAt } : {}) },
    clock.now(),
  );
  if (!minted) throw new KeyIssueError(`Account ${accountId} already holds ${usableKeyLimit} usable keys; revoke one first.`);
  return { api_key: minted.apiKey, account_id: accountId, plan, mode: request.mode, key_id: minted.record.key_id!, role };
}
