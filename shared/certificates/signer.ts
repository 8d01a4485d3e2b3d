/**
 * The certificate signer: one interface, implemented by a local PKCS#8 key file and by an AWS KMS
 * asymmetric key, chosen by configuration. Signatures are ES256: ECDSA P-256 over SHA-256 of the data,
 * returned raw (r||s, 64 bytes).
 *
 * Configuration (KMS wins when both are set):
 * - `SIGNING_KMS_KEY_ID`: key id, ARN or alias of an ECC_NIST_P256 SIGN_VERIFY KMS key;
 *   `SIGNING_KMS_PREVIOUS_KEY_IDS`: comma-separated earlier keys whose public keys stay published.
 * - `SIGNING_KEY_FILE`: path of a PKCS#8 PEM EC P-256 private key.
 */
import { SigningConfigurationError } from './configuration-error.ts';
import type { Jwk } from './jwk.ts';
import { KmsSigner } from './kms-signer.ts';
import { LocalKeySigner } from './local-key-signer.ts';

export interface CertificateSigner {
  /** RFC 7638 thumbprint (base64url SHA-256) of the current public key; the `kid` in the JWKS. */
  readonly keyId: () => Promise<string>;
  /** ES256 signature of `data`: raw r||s, 64 bytes. */
  sign(data: Uint8Array): Promise<Uint8Array>;
  /** Public keys to publish: the current key first, then previous (rotated-out) keys. */
  publicKeys(): Promise<Jwk[]>;
}

export { SigningConfigurationError };

/** The environment variables the signer is configured by. */
export const signingEnv = {
  kmsKeyId: 'SIGNING_KMS_KEY_ID',
  kmsPreviousKeyIds: 'SIGNING_KMS_PREVIOUS_KEY_IDS',
  keyFile: 'SIGNING_KEY_FILE',
} as const;

/** Builds the signer a configuration describes (no caching). */
export function signerFromConfig(env: Readonly<Record<string, string | undefined>>): CertificateSigner {
  const kmsKeyId = env[signingEnv.kmsKeyId]?.trim();
  if (kmsKeyId) {
    const previous = (env[signingEnv.kmsPreviousKeyIds] ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0);
    return new KmsSigner({ keyId: kmsKeyId, previousKeyIds: previous });
  }
  const keyFile = env[signingEnv.keyFile]?.trim();
  if (keyFile) return new LocalKeySigner(keyFile);
  throw new SigningConfigurationError(
    `Missing configuration: no certificate signing key. Set ${signingEnv.kmsKeyId} (AWS KMS) or ${signingEnv.keyFile} (local PEM key).`,
  );
}

let containerSigner: CertificateSigner | undefined;

/** The signer of this container, created from the environment on first use and reused afterwards. */
export function signerFromEnvironment(): CertificateSigner {
  containerSigner ??= signerFromConfig(process.env);
  return containerSigner;
}

/** Drops the cached signer so the next call reads the environment again (tests, local tooling). */
export function resetSigner(): void {
  containerSigner = undefined;
}
