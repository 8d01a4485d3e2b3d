import { GetPublicKeyCommand, KMSClient, SignCommand } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import forge from 'node-forge';
import { execFile } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { answerAsRsaKey } from '../support/kms-rsa-key.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { oids } from '#shared/features/certificates/pdf/cms-signer.ts';
import { KmsCmsSigner } from '#shared/features/certificates/pdf/adapters/kms-cms-signer.ts';
import { localSigningCommonName, localSigningFileName } from '#shared/features/certificates/pdf/local-pdf-signing-material.ts';
import {
  ensureLocalPdfSigningMaterial,
  PdfSigningMaterialError,
  pdfSigningMaterialFromEnvironment,
  pdfSignerFromConfig,
  pdfSignerFromEnvironment,
  type PdfSigningMaterial,
} from '#shared/features/certificates/pdf/pdf-signing-services.ts';
import { pdfSigningMaterialFromSecretsManager } from '#shared/features/certificates/pdf/adapters/pdf-signing-secrets.ts';
import { newContainer } from '#shared/platform/container.ts';
import { renderCertificatePdf } from '#shared/features/certificates/pdf/render-certificate-pdf.ts';
import { signCertificatePdf, signCertificatePdfWith } from '#shared/features/certificates/pdf/sign-pdf.ts';
import { recordUrl, testModeInput, verifiedInput } from '../fixtures/pdf/certificate-pdf-inputs.ts';
import { decodeQrCodes, pdfsig } from '../fixtures/pdf/poppler.ts';

const run = promisify(execFile);
const signingTime = new Date('2026-03-14T15:09:26.535Z');

let dir: string;
let material: PdfSigningMaterial;
let unsigned: Uint8Array;
let signed: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-signing-'));
  material = await ensureLocalPdfSigningMaterial(join(dir, 'local'));
  unsigned = await renderCertificatePdf(verifiedInput());
  signed = await signCertificatePdf(unsigned, material, signingTime);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The /ByteRange of the (only) signature. */
function byteRange(pdf: Uint8Array): [number, number, number, number] {
  const match = /\/ByteRange \[\s*(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(Buffer.from(pdf).toString('latin1'));
  if (!match) throw new Error('no /ByteRange');
  return [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])];
}

/** The DER CMS in /Contents (the hex string, without its zero padding). */
function cmsOf(pdf: Uint8Array): Buffer {
  const [, contentsStart, contentsEnd] = byteRange(pdf);
  const hex = Buffer.from(pdf.subarray(contentsStart + 1, contentsEnd - 1)).toString('latin1');
  const der = Buffer.from(hex, 'hex');
  // The DER length of the outer SEQUENCE tells where the padding starts.
  const parsed = forge.asn1.fromDer(der.toString('binary'), { parseAllBytes: false } as unknown as boolean);
  return Buffer.from(forge.asn1.toDer(parsed).getBytes(), 'binary');
}

type Node = forge.asn1.Asn1;
const kids = (node: Node | undefined): Node[] => (Array.isArray(node?.value) ? node.value : []);
const oidOf = (node: Node | undefined): string => forge.asn1.derToOid(node?.value as string);

