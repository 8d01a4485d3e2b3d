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
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManager } from '../../aws/secrets-manager.ts';
import { environment } from '../../config.ts';
import { containerLoad, containerValue, rememberedLoads } from '../../container.ts';
import type { CmsSigner } from './cms-signer.ts';
import { KmsCmsSigner } from './kms-cms-signer.ts';
import { ensureLocalPdfSigningMaterial } from './local-pdf-signing-material.ts';
import { pemCertificates, PdfSigningMaterialError, signingKeyFromMaterial, type PdfSigningMaterial } from './pdf-signing-key.ts';

export { ensureLocalPdfSigningMaterial, PdfSigningMaterialError, type PdfSigningMaterial };

export const pdfSigningEnv = {
  kmsKeyId: 'PDF_SIGNING_KMS_KEY_ID',
  secretId: 'PDF_SIGNING_SECRET_ID',
  dir: 'PDF_SIGNING_DIR',
} as const;

/** The public half of the material: the signing certificate and its issuers, when KMS holds the key. */
export interface PdfCertificateChain {
  readonly certificatePem: string;
  readonly chainPem?: string;
}

const secretCache = containerValue(() => rememberedLoads(loadSecret));
const certificateCache = containerValue(() => rememberedLoads(loadCertificateSecret));

/** The material in a Secrets Manager secret, fetched once per container and secret id. */
export function pdfSigningMaterialFromSecretsManager(secretId: string): Promise<PdfSigningMaterial> {
  return secretCache().get(secretId);
}

/** The certificates in a Secrets Manager secret that must hold no private key, fetched once per container and secret id. */
export function pdfCertificateFromSecretsManager(secretId: string): Promise<PdfCertificateChain> {
  return certificateCache().get(secretId);
}

async function loadCertificateSecret(secretId: string): Promise<PdfCertificateChain> {
  const fields = await secretFields(secretId);
  const { certificate_pem: certificatePem, private_key_pem: privateKeyPem, chain_pem: chainPem } = fields;
  if (privateKeyPem !== undefined && privateKeyPem !== null) {
    throw new PdfSigningMaterialError(`Secret ${secretId} holds a private_key_pem, but the PDF signing key is in KMS: remove the private key from the secret`);
  }
  if (typeof certificatePem !== 'string' || (chainPem !== undefined && chainPem !== null && typeof chainPem !== 'string')) {
    throw new PdfSigningMaterialError(`Secret ${secretId} must be JSON with a string field certificate_pem, and optionally chain_pem`);
  }
  const count = pemCertificates(certificatePem).length;
  if (count !== 1)
    throw new PdfSigningMaterialError(`Secret ${secretId}: certificate_pem must hold exactly one certificate (found ${count}); put issuers in chain_pem`);
  return typeof chainPem === 'string' && chainPem.trim() ? { certificatePem, chainPem } : { certificatePem };
}

async function secretFields(secretId: string): Promise<Record<string, unknown>> {
  const out = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  if (typeof out.SecretString !== 'string') throw new PdfSigningMaterialError(`Secret ${secretId} has no SecretString`);
  let value: unknown;
  try {
    value = JSON.parse(out.SecretString);
  } catch {
    throw new PdfSigningMaterialError(`Secret ${secretId} is not JSON`);
  }
  return (value ?? {}) as Record<string, unknown>;
}

async function loadSecret(secretId: string): Promise<PdfSigningMaterial> {
  const fields = await secretFields(secretId);
  const { certificate_pem: certificatePem, private_key_pem: privateKeyPem, chain_pem: chainPem } = fields;
  if (
    typeof certificatePem !== 'string' ||
    typeof privateKeyPem !== 'string' ||
    (chainPem !== undefined && chainPem !== null && typeof chainPem !== 'string')
  ) {
    throw new PdfSigningMaterialError(`Secret ${secretId} must be JSON with string fields certificate_pem and private_key_pem, and optionally chain_pem`);
  }
  const material: PdfSigningMaterial =
    typeof chainPem === 'string' && chainPem.trim() ? { certificatePem, privateKeyPem, chainPem } : { certificatePem, privateKeyPem };
  try {
    signingKeyFromMaterial(material);
  } catch (error) {
    throw new PdfSigningMaterialError(`Secret ${secretId}: ${(error as Error).message}`, { cause: error });
  }
  return material;
}

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
