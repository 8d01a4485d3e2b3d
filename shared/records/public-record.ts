/**
 * The public view of a verification: what the certificate holder already printed, and whether the
 * stored certificate still verifies against the published signing keys. Every fact comes from the
 * signed certificate, never from the unsigned result, so a changed fact shows up as a failed
 * signature. Nothing else is exposed: no account, no key, no request details (a DOB is never stored).
 */
import type { Certificate } from '../certificates/certificate.ts';
import type { Jwks } from '../certificates/jwks.ts';
import { verifyCertificate } from '../certificates/verification.ts';
import type { StoredPublicRecord } from './record-store.ts';

/** The JSON body of `GET /records/{verification_id}`; the HTML page shows the same facts. */
export interface PublicRecord {
  readonly verification_id: string;
  readonly issued_at: string | null;
  readonly provider: { readonly name: string | null; readonly state: string | null };
  readonly result: { readonly status: string | null; readonly verified: boolean; readonly expiry_date: string | null };
  readonly certificate_hash: string | null;
  /**
   * `valid` only when the integrity hash and the ES256 signature by `key_id` both check out and the
   * certificate is the one issued for this id (a genuine certificate stored under another id is not).
   */
  readonly signature: { readonly valid: boolean; readonly key_id: string | null };
  readonly mode: 'live' | 'test';
}

export async function publicRecord(stored: StoredPublicRecord, jwks: Jwks): Promise<PublicRecord> {
  const cert = asObject(stored.certificate);
  const provider = asObject(cert.provider);
  const result = asObject(cert.result);
  const check = await verifyCertificate(cert as unknown as Certificate, jwks);
  return {
    verification_id: stored.verification_id,
    issued_at: asString(cert.issued_at),
    provider: { name: asString(provider.name), state: asString(provider.state) },
    result: {
      status: asString(result.status),
      // Only a literal `true` counts as verified.
      verified: result.verified === true,
      expiry_date: asString(result.expiry_date),
    },
    certificate_hash: asString(cert.certificate_hash),
    signature: {
      valid: check.hashValid && check.signatureValid && cert.verification_id === stored.verification_id,
      key_id: asString(cert.signing_key_id),
    },
    // A record is shown as live only when the stored mode and the signed certificate both say so;
    // anything else is marked as a test.
    mode: stored.mode === 'live' && cert.mode === 'live' ? 'live' : 'test',
  };
}

function asObject(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
