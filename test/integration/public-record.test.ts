/**
 * GET /records/{verification_id}, the public record a certificate's QR code opens, over HTTP against
 * the local stack: records made by POST /v1/verify on a live key (bundled sample data) and on a test key
 * (sandbox names), read back without any key as HTML and as JSON; a certificate changed in the table;
 * unknown and malformed ids.
 */
import { withDecompressed } from '#shared/features/records/compressed-fields.ts';
import { withEvidenceByHash } from '../support/record-evidence.ts';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { certificateHash, signingInput, type Certificate, type IssuedCertificate } from '#shared/features/certificates/certificate.ts';
import { LocalKeySigner } from '#shared/features/certificates/local-key-signer.ts';
import { certificateSchema } from '#shared/features/certificates/certificate-schema.ts';
import { jwksSchema } from '#shared/features/certificates/jwks-schema.ts';
import { encodeSignature, toLowS } from '#shared/features/certificates/signature.ts';
import { signerFromEnvironment } from '#shared/features/certificates/signer-services.ts';
import { publicRecordSchema } from '#shared/features/records/public-record-schema.ts';
import { tableName } from '#shared/platform/config.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

/** Sources as the record shows them: each piece of evidence by its kind and hash only. */
const publicSources = withEvidenceByHash;

let t: TestStack;
let liveKey: string;
let testKey: string;
let accountId: string;
let helen: Record<string, any>;

beforeAll(async () => {
  t = await startTestStack();
  await ingestLeie(dynamoExclusionStore());
  const live = await t.issue({ plan: 'enterprise', mode: 'live' });
  liveKey = live.api_key;
  accountId = live.account_id;
  testKey = (await t.issue({ plan: 'enterprise', mode: 'test', accountId })).api_key;
  helen = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
});
afterAll(async () => {
  await t?.stop();
});

async function verify(body: Record<string, unknown>, key = liveKey): Promise<Record<string, any>> {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

const browserAccept = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const page = (id: string, path = `/records/${id}`) => t.call(path, { headers: { accept: browserAccept } });
const asJson = async (id: string) => {
  const res = await t.call(`/records/${id}`, { headers: { accept: 'application/json' } });
  if (res.status === 200) publicRecordSchema.parse(res.body);
  return res;
};

/** The text a reader sees: tags dropped, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<(style|title)>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

/**
 * Changes the stored certificate. It is stored compressed (`certificate_br`); the changed one is written
 * as a map, as records stored before compression hold it, and the compressed one removed, so the map is
 * what is read.
 */
async function updateCertificate(id: string, expression: string, names: Record<string, string>, values: Record<string, unknown>) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('verifications'),
      Key: { verification_id: id },
      UpdateExpression: `${expression} REMOVE #compressed`,
      ExpressionAttributeNames: { ...names, '#compressed': 'certificate_br' },
      ExpressionAttributeValues: values,
    }),
  );
}

/**
 * Signs a body as the service did before the body carried profession, match and sources: with the
 * stack's live signing key file, over exactly the fields given.
 */
async function signOlder(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const signer = new LocalKeySigner(process.env.SIGNING_KEY_FILE!, 'live');
  const withKey = { ...body, signing_key_id: await signer.keyId() };
  const unhashed = { ...withKey, signature: encodeSignature(toLowS(await signer.sign(signingInput(withKey as unknown as IssuedCertificate)))) };
  return { ...unhashed, certificate_hash: certificateHash(unhashed as unknown as IssuedCertificate) };
}

async function storedCertificate(id: string): Promise<Certificate> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName('verifications'), Key: { verification_id: id } }));
  return withDecompressed(out.Item!, ['certificate']).certificate as Certificate;
}

function expectRecordHeaders(headers: Headers) {
  expect(headers.get('cache-control')).toBe('public, max-age=300');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('vary')).toBe('Accept');
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(
    /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]{43}='; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
  );
}

