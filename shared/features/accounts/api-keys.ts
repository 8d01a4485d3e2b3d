/**
 * API keys: `svc_live_…` / `svc_test_…` followed by 40 random base62 characters. A key is shown once,
 * when created; only its SHA-256 is stored, and lookups compare hashes.
 */
import { createHash } from 'node:crypto';
import type { KeyMode } from '../../domain/caller.ts';
import { randomBase62 } from '../../platform/ids.ts';

const secretLength = 40;
const keyPattern = /^svc_(live|test)_([0-9A-Za-z]{32,128})$/;

export function generateApiKey(mode: KeyMode): string {
  return `svc_${mode}_${randomBase62(secretLength)}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The mode of a well-formed key, or undefined when the string cannot be a key. */
export function apiKeyMode(key: string): KeyMode | undefined {
  const match = keyPattern.exec(key);
  return match ? (match[1] as KeyMode) : undefined;
}

/** A non-secret reminder of which key this is: prefix and last four characters. */
export function apiKeyHint(key: string): string {
  const mode = apiKeyMode(key);
  return `svc_${mode ?? 'unknown'}_…${key.slice(-4)}`;
}

export type BearerResult = { ok: true; key: string } | { ok: false; reason: string };

/** Reads `Authorization: Bearer <key>`; the reason is safe to show the caller (it never echoes the key). */
export function bearerKey(header: string | undefined): BearerResult {
  if (header === undefined || header.trim() === '') {
    return { ok: false, reason: 'No API key provided. Send it as "Authorization: Bearer <API_KEY>".' };
  }
  const match = /^(\S+)\s+(\S+)$/.exec(header.trim());
  if (!match || match[1]!.toLowerCase() !== 'bearer') {
    return { ok: false, reason: 'The Authorization header must use the Bearer scheme: "Bearer <API_KEY>".' };
  }
  const key = match[2]!;
  if (!apiKeyMode(key)) {
    return { ok: false, reason: 'The API key is malformed. Keys start with svc_live_ or svc_test_.' };
  }
  return { ok: true, key };
}
