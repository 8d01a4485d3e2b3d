/** Revoking a key decides from the key as stored, not from the account index's copy, which may be behind. */
import { describe, expect, it } from 'vitest';
import type { AccountStore, ApiKeyRecord } from '#shared/features/accounts/accounts.ts';
import { revokeKeyFor, type AdminRevocations } from '#shared/features/accounts/key-management.ts';
import { actorOf } from '#shared/features/accounts/key-rules.ts';
import { LastAdminKey } from '#shared/domain/errors.ts';

const now = new Date('2026-11-24T10:00:00.000Z');
const admin: ApiKeyRecord = {
  key_hash: 'a'.repeat(64),
  key_id: 'key_AAAAAAAAAAAAAAAAAAAAAAAA',
  account_id: 'acct_1',
  mode: 'live',
  role: 'admin',
  key_hint: 'svc_live_…AAAA',
  created_at: '2026-11-01T00:00:00.000Z',
};

/** A store whose index still shows `indexed` while the key as stored is `stored`; records the keys it revokes. */
function storeWith(indexed: ApiKeyRecord, stored: ApiKeyRecord) {
  const revoked: string[] = [];
  const store = {
    listKeys: async () => [indexed],
    getKey: async (hash: string) => (hash === stored.key_hash ? stored : undefined),
    revokeKey: async (hash: string, at: Date) => {
      revoked.push(hash);
      return { ...stored, revoked_at: at.toISOString() };
    },
  } as unknown as AccountStore;
  return { store, revoked };
}

const inOrder: AdminRevocations = { withLock: (_accountId, fn) => fn() };

describe('revoking a key', () => {
  it('refuses the last usable admin key even when the index still shows it ended', async () => {
    const { store, revoked } = storeWith({ ...admin, expires_at: now.toISOString(), rolled_at: now.toISOString() }, admin);
    await expect(revokeKeyFor(store, inOrder, actorOf(admin), admin.key_id!, now)).rejects.toBeInstanceOf(LastAdminKey);
    expect(revoked).toEqual([]);
  });

  it('revokes a key the index still shows usable once it is found ended as stored, without the admin guard', async () => {
    const ended = { ...admin, expires_at: now.toISOString() };
    const { store, revoked } = storeWith(admin, ended);
    const record = await revokeKeyFor(store, inOrder, actorOf(admin), admin.key_id!, now);
    expect(record?.revoked_at).toBe(now.toISOString());
    expect(revoked).toEqual([admin.key_hash]);
  });
});
