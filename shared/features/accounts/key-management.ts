/**
 * The use cases of the keys API: list, read, create, roll and revoke the keys of the calling key's account,
 * under the permission model of key-rules.ts. A key the caller may not manage is not found (undefined:
 * the handler answers 404), whether it belongs to another account, the other mode or is an admin key
 * seen by a standard key.
 *
 * Keys are found by id through the account's index (by_account), which DynamoDB updates shortly after a
 * write: a key made a moment ago may be listed, rolled or revoked a moment later. What decides a roll is
 * read strongly consistent and written conditionally (accounts.ts `AccountStore.markRolled`).
 */
import { ApiKeyAlreadyRolled, ApiKeyInactive, ApiKeyLimitReached, ApiKeyPermissionDenied, LastAdminKey } from '../../domain/errors.ts';
import type { KeyMode } from '../../domain/caller.ts';
import { lastUsedOf } from '../limits/usage-counters.ts';
import { errorSummary, logger } from '../../platform/observability/logger.ts';
import type { AccountStore, ApiKeyRecord, RollMark } from './accounts.ts';
import { mintKey, type MintedKey } from './key-issuer.ts';
import {
  canManage,
  createRefusal,
  isUsableAdmin,
  keyIdOf,
  publicKeyState,
  roleOf,
  rolledExpiry,
  rollRefusal,
  usableKeyLimit,
  wouldLockOut,
  type KeyActor,
  type KeyRole,
} from './key-rules.ts';

/** Of the account's keys, those the actor may manage, newest first. */
export function manageableKeys(accountKeys: readonly ApiKeyRecord[], actor: KeyActor): ApiKeyRecord[] {
  return newestFirst(accountKeys.filter((k) => canManage(actor, k)));
}

function newestFirst(keys: ApiKeyRecord[]): ApiKeyRecord[] {
  return keys.sort((a, b) => b.created_at.localeCompare(a.created_at) || keyIdOf(b).localeCompare(keyIdOf(a)));
}

/**
 * One key the actor may manage, as stored (read strongly consistent, so a roll or revocation a moment
 * ago is seen); undefined when it may not manage such a key, or no key has this id. The key is found by
 * id among the account's keys (`accountKeys`, or listed through the index: a key made a moment ago may
 * not be found yet).
 */
export async function findKeyFor(
  store: AccountStore,
  actor: KeyActor,
  keyId: string,
  accountKeys?: readonly ApiKeyRecord[],
): Promise<ApiKeyRecord | undefined> {
  const keys = accountKeys ?? (await store.listKeys(actor.accountId));
  const listed = keys.find((k) => keyIdOf(k) === keyId && canManage(actor, k));
  const current = listed && (await store.getKey(listed.key_hash));
  return current && canManage(actor, current) ? current : undefined;
}

export interface CreateKeyRequest {
  readonly name?: string;
  readonly mode?: KeyMode;
  readonly admin?: boolean;
}

/** Makes a key of the actor's account: the actor's mode unless another is asked for, standard unless `admin`. */
export async function createKeyFor(
  store: AccountStore,
  actor: KeyActor,
  request: CreateKeyRequest,
  now: Date,
  accountKeys?: readonly ApiKeyRecord[],
): Promise<MintedKey> {
  const mode = request.mode ?? actor.mode;
  const role: KeyRole = request.admin ? 'admin' : 'standard';
  const refusal = createRefusal(actor, { mode, role });
  if (refusal) throw new ApiKeyPermissionDenied(refusal, role === 'admin' ? 'admin' : 'mode');
  const minted = await mintKey(store, { accountId: actor.accountId, mode, role, ...(request.name ? { name: request.name } : {}) }, now, accountKeys);
  if (!minted) throw new ApiKeyLimitReached(usableKeyLimit);
  return minted;
}

export interface RolledKey {
  readonly minted: MintedKey;
  /** The old key as now stored: rolled, ending at its `expires_at`. */
  readonly old: ApiKeyRecord;
}

/**
 * Replaces the key with a new one of the same account, mode, role and name; the old one works until
 * `graceHours` from now (or its own earlier expiry). Undefined when the actor may not manage such a key.
 *
 * Order: the new key is made first, and only then is the old key marked rolled, so that no failure
 * leaves the old key shortened without a stored replacement. The new key takes a free slot like any
 * new key (at the limit: 403 `api_key_limit_reached`), except with no grace period, where it takes over
 * the old key's slot (key-slots.ts `handOver`), which keeps counting the old key while it works. The
 * mark is a conditional UpdateItem that exactly one of concurrent rolls wins; a roll that loses revokes
 * the key it made (never shown to anyone) and answers 409 `api_key_already_rolled`.
 */
