import type { Context } from 'aws-lambda';
import { createHash, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  certificateHash,
  issueCertificate,
  signingInput,
  type Certificate,
  type CertificateBody,
  type IssuedCertificate,
} from '#shared/features/certificates/certificate.ts';
import type { KeyMode } from '#shared/domain/caller.ts';
import { jwkFromSpkiDer, jwkThumbprint, publicJwk, signingKeyJwk, type Jwk, type SigningKeyJwk } from '#shared/features/certificates/jwk.ts';
import { signingKeysResponse } from '#shared/features/certificates/jwks.ts';
import { signingKeysCacheControl, signingKeysHttpResponse } from '#shared/api/http/signing-keys-response.ts';
import { KmsSigner } from '#shared/features/certificates/adapters/kms-signer.ts';
import { LocalKeySigner } from '#shared/features/certificates/local-key-signer.ts';
import { decodeSignature, derToRaw, encodeSignature, isLowS, p256Order, rawToDer, toLowS, verifyEs256 } from '#shared/features/certificates/signature.ts';
import type { CertificateSigner, CertificateSigners } from '#shared/features/certificates/certificate-signer.ts';
import { signerFromConfig, signerFromEnvironment, signersFromEnvironment, SigningConfigurationError } from '#shared/features/certificates/signer-services.ts';
import { newContainer } from '#shared/platform/container.ts';
import { strictSigningFrom, verifyCertificate } from '#shared/features/certificates/verification.ts';
import { publicHandler } from '#shared/api/http/pipeline-frame.ts';
import { routes, type RouteDefinition } from '#shared/platform/infra/routes.ts';
import { canonicalJson } from '#shared/platform/json/canonical.ts';
import { toHttpApiEvent } from '../../local/runtime/http-event.ts';
import { olderCertificate, olderCertificateJwks } from '../fixtures/certificates/older-certificate.ts';
import { certificateSchema } from '#shared/features/certificates/certificate-schema.ts';
import type { Jwks } from '#shared/features/certificates/jwks.ts';
import { certificateExample, jwksExample, verificationResultExample } from '#shared/api/openapi/examples.ts';