describe('signed certificate PDF', () => {
  it('carries a signature pdfsig reports as valid, over the whole document', async () => {
    const report = await pdfsig(signed);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain(`Signer Certificate Common Name: ${localSigningCommonName}`);
    expect(report).toContain('Signing Time: Mar 14 2026 15:09:26');

    const [start, contentsStart, contentsEnd, rest] = byteRange(signed);
    expect(start).toBe(0);
    expect(contentsEnd + rest).toBe(signed.length);
    expect(Buffer.from(signed.subarray(contentsStart, contentsStart + 1)).toString()).toBe('<');
  });

  it('is reported invalid when one byte inside the signed range changes', async () => {
    const tampered = new Uint8Array(signed);
    const text = Buffer.from(tampered).toString('latin1');
    // One hex digit of the Producer string (a UTF-16 text string), so the file stays a well-formed PDF.
    const at = text.indexOf('/Producer <FEFF00') + '/Producer <FEFF00'.length;
    expect(at).toBeLessThan(byteRange(signed)[1]);
    tampered[at] = tampered[at] === 0x36 ? 0x37 : 0x36;
    const report = await pdfsig(tampered);
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it('holds a PAdES B-B CMS: content-type, message-digest and signing-certificate-v2, no signing-time', () => {
    const contentInfo = forge.asn1.fromDer(cmsOf(signed).toString('binary'));
    expect(oidOf(kids(contentInfo)[0])).toBe(oids.signedData);
    const signedData = kids(kids(contentInfo)[1])[0];
    const [version, digestAlgorithms, encapContentInfo, certificates, signerInfos] = kids(signedData);
    expect(forge.asn1.derToInteger(version?.value as string)).toBe(1);
    expect(oidOf(kids(kids(digestAlgorithms)[0])[0])).toBe(oids.sha256);
    expect(kids(encapContentInfo)).toHaveLength(1); // detached: no eContent
    expect(oidOf(kids(encapContentInfo)[0])).toBe(oids.data);

    const signerCertificate = new X509Certificate(material.certificatePem);
    const embedded = Buffer.from(forge.asn1.toDer(kids(certificates)[0]!).getBytes(), 'binary');
    expect(embedded.equals(signerCertificate.raw)).toBe(true);

    const signerInfo = kids(signerInfos)[0];
    const signedAttributes = kids(signerInfo).find((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 0);
    const attributes = new Map(kids(signedAttributes).map((attribute) => [oidOf(kids(attribute)[0]), kids(kids(attribute)[1])[0]]));
    expect([...attributes.keys()].sort()).toEqual([oids.contentType, oids.messageDigest, oids.signingCertificateV2].sort());
    expect(attributes.has(oids.signingTime)).toBe(false);
    expect(oidOf(attributes.get(oids.contentType))).toBe(oids.data);

    const [start, contentsStart, contentsEnd, rest] = byteRange(signed);
    const signedBytes = Buffer.concat([signed.subarray(start, contentsStart), signed.subarray(contentsEnd, contentsEnd + rest)]);
    const digest = Buffer.from(attributes.get(oids.messageDigest)?.value as string, 'binary');
    expect(digest.equals(createHash('sha256').update(signedBytes).digest())).toBe(true);

    const essCertId = kids(kids(kids(attributes.get(oids.signingCertificateV2))[0])[0]);
    const certHash = Buffer.from(essCertId[0]?.value as string, 'binary');
    expect(certHash.equals(createHash('sha256').update(signerCertificate.raw).digest())).toBe(true);
    expect(kids(signerInfo).some((node) => node.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && node.type === 1)).toBe(false);
  });

  it('gives identical bytes when signed twice with the RSA key at the same signing time', async () => {
    const again = await signCertificatePdf(await renderCertificatePdf(verifiedInput()), material, signingTime);
    expect(Buffer.from(again).equals(Buffer.from(signed))).toBe(true);
    const later = await signCertificatePdf(unsigned, material, new Date('2026-03-15T00:00:00Z'));
    expect(Buffer.from(later).toString('latin1')).toContain('/M (D:20260315000000Z)');
    expect(await pdfsig(later)).toContain('Signature is Valid.');
  });

  it('has a QR code that decodes to the record URL at 150 dpi', async () => {
    expect(await decodeQrCodes(signed, 150)).toEqual([recordUrl]);
  });

  it('can be opened again with pdf-lib', async () => {
    const doc = await PDFDocument.load(signed, { updateMetadata: false });
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('License verification certificate: José Peña');
    const fields = doc.getForm().getFields();
    expect(fields.map((field) => field.getName())).toEqual(['Signature1']);
  });

  it('signs test-mode certificates too', async () => {
    const pdf = await signCertificatePdf(await renderCertificatePdf(testModeInput()), material, signingTime);
    expect(await pdfsig(pdf)).toContain('Signature is Valid.');
  });

  it('signs with an ECDSA P-256 key and includes the issuing chain', async () => {
    const ec = join(dir, 'ec');
    const req = (args: string[]) =>
      run('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '3650', ...args]);
    await run('mkdir', ['-p', ec]);
    await req([
      '-keyout',
      join(ec, 'ca.key'),
      '-out',
      join(ec, 'ca.pem'),
      '-subj',
      '/CN=Test PDF CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign',
    ]);
    await req([
      '-keyout',
      join(ec, 'leaf.key'),
      '-out',
      join(ec, 'leaf.pem'),
      '-subj',
      '/CN=Test PDF signer',
      '-CA',
      join(ec, 'ca.pem'),
      '-CAkey',
      join(ec, 'ca.key'),
      '-addext',
      'keyUsage=critical,digitalSignature,nonRepudiation',
    ]);
    const ecMaterial: PdfSigningMaterial = {
      certificatePem: await readFile(join(ec, 'leaf.pem'), 'utf8'),
      privateKeyPem: await readFile(join(ec, 'leaf.key'), 'utf8'),
      chainPem: await readFile(join(ec, 'ca.pem'), 'utf8'),
    };
    const pdf = await signCertificatePdf(unsigned, ecMaterial, signingTime);
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Test PDF signer');
    const signedData = kids(kids(forge.asn1.fromDer(cmsOf(pdf).toString('binary')))[1])[0];
    expect(kids(kids(signedData)[3])).toHaveLength(2);
  });

  it('refuses material whose key does not belong to the certificate, and PDFs without a placeholder', async () => {
    const other = await ensureLocalPdfSigningMaterial(join(dir, 'other'));
    await expect(signCertificatePdf(unsigned, { ...material, privateKeyPem: other.privateKeyPem }, signingTime)).rejects.toThrow(PdfSigningMaterialError);
    await expect(
      signCertificatePdf(unsigned, { ...material, certificatePem: `${material.certificatePem}${other.certificatePem}` }, signingTime),
    ).rejects.toThrow(/exactly one certificate/);
    const plain = await (await PDFDocument.create()).save();
    await expect(signCertificatePdf(plain, material, signingTime)).rejects.toThrow(/no unsigned signature placeholder/);
    await expect(signCertificatePdf(signed, material, signingTime)).rejects.toThrow(/no unsigned signature placeholder/);
  });
});

describe('local PDF signing material', () => {
  it('is generated once with mode 0600 and reused', async () => {
    const local = join(dir, 'local');
    const file = join(local, localSigningFileName);
    const before = await stat(file);
    expect(before.mode & 0o777).toBe(0o600);
    const again = await ensureLocalPdfSigningMaterial(local);
    expect(again).toEqual(material);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);

    const certificate = new X509Certificate(material.certificatePem);
    expect(certificate.subject).toContain(`CN=${localSigningCommonName}`);
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.publicKey.asymmetricKeyType).toBe('rsa');
    expect(certificate.publicKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(certificate.ca).toBe(false);
  });

  it('gives concurrent first callers the same material', async () => {
    const fresh = join(dir, 'concurrent');
    const [a, b] = await Promise.all([ensureLocalPdfSigningMaterial(fresh), ensureLocalPdfSigningMaterial(fresh)]);
    expect(a).toEqual(b);
  });
});

/** Secrets Manager as the tests answer it (one mock for the file: a second would replace the first's stub). */
const secretsManager = mockClient(SecretsManagerClient);

describe('PDF signing material from Secrets Manager and the environment', () => {
  afterEach(() => {
    secretsManager.reset();
    newContainer();
    vi.unstubAllEnvs();
  });

  const secret = (value: unknown) => ({ SecretString: JSON.stringify(value) });

  it('loads the certificate and key from the secret once per container', async () => {
    secretsManager
      .on(GetSecretValueCommand, { SecretId: 'pdf-signing' })
      .resolves(secret({ certificate_pem: material.certificatePem, private_key_pem: material.privateKeyPem }));
    const first = await pdfSigningMaterialFromSecretsManager('pdf-signing');
    const second = await pdfSigningMaterialFromSecretsManager('pdf-signing');
    expect(first).toEqual({ certificatePem: material.certificatePem, privateKeyPem: material.privateKeyPem });
    expect(second).toBe(first);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    expect(await pdfsig(await signCertificatePdf(unsigned, first, signingTime))).toContain('Signature is Valid.');
  });

  it('keeps an optional chain and rejects malformed secrets without caching the failure', async () => {
    secretsManager
      .on(GetSecretValueCommand, { SecretId: 'pdf-signing' })
      .resolvesOnce({ SecretString: 'not json' })
      .resolvesOnce(secret({ certificate_pem: material.certificatePem }))
      .resolves(secret({ certificate_pem: material.certificatePem, private_key_pem: material.privateKeyPem, chain_pem: material.certificatePem }));
    await expect(pdfSigningMaterialFromSecretsManager('pdf-signing')).rejects.toThrow(/not JSON/);
    await expect(pdfSigningMaterialFromSecretsManager('pdf-signing')).rejects.toThrow(/private_key_pem/);
    const loaded = await pdfSigningMaterialFromSecretsManager('pdf-signing');
    expect(loaded.chainPem).toBe(material.certificatePem);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(3);
  });

  it('chooses Secrets Manager over a local directory and caches the choice', async () => {
    secretsManager
      .on(GetSecretValueCommand, { SecretId: 'arn:secret:pdf' })
      .resolves(secret({ certificate_pem: material.certificatePem, private_key_pem: material.privateKeyPem }));
    vi.stubEnv('PDF_SIGNING_SECRET_ID', 'arn:secret:pdf');
    vi.stubEnv('PDF_SIGNING_DIR', join(dir, 'unused'));
    const first = await pdfSigningMaterialFromEnvironment();
    vi.stubEnv('PDF_SIGNING_SECRET_ID', 'changed');
    expect(await pdfSigningMaterialFromEnvironment()).toBe(first);
    expect(secretsManager.commandCalls(GetSecretValueCommand)).toHaveLength(1);
    await expect(stat(join(dir, 'unused'))).rejects.toThrow();
  });

  it('uses the local directory when no secret is configured, and names both settings when neither is', async () => {
    vi.stubEnv('PDF_SIGNING_SECRET_ID', '');
    vi.stubEnv('PDF_SIGNING_DIR', join(dir, 'local'));
    expect(await pdfSigningMaterialFromEnvironment()).toEqual(material);

    newContainer();
    vi.stubEnv('PDF_SIGNING_DIR', '');
    await expect(pdfSigningMaterialFromEnvironment()).rejects.toThrow(/PDF_SIGNING_SECRET_ID.*PDF_SIGNING_DIR/);
  });
});

describe('PDF signed by a KMS key (KMS answered by aws-sdk-client-mock with a real node key)', () => {
  const kmsMock = mockClient(KMSClient);
  const keyId = 'arn:aws:kms:us-east-1:111122223333:key/pdf-signing';
  let kmsMaterial: PdfSigningMaterial;

  /** KMS as it answers for an RSA_2048 SIGN_VERIFY key holding `privateKeyPem` (the PDF signer sends digests only). */
  const kmsHolding = (privateKeyPem: string) => answerAsRsaKey(kmsMock, keyId, createPrivateKey(privateKeyPem), ['DIGEST']);

  beforeAll(async () => {
    kmsMaterial = await ensureLocalPdfSigningMaterial(join(dir, 'kms'));
  });
  afterEach(() => {
    kmsMock.reset();
    newContainer();
    vi.unstubAllEnvs();
  });
  afterAll(() => kmsMock.restore());

  it('produces a PDF pdfsig reports valid, byte-identical to one signed with the same key locally', async () => {
    kmsHolding(kmsMaterial.privateKeyPem);
    const signer = new KmsCmsSigner({ keyId, certificate: new X509Certificate(kmsMaterial.certificatePem) });
    const pdf = await signCertificatePdfWith(unsigned, signer, signingTime);
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    // PKCS#1 v1.5 is deterministic: KMS and the local key give the same bytes.
    expect(Buffer.from(pdf).equals(Buffer.from(await signCertificatePdf(unsigned, kmsMaterial, signingTime)))).toBe(true);

    const sign = kmsMock.commandCalls(SignCommand);
    expect(sign).toHaveLength(1);
    expect(sign[0]!.args[0].input).toMatchObject({ KeyId: keyId, MessageType: 'DIGEST', SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256' });
    // The public key is compared with the certificate once; later PDFs only call Sign.
    await signCertificatePdfWith(unsigned, signer, signingTime);
    expect(kmsMock.commandCalls(GetPublicKeyCommand)).toHaveLength(1);
    expect(kmsMock.commandCalls(SignCommand)).toHaveLength(2);
  });

  it('refuses a certificate that is not for the KMS key, without signing', async () => {
    kmsHolding(material.privateKeyPem); // KMS holds another key than the certificate's
    const signer = new KmsCmsSigner({ keyId, certificate: new X509Certificate(kmsMaterial.certificatePem) });
    await expect(signCertificatePdfWith(unsigned, signer, signingTime)).rejects.toThrow(/is not for KMS key/);
    expect(kmsMock.commandCalls(SignCommand)).toHaveLength(0);
  });

  it('asks KMS for ECDSA_SHA_256 when the certificate is for an EC key', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const ecDir = join(dir, 'kms-ec');
    await run('mkdir', ['-p', ecDir]);
    await writeFile(join(ecDir, 'key.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }));
    await run('openssl', [
      'req',
      '-x509',
      '-new',
      '-key',
      join(ecDir, 'key.pem'),
      '-out',
      join(ecDir, 'cert.pem'),
      '-subj',
      '/CN=KMS EC signer',
      '-days',
      '30',
    ]);
    kmsMock.on(GetPublicKeyCommand).resolves({
      PublicKey: new Uint8Array(createPublicKey(privateKey).export({ format: 'der', type: 'spki' })),
      KeySpec: 'ECC_NIST_P256',
      KeyUsage: 'SIGN_VERIFY',
      SigningAlgorithms: ['ECDSA_SHA_256'],
    });
    kmsMock.on(SignCommand).resolves({ Signature: new Uint8Array([0x30, 0x06, 0x02, 0x01, 0x01, 0x02, 0x01, 0x01]) });
    const signer = new KmsCmsSigner({ keyId, certificate: new X509Certificate(await readFile(join(ecDir, 'cert.pem'))) });
    expect(signer.keyType).toBe('ec');
    await signCertificatePdfWith(unsigned, signer, signingTime);
    expect(kmsMock.commandCalls(SignCommand)[0]!.args[0].input).toMatchObject({ MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' });
  });

  describe('configuration', () => {
    afterEach(() => secretsManager.reset());
    const secret = (value: unknown) => ({ SecretString: JSON.stringify(value) });

    it('uses the KMS key with the certificate from the secret when PDF_SIGNING_KMS_KEY_ID is set', async () => {
      kmsHolding(kmsMaterial.privateKeyPem);
      secretsManager.on(GetSecretValueCommand, { SecretId: 'pdf-certificate' }).resolves(secret({ certificate_pem: kmsMaterial.certificatePem }));
      vi.stubEnv('PDF_SIGNING_KMS_KEY_ID', keyId);
      vi.stubEnv('PDF_SIGNING_SECRET_ID', 'pdf-certificate');
      vi.stubEnv('PDF_SIGNING_DIR', join(dir, 'unused-kms'));
      const signer = await pdfSignerFromEnvironment();
      expect(signer).toBeInstanceOf(KmsCmsSigner);
      expect(await pdfSignerFromEnvironment()).toBe(signer);
      expect(await pdfsig(await signCertificatePdfWith(unsigned, signer, signingTime))).toContain('Signature is Valid.');
    });

    it('refuses a secret that still holds a private key, and a KMS key without a certificate secret', async () => {
      secretsManager
        .on(GetSecretValueCommand, { SecretId: 'pdf-certificate' })
        .resolves(secret({ certificate_pem: kmsMaterial.certificatePem, private_key_pem: kmsMaterial.privateKeyPem }));
      await expect(pdfSignerFromConfig({ PDF_SIGNING_KMS_KEY_ID: keyId, PDF_SIGNING_SECRET_ID: 'pdf-certificate' })).rejects.toThrow(/remove the private key/);
      await expect(pdfSignerFromConfig({ PDF_SIGNING_KMS_KEY_ID: keyId, PDF_SIGNING_DIR: join(dir, 'local') })).rejects.toThrow(/PDF_SIGNING_SECRET_ID/);
    });

    it('uses the local key of the material when no KMS key is configured', async () => {
      const signer = await pdfSignerFromConfig({ PDF_SIGNING_DIR: join(dir, 'local') });
      expect(signer).not.toBeInstanceOf(KmsCmsSigner);
      expect(Buffer.from(await signCertificatePdfWith(unsigned, signer, signingTime)).equals(Buffer.from(signed))).toBe(true);
    });
  });
});
