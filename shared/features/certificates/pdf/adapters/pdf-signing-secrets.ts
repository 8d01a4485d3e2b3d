/**
 * The PDF signing material kept in AWS Secrets Manager (see pdf-signing-services.ts for what each secret
 * holds): read once per container and secret id, and checked before it is used.
 */
import { GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';
import { secretsManager } from '../../../../platform/aws/secrets-manager.ts';
import { containerValue, rememberedLoads } from '../../../../platform/container.ts';
import { pemCertificates, type PdfCertificateChain, PdfSigningMaterialError, signingKeyFromMaterial, type PdfSigningMaterial } from '../pdf-signing-key.ts';

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
