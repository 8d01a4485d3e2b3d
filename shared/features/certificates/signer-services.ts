/**
 * The certificate signers, chosen by configuration: a local PKCS#8 key file or an AWS KMS asymmetric
 * key, both implementing `CertificateSigner` (certificate-signer.ts). Each certificate mode has its own
 * key: live certificates are signed only with the live key and test certificates only with the test
 * key, and the JWKS says which key signs which mode.
 *
 * Configuration, per mode (KMS wins when both are set):
 * - live: `SIGNING_KMS_KEY_ID` (key id, ARN or alias of an ECC_NIST_P256 SIGN_VERIFY KMS key),
 *   `SIGNING_KMS_PREVIOUS_KEY_IDS` (comma-separated earlier live keys whose public keys stay
 *   published), or `SIGNING_KEY_FILE` (path of a PKCS#8 PEM EC P-256 private key);
 * - test: the same variables prefixed `TEST_`: `TEST_SIGNING_KMS_KEY_ID`,
 *   `TEST_SIGNING_KMS_PREVIOUS_KEY_IDS`, `TEST_SIGNING_KEY_FILE`.
 */
import { environment } from '../../platform/config.ts';
import { containerValue } from '../../platform/container.ts';
import type { KeyMode } from '../../domain/caller.ts';
import type { CertificateSigner, CertificateSigners } from './certificate-signer.ts';
import { SigningConfigurationError } from './configuration-error.ts';
import { KmsSigner } from './adapters/kms-signer.ts';
import { LocalKeySigner } from './local-key-signer.ts';
import { signingEnv } from './signing-env.ts';

export { SigningConfigurationError };

export { signingEnv };

/** Builds the signer a configuration describes for one mode (no caching). */
export function signerFromConfig(env: Readonly<Record<string, string | undefined>>, mode: KeyMode): CertificateSigner {
  const names = signingEnv[mode];
  const kmsKeyId = env[names.kmsKeyId]?.trim();
  if (kmsKeyId) {
    const previous = (env[names.kmsPreviousKeyIds] ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id.length > 0);
    return new KmsSigner({ keyId: kmsKeyId, previousKeyIds: previous, mode });
  }
  const keyFile = env[names.keyFile]?.trim();
  if (keyFile) return new LocalKeySigner(keyFile, mode);
  throw new SigningConfigurationError(
    `Missing configuration: no ${mode} certificate signing key. Set ${names.kmsKeyId} (AWS KMS) or ${names.keyFile} (local PEM key).`,
  );
}

/** The signers this container has created, by mode. */
const containerSigners = containerValue(() => new Map<KeyMode, CertificateSigner>());

/** The signer of one mode in this container, created from the environment on first use and reused afterwards. */
export function signerFromEnvironment(mode: KeyMode): CertificateSigner {
  const signers = containerSigners();
  let signer = signers.get(mode);
  if (!signer) {
    signer = signerFromConfig(environment(), mode);
    signers.set(mode, signer);
  }
  return signer;
}

/** The signers of both modes in this container (each created on first use). */
export function signersFromEnvironment(): CertificateSigners {
  return { live: signerFromEnvironment('live'), test: signerFromEnvironment('test') };
}
