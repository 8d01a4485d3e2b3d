/**
 * PDF signing material (PEM, RFC 7468): an X.509 signing certificate, its private key (PKCS#8 or
 * PKCS#1 / SEC 1) and optionally the issuing chain, parsed and checked once per material object.
 */
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { localCmsSigner, type CmsSigner } from './cms-signer.ts';

export interface PdfSigningMaterial {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  readonly chainPem?: string;
}

/** Signing material that cannot be used. */
/** The public half of the material: the signing certificate and its issuers, when KMS holds the key. */
export interface PdfCertificateChain {
  readonly certificatePem: string;
  readonly chainPem?: string;
}

export class PdfSigningMaterialError extends Error {
  override readonly name = 'PdfSigningMaterialError';
}

const parsed = new WeakMap<PdfSigningMaterial, CmsSigner>();

/** The certificates of a PEM bundle, in order. */
export function pemCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

/**
 * Parses and checks the material: exactly one certificate in `certificatePem`, a private key that
 * belongs to it, and an RSA or EC key (the CMS signer's algorithms).
 */
export function signingKeyFromMaterial(material: PdfSigningMaterial): CmsSigner {
  const cached = parsed.get(material);
  if (cached) return cached;
  let key: CmsSigner;
  try {
    const certificates = pemCertificates(material.certificatePem);
    const certificate = certificates[0];
    if (!certificate || certificates.length !== 1) {
      throw new PdfSigningMaterialError(`certificate_pem must hold exactly one certificate (found ${certificates.length}); put issuers in chain_pem`);
    }
    const privateKey = createPrivateKey({ key: material.privateKeyPem, format: 'pem' });
    if (privateKey.asymmetricKeyType !== 'rsa' && privateKey.asymmetricKeyType !== 'ec') {
      throw new PdfSigningMaterialError(`The PDF signing key must be RSA or EC, not ${privateKey.asymmetricKeyType ?? 'unknown'}`);
    }
    if (!certificate.checkPrivateKey(privateKey)) throw new PdfSigningMaterialError('The PDF signing key does not belong to the signing certificate');
    key = localCmsSigner(certificate, pemCertificates(material.chainPem ?? ''), privateKey);
  } catch (error) {
    if (error instanceof PdfSigningMaterialError) throw error;
    throw new PdfSigningMaterialError(`Unusable PDF signing material: ${(error as Error).message}`, { cause: error });
  }
  parsed.set(material, key);
  return key;
}