/** A signer over an in-memory key, signing with node:crypto, so these tests depend on no signer implementation. */
function memorySigner(
  privateKey: KeyObject = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey,
  mode: KeyMode = 'live',
): CertificateSigner & { privateKey: KeyObject } {
  const jwk = signingKeyJwk(publicJwk(privateKey), mode);
  return {
    privateKey,
    mode,
    keyId: async () => jwk.kid,
    sign: async (data) => new Uint8Array(sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' })),
    publicKeys: async () => [jwk],
  };
}

const body: Omit<CertificateBody, 'signing_key_id'> = {
  verification_id: 'vrf_01JABCDEF0123456789',
  issued_at: '2026-12-14T15:09:26.535Z',
  mode: 'live',
  provider: {
    name: 'José Peña',
    npi: '1234567893',
    license_number: 'MD60012345',
    state: 'Washington',
    profession: 'physician',
    license_type: 'Physician And Surgeon License',
  },
  result: { verified: true, status: 'active', expiry_date: '2027-06-30', disciplinary_flags: false, oig_excluded: false },
  match: { confidence: 0.99, basis: ['npi', 'npi_license_link'] },
  sources_checked: ['NPPES NPI Registry', 'OIG LEIE', 'WA Department of Health'],
  sources: [
    { name: 'WA Department of Health', status: 'cached', as_of: '2026-02-12T08:00:00.000Z' },
    { name: 'OIG LEIE', status: 'cached', as_of: '2026-03-01T06:00:00.000Z' },
    { name: 'NPPES NPI Registry', status: 'live', as_of: '2026-03-14T15:09:26.100Z' },
    { name: 'Texas Medical Board', status: 'unavailable', as_of: null },
  ],
  sanctions: {
    sanctioned: true,
    lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-03-01T06:00:00.000Z' }],
    matches: [{ list: 'oig_leie', basis: 'name_only', name: 'José Peña', action: 'OIG exclusion 1128b4', start_date: '2019-05-20', end_date: null }],
  },
};

const utf8 = new TextEncoder();
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const clone = <T>(value: T): T => structuredClone(value);

describe('certificate signature', () => {
  it('signs the UTF-8 canonical JSON of the body, verifiable with the published JWK', async () => {
    const signer = memorySigner();
    const cert = await issueCertificate(body, signer);
    const [jwk] = await signer.publicKeys();

    expect(cert.signing_key_id).toBe(jwk!.kid);
    expect(cert.signature).toMatch(/^vrf_sig_[A-Za-z0-9_-]{86}$/);
    // The signed bytes, written out by hand: keys sorted at every depth, no whitespace, raw UTF-8.
    const expected =
      '{"issued_at":"2026-12-14T15:09:26.535Z",' +
      '"match":{"basis":["npi","npi_license_link"],"confidence":0.99},"mode":"live",' +
      '"provider":{"license_number":"MD60012345","license_type":"Physician And Surgeon License","name":"José Peña","npi":"1234567893",' +
      '"profession":"physician","state":"Washington"},' +
      '"result":{"disciplinary_flags":false,"expiry_date":"2027-06-30","oig_excluded":false,"status":"active","verified":true},' +
      '"sanctions":{"lists":[{"as_of":"2026-03-01T06:00:00.000Z","list":"oig_leie","name":"OIG LEIE","status":"cached"}],' +
      '"matches":[{"action":"OIG exclusion 1128b4","basis":"name_only","end_date":null,"list":"oig_leie","name":"José Peña","start_date":"2019-05-20"}],' +
      '"sanctioned":true},' +
      `"signing_key_id":"${jwk!.kid}",` +
      '"sources":[{"as_of":"2026-02-12T08:00:00.000Z","name":"WA Department of Health","status":"cached"},' +
      '{"as_of":"2026-03-01T06:00:00.000Z","name":"OIG LEIE","status":"cached"},' +
      '{"as_of":"2026-03-14T15:09:26.100Z","name":"NPPES NPI Registry","status":"live"},' +
      '{"as_of":null,"name":"Texas Medical Board","status":"unavailable"}],' +
      '"sources_checked":["NPPES NPI Registry","OIG LEIE","WA Department of Health"],' +
      '"verification_id":"vrf_01JABCDEF0123456789"}';
    expect(Buffer.from(signingInput(cert)).toString('utf8')).toBe(expected);

    const raw = Buffer.from(cert.signature.slice('vrf_sig_'.length), 'base64url');
    expect(raw).toHaveLength(64);
    const publicKey = createPublicKey({ key: { kty: jwk!.kty, crv: jwk!.crv, x: jwk!.x, y: jwk!.y }, format: 'jwk' });
    expect(verify('sha256', Buffer.from(expected, 'utf8'), { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
    expect(verify('sha256', Buffer.from(expected.replace('José', 'Jose'), 'utf8'), { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(false);

    expect(await verifyCertificate(cert, { keys: [jwk!] })).toEqual({ hashValid: true, signatureValid: true, keyId: jwk!.kid });
  });

  it('signs exactly the specified fields, copied from the input', async () => {
    const copy = clone(body);
    const input = {
      ...copy,
      extra: 'not signed',
      provider: { ...copy.provider, dob: '1970-01-01' },
      match: { ...copy.match, note: 'not signed' },
      sources: copy.sources.map((s) => ({ ...s, freshUntil: 'not signed' })),
      sanctions: { ...copy.sanctions, matches: copy.sanctions.matches.map((m) => ({ ...m, dob: '1970-01-01' })) },
    };
    const signer = memorySigner();
    const cert = await issueCertificate(input, signer);
    input.provider.name = 'Changed Later';
    input.sources_checked.push('Later');
    input.match.basis.push('dob');
    input.sources[0]!.status = 'live';
    input.sources.push({ name: 'Later', status: 'live', as_of: null, freshUntil: '' });
    expect(Object.keys(cert).sort()).toEqual([
      'certificate_hash',
      'issued_at',
      'match',
      'mode',
      'provider',
      'result',
      'sanctions',
      'signature',
      'signing_key_id',
      'sources',
      'sources_checked',
      'verification_id',
    ]);
    expect(Object.keys(cert.provider).sort()).toEqual(['license_number', 'license_type', 'name', 'npi', 'profession', 'state']);
    expect(cert.provider).toEqual(body.provider);
    expect(cert.match).toEqual(body.match);
    expect(cert.sources).toEqual(body.sources);
    expect(cert.sources_checked).toEqual(body.sources_checked);
    // The sanctions screen is signed as specified: a field the input carries beside it is not.
    expect(cert.sanctions).toEqual(body.sanctions);
    expect((await verifyCertificate(cert, { keys: await signer.publicKeys() })).signatureValid).toBe(true);
  });

  it('refuses to issue a certificate the published key cannot verify', async () => {
    const published = memorySigner();
    const other = memorySigner();
    const mismatched: CertificateSigner = { mode: 'live', keyId: published.keyId, publicKeys: () => published.publicKeys(), sign: (data) => other.sign(data) };
    await expect(issueCertificate(body, mismatched)).rejects.toThrow(/does not verify/);
    const wrongOrder: CertificateSigner = { ...published, publicKeys: async () => [...(await other.publicKeys()), ...(await published.publicKeys())] };
    await expect(issueCertificate(body, wrongOrder)).rejects.toThrow(/current key first/);
  });
});

describe('certificate hash (integrity rule)', () => {
  it('is sha256_ + hex SHA-256 of the sorted compact JSON of everything but certificate_hash', () => {
    const unhashed = {
      verification_id: 'vrf_1',
      issued_at: '2026-01-02T03:04:05.000Z',
      mode: 'test' as const,
      provider: { name: 'Zoë "Q" Ñandú\\', npi: null, license_number: null, state: 'Colorado' },
      result: { verified: false, status: 'not_found', expiry_date: null, disciplinary_flags: false, oig_excluded: true },
      sources_checked: [],
      signing_key_id: 'kid',
      signature: 'vrf_sig_AAAA',
    };
    const literal =
      '{"issued_at":"2026-01-02T03:04:05.000Z","mode":"test",' +
      '"provider":{"license_number":null,"name":"Zoë \\"Q\\" Ñandú\\\\","npi":null,"state":"Colorado"},' +
      '"result":{"disciplinary_flags":false,"expiry_date":null,"oig_excluded":true,"status":"not_found","verified":false},' +
      '"signature":"vrf_sig_AAAA","signing_key_id":"kid","sources_checked":[],"verification_id":"vrf_1"}';
    expect(certificateHash(unhashed)).toBe(`sha256_${sha256Hex(literal)}`);
    expect(certificateHash(unhashed)).toMatch(/^sha256_[0-9a-f]{64}$/);
    // A certificate_hash present on the input is removed first, whatever its value.
    expect(certificateHash({ ...unhashed, certificate_hash: 'sha256_x' } as IssuedCertificate)).toBe(`sha256_${sha256Hex(literal)}`);
  });

  it('covers the signature: the issued hash is over the body and the signature', async () => {
    const cert = await issueCertificate(body, memorySigner());
    const { certificate_hash, ...rest } = cert;
    expect(certificate_hash).toBe(`sha256_${sha256Hex(canonicalJson(rest))}`);
    expect(certificate_hash).not.toBe(`sha256_${sha256Hex(canonicalJson({ ...rest, signature: undefined }))}`);
  });
});

describe('tampering', () => {
  type Mutation = [string, (c: Record<string, any>) => void];
  const bodyMutations: Mutation[] = [
    ['verification_id', (c) => (c.verification_id = 'vrf_other')],
    ['issued_at', (c) => (c.issued_at = '2026-03-14T15:09:27.535Z')],
    ['mode', (c) => (c.mode = 'test')],
    ['provider.name', (c) => (c.provider.name = 'Jose Pena')],
    ['provider.name (Unicode normalisation)', (c) => (c.provider.name = 'José Peña'.normalize('NFD'))],
    ['provider.npi', (c) => (c.provider.npi = '1234567894')],
    ['provider.npi to null', (c) => (c.provider.npi = null)],
    ['provider.license_number', (c) => (c.provider.license_number = 'MD60012346')],
    ['provider.state', (c) => (c.provider.state = 'Wisconsin')],
    ['result.verified', (c) => (c.result.verified = false)],
    ['result.status', (c) => (c.result.status = 'revoked')],
    ['result.expiry_date', (c) => (c.result.expiry_date = '2028-06-30')],
    ['result.disciplinary_flags', (c) => (c.result.disciplinary_flags = true)],
    ['result.oig_excluded', (c) => (c.result.oig_excluded = true)],
    ['sources_checked element', (c) => (c.sources_checked[2] = 'CO DORA')],
    ['sources_checked order', (c) => c.sources_checked.reverse()],
    ['sources_checked added', (c) => c.sources_checked.push('TX Medical Board')],
    ['provider.profession', (c) => (c.provider.profession = 'registered_nurse')],
    ['provider.license_type', (c) => (c.provider.license_type = 'Osteopathic Physician License')],
    ['match.confidence', (c) => (c.match.confidence = 0.6)],
    ['match.basis', (c) => c.match.basis.pop()],
    ['a stale cached source shown live', (c) => (c.sources[0].status = 'live')],
    ['a source as_of moved to the issue time', (c) => (c.sources[0].as_of = '2026-12-14T15:09:26.535Z')],
    ['an unavailable source shown cached', (c) => (c.sources[3] = { name: 'Texas Medical Board', status: 'cached', as_of: '2026-03-14T15:00:00.000Z' })],
    ['sources removed', (c) => delete c.sources],
    ['a sanctions match removed', (c) => c.sanctions.matches.pop()],
    ['a name-only match shown as an NPI match', (c) => (c.sanctions.matches[0].basis = 'npi')],
    ['sanctioned cleared', (c) => (c.sanctions.sanctioned = false)],
    ['field added', (c) => (c.note = 'x')],
    ['nested field added', (c) => (c.result.note = 'x')],
    ['field removed', (c) => delete c.issued_at],
    ['nested field removed', (c) => delete c.provider.npi],
  ];

  it.each(bodyMutations)('of %s breaks the hash, and the signature even after re-hashing', async (_, mutate) => {
    const signer = memorySigner();
    const jwks = { keys: await signer.publicKeys() };
    const cert = await issueCertificate(body, signer);

    const tampered = clone(cert) as Record<string, any>;
    mutate(tampered);
    expect(await verifyCertificate(tampered as Certificate, jwks)).toMatchObject({ hashValid: false, signatureValid: false });

    tampered.certificate_hash = certificateHash(tampered as Certificate);
    expect(await verifyCertificate(tampered as Certificate, jwks)).toMatchObject({ hashValid: true, signatureValid: false });
  });

  it('of the signature breaks the hash and the signature', async () => {
    const signer = memorySigner();
    const jwks = { keys: await signer.publicKeys() };
    const cert = await issueCertificate(body, signer);
    const raw = decodeSignature(cert.signature)!;
    for (const index of [0, 31, 32, 63]) {
      const flipped = Uint8Array.from(raw);
      flipped[index]! ^= 0x01;
      const tampered = { ...cert, signature: encodeSignature(flipped) };
      expect(await verifyCertificate(tampered, jwks)).toMatchObject({ hashValid: false, signatureValid: false });
      expect(await verifyCertificate({ ...tampered, certificate_hash: certificateHash(tampered) }, jwks)).toMatchObject({
        hashValid: true,
        signatureValid: false,
      });
    }
    // A signature of the same body by another key fails, as does a missing or malformed one.
    const foreign = await issueCertificate(body, memorySigner());
    expect((await verifyCertificate({ ...cert, signature: foreign.signature }, jwks)).signatureValid).toBe(false);
    for (const signature of [
      '',
      'vrf_sig_',
      cert.signature.slice(0, -1),
      `${cert.signature}A`,
      `${cert.signature}==`,
      cert.signature.replace('vrf_sig_', 'sig_'),
    ]) {
      expect((await verifyCertificate({ ...cert, signature }, jwks)).signatureValid).toBe(false);
    }
  });

  it('of the hash breaks only the hash', async () => {
    const signer = memorySigner();
    const cert = await issueCertificate(body, signer);
    const hash = cert.certificate_hash;
    const changed = hash.slice(0, -1) + (hash.endsWith('0') ? '1' : '0');
    for (const certificate_hash of [changed, hash.toUpperCase(), hash.replace('sha256_', ''), '']) {
      expect(await verifyCertificate({ ...cert, certificate_hash }, { keys: await signer.publicKeys() })).toMatchObject({
        hashValid: false,
        signatureValid: true,
      });
    }
  });

  it('of the key id, or a JWKS entry whose kid is not its thumbprint, fails the signature', async () => {
    const signer = memorySigner();
    const [jwk] = await signer.publicKeys();
    const cert = await issueCertificate(body, signer);
    const other = (await memorySigner().publicKeys())[0]!;

    const renamed = { ...cert, signing_key_id: other.kid };
    expect(await verifyCertificate(renamed, { keys: [jwk!, other] })).toMatchObject({ hashValid: false, signatureValid: false, keyId: other.kid });
    expect(await verifyCertificate(cert, { keys: [other] })).toMatchObject({ hashValid: true, signatureValid: false });
    expect(await verifyCertificate(cert, { keys: [] })).toMatchObject({ hashValid: true, signatureValid: false });
    // Another key published under this certificate's kid is not accepted.
    expect((await verifyCertificate(cert, { keys: [{ ...other, kid: jwk!.kid }] })).signatureValid).toBe(false);
    // The right key found among several, in any position.
    expect(await verifyCertificate(cert, { keys: [other, jwk!] })).toMatchObject({ hashValid: true, signatureValid: true });
  });
});

describe('a certificate issued before the body carried profession, match and sources', () => {
  it('still verifies over the body it was signed with, and adding the new fields to it breaks it', async () => {
    expect(olderCertificate).not.toHaveProperty('sources');
    expect(olderCertificate).not.toHaveProperty('match');
    expect(olderCertificate.provider).not.toHaveProperty('profession');
    expect(await verifyCertificate(olderCertificate, olderCertificateJwks)).toEqual({
      hashValid: true,
      signatureValid: true,
      keyId: olderCertificate.signing_key_id,
    });
    const added = {
      ...clone(olderCertificate),
      sources: [{ name: 'Washington State Department of Health', status: 'live' as const, as_of: olderCertificate.issued_at }],
    };
    const rehashed = { ...added, certificate_hash: certificateHash(added) };
    expect(await verifyCertificate(rehashed, olderCertificateJwks)).toMatchObject({ hashValid: true, signatureValid: false });
  });
});

describe('evidence named by a certificate', () => {
  const evidence = {
    kind: 'response' as const,
    sha256: 'ea86d4fb673547e9eb73f9b20932598e527ff5a23cde8f94b87e00c92ea0467b',
    fetched_at: '2026-03-14T15:09:26.090Z',
    content_type: 'application/json;charset=utf-8',
    size: 1234,
  };
  const file = {
    kind: 'file' as const,
    sha256: 'ef6b8ca4199ae326598c1abdf767faa1fafef1efa3e4909de3bed902500f4417',
    fetched_at: '2026-03-01T06:00:00.000Z',
    content_type: 'text/csv',
    size: 15_210_344,
  };
  const withEvidence = {
    ...body,
    verification_id: 'vrf_0123456789ABCDEFGHIJabcd',
    sources: body.sources.map((s) =>
      s.name === 'NPPES NPI Registry' ? { ...s, evidence: [evidence] } : s.name === 'OIG LEIE' ? { ...s, evidence: [file] } : s,
    ),
  };

  it('is signed: a certificate naming evidence verifies, parses, and changing a hash breaks its signature', async () => {
    const signer = memorySigner();
    const cert = await issueCertificate(withEvidence, signer);
    const jwks = { keys: await signer.publicKeys() };
    expect(certificateSchema.parse(cert)).toEqual(cert);
    expect(cert.sources.find((s) => s.name === 'NPPES NPI Registry')!.evidence).toEqual([evidence]);
    expect(Buffer.from(signingInput(cert)).toString('utf8')).toContain(
      `{"as_of":"2026-03-14T15:09:26.100Z","evidence":[{"content_type":"application/json;charset=utf-8","fetched_at":"2026-03-14T15:09:26.090Z","kind":"response","sha256":"${evidence.sha256}","size":1234}],"name":"NPPES NPI Registry","status":"live"}`,
    );
    expect(await verifyCertificate(cert, jwks)).toMatchObject({ hashValid: true, signatureValid: true });
    const tampered = clone(cert);
    const registry = tampered.sources.find((s) => s.name === 'NPPES NPI Registry')!;
    registry.evidence = [{ ...evidence, sha256: '0'.repeat(64) }];
    expect(await verifyCertificate({ ...tampered, certificate_hash: certificateHash(tampered) }, jwks)).toMatchObject({
      hashValid: true,
      signatureValid: false,
    });
  });

  it('is left out of a source that names none, so a certificate without evidence signs the same body as before', async () => {
    const cert = await issueCertificate({ ...body, sources: body.sources.map((s) => ({ ...s, evidence: [] })) }, memorySigner());
    for (const source of cert.sources) expect(source).not.toHaveProperty('evidence');
  });

  it('is optional: a stored certificate issued before evidence was kept still parses and verifies', async () => {
    expect(certificateSchema.parse(olderCertificate)).toEqual(olderCertificate);
    expect(await verifyCertificate(olderCertificate, olderCertificateJwks)).toMatchObject({ hashValid: true, signatureValid: true });
    const example = certificateSchema.parse(certificateExample) as Certificate;
    expect(example.sources!.every((s) => s.evidence === undefined)).toBe(true);
    expect(await verifyCertificate(example, jwksExample as Jwks)).toMatchObject({ hashValid: true, signatureValid: true });
  });

  it('must be a lowercase hex SHA-256 of a known kind', () => {
    const bad = (ref: Record<string, unknown>) =>
      certificateSchema.safeParse({ ...certificateExample, sources: [{ ...certificateExample.sources[0], evidence: [ref] }] }).success;
    expect(bad(evidence)).toBe(true);
    expect(bad({ ...evidence, sha256: evidence.sha256.toUpperCase() })).toBe(false);
    expect(bad({ ...evidence, kind: 'screenshot' })).toBe(false);
  });
});

describe('the OpenAPI certificate example', () => {
  it('is a certificate of the current shape, signed by the key of the JWKS example', async () => {
    const example = certificateSchema.parse(certificateExample) as Certificate;
    expect(example.sources).toBeDefined();
    expect(example.match).toBeDefined();
    expect(await verifyCertificate(example, jwksExample as Jwks)).toMatchObject({ hashValid: true, signatureValid: true });
    expect(verificationResultExample.certificate_hash).toBe(example.certificate_hash);
  });
});

describe('DER ↔ raw ECDSA signatures', () => {
  const hex = (s: string) => Uint8Array.from(Buffer.from(s.replaceAll(' ', ''), 'hex'));
  const scalar = (prefix: string, fill = '11') => hex(prefix + fill.repeat(32 - prefix.length / 2));

  it('encode each integer minimally, with 0x00 before a high bit and leading zero bytes dropped', () => {
    const one = hex(`${'00'.repeat(31)}01`);
    const high = hex('ff'.repeat(32));
    expect(Buffer.from(rawToDer(Uint8Array.from([...one, ...high]))).toString('hex')).toBe(`3026020101022100${'ff'.repeat(32)}`);
    expect(Buffer.from(rawToDer(new Uint8Array(64))).toString('hex')).toBe('3006020100020100');
    const r = scalar('00', '80'); // 31 significant bytes, the first with its high bit set
    const s = scalar('7f');
    expect(Buffer.from(rawToDer(Uint8Array.from([...r, ...s]))).toString('hex')).toBe(`3044022000${'80'.repeat(31)}02207f${'11'.repeat(31)}`);
  });

  it('round-trip for hand-picked edge values', () => {
    const cases = [
      [scalar('00', '00').map((_, i) => (i === 31 ? 1 : 0)), scalar('80')],
      [scalar('0000', '80'), scalar('00', 'ff')],
      [scalar('ff'), scalar('01')],
      [scalar('80', '00'), scalar('0080')],
      [scalar('7f', 'ff'), scalar('00000000')],
    ];
    for (const [r, s] of cases) {
      const raw = Uint8Array.from([...r!, ...s!]);
      const der = rawToDer(raw);
      expect(derToRaw(der)).toEqual(raw);
      expect(rawToDer(derToRaw(der))).toEqual(der);
    }
  });

  it('agree with node:crypto in both directions, including signatures with leading zero and high-bit bytes', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const seen = { leadingZero: 0, highBit: 0 };
    for (let i = 0; i < 5000 && (seen.leadingZero < 2 || seen.highBit < 2 || i < 300); i++) {
      const data = Buffer.from(`message ${i}`);
      const der = new Uint8Array(sign('sha256', data, { key: privateKey, dsaEncoding: 'der' }));
      const raw = derToRaw(der);
      expect(raw).toHaveLength(64);
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'ieee-p1363' }, raw)).toBe(true);
      expect(rawToDer(raw)).toEqual(der);

      const p1363 = new Uint8Array(sign('sha256', data, { key: privateKey, dsaEncoding: 'ieee-p1363' }));
      expect(verify('sha256', data, { key: publicKey, dsaEncoding: 'der' }, rawToDer(p1363))).toBe(true);
      expect(derToRaw(rawToDer(p1363))).toEqual(p1363);

      for (const half of [raw.subarray(0, 32), raw.subarray(32)]) {
        if (half[0] === 0) seen.leadingZero++;
        if (half[0]! & 0x80) seen.highBit++;
      }
    }
    expect(seen.leadingZero).toBeGreaterThanOrEqual(2);
    expect(seen.highBit).toBeGreaterThanOrEqual(2);
  });

  it('reject DER that is not a strict ECDSA-Sig-Value', () => {
    const good = rawToDer(Uint8Array.from([...scalar('01'), ...scalar('02')]));
    const bad = {
      'wrong outer tag': Uint8Array.from([0x31, ...good.subarray(1)]),
      'wrong integer tag': Uint8Array.from([...good.subarray(0, 2), 0x03, ...good.subarray(3)]),
      'trailing byte': Uint8Array.from([...good, 0]),
      'extra byte inside the sequence': Uint8Array.from([0x30, good[1]! + 1, ...good.subarray(2), 0]),
      'sequence length past the end': Uint8Array.from([0x30, good[1]! + 1, ...good.subarray(2)]),
      truncated: good.subarray(0, good.length - 1),
      empty: new Uint8Array(0),
      'negative integer': hex('3006020180020101'),
      'non-minimal integer': hex('300702020001020101'),
      'empty integer': hex('30050200020101'),
      'integer larger than the curve': hex(`3026022101${'00'.repeat(32)}020101`),
      'long-form length for a short value': hex('308106020101020101'),
      'three integers': hex('3009020101020101020101'),
    };
    for (const [name, der] of Object.entries(bad)) expect(() => derToRaw(der), name).toThrow();
    expect(() => rawToDer(new Uint8Array(63))).toThrow();
  });
});

describe('signature encoding', () => {
  it('is vrf_sig_ + unpadded base64url of the 64 raw bytes, and decodes only that canonical form', () => {
    const raw = Uint8Array.from({ length: 64 }, (_, i) => (i * 37 + 251) & 0xff);
    const encoded = encodeSignature(raw);
    expect(encoded).toBe(`vrf_sig_${Buffer.from(raw).toString('base64').replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`);
    expect(decodeSignature(encoded)).toEqual(raw);
    const last = encoded.at(-1)!;
    const sameBits = String.fromCharCode(last.charCodeAt(0) + 1); // differs only in the 4 unused bits
    expect(decodeSignature(encoded.slice(0, -1) + sameBits)).toBeUndefined();
    expect(decodeSignature(`${encoded}==`)).toBeUndefined();
    expect(decodeSignature(encoded.replace('vrf_sig_', 'vrf_sig_ '))).toBeUndefined();
    const standard = Buffer.alloc(64, 0xfb).toString('base64'); // '+/v7…', padded
    expect(decodeSignature(`vrf_sig_${standard}`)).toBeUndefined();
    expect(decodeSignature(`vrf_sig_${standard.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')}`)).toEqual(new Uint8Array(64).fill(0xfb));
    expect(decodeSignature(42)).toBeUndefined();
    expect(() => encodeSignature(new Uint8Array(72))).toThrow();
  });
});

describe('JWK and thumbprint (RFC 7638)', () => {
  it('thumbprint is base64url SHA-256 of {"crv","kty","x","y"} written in that order without spaces', () => {
    const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const exported = publicKey.export({ format: 'jwk' });
    const manual = createHash('sha256')
      .update(`{"crv":"P-256","kty":"EC","x":"${exported.x}","y":"${exported.y}"}`, 'utf8')
      .digest('base64')
      .replaceAll('+', '-')
      .replaceAll('/', '_')
      .replace(/=+$/, '');
    const jwk = publicJwk(publicKey);
    expect(jwk).toEqual({ kty: 'EC', crv: 'P-256', x: exported.x, y: exported.y, kid: manual, alg: 'ES256', use: 'sig' });
    expect(manual).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Members other than the required ones do not change the thumbprint.
    expect(jwkThumbprint({ ...jwk, kid: 'x', use: 'enc' } as unknown as Jwk)).toBe(manual);
  });

  it('is the same from the private key, the public key and its SPKI DER', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const spki = new Uint8Array(publicKey.export({ format: 'der', type: 'spki' }));
    expect(publicJwk(privateKey)).toEqual(publicJwk(publicKey));
    expect(jwkFromSpkiDer(spki)).toEqual(publicJwk(publicKey));
    expect(Buffer.from(jwkFromSpkiDer(spki).x, 'base64url')).toHaveLength(32);
    expect(Buffer.from(jwkFromSpkiDer(spki).y, 'base64url')).toHaveLength(32);
  });

  it('refuses keys that are not P-256', () => {
    expect(() => publicJwk(generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).publicKey)).toThrow(/P-256/);
    expect(() => publicJwk(generateKeyPairSync('ed25519').publicKey)).toThrow(/P-256/);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'der', type: 'spki' });
    expect(() => jwkFromSpkiDer(new Uint8Array(rsa))).toThrow(/P-256/);
  });

  it('verifyEs256 accepts only P-256 JWKs and 64-byte signatures', () => {
    const signer = memorySigner();
    const jwk = publicJwk(signer.privateKey);
    const data = utf8.encode('x');
    const raw = toLowS(new Uint8Array(sign('sha256', data, { key: signer.privateKey, dsaEncoding: 'ieee-p1363' })));
    expect(verifyEs256(jwk, data, raw)).toBe(true);
    expect(verifyEs256({ ...jwk, crv: 'P-384' as 'P-256' }, data, raw)).toBe(false);
    expect(verifyEs256({ ...jwk, x: 'AAAA' }, data, raw)).toBe(false);
    expect(verifyEs256(jwk, data, rawToDer(raw))).toBe(false);
  });
});

