/**
 * Certificates checked by independent implementations: Python's json/hashlib for the integrity rule and
 * the signed bytes, jq and openssl when installed, WebCrypto for the signature. Signers: the local key
 * file, and AWS KMS through aws-sdk-client-mock answering with real signatures of node key pairs.
 */
import { GetPublicKeyCommand, KMSClient, SignCommand, type GetPublicKeyCommandInput, type SignCommandInput } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, generateKeyPairSync, sign, webcrypto, type KeyObject } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueCertificate, signingInput, type Certificate, type CertificateBody } from '#shared/features/certificates/certificate.ts';
import type { KeyMode } from '#shared/domain/caller.ts';
import { publicJwk, signingKeyJwk, type SigningKeyJwk } from '#shared/features/certificates/jwk.ts';
import { signingKeysResponse, type Jwks } from '#shared/features/certificates/jwks.ts';
import { kms } from '#shared/platform/aws/kms.ts';
import { KmsSigner } from '#shared/features/certificates/adapters/kms-signer.ts';
import { ensureLocalSigningKey, LocalKeySigner } from '#shared/features/certificates/local-key-signer.ts';
import { decodeSignature, derToRaw, isLowS, p256Order, rawToDer } from '#shared/features/certificates/signature.ts';
import type { CertificateSigner } from '#shared/features/certificates/certificate-signer.ts';
import { signerFromEnvironment, signersFromEnvironment, SigningConfigurationError } from '#shared/features/certificates/signer-services.ts';
import { newContainer } from '#shared/platform/container.ts';
import { verifyCertificate } from '#shared/features/certificates/verification.ts';

const pythonScript = new URL('../support/certificates/certificate_rule.py', import.meta.url).pathname;

function installed(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}
const hasJq = installed('jq');
const hasOpenssl = installed('openssl');

/** Text that exercises JSON string escaping and UTF-8: accents, quotes, backslash, controls, U+2028, astral and CJK. */
const awkward = 'José Peña "Pepe" \\ / \n\t\u0001 \u2028 Zoë Ñandú 😀 中文';

