/**
 * Where the PDF signing certificate and key come from, chosen by configuration:
 * - `PDF_SIGNING_KMS_KEY_ID` with `PDF_SIGNING_SECRET_ID` (deployed, preferred): the private key is an
 *   AWS KMS asymmetric key that never leaves KMS; the secret's SecretString holds only the public
 *   certificates, JSON `{"certificate_pem": "...", "chain_pem": "..."}` (`chain_pem` optional), and a
 *   `private_key_pem` in it is refused.
 * - `PDF_SIGNING_SECRET_ID` alone (deployed): the secret also holds the key, JSON
 *   `{"certificate_pem": "...", "private_key_pem": "...", "chain_pem": "..."}`.
 * - `PDF_SIGNING_DIR` (local): a directory where a self-signed certificate is made on first use.
 * The material is loaded once per container; a failed load is retried on the next call.
 */
import { environment } from '../../../platform/config.ts';
import { containerLoad } from '../../../platform/container.ts';
import { KmsCmsSigner } from './adapters/kms-cms-signer.ts';
import { pdfCertificateFromSecretsManager, pdfSigningMaterialFromSecretsManager } from './adapters/pdf-signing-secrets.ts';
import type { CmsSigner } from './cms-signer.ts';
import { ensureLocalPdfSigningMaterial } from './local-pdf-signing-material.ts';
import { pemCertificates, PdfSigningMaterialError, signingKeyFromMaterial, type PdfSigningMaterial } from './pdf-signing-key.ts';

export { ensureLocalPdfSigningMaterial, PdfSigningMaterialError, type PdfSigningMaterial };

export const pdfSigningEnv = {
  kmsKeyId: 'PDF_SIGNING_KMS_KEY_ID',
  secretId: 'PDF_SIGNING_SECRET_ID',
  dir: 'PDF_SIGNING_DIR',
} as const;

/** Loads the material a configuration names (no caching beyond the Secrets Manager cache). */
export function pdfSigningMaterialFromConfig(env: Readonly<Record<string, string | undefined>>): Promise<PdfSigningMaterial> {
  const secretId = env[pdfSigningEnv.secretId]?.trim();
  if (secretId) return pdfSigningMaterialFromSecretsManager(secretId);
  const dir = env[pdfSigningEnv.dir]?.trim();
  if (dir) return ensureLocalPdfSigningMaterial(dir);
  return Promise.reject(
    new PdfSigningMaterialError(
      `Missing configuration: no PDF signing certificate. Set ${pdfSigningEnv.secretId} (AWS Secrets Manager secret) or ${pdfSigningEnv.dir} (local directory for a self-signed certificate).`,
    ),
  );
}

const containerMaterial = containerLoad(() => pdfSigningMaterialFromConfig(environment()));

/** The material of this container, loaded from the environment on first use and reused afterwards. */
export function pdfSigningMaterialFromEnvironment(): Promise<PdfSigningMaterial> {
  return containerMaterial();
}

/**
 * The CMS signer a configuration describes (no caching beyond the secret caches): the KMS key with the
 * certificate from the secret when `PDF_SIGNING_KMS_KEY_ID` is set, else the PEM material's local key.
 */
export async function pdfSignerFromConfig(env: Readonly<Record<string, string | undefined>>): Promise<CmsSigner> {
  const kmsKeyId = env[pdfSigningEnv.kmsKeyId]?.trim();
  if (!kmsKeyId) return signingKeyFromMaterial(await pdfSigningMaterialFromConfig(env));
  const secretId = env[pdfSigningEnv.secretId]?.trim();
  if (!secretId) {
    throw new PdfSigningMaterialError(
      `Missing configuration: ${pdfSigningEnv.kmsKeyId} is set but ${pdfSigningEnv.secretId}, the secret holding its certificate, is not`,
    );
  }
  const { certificatePem, chainPem } = await pdfCertificateFromSecretsManager(secretId);
  const [certificate] = pemCertificates(certificatePem);
  return new KmsCmsSigner({ keyId: kmsKeyId, certificate: certificate!, chain: pemCertificates(chainPem ?? '') });
}

const containerSigner = containerLoad(() => pdfSignerFromConfig(environment()));

/** The CMS signer of this container, built from the environment on first use and reused afterwards. */
export function pdfSignerFromEnvironment(): Promise<CmsSigner> {
  return containerSigner();
}