describe('signer configuration', () => {
  it('uses KMS when SIGNING_KMS_KEY_ID is set, even with a key file, and parses previous key ids', async () => {
    const signer = signerFromConfig({ SIGNING_KMS_KEY_ID: ' arn:aws:kms:eu-west-1:111122223333:key/a ', SIGNING_KEY_FILE: '/tmp/k.pem' }, 'live');
    expect(signer).toBeInstanceOf(KmsSigner);
    expect(signer.mode).toBe('live');
    expect(signerFromConfig({ SIGNING_KEY_FILE: '/tmp/k.pem' }, 'live')).toBeInstanceOf(LocalKeySigner);
    expect(signerFromConfig({ SIGNING_KMS_KEY_ID: '', SIGNING_KEY_FILE: '/tmp/k.pem' }, 'live')).toBeInstanceOf(LocalKeySigner);
  });

  it('configures the test-mode signer with its own TEST_ variables, never with the live ones', () => {
    const env = {
      SIGNING_KMS_KEY_ID: 'arn:aws:kms:eu-west-1:111122223333:key/live',
      TEST_SIGNING_KMS_KEY_ID: 'arn:aws:kms:eu-west-1:111122223333:key/test',
      SIGNING_KEY_FILE: '/tmp/live.pem',
      TEST_SIGNING_KEY_FILE: '/tmp/test.pem',
    };
    const test = signerFromConfig(env, 'test');
    expect(test).toBeInstanceOf(KmsSigner);
    expect(test.mode).toBe('test');
    const local = signerFromConfig({ TEST_SIGNING_KEY_FILE: '/tmp/test.pem', SIGNING_KEY_FILE: '/tmp/live.pem' }, 'test');
    expect(local).toBeInstanceOf(LocalKeySigner);
    expect(local.mode).toBe('test');
    // The live key alone configures no test signer, and the reverse.
    expect(() => signerFromConfig({ SIGNING_KMS_KEY_ID: 'live', SIGNING_KEY_FILE: '/tmp/live.pem' }, 'test')).toThrow(
      /TEST_SIGNING_KMS_KEY_ID.*TEST_SIGNING_KEY_FILE/,
    );
    expect(() => signerFromConfig({ TEST_SIGNING_KMS_KEY_ID: 'test', TEST_SIGNING_KEY_FILE: '/tmp/test.pem' }, 'live')).toThrow(
      /SIGNING_KMS_KEY_ID.*SIGNING_KEY_FILE/,
    );
  });

  it('fails clearly when no signing key is configured', () => {
    for (const env of [{}, { SIGNING_KMS_KEY_ID: ' ', SIGNING_KEY_FILE: '' }, { SIGNING_KMS_PREVIOUS_KEY_IDS: 'a,b' }]) {
      expect(() => signerFromConfig(env, 'live')).toThrow(SigningConfigurationError);
      expect(() => signerFromConfig(env, 'live')).toThrow(/SIGNING_KMS_KEY_ID.*SIGNING_KEY_FILE/);
    }
  });

  it('creates the environment signer of each mode once per container', () => {
    const names = ['SIGNING_KMS_KEY_ID', 'SIGNING_KEY_FILE', 'TEST_SIGNING_KMS_KEY_ID', 'TEST_SIGNING_KEY_FILE'] as const;
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    try {
      delete process.env.SIGNING_KMS_KEY_ID;
      delete process.env.TEST_SIGNING_KMS_KEY_ID;
      process.env.SIGNING_KEY_FILE = '/tmp/does-not-matter.pem';
      process.env.TEST_SIGNING_KEY_FILE = '/tmp/does-not-matter-either.pem';
      newContainer();
      const first = signerFromEnvironment('live');
      process.env.SIGNING_KMS_KEY_ID = 'key-id';
      expect(signerFromEnvironment('live')).toBe(first);
      expect(first).toBeInstanceOf(LocalKeySigner);
      const both = signersFromEnvironment();
      expect(both.live).toBe(first);
      expect(both.test).toBe(signerFromEnvironment('test'));
      expect(both.test.mode).toBe('test');
      newContainer();
      expect(signerFromEnvironment('live')).toBeInstanceOf(KmsSigner);
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      newContainer();
    }
  });
});

