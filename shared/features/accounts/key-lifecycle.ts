/**
 * The operator's key lifecycle (operator CLI): list an account's keys by hash and hint, revoke one key
 * by its hash (or a unique prefix of it within an account), revoke every key of an account, suspend and
 * unsuspend an account. None of it needs a key's plaintext, which is never stored.
 */
import type { Clock } from '../../platform/clock.ts';
import { keyIdOf, roleOf, type KeyRole } from './key-rules.ts';
import { keyState, type Account, type AccountStore, type ApiKeyRecord, type KeyState } from './accounts.ts';

/** Refused operator request (no such account or key, ambiguous prefix); the message is for the operator. */
export class KeyLifecycleError extends Error {}

/** Shortest hash prefix accepted: 8 hex digits tell apart the keys of any one account. */
export const minHashPrefixLength = 8;

const fullHashPattern = /^[0-9a-f]{64}$/;
const hashPrefixPattern = /^[0-9a-f]+$/;

/** A key as the operator sees it: everything stored (hash, hint, dates) and its state now. */
export interface KeyView {
  readonly key_hash: string;
  readonly key_id: string;
  readonly role: KeyRole;
  readonly account_id: string;
  readonly key_hint: string;
  readonly mode: ApiKeyRecord['mode'];
  readonly state: KeyState;
  readonly created_at: string;
  readonly expires_at?: string;
  readonly revoked_at?: string;
}

export function keyView(record: ApiKeyRecord, now: Date): KeyView {
  return {
    key_hash: record.key_hash,
    key_id: keyIdOf(record),
    role: roleOf(record),
    account_id: record.account_id,
    key_hint: record.key_hint,
    mode: record.mode,
    state: keyState(record, now),
    created_at: record.created_at,
    ...(record.expires_at ? { expires_at: record.expires_at } : {}),
    ...(record.revoked_at ? { revoked_at: record.revoked_at } : {}),
  };
}

export interface AccountKeys {
  readonly account_id: string;
  readonly plan: Account['plan'];
  readonly suspended: boolean;
  readonly suspended_at?: string;
  readonly suspension_reason?: string;
  readonly keys: KeyView[];
}

async function existingAccount(store: AccountStore, accountId: string): Promise<Account> {
  const account = await store.getAccount(accountId);
  if (!account) throw new KeyLifecycleError(`No account ${accountId}.`);
  return account;
}

/** The account's suspension state and its keys, oldest first. */
export async function listAccountKeys(store: AccountStore, accountId: string, clock: Clock): Promise<AccountKeys> {
  const account = await existingAccount(store, accountId);
  const now = clock.now();
  const keys = (await store.listKeys(accountId)).sort((a, b) => a.created_at.localeCompare(b.created_at));
  return { ...suspensionView(account), keys: keys.map((k) => keyView(k, now)) };
}

function suspensionView(account: Account): Omit<AccountKeys, 'keys'> {
  return {
    account_id: account.account_id,
    plan: account.plan,
    suspended: account.suspended_at !== undefined,
    ...(account.suspended_at ? { suspended_at: account.suspended_at } : {}),
    ...(account.suspension_reason ? { suspension_reason: account.suspension_reason } : {}),
  };
}

/**
 * The stored key a hash names: the full SHA-256 (64 hex digits), or, with `accountId`, a prefix of at
 * least `minHashPrefixLength` digits that exactly one of that account's keys has.
 */
export async function findKeyByHash(store: AccountStore, hash: string, accountId?: string): Promise<ApiKeyRecord> {
  const wanted = hash.trim().toLowerCase();
  if (fullHashPattern.test(wanted)) {
    const record = await store.getKey(wanted);
    if (!record || (accountId !== undefined && record.account_id !== accountId)) {
      throw new KeyLifecycleError(accountId ? `Account ${accountId} has no key with this hash.` : 'No key with this hash.');
    }
    return record;
  }
  if (!hashPrefixPattern.test(wanted) || wanted.length < minHashPrefixLength || wanted.length > 64) {
    throw new KeyLifecycleError(`A key hash is 64 hex digits, or a prefix of at least ${minHashPrefixLength} together with the account.`);
  }
  if (accountId === undefined) {
    throw new KeyLifecycleError('A hash prefix needs the account it belongs to (--account), or give the full 64-digit hash.');
  }
  await existingAccount(store, accountId);
  const matches = (await store.listKeys(accountId)).filter((k) => k.key_hash.startsWith(wanted));
  if (matches.length === 0) throw new KeyLifecycleError(`Account ${accountId} has no key whose hash starts with ${wanted}.`);
  if (matches.length > 1) {
    throw new KeyLifecycleError(`${matches.length} keys of account ${accountId} have hashes starting with ${wanted}; give more digits.`);
  }
  return matches[0]!;
}

/** Revokes the key a hash names (see `findKeyByHash`); revoking a revoked key keeps its first `revoked_at`. */
export async function revokeKeyByHash(store: AccountStore, hash: string, clock: Clock, accountId?: string): Promise<KeyView> {
  const record = await findKeyByHash(store, hash, accountId);
  const revoked = await store.revokeKey(record.key_hash, clock.now());
  if (!revoked) throw new KeyLifecycleError('No key with this hash.');
  return keyView(revoked, clock.now());
}

export interface AccountRevocation {
  readonly account_id: string;
  /** Keys this call revoked. */
  readonly revoked: KeyView[];
  /** Keys that were revoked already (their first `revoked_at` is kept). */
  readonly already_revoked: number;
}

/**
 * Revokes every key of the account. Keys are found through the account index, which DynamoDB updates
 * shortly after a write: a key issued in the same second may be missed. To cut an account off at once
 * and for certain, suspend it (every key of it is refused, whenever made).
 */
export async function revokeAccountKeys(store: AccountStore, accountId: string, clock: Clock): Promise<AccountRevocation> {
  await existingAccount(store, accountId);
  const keys = await store.listKeys(accountId);
  const revoked: KeyView[] = [];
  let already = 0;
  for (const key of keys) {
    if (key.revoked_at) {
      already += 1;
      continue;
    }
    const record = await store.revokeKey(key.key_hash, clock.now());
    if (record) revoked.push(keyView(record, clock.now()));
  }
  return { account_id: accountId, revoked, already_revoked: already };
}

/** Suspends the account: from the next request on, every key of it gets 403 `account_suspended`. */
export async function suspendAccount(store: AccountStore, accountId: string, clock: Clock, reason?: string): Promise<Omit<AccountKeys, 'keys'>> {
  const trimmed = reason?.trim();
  const account = await store.setSuspension(accountId, { at: clock.now(), ...(trimmed ? { reason: trimmed } : {}) });
  if (!account) throw new KeyLifecycleError(`No account ${accountId}.`);
  return suspensionView(account);
}

/** Lifts a suspension: the account's keys that are neither revoked nor expired work again. */
export async function unsuspendAccount(store: AccountStore, accountId: string): Promise<Omit<AccountKeys, 'keys'>> {
  const account = await store.setSuspension(accountId, undefined);
  if (!account) throw new KeyLifecycleError(`No account ${accountId}.`);
  return suspensionView(account);
}
