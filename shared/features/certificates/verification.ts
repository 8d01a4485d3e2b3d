/**
 * Independent verification of a certificate, from the certificate and the public JWKS only: the
 * integrity rule (`certificate_hash`) and the ES256 signature by the key named in `signing_key_id`,
 * both over the body as the certificate carries it (so certificates issued with fewer fields verify),
 * which must be a key of the certificate's own `mode` (a test key's signature never makes a live
 * certificate) and in low-S form.
 *
 * Certificates issued before `strictSigningFrom` keep verifying as they were issued: then one key signed
 * both modes (it is now the live key) and signatures were not normalised, so for them a live key may
 * have signed a test certificate and a high-S signature is taken in its low-S form. Their `issued_at` is signed, so a newer
 * certificate cannot claim the older rules.
 */
import { certificateHash, signingInput, type IssuedCertificate } from './certificate.ts';
import { jwkThumbprint } from './jwk.ts';
import type { Jwks } from './jwks.ts';
import { decodeSignature, toLowS, verifyEs256 } from './signature.ts';

/** From this instant (ISO 8601), certificates are signed by the key of their mode, in low-S form only. */
export const strictSigningFrom = '2026-12-01T00:00:00.000Z';

function issuedUnderStrictRules(cert: IssuedCertificate): boolean {
  return !(typeof cert.issued_at === 'string' && cert.issued_at < strictSigningFrom);
}

export interface CertificateVerification {
  /** `certificate_hash` follows the integrity rule for the certificate as given. */
  readonly hashValid: boolean;
  /**
   * `signature` is a valid low-S ES256 signature of the body by the JWKS key `keyId`, whose kid is its
   * RFC 7638 thumbprint and whose `mode` is the certificate's `mode`.
   */
  readonly signatureValid: boolean;
  readonly keyId: string;
}

export async function verifyCertificate(cert: IssuedCertificate, jwks: Jwks): Promise<CertificateVerification> {
  const keyId = typeof cert.signing_key_id === 'string' ? cert.signing_key_id : '';
  return { hashValid: hashValid(cert), signatureValid: signatureValid(cert, jwks, keyId), keyId };
}

function hashValid(cert: IssuedCertificate): boolean {
  try {
    return typeof cert.certificate_hash === 'string' && certificateHash(cert) === cert.certificate_hash;
  } catch {
    return false; // not serialisable as JSON
  }
}

function signatureValid(cert: IssuedCertificate, jwks: Jwks, keyId: string): boolean {
  const key = jwks.keys.find((k) => k.kid === keyId);
  if (!key || jwkThumbprint(key) !== keyId) return false;
  const strict = issuedUnderStrictRules(cert);
  // Under the older rules the one key, now published as live, also signed test certificates; a test
  // key never signs a live certificate under any rules.
  if (key.mode !== cert.mode && (strict || !(key.mode === 'live' && cert.mode === 'test'))) return false;
  const raw = decodeSignature(cert.signature);
  if (!raw) return false;
  try {
    return verifyEs256(key, signingInput(cert), strict ? raw : toLowS(raw));
  } catch {
    return false;
  }
}
