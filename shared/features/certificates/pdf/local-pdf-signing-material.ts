/**
 * Local PDF signing material: a self-signed X.509 v3 certificate (RFC 5280) for an RSA 2048 key, made
 * on first use and kept in one PEM file (private key, PKCS#8, then certificate) of mode 0600.
 *
 * RSA with PKCS#1 v1.5 signatures is deterministic, so a certificate PDF signed twice at the same
 * signing time is byte-identical; every PDF reader verifies it. The certificate says what it is for:
 * key usage digitalSignature and nonRepudiation (contentCommitment), not a CA. It is valid from
 * 2000-01-01, because the service signs a PDF with the verification's issue time as signing time and a
 * verification can be older than the local key; it expires 20 years after it is made.
 */
import { writeFileOnce } from '../../../platform/files/write-file-once.ts';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import forge from 'node-forge';
import { PdfSigningMaterialError, signingKeyFromMaterial, type PdfSigningMaterial } from './pdf-signing-key.ts';

export const localSigningFileName = 'pdf-signing.pem';
export const localSigningCommonName = 'License Verification API (local)';

const validFrom = new Date('2000-01-01T00:00:00Z');
const validityYears = 20;

/**
 * The signing material in `dir`, created there on first use. A new file is written under a temporary
 * name and hard-linked into place, so concurrent callers never see a partial file and the first one
 * wins; later calls read and check the same file.
 */
export async function ensureLocalPdfSigningMaterial(dir: string): Promise<PdfSigningMaterial> {
  const path = join(dir, localSigningFileName);
  const existing = await readExisting(path);
  if (existing !== undefined) return materialFromFile(existing, path);

  const created = createSelfSignedMaterial(new Date());
  await writeFileOnce(path, `${created.privateKeyPem}${created.certificatePem}`);
  return materialFromFile((await readExisting(path)) ?? '', path);
}

async function readExisting(path: string): Promise<string | undefined> {
  return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
}

function materialFromFile(text: string, path: string): PdfSigningMaterial {
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n?/.exec(text)?.[0];
  const certificate = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n?/.exec(text)?.[0];
  if (!key || !certificate) throw new PdfSigningMaterialError(`${path} does not hold a PEM private key and certificate`);
  const material: PdfSigningMaterial = { certificatePem: certificate, privateKeyPem: key };
  try {
    signingKeyFromMaterial(material);
  } catch (error) {
    throw new PdfSigningMaterialError(`${path}: ${(error as Error).message}`, { cause: error });
  }
  return material;
}

/** A new RSA 2048 key and a self-signed certificate for it (SHA-256 with RSA). */
export function createSelfSignedMaterial(now: Date): { certificatePem: string; privateKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const privateKeyPem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const publicKeyPem = publicKey.export({ format: 'pem', type: 'spki' }).toString();

  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  // A positive 127-bit serial (RFC 5280, 4.1.2.2: at most 20 octets, positive).
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  certificate.serialNumber = serial.toString('hex');
  certificate.validity.notBefore = validFrom;
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + validityYears);
  certificate.validity.notAfter = notAfter;
  const name = [
    { shortName: 'O', value: 'License Verification API' },
    { shortName: 'CN', value: localSigningCommonName },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(forge.pki.privateKeyFromPem(privateKeyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate).replace(/\r\n/g, '\n'), privateKeyPem };
}