describe('separate signing keys for live and test certificates', () => {
  const testBody = { ...body, mode: 'test' as const };

  it('refuses to sign a certificate with the key of the other mode', async () => {
    await expect(issueCertificate(testBody, memorySigner(undefined, 'live'))).rejects.toThrow(/test certificate cannot be signed with the live/);
    await expect(issueCertificate(body, memorySigner(undefined, 'test'))).rejects.toThrow(/live certificate cannot be signed with the test/);
  });

  it('verifies a certificate only with a key published for its own mode', async () => {
    const live = memorySigner(undefined, 'live');
    const test = memorySigner(undefined, 'test');
    const jwks = await signingKeysResponse({ live, test });
    const liveCert = await issueCertificate(body, live);
    const testCert = await issueCertificate(testBody, test);
    expect(await verifyCertificate(liveCert, jwks)).toMatchObject({ hashValid: true, signatureValid: true });
    expect(await verifyCertificate(testCert, jwks)).toMatchObject({ hashValid: true, signatureValid: true });

    // The right key, but published for the other mode: the signature is refused.
    const [liveKey] = await live.publicKeys();
    const [testKey] = await test.publicKeys();
    expect((await verifyCertificate(liveCert, { keys: [{ ...liveKey!, mode: 'test' }] })).signatureValid).toBe(false);
    expect((await verifyCertificate(testCert, { keys: [{ ...testKey!, mode: 'live' }] })).signatureValid).toBe(false);
    // A key without a mode signs nothing.
    const { mode: _mode, ...unmarked } = liveKey!;
    expect((await verifyCertificate(liveCert, { keys: [unmarked as SigningKeyJwk] })).signatureValid).toBe(false);
  });

  it('a test key cannot make a live certificate: one signed by the test key and marked live fails', async () => {
    // What a holder of the test key could make: a body marked live, signed by the test key (bypassing issueCertificate's check).
    const test = memorySigner(undefined, 'test');
    const forged = await issueCertificate(testBody, test);
    const asLive = { ...forged, mode: 'live' as const };
    const unhashed = { ...asLive, signature: encodeSignature(toLowS(await test.sign(signingInput(asLive)))) };
    const live = { ...unhashed, certificate_hash: certificateHash(unhashed) };
    const jwks = await signingKeysResponse({ live: memorySigner(), test });
    expect(await verifyCertificate(live, jwks)).toMatchObject({ hashValid: true, signatureValid: false });
  });
});

