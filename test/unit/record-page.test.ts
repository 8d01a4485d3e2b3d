/**
 * The public record's building blocks without the stack: HTML escaping and the page, the choice of
 * representation from `Accept`, and the public view of a stored certificate with its signature check.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateHash, issueCertificate, type Certificate, type CertificateBody } from '#shared/certificates/certificate.ts';
import { signingKeysResponse, type Jwks } from '#shared/certificates/jwks.ts';
import { ensureLocalSigningKey, LocalKeySigner } from '#shared/certificates/local-key-signer.ts';
import { preferredRepresentation } from '#shared/records/content-negotiation.ts';
import { escapeHtml, html, SafeHtml } from '#shared/http/html.ts';
import { publicRecord, type PublicRecord } from '#shared/records/public-record.ts';
import { pageContentSecurityPolicy, renderNotFoundPage, renderRecordPage, statusLabel, testMark } from '#shared/records/record-page.ts';
import { isVerificationId } from '#shared/records/record-url.ts';

const hostile = `<script>alert("x")</script> & 'q' <img src=x onerror=alert(1)>`;
const options = { signingKeysUrl: 'https://api.example.com/v1/signing-keys' };

const record = (overrides: Partial<PublicRecord> = {}): PublicRecord => ({
  verification_id: 'vrf_AbCdEfGhIjKlMnOpQrStUvWx',
  issued_at: '2026-05-01T12:34:56.789Z',
  provider: { name: 'Helen Jane Thomas', state: 'Washington' },
  result: { status: 'active', verified: true, expiry_date: '2027-06-03' },
  certificate_hash: `sha256_${'ab'.repeat(32)}`,
  signature: { valid: true, key_id: 'kid-123' },
  mode: 'live',
  ...overrides,
});

describe('escapeHtml and the html template', () => {
  it('escapes the five characters that can break out of text or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
    expect(escapeHtml('Zoë O’Neil — 李')).toBe('Zoë O’Neil — 李');
  });

  it('escapes interpolated values, keeps nested templates, renders arrays and skips null, undefined and false', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'"x"'}">${inner}${['<', html`<br>`]}${null}${undefined}${false}${0}</p>`.value).toBe(
      '<p title="&quot;x&quot;"><b>&lt;i&gt;</b>&lt;<br>0</p>',
    );
    expect(String(new SafeHtml('<hr>'))).toBe('<hr>');
  });
});

describe('the record page', () => {
  it('never lets a value change the markup, in the title, the text or an attribute', () => {
    const page = renderRecordPage(
      record({
        verification_id: hostile,
        issued_at: hostile,
        provider: { name: hostile, state: hostile },
        result: { status: hostile, verified: false, expiry_date: hostile },
        certificate_hash: hostile,
        signature: { valid: false, key_id: hostile },
      }),
      { signingKeysUrl: `https://x.example/"><script>alert(2)</script>` },
    );
    expect(page).not.toMatch(/<script|<img|onerror=alert\(1\)>|alert\("x"\)|'q'/);
    expect(page).toContain('<title>Verification record: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &lt;img src=x onerror=alert(1)&gt; · ');
    expect(page).toContain('<dd>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &lt;img src=x onerror=alert(1)&gt;</dd>');
    expect(page).toContain('href="https://x.example/&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"');
  });

  it('is an accessible, self-contained document', () => {
    const page = renderRecordPage(record(), options);
    expect(page).toMatch(/^<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">/);
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).toContain('<title>Verification record: Helen Jane Thomas · License Verification API</title>');
    expect(page).toContain('<h1>License verification record</h1>');
    expect(page).toContain('<dt>License status</dt><dd>Active</dd>');
    expect(page).toContain('<dt>Verified</dt><dd><span class="yes">Yes</span></dd>');
    expect(page).toContain('<time datetime="2027-06-03">June 3, 2027</time>');
    expect(page).toContain('<time datetime="2026-05-01T12:34:56.789Z">May 1, 2026, 12:34 UTC</time>');
    expect(page).toContain('Signature verified');
    expect(page).not.toContain(testMark);
    expect(page).not.toMatch(/<script|<link|\ssrc=|\sstyle=|url\(|@import/i);
  });

  it('allows exactly its own stylesheet through the Content-Security-Policy hash', () => {
    for (const page of [renderRecordPage(record(), options), renderNotFoundPage()]) {
      const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
      expect(styles).toHaveLength(1);
      const hash = createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
      expect(pageContentSecurityPolicy).toContain(`style-src 'sha256-${hash}'`);
    }
    expect(pageContentSecurityPolicy).toMatch(/^default-src 'none'; /);
  });

  it('marks a test record in the title and at the top, and a failed signature as an alert', () => {
    const page = renderRecordPage(record({ mode: 'test', signature: { valid: false, key_id: 'k' } }), options);
    expect(testMark).toBe('TEST — NOT A REAL VERIFICATION');
    expect(page).toContain(`<title>${testMark} · Verification record: Helen Jane Thomas`);
    expect(page.indexOf(testMark, page.indexOf('<body>'))).toBeLessThan(page.indexOf('<h2'));
    expect(page).toContain('<div class="banner bad" role="alert"><strong><span aria-hidden="true">✗ </span>Signature NOT valid</strong>');
    expect(page).not.toContain('Signature verified');
  });

  it('says in words what is missing, and labels every status', () => {
    const page = renderRecordPage(
      record({ provider: { name: null, state: 'Texas' }, result: { status: 'not_found', verified: false, expiry_date: null }, issued_at: 'not a date' }),
      options,
    );
    expect(page).toContain('<dt>Name</dt><dd>No license matched</dd>');
    expect(page).toContain('<dd>No expiry date on record</dd>');
    expect(page).toContain('<dt>Issued</dt><dd>not a date</dd>');
    expect(page).toContain('<title>Verification record: vrf_AbCdEfGhIjKlMnOpQrStUvWx · ');
    expect(statusLabel('unsupported_state')).toBe('Not checked: state not supported');
    expect(statusLabel('something_new')).toBe('something_new');
    expect(statusLabel('constructor')).toBe('constructor');
    expect(statusLabel(null)).toBe('Unknown');
  });

  it('the not-found page', () => {
    const page = renderNotFoundPage();
    expect(page).toContain('<title>Record not found · License Verification API</title>');
    expect(page).toContain('<h1>Record not found</h1>');
    expect(page).toContain('<html lang="en">');
  });
});

describe('Accept negotiation', () => {
  it.each([
    [undefined, 'html'],
    ['', 'html'],
    ['garbage', 'html'],
    ['*/*', 'html'],
    ['text/html', 'html'],
    ['application/json', 'json'],
    ['APPLICATION/JSON', 'json'],
    ['application/json, text/html', 'html'],
    ['application/json;q=0.9, text/html;q=0.8', 'json'],
    ['application/json; charset=utf-8; q=1, text/*;q=0.5', 'json'],
    ['text/html;q=0.1, application/*;q=0.2', 'json'],
    ['application/json;q=0, */*', 'html'],
    ['text/html;q=0, */*;q=0.1', 'json'],
    ['image/png', 'html'],
  ])('%s → %s', (accept, expected) => {
    expect(preferredRepresentation(accept)).toBe(expected);
  });
});

