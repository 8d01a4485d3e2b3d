/**
 * Public signing keys as JSON Web Keys (RFC 7517) for ES256 (RFC 7518 §3.4: ECDSA P-256 with SHA-256),
 * identified by their JWK thumbprint (RFC 7638).
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import type { KeyMode } from '../../domain/caller.ts';
import { canonicalJson } from '../../platform/json/canonical.ts';

export interface Jwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  /** base64url of the 32-byte big-endian x coordinate. */
  readonly x: string;
  /** base64url of the 32-byte big-endian y coordinate. */
  readonly y: string;
  /** RFC 7638 thumbprint of the key. */
  readonly kid: string;
  readonly alg: 'ES256';
  readonly use: 'sig';
}

/**
 * A published certificate signing key: the JWK and `mode`, the one certificate mode it signs. Each
 * mode has its own key; a verifier accepts a certificate only with a key whose `mode` is the
 * certificate's `mode`. `mode` is a member RFC 7517 §4 allows (unknown members are ignored by JWK
 * libraries); it is not part of the RFC 7638 thumbprint, so the `kid` depends on the key alone.
 */
export interface SigningKeyJwk extends Jwk {
  readonly mode: KeyMode;
}

/** The JWK of a signing key, marked with the mode it signs. */
export function signingKeyJwk(jwk: Jwk, mode: KeyMode): SigningKeyJwk {
  const { kty, crv, x, y, kid, alg, use } = jwk;
  return { kty, crv, x, y, kid, alg, use, mode };
}

/**
 * RFC 7638 JWK thumbprint: base64url(SHA-256(UTF-8 of the required members of the key, for EC keys
 * `crv`, `kty`, `x`, `y`, in lexicographic order with no whitespace))). For these ASCII-only members RFC
 * 8785 canonical JSON is exactly that serialisation.
 */
export function jwkThumbprint(key: { crv: string; kty: string; x: string; y: string }): string {
  const required = canonicalJson({ crv: key.crv, kty: key.kty, x: key.x, y: key.y });
  return createHash('sha256').update(required, 'utf8').digest('base64url');
}

/** The public JWK of a P-256 key (a private key gives its public half). */
export function publicJwk(key: KeyObject): Jwk {
  const publicKey = key.type === 'private' ? createPublicKey(key) : key;
  if (publicKey.asymmetricKeyType !== 'ec' || publicKey.asymmetricKeyDetails?.namedCurve !== 'prime256v1') {
    throw new Error('Signing keys must be EC P-256 (prime256v1) keys');
  }
  const exported = publicKey.export({ format: 'jwk' });
  if (exported.kty !== 'EC' || exported.crv !== 'P-256' || !exported.x || !exported.y) {
    throw new Error('Unexpected JWK export of a P-256 public key');
  }
  const members = { crv: 'P-256', kty: 'EC', x: exported.x, y: exported.y } as const;
  return { kty: 'EC', crv: 'P-256', x: members.x, y: members.y, kid: jwkThumbprint(members), alg: 'ES256', use: 'sig' };
}

/** The public JWK of a DER SubjectPublicKeyInfo (RFC 5280 §4.1.2.7, RFC 5480), as KMS GetPublicKey returns it. */
export function jwkFromSpkiDer(spki: Uint8Array): Jwk {
  return publicJwk(createPublicKey({ key: Buffer.from(spki), format: 'der', type: 'spki' }));
}