describe('low-S ECDSA signatures', () => {
  const highS = (raw: Uint8Array): Uint8Array => {
    const s = BigInt(`0x${Buffer.from(raw.subarray(32)).toString('hex')}`);
    const out = Uint8Array.from(raw);
    out.set(Buffer.from((p256Order - s).toString(16).padStart(64, '0'), 'hex'), 32);
    return out;
  };

  it('certificates issued before the strict rules keep verifying as issued: one key for both modes, either S', async () => {
    const live = memorySigner(undefined, 'live');
    const jwks = await signingKeysResponse({ live, test: memorySigner(undefined, 'test') });
    /** Signs as the service did before: the one key (now the live key), the signature as the signer returned it. */
    const signOlder = async (issuedAt: string) => {
      const bodyOlder = { ...body, mode: 'test' as const, issued_at: issuedAt, signing_key_id: await live.keyId() };
      const raw = highS(toLowS(await live.sign(signingInput(bodyOlder))));
      const unhashed = { ...bodyOlder, signature: encodeSignature(raw) };
      return { ...unhashed, certificate_hash: certificateHash(unhashed) };
    };
    const before = new Date(Date.parse(strictSigningFrom) - 1).toISOString();
    expect(await verifyCertificate(await signOlder(before), jwks)).toMatchObject({ hashValid: true, signatureValid: true });
    // The same made at or after the cutover is refused (wrong mode's key, high S).
    expect(await verifyCertificate(await signOlder(strictSigningFrom), jwks)).toMatchObject({ hashValid: true, signatureValid: false });
    // Under no rules does a test key make a live certificate.
    const test = memorySigner(undefined, 'test');
    const both = await signingKeysResponse({ live, test });
    const asLive = { ...body, mode: 'live' as const, issued_at: before, signing_key_id: await test.keyId() };
    const unhashed = { ...asLive, signature: encodeSignature(toLowS(await test.sign(signingInput(asLive)))) };
    expect(await verifyCertificate({ ...unhashed, certificate_hash: certificateHash(unhashed) }, both)).toMatchObject({
      hashValid: true,
      signatureValid: false,
    });
  });

  it('a certificate whose s is replaced by n − s still verifies with OpenSSL but is refused', async () => {
    const signer = memorySigner();
    const jwks = { keys: await signer.publicKeys() };
    const cert = await issueCertificate(body, signer);
    const raw = decodeSignature(cert.signature)!;
    expect(isLowS(raw)).toBe(true);
    const flipped = highS(raw);
    expect(isLowS(flipped)).toBe(false);

    // (r, n − s) is a second valid ECDSA signature of the same body for OpenSSL…
    const publicKey = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwks.keys[0]!.x, y: jwks.keys[0]!.y }, format: 'jwk' });
    expect(verify('sha256', signingInput(cert), { key: publicKey, dsaEncoding: 'ieee-p1363' }, flipped)).toBe(true);
    // …which our verifier refuses, with or without a matching certificate_hash.
    expect(verifyEs256(jwks.keys[0]!, signingInput(cert), flipped)).toBe(false);
    const malleated = { ...cert, signature: encodeSignature(flipped) };
    expect(await verifyCertificate(malleated, jwks)).toMatchObject({ hashValid: false, signatureValid: false });
    expect(await verifyCertificate({ ...malleated, certificate_hash: certificateHash(malleated) }, jwks)).toMatchObject({
      hashValid: true,
      signatureValid: false,
    });
  });

  it('issued signatures are always low-S, whichever S the signer returns', async () => {
    const honest = memorySigner();
    const alwaysHigh: CertificateSigner = {
      ...honest,
      sign: async (data) => {
        const raw = await honest.sign(data);
        return isLowS(raw) ? highS(raw) : raw;
      },
    };
    const jwks = { keys: await honest.publicKeys() };
    for (let i = 0; i < 40; i++) {
      for (const signer of [honest, alwaysHigh]) {
        const cert = await issueCertificate({ ...body, verification_id: `vrf_${i}` }, signer);
        expect(isLowS(decodeSignature(cert.signature)!)).toBe(true);
        expect((await verifyCertificate(cert, jwks)).signatureValid).toBe(true);
      }
    }
  });

  it('toLowS leaves low-S alone and maps high-S to n − s', () => {
    const half = p256Order >> 1n;
    const raw = (s: bigint) => Uint8Array.from([...new Uint8Array(32).fill(7), ...Buffer.from(s.toString(16).padStart(64, '0'), 'hex')]);
    expect(toLowS(raw(half))).toEqual(raw(half));
    expect(toLowS(raw(half + 1n))).toEqual(raw(p256Order - half - 1n));
    expect(isLowS(raw(half))).toBe(true);
    expect(isLowS(raw(half + 1n))).toBe(false);
    expect(() => toLowS(new Uint8Array(63))).toThrow();
  });
});

