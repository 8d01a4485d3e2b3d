/**
 * The certificate request for the KMS PDF signing key, end to end: KMS (answered by aws-sdk-client-mock
 * with a real node key, as KMS has no emulator) signs the request, openssl verifies it, a throwaway
 * openssl CA issues the certificate from it, and a PDF signed through the KMS path with that
 * certificate is reported valid by pdfsig.
 */
import { GetPublicKeyCommand, KMSClient, SignCommand, type SignCommandInput } from '@aws-sdk/client-kms';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { mockClient } from 'aws-sdk-client-mock';
import { execFile } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { answerAsRsaKey } from '../support/kms-rsa-key.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DistinguishedNameError, parseDistinguishedName } from '#shared/features/certificates/pdf/distinguished-name.ts';
import { KmsCmsSigner } from '#shared/features/certificates/pdf/adapters/kms-cms-signer.ts';
import { kmsCertificateSigningRequest } from '#shared/features/certificates/pdf/adapters/kms-csr.ts';
import { PdfSigningMaterialError, pdfSignerFromConfig } from '#shared/features/certificates/pdf/pdf-signing-services.ts';
import { newContainer } from '#shared/platform/container.ts';
import { renderCertificatePdf } from '#shared/features/certificates/pdf/render-certificate-pdf.ts';
import { signCertificatePdfWith } from '#shared/features/certificates/pdf/sign-pdf.ts';
import { verifiedInput } from '../fixtures/pdf/certificate-pdf-inputs.ts';
import { pdfsig } from '../fixtures/pdf/poppler.ts';

const run = promisify(execFile);
const openssl = async (...args: string[]) => (await run('openssl', args)).stdout;

const keyId = 'arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab';
const subject = 'CN=Example Health Verification,OU=Certificates,O=Example Health\\, Inc.,L=Seattle,ST=Washington,C=US';
const kmsMock = mockClient(KMSClient);
const secretsManager = mockClient(SecretsManagerClient);
const client = new KMSClient({ region: 'us-east-1' });
let dir: string;
let rsaKey: KeyObject;

/** KMS as it answers for an RSA_2048 SIGN_VERIFY key holding `privateKey`: RAW messages (KMS hashes) and digests. */
const kmsHolding = (privateKey: KeyObject) => answerAsRsaKey(kmsMock, keyId, privateKey, ['RAW', 'DIGEST']);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pdf-csr-'));
  rsaKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
});
afterEach(() => {
  kmsMock.reset();
  secretsManager.reset();
  newContainer();
});
afterAll(async () => {
  kmsMock.restore();
  secretsManager.restore();
  await rm(dir, { recursive: true, force: true });
});

