/** The rules of self-service keys: who manages which key, what may be created, states, lock-out, roll expiry, slots. */
import { describe, expect, it } from 'vitest';
import type { ApiKeyRecord } from '#shared/features/accounts/accounts.ts';
import {
  canManage,
  createRefusal,
  keyIdOf,
  publicKeyState,
  rolledExpiry,
  rollRefusal,
  wouldLockOut,
  type KeyActor,
} from '#shared/features/accounts/key-rules.ts';
import { abandonedAfterMs, KeySlotContention, KeySlotExpired, slotIsFree, slotTakenTooLongAgo } from '#shared/features/accounts/key-slots.ts';
import { isTransientError } from '#shared/api/http/transient-errors.ts';
import { apiKeyIdPattern } from '#shared/platform/ids.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const key = (over: Partial<ApiKeyRecord> = {}): ApiKeyRecord => ({
  key_hash: 'a'.repeat(64),
  key_id: 'key_AAAAAAAAAAAAAAAAAAAAAAAA',
  account_id: 'acct_1',
  mode: 'live',
  key_hint: 'svc_live_…abcd',
  created_at: '2026-11-01T00:00:00.000Z',
  ...over,
});
const standardLive: KeyActor = { accountId: 'acct_1', mode: 'live', role: 'standard', keyId: 'key_S' };
const admin: KeyActor = { accountId: 'acct_1', mode: 'live', role: 'admin', keyId: 'key_A' };

describe('canManage', () => {
  it('a standard key manages the standard keys of its own account and mode only', () => {
    expect(canManage(standardLive, key())).toBe(true);
    expect(canManage(standardLive, key({ role: 'standard' }))).toBe(true);
    expect(canManage(standardLive, key({ mode: 'test' }))).toBe(false);
    expect(canManage(standardLive, key({ role: 'admin' }))).toBe(false);
    expect(canManage(standardLive, key({ account_id: 'acct_2' }))).toBe(false);
  });

  it('an admin key manages every key of its account, both modes and roles, never another account’s', () => {
    for (const target of [key(), key({ mode: 'test' }), key({ role: 'admin' }), key({ mode: 'test', role: 'admin' })])
      expect(canManage(admin, target)).toBe(true);
    expect(canManage(admin, key({ account_id: 'acct_2' }))).toBe(false);
  });
});

describe('createRefusal', () => {
  it('a standard key creates standard keys of its own mode; an admin key anything', () => {
    expect(createRefusal(standardLive, { mode: 'live', role: 'standard' })).toBeUndefined();
    expect(createRefusal(standardLive, { mode: 'test', role: 'standard' })).toMatch(/own mode/);
    expect(createRefusal(standardLive, { mode: 'live', role: 'admin' })).toMatch(/admin/);
    expect(createRefusal(admin, { mode: 'test', role: 'admin' })).toBeUndefined();
  });
});

