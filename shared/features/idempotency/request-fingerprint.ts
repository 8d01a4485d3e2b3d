/**
 * What an Idempotency-Key record remembers of its request, to tell a retry (same request) from a reuse
 * of the key for a different one: a fingerprint of the method, the path and the canonical JSON of the
 * validated body (so key order and whitespace do not matter).
 *
 * The fingerprint is an HMAC-SHA256 under a secret pepper (fingerprint-pepper-services.ts), written `h1:<hex>`.
 * A body may carry a date of birth, which has few enough values that a plain hash of an otherwise known
 * request could be confirmed by trying them all; without the pepper it cannot.
 *
 * Records written before fingerprints were keyed hold the plain SHA-256 (64 hex digits, no prefix).
 * Such a record is matched against the plain hash of the retried request, so a retry within its 24 hours
 * is still recognised; the plain hash is only compared, never stored. Records live 24 hours, so this
 * comparison can be removed from any release made a day after the first keyed one was deployed.
 */
import { createHash, createHmac } from 'node:crypto';
import { canonicalJson } from '../../platform/json/canonical.ts';

export const keyedFingerprintPrefix = 'h1:';

export interface RequestFingerprints {
  /** The fingerprint to store and to compare with records written by this scheme. */
  readonly current: string;
  /** The plain hash of earlier records, compared with records that hold one. */
  readonly legacy: string;
}

function fingerprintInput(method: string, path: string, body: unknown): string {
  return `${method} ${path}\n${canonicalJson(body ?? null)}`;
}

export function requestFingerprints(pepper: Buffer, method: string, path: string, body: unknown): RequestFingerprints {
  const input = fingerprintInput(method, path, body);
  return {
    current: keyedFingerprintPrefix + createHmac('sha256', pepper).update(input, 'utf8').digest('hex'),
    legacy: createHash('sha256').update(input, 'utf8').digest('hex'),
  };
}

/** Whether a stored fingerprint is this request's, under either scheme. */
export function isSameRequest(stored: string, fingerprints: RequestFingerprints): boolean {
  return stored.startsWith(keyedFingerprintPrefix) ? stored === fingerprints.current : stored === fingerprints.legacy;
}
