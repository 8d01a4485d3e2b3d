/**
 * An API key as the keys API shows it (`GET /v1/keys` and the answers of create, roll and revoke): its
 * public id, label, hint, mode, role, dates and state, never the key or its hash. The schema is in
 * key-view-schema.ts, kept apart so that handlers do not load zod.
 */
import type { ApiKeyRecord } from './accounts.ts';
import { keyIdOf, publicKeyState, roleOf } from './key-rules.ts';
import { lastUsedOf } from '../limits/usage-counters.ts';

export function apiKeyView(record: ApiKeyRecord, now: Date, accountItem: Readonly<Record<string, unknown>> | undefined) {
  const keyId = keyIdOf(record);
  const state = publicKeyState(record, now);
  return {
    key_id: keyId,
    name: record.name ?? null,
    hint: record.key_hint,
    mode: record.mode,
    role: roleOf(record),
    state,
    created_at: record.created_at,
    // An expired key's last use is forgotten (auth/key-use.ts), and shown so from the moment it expires,
    // not only once the account item has been cleaned by the account's next create, roll or revocation.
    last_used_at: state === 'expired' ? null : (lastUsedOf(accountItem, keyId) ?? record.last_used_at ?? null),
    expires_at: record.expires_at ?? null,
    revoked_at: record.revoked_at ?? null,
    rolled_at: record.rolled_at ?? null,
    replaced_by: record.replaced_by ?? null,
    replaces: record.replaces ?? null,
  };
}

export type ApiKeyView = ReturnType<typeof apiKeyView>;