describe('states and rolls', () => {
  it('active, expiring (usable with an end), expired, revoked', () => {
    expect(publicKeyState(key(), now)).toBe('active');
    expect(publicKeyState(key({ expires_at: '2026-11-24T10:00:01.000Z' }), now)).toBe('expiring');
    expect(publicKeyState(key({ expires_at: '2026-11-24T10:00:00.000Z' }), now)).toBe('expired');
    expect(publicKeyState(key({ revoked_at: '2026-11-24T09:00:00.000Z', expires_at: '2027-01-01T00:00:00.000Z' }), now)).toBe('revoked');
  });

  it('a roll ends the old key after the grace period, never later than its own expiry', () => {
    expect(rolledExpiry(key(), now, 24).toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(rolledExpiry(key(), now, 0.25).toISOString()).toBe('2026-11-24T10:15:00.000Z');
    expect(rolledExpiry(key(), now, 0).toISOString()).toBe(now.toISOString());
    expect(rolledExpiry(key({ expires_at: '2026-11-24T12:00:00.000Z' }), now, 24).toISOString()).toBe('2026-11-24T12:00:00.000Z');
  });

  it('only a usable key never rolled may be rolled', () => {
    expect(rollRefusal(key(), now)).toBeUndefined();
    expect(rollRefusal(key({ rolled_at: '2026-11-24T09:00:00.000Z', expires_at: '2026-11-25T09:00:00.000Z' }), now)).toBe('already_rolled');
    expect(rollRefusal(key({ revoked_at: '2026-11-24T09:00:00.000Z' }), now)).toBe('inactive');
    expect(rollRefusal(key({ expires_at: '2026-11-24T09:00:00.000Z' }), now)).toBe('inactive');
  });
});

describe('wouldLockOut', () => {
  const a1 = key({ key_hash: '1'.repeat(64), role: 'admin' });
  const a2 = key({ key_hash: '2'.repeat(64), role: 'admin', mode: 'test' });
  const s1 = key({ key_hash: '3'.repeat(64) });
  it('refuses revoking the last admin key that stays (usable, no end) only', () => {
    expect(wouldLockOut(a1, [a1, s1], now)).toBe(true);
    expect(wouldLockOut(a1, [a1, a2, s1], now)).toBe(false);
    expect(wouldLockOut(a1, [a1, { ...a2, revoked_at: '2026-11-01T00:00:00.000Z' }], now)).toBe(true);
    expect(wouldLockOut(a1, [a1, { ...a2, expires_at: '2026-11-01T00:00:00.000Z' }], now)).toBe(true);
    // A rolled admin key in its grace period stops on its own: it does not count.
    expect(wouldLockOut(a1, [a1, { ...a2, expires_at: '2026-11-25T00:00:00.000Z' }], now)).toBe(true);
    expect(wouldLockOut(s1, [a1, s1], now)).toBe(false);
  });
});

describe('key ids and slots', () => {
  it('a key stored without an id gets a stable one that is not its hash', () => {
    const legacy = key({ key_id: undefined });
    const id = keyIdOf(legacy);
    expect(id).toMatch(apiKeyIdPattern);
    expect(keyIdOf(legacy)).toBe(id);
    expect(legacy.key_hash).not.toContain(id.slice(4));
  });

  it('a slot is free when never taken, when its key is no longer usable, or when its key was never stored for a minute', () => {
    const taken = { taken_at: now.toISOString() };
    expect(slotIsFree(undefined, undefined, now)).toBe(true);
    expect(slotIsFree(taken, key(), now)).toBe(false);
    expect(slotIsFree(taken, key({ revoked_at: now.toISOString() }), now)).toBe(true);
    expect(slotIsFree(taken, key({ expires_at: now.toISOString() }), now)).toBe(true);
    expect(slotIsFree(taken, undefined, now)).toBe(false);
    expect(slotIsFree(taken, undefined, new Date(now.getTime() + abandonedAfterMs + 1))).toBe(true);
  });

  it('a slot handed over by a roll stays held while the key it replaced is usable, even when the new key is gone or never stored', () => {
    const taken = { taken_at: now.toISOString() };
    const later = new Date(now.getTime() + abandonedAfterMs + 1);
    expect(slotIsFree(taken, key({ revoked_at: now.toISOString() }), now, key())).toBe(false);
    expect(slotIsFree(taken, undefined, later, key())).toBe(false);
    expect(slotIsFree(taken, key(), now, key({ expires_at: now.toISOString() }))).toBe(false);
    expect(slotIsFree(taken, key({ revoked_at: now.toISOString() }), now, key({ expires_at: now.toISOString() }))).toBe(true);
  });

  it('a key is not stored once its slot was taken more than half the abandonment time ago, as the slot may be taken back', () => {
    expect(slotTakenTooLongAgo(now, new Date(now.getTime() + abandonedAfterMs / 2))).toBe(false);
    expect(slotTakenTooLongAgo(now, new Date(now.getTime() + abandonedAfterMs / 2 + 1))).toBe(true);
  });

  it('slot contention and a slot taken too long ago are transient failures (503, retryable), not 500s', () => {
    expect(isTransientError(new KeySlotContention())).toBe(true);
    expect(isTransientError(new KeySlotExpired())).toBe(true);
  });
});