describe('the public view of a stored certificate', () => {
  let dir: string;
  let jwks: Jwks;
  let cert: Certificate;
  const id = 'vrf_AbCdEfGhIjKlMnOpQrStUvWx';
  const body: Omit<CertificateBody, 'signing_key_id'> = {
    verification_id: id,
    issued_at: '2026-05-01T12:00:00.000Z',
    mode: 'live',
    provider: { name: 'Helen Jane Thomas', npi: '1662571706', license_number: 'RN00973025', state: 'Washington' },
    result: { verified: true, status: 'active', expiry_date: '2027-06-03', disciplinary_flags: false, oig_excluded: false },
    sources_checked: ['OIG LEIE'],
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'record-page-'));
    const files = { live: join(dir, 'signing-key.pem'), test: join(dir, 'test-signing-key.pem') };
    await Promise.all([ensureLocalSigningKey(files.live), ensureLocalSigningKey(files.test)]);
    const signers = { live: new LocalKeySigner(files.live, 'live'), test: new LocalKeySigner(files.test, 'test') };
    jwks = await signingKeysResponse(signers);
    cert = await issueCertificate(body, signers.live);
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('holds exactly the public facts, with a valid signature', async () => {
    expect(await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, jwks)).toEqual({
      verification_id: id,
      issued_at: '2026-05-01T12:00:00.000Z',
      provider: { name: 'Helen Jane Thomas', state: 'Washington' },
      result: { status: 'active', verified: true, expiry_date: '2027-06-03' },
      certificate_hash: cert.certificate_hash,
      signature: { valid: true, key_id: cert.signing_key_id },
      mode: 'live',
    });
  });

  it('is invalid when a fact changed, even with the hash recomputed, or with another key set', async () => {
    const changed = { ...cert, result: { ...cert.result, status: 'revoked' } };
    const rehashed = { ...changed, certificate_hash: certificateHash(changed) };
    const badHash = { ...cert, certificate_hash: `sha256_${'0'.repeat(64)}` };
    for (const certificate of [changed, rehashed, badHash]) {
      expect((await publicRecord({ verification_id: id, mode: 'live', certificate }, jwks)).signature.valid).toBe(false);
    }
    expect((await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, { keys: [] })).signature.valid).toBe(false);
  });

  it('is invalid when the key that signed it is published for the other mode', async () => {
    const swapped = { keys: jwks.keys.map((key) => ({ ...key, mode: key.mode === 'live' ? ('test' as const) : ('live' as const) })) };
    expect((await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, swapped)).signature.valid).toBe(false);
    expect((await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, jwks)).signature.valid).toBe(true);
  });

  it('is invalid under another id', async () => {
    const other = 'vrf_000000000000000000000000';
    expect((await publicRecord({ verification_id: other, mode: 'live', certificate: cert }, jwks)).signature.valid).toBe(false);
  });

  it('marks a record test unless both the stored mode and the certificate say live', async () => {
    expect((await publicRecord({ verification_id: id, mode: 'test', certificate: cert }, jwks)).mode).toBe('test');
    expect((await publicRecord({ verification_id: id, mode: undefined, certificate: cert }, jwks)).mode).toBe('test');
  });

  it('survives a stored certificate of the wrong shape', async () => {
    for (const certificate of [undefined, null, 'text', [], { provider: 'x', result: { verified: 'true', status: 7 } }]) {
      const view = await publicRecord({ verification_id: id, mode: 'live', certificate }, jwks);
      expect(view).toMatchObject({
        provider: { name: null, state: null },
        result: { status: null, verified: false, expiry_date: null },
        signature: { valid: false, key_id: null },
        mode: 'test',
      });
    }
  });
});

describe('verification ids', () => {
  it('accepts only vrf_ and 24 base62 characters', () => {
    expect(isVerificationId('vrf_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(true);
    for (const id of ['vrf_AbCdEfGhIjKlMnOpQrStUvW', 'vrf_AbCdEfGhIjKlMnOpQrStUvWxY', 'VRF_AbCdEfGhIjKlMnOpQrStUvWx', 'vrf_AbCdEfGhIjKlMnOpQrStUv-x', 'vrf_AbCdEfGhIjKlMnOpQrStUvWx\n', '']) {
      expect(isVerificationId(id), JSON.stringify(id)).toBe(false);
    }
  });
});