const body = (name: string): Omit<CertificateBody, 'signing_key_id'> => ({
  verification_id: 'vrf_2c9a6f0e8b1d4a7f',
  issued_at: '2026-05-01T12:00:00.000Z',
  mode: 'test',
  provider: {
    name,
    npi: '1234567893',
    license_number: `RN-${name.slice(0, 4)}-001`,
    state: 'Texas',
    profession: 'registered_nurse',
    license_type: `Registered Nurse — ${name}`,
  },
  result: { verified: true, status: 'active', expiry_date: null, disciplinary_flags: true, oig_excluded: false },
  match: { confidence: 0.73, basis: ['last_name_exact', 'first_name_nickname', 'dob'] },
  sources_checked: ['NPPES NPI Registry', 'OIG LEIE', `Board — ${name}`],
  sources: [
    { name: `Board — ${name}`, status: 'cached', as_of: '2026-04-01T09:30:00.000Z' },
    { name: 'OIG LEIE', status: 'cached', as_of: '2026-04-28T06:00:00.000Z' },
    { name: 'NPPES NPI Registry', status: 'live', as_of: '2026-05-01T11:59:59.120Z' },
  ],
  sanctions: { sanctioned: false, lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-04-28T06:00:00.000Z' }], matches: [] },
});

/** The published keys of one signer, as the JWKS lists them for its mode. */
const keySet = async (signer: CertificateSigner): Promise<Jwks> => ({ keys: await signer.publicKeys() });

/** The certificate as a client receives it: JSON in the service's own (unsorted) key order. */
const asReceived = (cert: Certificate) => JSON.stringify(cert, null, 2);

function python(cert: Certificate): { certificate_hash: string; signed_body: Buffer } {
  const out = execFileSync('python3', [pythonScript], { input: asReceived(cert) });
  const parsed = JSON.parse(out.toString('utf8')) as { certificate_hash: string; signed_body: string };
  return { certificate_hash: parsed.certificate_hash, signed_body: Buffer.from(parsed.signed_body, 'base64') };
}

/** ES256 verification through WebCrypto, from the JWKS alone. */
async function webCryptoVerify(jwks: Jwks, cert: Certificate, signedBytes: Uint8Array): Promise<boolean> {
  const jwk = jwks.keys.find((k) => k.kid === cert.signing_key_id);
  if (!jwk) return false;
  const key = await webcrypto.subtle.importKey('jwk', { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  const signature = Buffer.from(cert.signature.replace(/^vrf_sig_/, ''), 'base64url');
  return webcrypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, signature, signedBytes);
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'certificates-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('independent verification of a locally signed certificate', () => {
  let signer: LocalKeySigner;
  let cert: Certificate;
  let jwks: Jwks;

  beforeAll(async () => {
    const path = join(dir, 'independent', 'signing-key.pem');
    await ensureLocalSigningKey(path);
    signer = new LocalKeySigner(path, 'test');
    cert = await issueCertificate(body(awkward), signer);
    jwks = JSON.parse(JSON.stringify(await keySet(signer))) as Jwks;
  });

  it('Python recomputes the same certificate_hash from the received JSON (sort_keys, compact, ensure_ascii=False)', () => {
    expect(cert.provider.name).toBe(awkward);
    expect(python(cert).certificate_hash).toBe(cert.certificate_hash);
    // And notices a change of one accent.
    const changed = { ...cert, provider: { ...cert.provider, name: awkward.replace('é', 'e') } };
    expect(python(changed).certificate_hash).not.toBe(cert.certificate_hash);
  });

  it('Python produces the same signed bytes, and WebCrypto verifies the signature over them with the JWKS key', async () => {
    const { signed_body } = python(cert);
    expect(signed_body.equals(Buffer.from(signingInput(cert)))).toBe(true);
    expect(signed_body.toString('utf8')).toContain('"name":"José Peña \\"Pepe\\" \\\\ / \\n\\t\\u0001 \u2028 Zoë Ñandú 😀 中文"');
    expect(await webCryptoVerify(jwks, cert, signed_body)).toBe(true);

    const tampered = python({ ...cert, result: { ...cert.result, disciplinary_flags: false } }).signed_body;
    expect(await webCryptoVerify(jwks, cert, tampered)).toBe(false);
    // The board's 30-day-old cached answer cannot be passed off as a live one.
    const freshened = python({ ...cert, sources: cert.sources.map((s, i) => (i === 0 ? { ...s, status: 'live' as const } : s)) }).signed_body;
    expect(await webCryptoVerify(jwks, cert, freshened)).toBe(false);
    expect(signed_body.toString('utf8')).toContain('"match":{"basis":["last_name_exact","first_name_nickname","dob"],"confidence":0.73}');
    expect(await verifyCertificate(cert, jwks)).toEqual({ hashValid: true, signatureValid: true, keyId: cert.signing_key_id });
  });

  const withJq = hasJq ? it : it.skip;
  withJq(`jq -S -c -j 'del(.certificate_hash)' | sha256sum gives the certificate_hash${hasJq ? '' : ' (skipped: jq is not installed)'}`, () => {
    // jq writes U+007F (DEL) as \u007f where RFC 8785, Python and JSON.stringify write it raw; the text
    // used here has no DEL, which no provider name or source label contains.
    const out = execFileSync('sh', ['-c', "jq -S -c -j 'del(.certificate_hash)' | sha256sum"], { input: asReceived(cert) });
    expect(`sha256_${out.toString().split(' ')[0]}`).toBe(cert.certificate_hash);
  });

  const withOpenssl = hasOpenssl ? it : it.skip;
  withOpenssl(`openssl verifies the DER form of the signature with the JWK public key${hasOpenssl ? '' : ' (skipped: openssl is not installed)'}`, async () => {
    const { createPublicKey } = await import('node:crypto');
    const jwk = jwks.keys[0]!;
    const pub = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
    const files = { key: join(dir, 'pub.pem'), sig: join(dir, 'sig.der'), data: join(dir, 'data.bin') };
    await writeFile(files.key, pub.export({ format: 'pem', type: 'spki' }));
    await writeFile(files.sig, rawToDer(Buffer.from(cert.signature.slice('vrf_sig_'.length), 'base64url')));
    await writeFile(files.data, python(cert).signed_body);
    const ok = spawnSync('openssl', ['dgst', '-sha256', '-verify', files.key, '-signature', files.sig, files.data]);
    expect(ok.stdout.toString().trim()).toBe('Verified OK');
    await writeFile(files.data, Buffer.concat([python(cert).signed_body, Buffer.from(' ')]));
    expect(spawnSync('openssl', ['dgst', '-sha256', '-verify', files.key, '-signature', files.sig, files.data]).status).not.toBe(0);
  });
});

describe('local key file signer', () => {
  it('creates the key once, PKCS#8 PEM with mode 0600, and reuses it afterwards', async () => {
    const path = join(dir, 'state', 'nested', 'signing-key.pem');
    expect(existsSync(path)).toBe(false);
    await ensureLocalSigningKey(path);
    const pem = await readFile(path, 'utf8');
    expect(pem).toMatch(/^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n$/);
    expect((await stat(path)).mode & 0o777).toBe(0o600);

    const first = new LocalKeySigner(path, 'test');
    const kid = await first.keyId();
    await ensureLocalSigningKey(path);
    expect(await readFile(path, 'utf8')).toBe(pem);
    const second = new LocalKeySigner(path, 'test'); // as after a restart
    expect(await second.keyId()).toBe(kid);
    expect(await second.publicKeys()).toEqual(await first.publicKeys());

    const jwks = await keySet(second);
    for (const name of ['Ana Lima', awkward]) {
      const cert = await issueCertificate(body(name), first);
      expect(cert.signing_key_id).toBe(kid);
      expect(await verifyCertificate(cert, jwks)).toEqual({ hashValid: true, signatureValid: true, keyId: kid });
      expect(await webCryptoVerify(jwks, cert, signingInput(cert))).toBe(true);
    }
  });

  it('creates exactly one key when started concurrently, leaving no temporary files', async () => {
    const keyDir = join(dir, 'concurrent');
    const path = join(keyDir, 'signing-key.pem');
    await Promise.all(Array.from({ length: 8 }, () => ensureLocalSigningKey(path)));
    expect(await readdir(keyDir)).toEqual(['signing-key.pem']);
    const kids = await Promise.all(Array.from({ length: 3 }, () => new LocalKeySigner(path, 'test').keyId()));
    expect(new Set(kids).size).toBe(1);
  });

  it('refuses a key file that is not an EC P-256 private key', async () => {
    const path = join(dir, 'bad.pem');
    await writeFile(path, generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }));
    await expect(ensureLocalSigningKey(path)).rejects.toThrow(/P-256/);
    await expect(new LocalKeySigner(path, 'test').keyId()).rejects.toThrow(/P-256/);
    await expect(new LocalKeySigner(join(dir, 'missing.pem'), 'test').sign(new Uint8Array(1))).rejects.toThrow(/ENOENT/);
  });

  it('is what the environment selects with SIGNING_KEY_FILE and TEST_SIGNING_KEY_FILE, one key per mode, created once per container', async () => {
    const paths = { live: join(dir, 'env', 'signing-key.pem'), test: join(dir, 'env', 'test-signing-key.pem') };
    await Promise.all([ensureLocalSigningKey(paths.live), ensureLocalSigningKey(paths.test)]);
    const saved = savedEnv();
    try {
      delete process.env.SIGNING_KMS_KEY_ID;
      delete process.env.TEST_SIGNING_KMS_KEY_ID;
      process.env.SIGNING_KEY_FILE = paths.live;
      process.env.TEST_SIGNING_KEY_FILE = paths.test;
      newContainer();
      const signer = signerFromEnvironment('test');
      expect(signer).toBeInstanceOf(LocalKeySigner);
      expect(signerFromEnvironment('test')).toBe(signer);
      expect(await signer.keyId()).toBe(await new LocalKeySigner(paths.test, 'test').keyId());
      expect(await signerFromEnvironment('live').keyId()).toBe(await new LocalKeySigner(paths.live, 'live').keyId());
      expect(await signerFromEnvironment('live').keyId()).not.toBe(await signer.keyId());

      // The JWKS publishes both, each marked with its mode; each mode's certificates verify only as that mode.
      const jwks = JSON.parse(JSON.stringify(await signingKeysResponse(signersFromEnvironment()))) as Jwks;
      expect(jwks.keys.map((k) => [k.kid, k.mode])).toEqual([
        [await signerFromEnvironment('live').keyId(), 'live'],
        [await signer.keyId(), 'test'],
      ]);
      const testCert = await issueCertificate(body('Ana Lima'), signer);
      const liveCert = await issueCertificate({ ...body('Ana Lima'), mode: 'live' }, signerFromEnvironment('live'));
      expect(await verifyCertificate(testCert, jwks)).toMatchObject({ hashValid: true, signatureValid: true });
      expect(await verifyCertificate(liveCert, jwks)).toMatchObject({ hashValid: true, signatureValid: true });
      await expect(issueCertificate({ ...body('Ana Lima'), mode: 'live' }, signer)).rejects.toThrow(/live certificate cannot be signed with the test/);
    } finally {
      restoreEnv(saved);
    }
  });
});