describe('a live record, read without a key', () => {
  it('is an accessible, self-contained HTML page with the certificate facts and a verified signature', async () => {
    const res = await page(helen.verification_id);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectRecordHeaders(res.headers);

    const html = res.text;
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<title>Verification record: Helen Jane Thomas · License Verification API<\/title>/);
    expect(html).toContain('<h1>License verification record</h1>');
    // Result, provider, sanctions screen, sources, certificate.
    expect(html.match(/<h2 /g)).toHaveLength(5);
    // Self-contained: no scripts, nothing loaded from anywhere, no inline style attributes.
    expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\sstyle=|\son[a-z]+=/i);

    const text = visibleText(html);
    expect(html).toContain('<section class="banner outcome ok"');
    expect(text).toMatch(
      /^ License Verification API · public verification record License verification record ✓ Verified: license active, nothing adverse on record /,
    );
    expect(text).toContain('Signature valid');
    expect(text).not.toContain('NOT valid');
    expect(text).toContain('Name Helen Jane Thomas');
    expect(text).toContain('State Washington');
    expect(text).toContain('License status Active');
    expect(text).toContain('Verified Yes');
    expect(text).toContain('License expires June 3, 2027');
    expect(text).toContain('Profession registered_nurse');
    expect(text).toMatch(/Washington State Department of Health (Live|Cached), as of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(html).toContain('<time datetime="2027-06-03">June 3, 2027</time>');
    expect(text).toContain(`Certificate hash ${helen.certificate_hash}`);
    expect(text).toContain(`Verification ID ${helen.verification_id}`);
    expect(html).toContain(`<time datetime="${helen.checked_at}">`);
    expect(text).toContain('Mode Live');
    expect(text).not.toContain('TEST');
  });

  it('answers JSON with exactly the public fields, the outcome first, when JSON is preferred', async () => {
    const keys = await t.call('/v1/signing-keys');
    const res = await asJson(helen.verification_id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expectRecordHeaders(res.headers);
    expect(res.body).toEqual({
      result: { standing: 'clear', verified: true, status: 'active', oig_excluded: false, disciplinary_flags: false, expiry_date: '2027-06-03' },
      provider: { name: 'Helen Jane Thomas', state: 'Washington', profession: helen.profession, license_type: helen.license_type },
      sources: publicSources(helen.sources),
      sanctions: { sanctioned: false, ...helen.sanctions, lists: withEvidenceByHash(helen.sanctions.lists) },
      signature_valid: true,
      verification_id: helen.verification_id,
      issued_at: helen.checked_at,
      certificate_hash: helen.certificate_hash,
      signing_key_id: keys.body.keys[0].kid,
      mode: 'live',
    });
    expect(res.text).toMatch(/^\{"result":\{"standing":"clear",/);
  });

  it('matches the certificate its owner gets from the API', async () => {
    const cert = certificateSchema.parse((await t.call(`/v1/certificate/${helen.verification_id}`, { key: liveKey })).body) as Certificate;
    const record = (await asJson(helen.verification_id)).body;
    expect(record).toMatchObject({
      issued_at: cert.issued_at,
      provider: { name: cert.provider.name, state: cert.provider.state, profession: cert.provider.profession, license_type: cert.provider.license_type },
      result: { status: cert.result.status, verified: cert.result.verified, expiry_date: cert.result.expiry_date },
      sources: publicSources(cert.sources ?? []),
      certificate_hash: cert.certificate_hash,
      signing_key_id: cert.signing_key_id,
    });
  });

  it('ignores query strings that scanners and apps append to links', async () => {
    const res = await page(helen.verification_id, `/records/${helen.verification_id}?utm_source=qr&fbclid=abc`);
    expect(res.status).toBe(200);
    expect(visibleText(res.text)).toContain('Signature valid');
  });

  it.each([
    [undefined, 'html'],
    ['*/*', 'html'],
    [browserAccept, 'html'],
    ['application/json;q=0.5, text/html', 'html'],
    ['application/json, text/html', 'html'],
    ['application/json', 'json'],
    ['application/json, text/html;q=0.9', 'json'],
    ['application/*, text/*;q=0.2', 'json'],
    ['text/html;q=0, */*', 'json'],
  ])('Accept %s gives %s', async (accept, expected) => {
    const res = await t.call(`/records/${helen.verification_id}`, accept === undefined ? {} : { headers: { accept } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(expected === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8');
  });
});

describe('what the record does not reveal', () => {
  it('shows no date of birth, account, key or request details, in HTML or JSON', async () => {
    const dob = '1979-04-12';
    const result = await verify({ first_name: 'Nora', last_name: 'test-active', state: 'TX', dob, npi: '1234567893' }, testKey);
    for (const res of [await page(result.verification_id), await asJson(result.verification_id)]) {
      expect(res.status).toBe(200);
      for (const secret of [
        dob,
        '04/12/1979',
        'April 12, 1979',
        'Date of birth',
        '"dob"',
        accountId,
        '"account_id"',
        liveKey,
        testKey,
        '1234567893',
        'match_basis',
      ]) {
        expect(res.text, secret).not.toContain(secret);
      }
    }
    expect(Object.keys((await asJson(result.verification_id)).body)).toEqual([
      'result',
      'provider',
      'sources',
      'sanctions',
      'signature_valid',
      'verification_id',
      'issued_at',
      'certificate_hash',
      'signing_key_id',
      'mode',
    ]);
  });
});

describe('test-mode records', () => {
  it('carry the TEST mark on the page and mode test in JSON', async () => {
    const result = await verify({ first_name: 'Ada', last_name: 'test-active', state: 'co' }, testKey);
    const res = await page(result.verification_id);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<title>TEST — NOT A REAL VERIFICATION · Verification record: Ada test-active · /);
    const text = visibleText(res.text);
    expect(text).toContain('TEST — NOT A REAL VERIFICATION');
    expect(text).toContain('Mode Test');
    expect(text).toContain('Signature valid');
    expect(text).toContain('State Colorado');
    expect(text).toContain('License status Active');
    expect(text).toContain('Verified Yes');
    const json = (await asJson(result.verification_id)).body;
    expect(json).toMatchObject({
      mode: 'test',
      provider: { name: 'Ada test-active', state: 'Colorado' },
      result: { standing: 'clear', status: 'active', verified: true },
      signature_valid: true,
    });
    expect(json.result.expiry_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('an excluded provider: the exclusion leads in red, no green, the valid signature after it', async () => {
    const result = await verify({ first_name: 'Ben', last_name: 'test-excluded', state: 'IL' }, testKey);
    const html = (await page(result.verification_id)).text;
    const text = visibleText(html);
    expect(html).toContain('<section class="banner outcome bad"');
    expect(html).not.toMatch(/class="[^"]*\b(ok|yes)\b/);
    const headline = text.indexOf('Not verified: excluded from federal healthcare programs');
    const exclusion = text.indexOf('The provider is on the OIG exclusion list (LEIE)');
    const signature = text.indexOf('Signature valid');
    expect(headline).toBeGreaterThan(text.indexOf('TEST — NOT A REAL VERIFICATION'));
    expect(exclusion).toBeGreaterThan(headline);
    expect(signature).toBeGreaterThan(exclusion);
    expect(text).toContain('License status Active');
    expect(text).toContain('Verified No');
    expect(text).toContain('OIG exclusion EXCLUDED: on the OIG exclusion list (LEIE)');
    expect((await asJson(result.verification_id)).body).toMatchObject({
      result: { standing: 'adverse', status: 'active', verified: false, oig_excluded: true },
      provider: { name: 'Ben test-excluded', state: 'Illinois' },
      signature_valid: true,
      mode: 'test',
    });
  });

  it('a suspended, disciplined provider: the status and the discipline lead, no green', async () => {
    const result = await verify({ first_name: 'Dee', last_name: 'test-suspended', state: 'WA' }, testKey);
    const html = (await page(result.verification_id)).text;
    const text = visibleText(html);
    expect(html).toContain('<section class="banner outcome bad"');
    expect(html).not.toMatch(/class="[^"]*\b(ok|yes)\b/);
    expect(text.indexOf('Not verified: license suspended')).toBeGreaterThan(0);
    expect(text.indexOf('The state board reports the license as SUSPENDED.')).toBeLessThan(text.indexOf('Signature valid'));
    expect((await asJson(result.verification_id)).body).toMatchObject({
      result: { standing: 'adverse', status: 'suspended', verified: false },
      signature_valid: true,
    });

    const disciplined = await verify({ first_name: 'Eve', last_name: 'test-disciplined', state: 'WA' }, testKey);
    const disciplinedHtml = (await page(disciplined.verification_id)).text;
    expect(disciplinedHtml).not.toMatch(/class="[^"]*\b(ok|yes)\b/);
    expect(visibleText(disciplinedHtml)).toContain('The state board reports disciplinary action on record.');
    expect((await asJson(disciplined.verification_id)).body.result).toMatchObject({ disciplinary_flags: true });
    expect((await asJson(disciplined.verification_id)).body.result.standing).not.toBe('clear');
  });

  it('no matching license: no name and no expiry, said in words', async () => {
    const result = await verify({ first_name: 'Cy', last_name: 'test-notfound', state: 'WA' }, testKey);
    const text = visibleText((await page(result.verification_id)).text);
    expect(text).toContain('Name No license matched');
    expect(text).toContain('License status Not found: no single matching license');
    expect(text).toContain('License expires No expiry date on record');
    expect((await page(result.verification_id)).text).toContain('<section class="banner outcome warn"');
    expect((await asJson(result.verification_id)).body).toMatchObject({
      provider: { name: null, state: 'Washington' },
      result: { standing: 'caution', status: 'not_found', verified: false, expiry_date: null },
      signature_valid: true,
    });
  });

  it('names with accents and apostrophes render escaped and exact', async () => {
    const result = await verify({ first_name: "Zoë O'Neil", last_name: 'test-active', state: 'WA' }, testKey);
    const res = await page(result.verification_id);
    expect(res.text).toContain('<dd>Zoë O&#39;Neil test-active</dd>');
    expect(res.text).toContain('<title>TEST — NOT A REAL VERIFICATION · Verification record: Zoë O&#39;Neil test-active · ');
    expect(res.text).not.toContain("O'Neil");
    expect(visibleText(res.text)).toContain("Name Zoë O'Neil test-active");
    expect((await asJson(result.verification_id)).body.provider.name).toBe("Zoë O'Neil test-active");
  });
});

describe('a certificate changed after signing', () => {
  it('a changed fact fails the signature, on the page and in JSON, and the changed value is what is shown', async () => {
    const result = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    const stored = await storedCertificate(result.verification_id);
    await updateCertificate(
      result.verification_id,
      'SET #c = :c',
      { '#c': 'certificate' },
      { ':c': { ...stored, result: { ...stored.result, status: 'revoked' } } },
    );
    const json = (await asJson(result.verification_id)).body;
    expect(json.signature_valid).toBe(false);
    expect(json.signing_key_id).toEqual(expect.any(String));
    expect(json.result.status).toBe('revoked');
    const res = await page(result.verification_id);
    expect(res.status).toBe(200);
    const text = visibleText(res.text);
    expect(text).toContain('Signature NOT valid');
    expect(text).toContain('Do not rely on the details below.');
    expect(text).not.toContain('Signature valid');
    expect(res.text).toContain('role="alert"');
    expect(res.text).toContain('class="banner outcome unverified"');
  });

  it('a recomputed hash does not help: the ES256 signature must verify too', async () => {
    const result = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    const cert = await storedCertificate(result.verification_id);
    const forged = { ...cert, provider: { ...cert.provider, name: 'Someone Else' } };
    const rehashed = { ...forged, certificate_hash: certificateHash(forged) };
    await updateCertificate(result.verification_id, 'SET #c = :c', { '#c': 'certificate' }, { ':c': rehashed });
    const json = (await asJson(result.verification_id)).body;
    expect(json).toMatchObject({ provider: { name: 'Someone Else' }, certificate_hash: rehashed.certificate_hash, signature_valid: false });
  });

  it('a genuine certificate stored under another id is not valid there', async () => {
    const other = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    await updateCertificate(other.verification_id, 'SET #c = :c', { '#c': 'certificate' }, { ':c': await storedCertificate(helen.verification_id) });
    expect((await asJson(other.verification_id)).body.signature_valid).toBe(false);
    expect((await asJson(helen.verification_id)).body.signature_valid).toBe(true);
  });

  it('a board answer marked live over a signed cached one fails the signature', async () => {
    const result = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    const cert = await storedCertificate(result.verification_id);
    const freshened = { ...cert, sources: cert.sources.map((s) => ({ ...s, status: 'live' as const, as_of: cert.issued_at })) };
    await updateCertificate(
      result.verification_id,
      'SET #c = :c',
      { '#c': 'certificate' },
      { ':c': { ...freshened, certificate_hash: certificateHash(freshened) } },
    );
    expect((await asJson(result.verification_id)).body.signature_valid).toBe(false);
  });

  it('a certificate stored before profession, match and sources were signed still verifies and renders', async () => {
    const result = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    const cert = await storedCertificate(result.verification_id);
    // The signed body as it was before those fields, signed again by the stack's own key file.
    const { match: _m, sources: _s, signature: _sig, certificate_hash: _h, ...rest } = cert;
    const older = {
      ...rest,
      provider: { name: cert.provider.name, npi: cert.provider.npi, license_number: cert.provider.license_number, state: cert.provider.state },
    };
    const signed = await signOlder(older);
    await updateCertificate(result.verification_id, 'SET #c = :c', { '#c': 'certificate' }, { ':c': signed });
    const json = (await asJson(result.verification_id)).body;
    expect(json).toMatchObject({
      result: { standing: 'clear', status: 'active', verified: true },
      provider: { name: 'Helen Jane Thomas', profession: null, license_type: null },
      sources: cert.sources_checked.map((name) => ({ name, status: null, as_of: null })),
      signature_valid: true,
    });
    const text = visibleText((await page(result.verification_id)).text);
    expect(text).toContain('Verified: license active, nothing adverse on record');
    expect(text).toContain('Signature valid');
    expect(text).toContain('OIG LEIE Checked (freshness not recorded on this certificate)');
    const pdf = await t.call(`/v1/certificate/${result.verification_id}/pdf`, { key: liveKey });
    expect(pdf.status).toBe(200);
  });
});

describe('unknown and malformed ids', () => {
  const unknown = `vrf_${'A1b2C3d4'.repeat(3)}`;

  it('an unknown id is a 404 page for browsers', async () => {
    const res = await page(unknown);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectRecordHeaders(res.headers);
    expect(res.text).toContain('<html lang="en">');
    expect(res.text).toContain('<title>Record not found · License Verification API</title>');
    expect(res.text).toContain('<h1>Record not found</h1>');
    expect(res.text).not.toContain(unknown);
  });

  it('an unknown id is the API error shape when JSON is asked for', async () => {
    const res = await asJson(unknown);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'verification_id' });
  });

  it.each([
    'vrf_short',
    `vrf_${'a'.repeat(25)}`,
    `VRF_${'a'.repeat(24)}`,
    `vrf_${'a'.repeat(23)}-`,
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    `vrf_${'a'.repeat(24)}%20`,
  ])('malformed id %s: 404 in both representations, nothing echoed', async (id) => {
    const html = await t.call(`/records/${id}`);
    expect(html.status).toBe(404);
    expect(html.text).not.toMatch(/<script|alert\(1\)/);
    const json = await asJson(id);
    expect(json.status).toBe(404);
    expect(errorOf(json.body).code).toBe('resource_not_found');
  });

  it('the route is GET only, and other paths under /records are not records', async () => {
    expect((await t.call(`/records/${helen.verification_id}`, { method: 'POST' })).status).toBe(405);
    expect((await t.call('/records/')).status).toBe(404);
    expect((await t.call(`/records/${helen.verification_id}/extra`)).status).toBe(404);
  });
});

describe('signing keys by mode', () => {
  it('live and test certificates are signed by different keys, each published with its mode', async () => {
    const keys = jwksSchema.parse((await t.call('/v1/signing-keys')).body).keys;
    const test = await verify({ first_name: 'Ada', last_name: 'test-active', state: 'CO' }, testKey);
    const liveCert = certificateSchema.parse((await t.call(`/v1/certificate/${helen.verification_id}`, { key: liveKey })).body);
    const testCert = certificateSchema.parse((await t.call(`/v1/certificate/${test.verification_id}`, { key: testKey })).body);
    expect(liveCert.signing_key_id).not.toBe(testCert.signing_key_id);
    expect(keys.find((k) => k.kid === liveCert.signing_key_id)?.mode).toBe('live');
    expect(keys.find((k) => k.kid === testCert.signing_key_id)?.mode).toBe('test');
    expect(new Set(keys.map((k) => k.mode))).toEqual(new Set(['live', 'test']));
  });

  it('a test certificate re-marked live and signed again with the test key is not a valid live record', async () => {
    const test = await verify({ first_name: 'Ada', last_name: 'test-active', state: 'CO' }, testKey);
    const cert = await storedCertificate(test.verification_id);
    // What a holder of the test key could make: a genuine signature, by a published key, over a body marked live.
    const { signature: _signature, certificate_hash: _hash, ...body } = { ...cert, mode: 'live' as const };
    const signature = encodeSignature(toLowS(await signerFromEnvironment('test').sign(signingInput(body))));
    const unhashed = { ...body, signature };
    const forged = { ...unhashed, certificate_hash: certificateHash(unhashed) };
    await updateCertificate(test.verification_id, 'SET #c = :c, #m = :m', { '#c': 'certificate', '#m': 'mode' }, { ':c': forged, ':m': 'live' });
    const json = (await asJson(test.verification_id)).body;
    expect(json).toMatchObject({ mode: 'live', signature_valid: false, signing_key_id: cert.signing_key_id });
  });
});