describe('certificate signing request for the KMS PDF signing key', () => {
  it('is signed by the KMS key (openssl verifies it), holds its public key, the subject and the requested extensions', async () => {
    kmsHolding(rsaKey);
    const csr = await kmsCertificateSigningRequest({ keyId, subject, client });
    const csrFile = join(dir, 'request.csr');
    await writeFile(csrFile, csr.pem);

    const { stderr } = await run('openssl', ['req', '-in', csrFile, '-noout', '-verify']);
    expect(stderr).toMatch(/verify OK|Certificate request self-signature verify OK/);
    expect(await openssl('req', '-in', csrFile, '-noout', '-pubkey')).toBe(createPublicKey(rsaKey).export({ format: 'pem', type: 'spki' }));
    expect((await openssl('req', '-in', csrFile, '-noout', '-subject', '-nameopt', 'RFC2253')).trim()).toBe(`subject=${subject}`);
    const text = await openssl('req', '-in', csrFile, '-noout', '-text');
    expect(text).toContain('Signature Algorithm: sha256WithRSAEncryption');
    expect(text).toMatch(/X509v3 Key Usage: critical\s+Digital Signature, Non Repudiation/);
    // id-kp-documentSigning (RFC 9336) and Microsoft Document Signing; OpenSSL 3.0 knows neither by name.
    expect(text).toMatch(/X509v3 Extended Key Usage: \n\s+1\.3\.6\.1\.5\.5\.7\.3\.36, 1\.3\.6\.1\.4\.1\.311\.10\.3\.12\n/);

    const sign = kmsMock.commandCalls(SignCommand);
    expect(sign).toHaveLength(1);
    expect(sign[0]!.args[0].input).toMatchObject({ KeyId: keyId, MessageType: 'RAW', SigningAlgorithm: 'RSASSA_PKCS1_V1_5_SHA_256' });
    expect(csr.keyArn).toBe(keyId);
    expect(csr.publicKeySha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a certificate, issued by a CA from the request, that signs PDFs through KMS which pdfsig reports valid', async () => {
    kmsHolding(rsaKey);
    const csrFile = join(dir, 'issue.csr');
    await writeFile(csrFile, (await kmsCertificateSigningRequest({ keyId, subject, client })).pem);
    const ca = (name: string) => join(dir, `ca.${name}`);
    await openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '30',
      '-keyout',
      ca('key'),
      '-out',
      ca('pem'),
      '-subj',
      '/CN=Throwaway Document Signing CA',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
    const leaf = join(dir, 'leaf.pem');
    await openssl(
      'x509',
      '-req',
      '-in',
      csrFile,
      '-CA',
      ca('pem'),
      '-CAkey',
      ca('key'),
      '-CAcreateserial',
      '-days',
      '30',
      '-copy_extensions',
      'copyall',
      '-out',
      leaf,
    );
    expect(await openssl('x509', '-in', leaf, '-noout', '-ext', 'keyUsage')).toMatch(/critical\s+Digital Signature, Non Repudiation/);

    // The secret holds only the certificates; the key stays in KMS.
    secretsManager.on(GetSecretValueCommand, { SecretId: 'pdf-certificate' }).resolves({
      SecretString: JSON.stringify({ certificate_pem: await readFile(leaf, 'utf8'), chain_pem: await readFile(ca('pem'), 'utf8') }),
    });
    const signer = await pdfSignerFromConfig({ PDF_SIGNING_KMS_KEY_ID: keyId, PDF_SIGNING_SECRET_ID: 'pdf-certificate' });
    expect(signer).toBeInstanceOf(KmsCmsSigner);
    const pdf = await signCertificatePdfWith(await renderCertificatePdf(verifiedInput()), signer, new Date('2026-03-14T15:09:26Z'));
    const report = await pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Example Health Verification');
    expect(report).toContain('Total document signed');
    expect(kmsMock.commandCalls(SignCommand).map((call) => call.args[0].input.MessageType)).toEqual(['RAW', 'DIGEST']);
  });

  it('asks for ECDSA_SHA_256 with an ECC_NIST_P256 key, which openssl verifies too', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    kmsMock.on(GetPublicKeyCommand).resolves({
      PublicKey: new Uint8Array(createPublicKey(privateKey).export({ format: 'der', type: 'spki' })),
      KeySpec: 'ECC_NIST_P256',
      KeyUsage: 'SIGN_VERIFY',
      SigningAlgorithms: ['ECDSA_SHA_256'],
    });
    kmsMock.on(SignCommand).callsFake((input: SignCommandInput) => ({ Signature: new Uint8Array(sign('sha256', Buffer.from(input.Message!), privateKey)) }));
    const csrFile = join(dir, 'ec.csr');
    await writeFile(csrFile, (await kmsCertificateSigningRequest({ keyId, subject: 'CN=EC signer,C=US', client })).pem);
    const { stderr } = await run('openssl', ['req', '-in', csrFile, '-noout', '-verify']);
    expect(stderr).toMatch(/verify OK/);
    expect(kmsMock.commandCalls(SignCommand)[0]!.args[0].input).toMatchObject({ MessageType: 'RAW', SigningAlgorithm: 'ECDSA_SHA_256' });
  });

  it('refuses a key that cannot sign, and a KMS signature its public key does not verify', async () => {
    kmsMock
      .on(GetPublicKeyCommand)
      .resolvesOnce({ PublicKey: new Uint8Array(createPublicKey(rsaKey).export({ format: 'der', type: 'spki' })), KeyUsage: 'ENCRYPT_DECRYPT' });
    await expect(kmsCertificateSigningRequest({ keyId, subject, client })).rejects.toThrow(/key usage ENCRYPT_DECRYPT/);

    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    kmsHolding(rsaKey);
    kmsMock.on(SignCommand).callsFake((input: SignCommandInput) => ({ Signature: new Uint8Array(sign('sha256', Buffer.from(input.Message!), other)) }));
    await expect(kmsCertificateSigningRequest({ keyId, subject, client })).rejects.toThrow(PdfSigningMaterialError);
  });
});

describe('RFC 4514 subject', () => {
  it('parses escapes and keeps the written order', () => {
    expect(parseDistinguishedName('CN=A\\, B,O=Caf\\C3\\A9,C=US').map((a) => [a.type, a.value])).toEqual([
      ['CN', 'A, B'],
      ['O', 'Café'],
      ['C', 'US'],
    ]);
  });

  it.each([
    ['', /empty/],
    ['CN', /TYPE=value/],
    ['XX=1', /not one of/],
    ['C=us', /two-letter/],
    ['CN=a+O=b', /multi-valued/],
    [`CN=${'x'.repeat(65)}`, /longer than 64/],
    ['CN=a\\q', /bad escape/],
  ])('refuses %j', (text, message) => {
    expect(() => parseDistinguishedName(text)).toThrow(DistinguishedNameError);
    expect(() => parseDistinguishedName(text)).toThrow(message);
  });
});