const signingVariables = [
  'SIGNING_KMS_KEY_ID',
  'SIGNING_KEY_FILE',
  'SIGNING_KMS_PREVIOUS_KEY_IDS',
  'TEST_SIGNING_KMS_KEY_ID',
  'TEST_SIGNING_KEY_FILE',
  'TEST_SIGNING_KMS_PREVIOUS_KEY_IDS',
] as const;

function savedEnv(): Record<string, string | undefined> {
  return Object.fromEntries(signingVariables.map((name) => [name, process.env[name]]));
}

function restoreEnv(saved: Record<string, string | undefined>): void {
  for (const name of signingVariables) {
    const value = saved[name];
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  newContainer();
}

describe('AWS KMS signer (aws-sdk-client-mock)', () => {
  const arn = (id: string) => `arn:aws:kms:eu-west-1:111122223333:key/${id}`;
  const keyPair = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const keys: Record<string, { privateKey: KeyObject; publicKey: KeyObject }> = {
    [arn('live')]: keyPair(),
    [arn('current')]: keyPair(),
    [arn('previous-1')]: keyPair(),
    'previous-2': keyPair(),
  };
  const jwkOf = (id: string, mode: KeyMode = 'test'): SigningKeyJwk => signingKeyJwk(publicJwk(keys[id]!.publicKey), mode);
  /** Messages the DIGEST path may sign, by their SHA-256 (KMS signs a digest; node:crypto needs the message). */
  const preimages = new Map<string, Buffer>();

  const kmsMock = mockClient(KMSClient);

  const getPublicKey = (input: GetPublicKeyCommandInput) => {
    const pair = keys[input.KeyId!];
    if (!pair) throw Object.assign(new Error('Key not found'), { name: 'NotFoundException' });
    return {
      KeyId: input.KeyId!.startsWith('arn:') ? input.KeyId : arn(input.KeyId!),
      PublicKey: new Uint8Array(pair.publicKey.export({ format: 'der', type: 'spki' })),
      KeySpec: 'ECC_NIST_P256' as const,
      KeyUsage: 'SIGN_VERIFY' as const,
      SigningAlgorithms: ['ECDSA_SHA_256' as const],
    };
  };
  const kmsSign = (input: SignCommandInput) => {
    const pair = keys[input.KeyId!]!;
    const message = input.MessageType === 'DIGEST' ? preimages.get(Buffer.from(input.Message!).toString('hex'))! : Buffer.from(input.Message!);
    // A real DER signature (X9.62 ECDSA-Sig-Value), as KMS returns it.
    const der = sign('sha256', message, { key: pair.privateKey, dsaEncoding: 'der' });
    return { KeyId: input.KeyId, Signature: new Uint8Array(der), SigningAlgorithm: 'ECDSA_SHA_256' as const };
  };

  beforeEach(() => {
    kmsMock.reset();
    preimages.clear();
    kmsMock.on(GetPublicKeyCommand).callsFake(getPublicKey);
    kmsMock.on(SignCommand).callsFake(kmsSign);
  });
  afterEach(() => {
    newContainer();
  });
  afterAll(() => {
    kmsMock.restore();
  });

  it('signs with the configured key of the mode (RAW, ECDSA_SHA_256); certificates verify with the JWKS from GetPublicKey', async () => {
    const saved = savedEnv();
    try {
      process.env.SIGNING_KMS_KEY_ID = arn('live');
      delete process.env.SIGNING_KMS_PREVIOUS_KEY_IDS;
      process.env.TEST_SIGNING_KMS_KEY_ID = arn('current');
      process.env.TEST_SIGNING_KMS_PREVIOUS_KEY_IDS = ` ${arn('previous-1')} , ,previous-2`;
      process.env.TEST_SIGNING_KEY_FILE = join(dir, 'ignored.pem'); // KMS wins
      newContainer();
      const signer = signerFromEnvironment('test');
      expect(signer).toBeInstanceOf(KmsSigner);
      expect(signerFromEnvironment('test')).toBe(signer);

      const certs = await Promise.all(['José Peña', 'Ana Lima', awkward].map((name) => issueCertificate(body(name), signer)));
      const jwks = JSON.parse(JSON.stringify(await signingKeysResponse(signersFromEnvironment()))) as Jwks;

      // The live key, then the test keys: current first, then the previous ones, each marked with its mode.
      expect(jwks.keys.map((k) => k.kid)).toEqual([jwkOf(arn('live')).kid, jwkOf(arn('current')).kid, jwkOf(arn('previous-1')).kid, jwkOf('previous-2').kid]);
      expect(jwks.keys.map((k) => k.mode)).toEqual(['live', 'test', 'test', 'test']);
      expect(jwks.keys[0]).toEqual(jwkOf(arn('live'), 'live'));
      expect(jwks.keys[1]).toEqual(jwkOf(arn('current')));
      for (const cert of certs) {
        expect(cert.signing_key_id).toBe(jwkOf(arn('current')).kid);
        expect(await verifyCertificate(cert, jwks)).toEqual({ hashValid: true, signatureValid: true, keyId: cert.signing_key_id });
        expect(await webCryptoVerify(jwks, cert, python(cert).signed_body)).toBe(true);
        expect(python(cert).certificate_hash).toBe(cert.certificate_hash);
      }

      const signCalls = kmsMock.commandCalls(SignCommand);
      expect(signCalls).toHaveLength(3);
      for (const [i, call] of signCalls.entries()) {
        const input = call.args[0].input;
        expect(input).toMatchObject({ KeyId: arn('current'), MessageType: 'RAW', SigningAlgorithm: 'ECDSA_SHA_256' });
        expect(certs.some((c) => Buffer.from(input.Message!).equals(Buffer.from(signingInput(c))))).toBe(true);
        expect(i).toBeLessThan(3);
      }

      // Public keys are fetched once per key for the container, however many certificates and JWKS requests follow.
      await issueCertificate(body('Once More'), signerFromEnvironment('test'));
      await signingKeysResponse(signersFromEnvironment());
      const fetched = kmsMock.commandCalls(GetPublicKeyCommand).map((c) => c.args[0].input.KeyId);
      expect(fetched.sort()).toEqual([arn('live'), arn('current'), arn('previous-1'), 'previous-2'].sort());
      expect(kms()).toBe(kms());
    } finally {
      restoreEnv(saved);
    }
  });

  it('keeps certificates signed before a rotation verifiable through the previous keys in the JWKS', async () => {
    const before = new KmsSigner({ keyId: 'previous-2', mode: 'test' });
    const old = await issueCertificate(body('José Peña'), before);
    const after = new KmsSigner({ keyId: arn('current'), previousKeyIds: [arn('previous-1'), 'previous-2'], mode: 'test' });
    const fresh = await issueCertificate(body('José Peña'), after);
    const jwks = await keySet(after);

    expect(old.signing_key_id).toBe(jwkOf('previous-2').kid);
    expect(fresh.signing_key_id).toBe(jwkOf(arn('current')).kid);
    expect(await verifyCertificate(old, jwks)).toMatchObject({ hashValid: true, signatureValid: true });
    expect(await verifyCertificate(fresh, jwks)).toMatchObject({ hashValid: true, signatureValid: true });
    expect(await webCryptoVerify(jwks, old, signingInput(old))).toBe(true);
    // Without the previous key published, the old certificate no longer verifies.
    expect((await verifyCertificate(old, { keys: jwks.keys.slice(0, 1) })).signatureValid).toBe(false);
    // The current key listed again among previous keys appears once.
    const repeated = new KmsSigner({ keyId: arn('current'), previousKeyIds: [arn('current'), 'previous-2'], mode: 'test' });
    expect((await repeated.publicKeys()).map((k) => k.kid)).toEqual([jwkOf(arn('current')).kid, jwkOf('previous-2').kid]);
  });

  it('signs a message over the 4096-byte RAW limit as its SHA-256 digest (MessageType DIGEST)', async () => {
    const signer = new KmsSigner({ keyId: arn('current'), mode: 'test' });
    const long = body('P'.repeat(5000));
    const expectedInput = Buffer.from(signingInput({ ...long, signing_key_id: await signer.keyId() }));
    const digest = createHash('sha256').update(expectedInput).digest();
    preimages.set(digest.toString('hex'), expectedInput);

    const cert = await issueCertificate(long, signer);
    const input = kmsMock.commandCalls(SignCommand)[0]!.args[0].input;
    expect(input).toMatchObject({ KeyId: arn('current'), MessageType: 'DIGEST', SigningAlgorithm: 'ECDSA_SHA_256' });
    expect(Buffer.from(input.Message!).equals(digest)).toBe(true);
    expect(await verifyCertificate(cert, await keySet(signer))).toMatchObject({ hashValid: true, signatureValid: true });
  });

  it('refuses keys that are not ECC_NIST_P256 SIGN_VERIFY, and retries a failed public-key fetch', async () => {
    kmsMock.on(GetPublicKeyCommand, { KeyId: 'rsa' }).resolves({ KeyId: arn('rsa'), KeySpec: 'RSA_2048', KeyUsage: 'SIGN_VERIFY' });
    kmsMock.on(GetPublicKeyCommand, { KeyId: 'encrypt' }).resolves({ KeyId: arn('encrypt'), KeySpec: 'ECC_NIST_P256', KeyUsage: 'ENCRYPT_DECRYPT' });
    await expect(new KmsSigner({ keyId: 'rsa', mode: 'test' }).keyId()).rejects.toThrow(SigningConfigurationError);
    await expect(new KmsSigner({ keyId: 'encrypt', mode: 'test' }).keyId()).rejects.toThrow(/SIGN_VERIFY/);
    await expect(issueCertificate(body('x'), new KmsSigner({ keyId: 'rsa', mode: 'test' }))).rejects.toThrow(/ECC_NIST_P256/);

    const signer = new KmsSigner({ keyId: arn('current'), mode: 'test' });
    kmsMock
      .on(GetPublicKeyCommand, { KeyId: arn('current') })
      .rejectsOnce(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }))
      .callsFake(getPublicKey);
    await expect(signer.keyId()).rejects.toThrow(/Rate exceeded/);
    expect(await signer.keyId()).toBe(jwkOf(arn('current')).kid);
    expect(await signer.keyId()).toBe(jwkOf(arn('current')).kid);
    expect(kmsMock.commandCalls(GetPublicKeyCommand, { KeyId: arn('current') })).toHaveLength(2);
  });

  it('issues the low-S form when KMS returns a high-S signature', async () => {
    const highS = (raw: Uint8Array) => {
      const s = BigInt(`0x${Buffer.from(raw.subarray(32)).toString('hex')}`);
      const out = Uint8Array.from(raw);
      out.set(Buffer.from((p256Order - s).toString(16).padStart(64, '0'), 'hex'), 32);
      return out;
    };
    kmsMock.on(SignCommand).callsFake((input: SignCommandInput) => {
      const raw = derToRaw(kmsSign(input).Signature);
      return { KeyId: input.KeyId, Signature: rawToDer(isLowS(raw) ? highS(raw) : raw), SigningAlgorithm: 'ECDSA_SHA_256' as const };
    });
    const signer = new KmsSigner({ keyId: arn('current'), mode: 'test' });
    for (const name of ['José Peña', 'Ana Lima', 'Zoë Ñandú']) {
      const returned = await signer.sign(new TextEncoder().encode(name));
      expect(isLowS(returned)).toBe(false);
      const cert = await issueCertificate(body(name), signer);
      expect(isLowS(decodeSignature(cert.signature)!)).toBe(true);
      expect(await verifyCertificate(cert, await keySet(signer))).toMatchObject({ hashValid: true, signatureValid: true });
      expect(await webCryptoVerify(await keySet(signer), cert, signingInput(cert))).toBe(true);
    }
  });

  it('propagates a failed Sign call and rejects a signature that is not DER', async () => {
    const signer = new KmsSigner({ keyId: arn('current'), mode: 'test' });
    kmsMock
      .on(SignCommand)
      .rejectsOnce(Object.assign(new Error('KMS is unavailable'), { name: 'KMSInternalException' }))
      .resolvesOnce({ Signature: new Uint8Array(64), SigningAlgorithm: 'ECDSA_SHA_256' })
      .resolvesOnce({ SigningAlgorithm: 'ECDSA_SHA_256' })
      .callsFake(kmsSign);
    await expect(issueCertificate(body('x'), signer)).rejects.toThrow(/KMS is unavailable/);
    await expect(issueCertificate(body('x'), signer)).rejects.toThrow(/DER/);
    await expect(issueCertificate(body('x'), signer)).rejects.toThrow(/no signature/);
    expect((await verifyCertificate(await issueCertificate(body('x'), signer), await keySet(signer))).signatureValid).toBe(true);
  });
});