export async function rollKey(
  store: AccountStore,
  actor: KeyActor,
  keyId: string,
  graceHours: number,
  now: Date,
  knownKeys?: readonly ApiKeyRecord[],
): Promise<RolledKey | undefined> {
  const accountKeys = knownKeys ?? (await store.listKeys(actor.accountId));
  const current = await findKeyFor(store, actor, keyId, accountKeys);
  if (!current) return undefined;
  refuseRoll(current, now);
  const expiresAt = rolledExpiry(current, now, graceHours);
  const minted = await mintReplacement(store, current, expiresAt.getTime() <= now.getTime(), accountKeys, now);
  const mark: RollMark = { at: now, expiresAt, replacedBy: minted.record.key_id!, seenExpiresAt: current.expires_at };
  let old: ApiKeyRecord | undefined;
  try {
    old = await store.markRolled(current.key_hash, mark);
  } catch (error) {
    // The mark may have been written all the same: the roll stands if it was, else the new key goes.
    const latest = await store.getKey(current.key_hash).catch(() => undefined);
    if (latest?.replaced_by === mark.replacedBy) return { minted, old: latest };
    if (latest) await discard(store, minted, now);
    throw error;
  }
  if (!old) {
    // Another roll (or a revocation) got there first: the new key goes, and the answer says which.
    await discard(store, minted, now);
    const latest = await store.getKey(current.key_hash);
    if (latest) refuseRoll(latest, now);
    throw new ApiKeyAlreadyRolled(latest?.replaced_by);
  }
  return { minted, old };
}

/** The new key of a roll; `endsNow`: the old key stops at once, so the new key takes over its slot. */
async function mintReplacement(
  store: AccountStore,
  current: ApiKeyRecord,
  endsNow: boolean,
  accountKeys: readonly ApiKeyRecord[],
  now: Date,
): Promise<MintedKey> {
  try {
    const minted = await mintKey(
      store,
      {
        accountId: current.account_id,
        mode: current.mode,
        role: roleOf(current),
        replaces: keyIdOf(current),
        ...(current.name ? { name: current.name } : {}),
        ...(endsNow ? { takesSlotOf: current.key_hash } : {}),
      },
      now,
      accountKeys,
    );
    if (!minted) throw new ApiKeyLimitReached(usableKeyLimit);
    return minted;
  } catch (error) {
    if (error instanceof ApiKeyAlreadyRolled) {
      const latest = await store.getKey(current.key_hash);
      if (latest) refuseRoll(latest, now);
    }
    throw error;
  }
}

/** Revokes the new key of a roll that did not happen; a failure here is logged, never in place of the roll's own answer. */
async function discard(store: AccountStore, minted: MintedKey, now: Date): Promise<void> {
  try {
    await store.revokeKey(minted.record.key_hash, now);
  } catch (error) {
    logger.error('Could not revoke the new key of a roll that did not happen', { key_id: minted.record.key_id, error: errorSummary(error) });
  }
}

function refuseRoll(record: ApiKeyRecord, now: Date): void {
  const refusal = rollRefusal(record, now);
  if (refusal === 'already_rolled') throw new ApiKeyAlreadyRolled(record.replaced_by);
  if (refusal === 'inactive') throw new ApiKeyInactive(publicKeyState(record, now));
}

/** Runs a revocation of one of the account's admin keys while no other runs (adapters/admin-revocation-lock.ts). */
export interface AdminRevocations {
  withLock<T>(accountId: string, fn: () => Promise<T>): Promise<T>;
}

/**
 * Revokes the key at once (from the next request on, in every container: keys are never cached).
 * Revoking a revoked key answers it unchanged. Undefined when the actor may not manage such a key;
 * 409 `last_admin_key` when it is the account's last admin key that stays. An admin key is revoked
 * under `adminRevocations`, after reading the account's other admin keys strongly consistent: of admin keys
 * revoking each other at once, the last never goes. (An admin key made a moment ago may not be listed
 * yet: then the revocation is refused, never wrongly allowed.)
 */
export async function revokeKeyFor(
  store: AccountStore,
  adminRevocations: AdminRevocations,
  actor: KeyActor,
  keyId: string,
  now: Date,
  account: { readonly keys?: readonly ApiKeyRecord[]; readonly item?: Readonly<Record<string, unknown>> } = {},
): Promise<ApiKeyRecord | undefined> {
  const keys = account.keys ?? (await store.listKeys(actor.accountId));
  // The index's copy may be behind: whether the key is a usable admin key is decided from the key as stored.
  const target = await findKeyFor(store, actor, keyId, keys);
  if (!target) return undefined;
  const lastUsedAt = lastUsedOf(account.item, keyId);
  if (!isUsableAdmin(target, now)) return store.revokeKey(target.key_hash, now, lastUsedAt);
  return adminRevocations.withLock(actor.accountId, async () => {
    const admins = await Promise.all(keys.filter((k) => roleOf(k) === 'admin').map((k) => store.getKey(k.key_hash)));
    const current = admins.filter((k): k is ApiKeyRecord => k !== undefined);
    if (wouldLockOut(current.find((k) => k.key_hash === target.key_hash) ?? target, current, now)) throw new LastAdminKey();
    return store.revokeKey(target.key_hash, now, lastUsedAt);
  });
}
