/**
 * The rules of self-service API keys, pure (no AWS): roles, which keys a key may see and manage, what
 * a key's state is, how a roll shortens the old key's life, and the guard against locking an account
 * out of key management.
 *
 * Permission model:
 * - Every key is `standard` or `admin`. Keys stored before roles existed are `standard`.
 * - A standard key sees and manages only the standard keys of its own account and mode; it creates only
 *   standard keys of its own mode. Any other key (another account's, the other mode's, an admin key) is
 *   to it as if it did not exist: 404, never 403.
 * - An admin key sees and manages every key of its account, both modes, and may create admin keys.
 * - Lock-out: an account's last admin key that stays (usable, no end set) cannot be revoked through the
 *   API (409 `last_admin_key`); revocations of admin keys run one at a time (adapters/admin-revocation-lock.ts),
 *   so this holds under concurrency too. Rolling an admin key never locks out, as its replacement is an
 *   admin key too. The operator CLI can always issue an admin key (`create-key --account … --admin`).
 */
import { createHash } from 'node:crypto';
import type { KeyMode } from '../../domain/caller.ts';
import { keyState, type ApiKeyRecord } from './accounts.ts';

export type KeyRole = 'admin' | 'standard';
export const keyRoles: readonly KeyRole[] = ['admin', 'standard'];

/** Usable (neither revoked nor expired) keys an account may hold at once, both modes together (key-slots.ts). */
export const usableKeyLimit = 20;

/** How long a rolled key keeps working when the request names no grace period, and the longest allowed. */
export const defaultGraceHours = 24;
export const maxGraceHours = 168;

/** What the public view says of a key: `expiring` is usable with an expiry set (a rolled key in its grace period). */
export type PublicKeyState = 'active' | 'expiring' | 'expired' | 'revoked';

/** The key making a request, as the rules see it. */
export interface KeyActor {
  readonly accountId: string;
  readonly mode: KeyMode;
  readonly role: KeyRole;
  readonly keyId: string;
}

type Target = Pick<ApiKeyRecord, 'account_id' | 'mode' | 'role'>;

export function roleOf(record: Pick<ApiKeyRecord, 'role'>): KeyRole {
  return record.role === 'admin' ? 'admin' : 'standard';
}

/**
 * The public id of a key: the stored `key_id`, or for a key stored before ids existed one derived from
 * its hash by a second, domain-separated hash (the stored hash itself is never shown).
 */
export function keyIdOf(record: Pick<ApiKeyRecord, 'key_id' | 'key_hash'>): string {
  return record.key_id ?? `key_${createHash('sha256').update(`key_id:${record.key_hash}`, 'utf8').digest('hex').slice(0, 24)}`;
}

export function actorOf(record: ApiKeyRecord): KeyActor {
  return { accountId: record.account_id, mode: record.mode, role: roleOf(record), keyId: keyIdOf(record) };
}

/** Whether the actor may see and manage the target key; false is answered 404, as if it did not exist. */
export function canManage(actor: KeyActor, target: Target): boolean {
  if (target.account_id !== actor.accountId) return false;
  if (actor.role === 'admin') return true;
  return target.mode === actor.mode && roleOf(target) === 'standard';
}

/** Why the actor may not create a key of this mode and role (a 403 message), or undefined when it may. */
export function createRefusal(actor: KeyActor, wanted: { readonly mode: KeyMode; readonly role: KeyRole }): string | undefined {
  if (actor.role === 'admin') return undefined;
  if (wanted.role === 'admin') return 'Only an admin key can create admin keys.';
  if (wanted.mode !== actor.mode) return `A standard key creates keys of its own mode only (${actor.mode}); use an admin key for ${wanted.mode} keys.`;
  return undefined;
}

export function isUsable(record: ApiKeyRecord, now: Date): boolean {
  return keyState(record, now) === 'active';
}

export function publicKeyState(record: ApiKeyRecord, now: Date): PublicKeyState {
  const state = keyState(record, now);
  if (state === 'active' && record.expires_at) return 'expiring';
  return state;
}

/** Whether revoking the key needs the lock-out guard: it is a usable admin key. */
export function isUsableAdmin(record: ApiKeyRecord, now: Date): boolean {
  return roleOf(record) === 'admin' && isUsable(record, now);
}

/**
 * Whether revoking `target` would leave its account without an admin key that stays: another admin key
 * that is usable with no end set. One that is expiring (a rolled key in its grace period) does not count,
 * as it stops on its own.
 */
export function wouldLockOut(target: ApiKeyRecord, accountKeys: readonly ApiKeyRecord[], now: Date): boolean {
  if (!isUsableAdmin(target, now)) return false;
  return !accountKeys.some((k) => k.key_hash !== target.key_hash && roleOf(k) === 'admin' && publicKeyState(k, now) === 'active');
}

/** Why a key cannot be rolled: it is revoked or expired, or it was rolled already. */
export type RollRefusal = 'inactive' | 'already_rolled';

export function rollRefusal(record: ApiKeyRecord, now: Date): RollRefusal | undefined {
  if (!isUsable(record, now)) return 'inactive';
  if (record.rolled_at) return 'already_rolled';
  return undefined;
}

/** When the old key of a roll stops: after the grace period, or at its own earlier expiry (a roll never lengthens a key's life). */
export function rolledExpiry(record: Pick<ApiKeyRecord, 'expires_at'>, now: Date, graceHours: number): Date {
  const end = new Date(now.getTime() + Math.round(graceHours * 3_600_000));
  if (record.expires_at && Date.parse(record.expires_at) < end.getTime()) return new Date(record.expires_at);
  return end;
}
