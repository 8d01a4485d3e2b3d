/**
 * Where the PDF signing certificate and key come from, chosen by configuration (Secrets Manager wins
 * when both are set):
 * - `PDF_SIGNING_SECRET_ID` (deployed): an AWS Secrets Manager secret whose SecretString is JSON
 *   `{"certificate_pem": "...", "private_key_pem": "...", "chain_pem": "..."}` (`chain_pem` optional).
 * - `PDF_SIGNING_DIR` (local): a directory where a self-signed certificate is made on first use.
 * The material is loaded once per container; a failed load is retried on the next call.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManager } from '../../aws/secrets-manager.ts';
import { ensureLocalPdfSigningMaterial } from './local-pdf-signing-material.ts';
import { PdfSigningMaterialError, signingKeyFromMaterial, type PdfSigningMaterial } from './pdf-signing-key.ts';

export { ensureLocalPdfSigningMaterial, PdfSigningMaterialError, type PdfSigningMaterial };

export const pdfSigningEnv = {
  secretId: 'PDF_SIGNING_SECRET_ID',
  dir: 'PDF_SIGNING_DIR',
} as const;

const secretCache = new Map<string, Promise<PdfSigningMaterial>>();

/** The material in a Secrets Manager secret, fetched once per container and secret id. */
export function pdfSigningMaterialFromSecretsManager(secretId: string): Promise<PdfSigningMaterial> {
  let cached = secretCache.get(secretId);
  if (!cached) {
    const loading = loadSecret(secretId);
    loading.catch(() => {
      if (secretCache.get(secretId) === loading) secretCache.delete(secretId);
    });
    secretCache.set(secretId, loading);
    cached = loading;
  }
  return cached;
}

async function loadSecret(secretId: string): Promise<PdfSigningMaterial> {
  const out = await secretsManager().send(new GetSecretValueCommand({ SecretId: secretId }));
  if (typeof out.SecretString !== 'string') throw new PdfSigningMaterialError(`Secret ${secretId} has no SecretString`);
  let value: unknown;
  try {
    value = JSON.parse(out.SecretString);
  } catch {
    throw new PdfSigningMaterialError(`Secret ${secretId} is not JSON`);
  }
  const fields = (value ?? {}) as Record<string, unknown>;
  const { certificate_pem: certificatePem, private_key_pem: privateKeyPem, chain_pem: chainPem } = fields;
  if (typeof certificatePem !== 'string' || typeof privateKeyPem !== 'string' || (chainPem !== undefined && chainPem !== null && typeof chainPem !== 'string')) {
    throw new PdfSigningMaterialError(`Secret ${secretId} must be JSON with string fields certificate_pem and private_key_pem, and optionally chain_pem`);
  }
  const material: PdfSigningMaterial = typeof chainPem === 'string' && chainPem.trim() ? { certificatePem, privateKeyPem, chainPem } : { certificatePem, privateKeyPem };
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

let containerMaterial: Promise<PdfSigningMaterial> | undefined;

/** The material of this container, loaded from the environment on first use and reused afterwards. */
export function pdfSigningMaterialFromEnvironment(): Promise<PdfSigningMaterial> {
  if (!containerMaterial) {
    const loading = pdfSigningMaterialFromConfig(process.env);
    loading.catch(() => {
      if (containerMaterial === loading) containerMaterial = undefined;
    });
    containerMaterial = loading;
  }
  return containerMaterial;
}

/** Drops cached material and the client so the next call reads the configuration again (tests, local tooling). */
export function resetPdfSigningMaterial(): void {
  containerMaterial = undefined;
  secretCache.clear();
  secretsManager.reset();
}
