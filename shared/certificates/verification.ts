/**
 * Independent verification of a certificate, from the certificate and the public JWKS only: the
 * integrity rule (`certificate_hash`) and the ES256 signature by the key named in `signing_key_id`,
 * which must be a key of the certificate's own `mode` (a test key's signature never makes a live
 * certificate) and in low-S form.
 */
import { certificateHash, signingInput, type Certificate } from './certificate.ts';
import { jwkThumbprint } from './jwk.ts';
import type { Jwks } from './jwks.ts';
import { decodeSignature, verifyEs256 } from './signature.ts';

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

export async function verifyCertificate(cert: Certificate, jwks: Jwks): Promise<CertificateVerification> {
  const keyId = typeof cert.signing_key_id === 'string' ? cert.signing_key_id : '';
  return { hashValid: hashValid(cert), signatureValid: signatureValid(cert, jwks, keyId), keyId };
}

function hashValid(cert: Certificate): boolean {
  try {
    return typeof cert.certificate_hash === 'string' && certificateHash(cert) === cert.certificate_hash;
  } catch {
    return false; // not serialisable as JSON
  }
}

function signatureValid(cert: Certificate, jwks: Jwks, keyId: string): boolean {
  const key = jwks.keys.find((k) => k.kid === keyId);
  if (!key || jwkThumbprint(key) !== keyId) return false;
  if (key.mode !== cert.mode) return false;
  const raw = decodeSignature(cert.signature);
  if (!raw) return false;
  try {
    return verifyEs256(key, signingInput(cert), raw);
  } catch {
    return false;
  }
}