describe('GET /v1/signing-keys', () => {
  const rotated = (mode: KeyMode): CertificateSigner => {
    const current = memorySigner(undefined, mode);
    const previous = memorySigner(undefined, mode);
    return {
      mode,
      keyId: current.keyId,
      sign: current.sign,
      publicKeys: async () => [{ ...(await current.publicKeys())[0]!, extra: 'dropped' } as SigningKeyJwk, ...(await previous.publicKeys())],
    };
  };
  const bothRotated = (): CertificateSigners => ({ live: rotated('live'), test: rotated('test') });

  it('returns the JWKS with exactly the JWK members and mode: live keys then test keys, each current key first', async () => {
    const signers = bothRotated();
    const jwks = await signingKeysResponse(signers);
    expect(jwks.keys).toHaveLength(4);
    expect(jwks.keys.map((key) => key.mode)).toEqual(['live', 'live', 'test', 'test']);
    expect(jwks.keys[0]!.kid).toBe(await signers.live.keyId());
    expect(jwks.keys[2]!.kid).toBe(await signers.test.keyId());
    for (const key of jwks.keys) {
      expect(Object.keys(key).sort()).toEqual(['alg', 'crv', 'kid', 'kty', 'mode', 'use', 'x', 'y']);
      expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
      expect(jwkThumbprint(key)).toBe(key.kid);
    }
  });

  it('refuses to publish one key for both modes, or a key marked with the other mode', async () => {
    const key = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    await expect(signingKeysResponse({ live: memorySigner(key, 'live'), test: memorySigner(key, 'test') })).rejects.toThrow(/both live and test/);
    const mislabelled = memorySigner(undefined, 'live');
    await expect(signingKeysResponse({ live: memorySigner(), test: { ...mislabelled, mode: 'test' } })).rejects.toThrow(
      /test signer publishes a key marked live/,
    );
  });

  it('is served through the public pipeline with a five-minute public cache lifetime', async () => {
    const route: RouteDefinition = {
      id: 'GetSigningKeysUnderTest',
      method: 'GET',
      path: '/v1/signing-keys',
      entry: 'functions/certificates/get-signing-keys.ts',
      auth: 'public',
      uses: {},
      summary: 'test only',
    };
    const signers = bothRotated();
    const handler = publicHandler(route, {}, async () => signingKeysHttpResponse(signers));
    const event = toHttpApiEvent(
      { method: 'GET', url: '/v1/signing-keys', headers: {}, body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
      { routeKey: 'GET /v1/signing-keys', requestId: 'req-1', time: new Date(), domainName: 'localhost' },
    );
    const response = await handler(event, { awsRequestId: 'req-1' } as Context);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(signingKeysCacheControl);
    expect(signingKeysCacheControl).toBe('public, max-age=300');
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body as string)).toEqual(await signingKeysResponse(signers));
  });

  const wired = routes.find((r) => r.id === 'GetSigningKeys');
  it.skipIf(!wired)('is wired as a public route to the handler module (runs once the route is in the route table)', async () => {
    expect(wired).toMatchObject({ method: 'GET', path: '/v1/signing-keys', auth: 'public', entry: 'functions/certificates/get-signing-keys.ts' });
    const live = memorySigner(undefined, 'live');
    const test = memorySigner(undefined, 'test');
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = await mkdtemp(join(tmpdir(), 'signing-keys-'));
    await writeFile(join(dir, 'live.pem'), live.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, { mode: 0o600 });
    await writeFile(join(dir, 'test.pem'), test.privateKey.export({ format: 'pem', type: 'pkcs8' }) as string, { mode: 0o600 });
    const names = ['SIGNING_KMS_KEY_ID', 'SIGNING_KEY_FILE', 'TEST_SIGNING_KMS_KEY_ID', 'TEST_SIGNING_KEY_FILE'] as const;
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    try {
      delete process.env.SIGNING_KMS_KEY_ID;
      delete process.env.TEST_SIGNING_KMS_KEY_ID;
      process.env.SIGNING_KEY_FILE = join(dir, 'live.pem');
      process.env.TEST_SIGNING_KEY_FILE = join(dir, 'test.pem');
      newContainer();
      const { handler } = await import('#functions/certificates/get-signing-keys.ts');
      const event = toHttpApiEvent(
        { method: 'GET', url: '/v1/signing-keys', headers: {}, body: Buffer.alloc(0), sourceIp: '127.0.0.1' },
        { routeKey: 'GET /v1/signing-keys', requestId: 'req-2', time: new Date(), domainName: 'localhost' },
      );
      const response = await handler(event, { awsRequestId: 'req-2' } as Context);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=300');
      expect(JSON.parse(response.body as string)).toEqual({ keys: [...(await live.publicKeys()), ...(await test.publicKeys())] });
    } finally {
      for (const name of names) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
      newContainer();
    }
  });
});
