/**
 * What a certificate signer is, apart from which one configuration chooses (signer.ts): the interface
 * the local-key and KMS signers implement and the pair of signers, one per certificate mode. Signatures
 * are ES256: ECDSA P-256 over SHA-256 of the data, returned raw (r||s, 64 bytes).
 */
import type { KeyMode } from '../../domain/caller.ts';
import type { SigningKeyJwk } from './jwk.ts';

export interface CertificateSigner {
  /** The certificates this signer's keys sign; its public keys carry the same `mode`. */
  readonly mode: KeyMode;
  /** RFC 7638 thumbprint (base64url SHA-256) of the current public key; the `kid` in the JWKS. */
  readonly keyId: () => Promise<string>;
  /** ES256 signature of `data`: raw r||s, 64 bytes, either S (`issueCertificate` keeps only the low-S form). */
  sign(data: Uint8Array): Promise<Uint8Array>;
  /** Public keys to publish, each marked with `mode`: the current key first, then previous (rotated-out) keys. */
  publicKeys(): Promise<SigningKeyJwk[]>;
}

/** One signer per certificate mode. */
export type CertificateSigners = Readonly<Record<KeyMode, CertificateSigner>>;
