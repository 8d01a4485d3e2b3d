/**
 * The public record's building blocks without the stack: HTML escaping and the page, the choice of
 * representation from `Accept`, and the public view of a stored certificate with its signature check.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateHash, issueCertificate, type Certificate, type CertificateBody } from '#shared/features/certificates/certificate.ts';
import { signingKeysResponse, type Jwks } from '#shared/features/certificates/jwks.ts';
import { ensureLocalSigningKey, LocalKeySigner } from '#shared/features/certificates/local-key-signer.ts';
import { preferredRepresentation } from '#shared/api/http/public-record/content-negotiation.ts';
import { escapeHtml, html, SafeHtml } from '#shared/api/http/html.ts';
import { publicRecord, type PublicRecord } from '#shared/features/records/public-record.ts';
import { pageContentSecurityPolicy, renderNotFoundPage, renderRecordPage, statusLabel, testMark } from '#shared/api/http/public-record/record-page.ts';
import { isVerificationId } from '#shared/features/records/record-url.ts';
import { olderCertificate, olderCertificateJwks } from '../fixtures/certificates/older-certificate.ts';
import { standingOf } from '#shared/features/records/record-outcome.ts';

const hostile = `<script>alert("x")</script> & 'q' <img src=x onerror=alert(1)>`;
const options = { signingKeysUrl: 'https://api.example.com/v1/signing-keys' };

type Facts = Omit<PublicRecord['result'], 'standing'>;

/** A record as `publicRecord` builds it: the standing follows from the facts. */
const record = (overrides: Partial<Omit<PublicRecord, 'result'>> & { result?: Partial<Facts> } = {}): PublicRecord => {
  const facts: Facts = { verified: true, status: 'active', oig_excluded: false, disciplinary_flags: false, expiry_date: '2027-06-03', ...overrides.result };
  return {
    provider: { name: 'Helen Jane Thomas', state: 'Washington', profession: 'registered_nurse', license_type: 'Registered Nurse License' },
    sources: [
      { name: 'Washington State Department of Health', status: 'live', as_of: '2026-05-01T12:34:56.000Z' },
      { name: 'OIG LEIE', status: 'cached', as_of: '2026-04-20T06:00:00.000Z' },
    ],
    sanctions: { sanctioned: false, lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-04-20T06:00:00.000Z' }], matches: [] },
    signature_valid: true,
    verification_id: 'vrf_AbCdEfGhIjKlMnOpQrStUvWx',
    issued_at: '2026-05-01T12:34:56.789Z',
    certificate_hash: `sha256_${'ab'.repeat(32)}`,
    signing_key_id: 'kid-123',
    mode: 'live',
    ...overrides,
    result: { standing: standingOf(facts), ...facts },
  };
};

/** The page's text as read, tags dropped. */
const visible = (page: string) =>
  page
    .replace(/<(style|title)>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

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
        provider: { name: hostile, state: hostile, profession: hostile, license_type: hostile },
        result: { status: hostile, verified: false, expiry_date: hostile },
        sources: [{ name: hostile, status: hostile, as_of: hostile }],
        certificate_hash: hostile,
        signature_valid: false,
        signing_key_id: hostile,
      }),
      { signingKeysUrl: `https://x.example/"><script>alert(2)</script>` },
    );
    expect(page).not.toMatch(/<script|<img|onerror=alert\(1\)>|alert\("x"\)|'q'/);
    expect(page).toContain(
      '<title>Verification record: &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &lt;img src=x onerror=alert(1)&gt; · ',
    );
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
    expect(page).toContain('<dt>Profession</dt><dd>registered_nurse</dd>');
    expect(page).toContain('<dt>License type</dt><dd>Registered Nurse License</dd>');
    expect(page).toContain('<dt>Washington State Department of Health</dt><dd>Live, as of 2026-05-01 12:34 UTC</dd>');
    expect(page).toContain('<dt>OIG LEIE</dt><dd>Cached, as of 2026-04-20 06:00 UTC (11 days before issue)</dd>');
    expect(page).toContain('Signature valid');
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

  it('marks a test record in the title and at the top, and a failed signature as an alert before the outcome, which loses its colour', () => {
    const page = renderRecordPage(record({ mode: 'test', signature_valid: false, signing_key_id: 'k' }), options);
    expect(testMark).toBe('TEST — NOT A REAL VERIFICATION');
    expect(page).toContain(`<title>${testMark} · Verification record: Helen Jane Thomas`);
    expect(page.indexOf(testMark, page.indexOf('<body>'))).toBeLessThan(page.indexOf('<h2'));
    expect(page).toContain('<div class="banner bad" role="alert"><strong><span aria-hidden="true">✗ </span>Signature NOT valid</strong>');
    expect(page.indexOf('Signature NOT valid')).toBeLessThan(page.indexOf('class="banner outcome'));
    expect(page).toContain('class="banner outcome unverified"');
    expect(visible(page)).toContain('Unconfirmed, as the record states it: Verified: license active');
    expect(page).not.toContain('class="yes"');
    expect(page).not.toMatch(/class="[^"]*\bok\b/);
    expect(page).not.toContain('Signature valid');
  });

  it('leads an excluded, suspended and disciplined provider with those facts in red, with no green anywhere', () => {
    const page = renderRecordPage(record({ result: { verified: false, status: 'suspended', oig_excluded: true, disciplinary_flags: true } }), options);
    const text = visible(page);
    expect(page).not.toMatch(/class="[^"]*\b(ok|yes)\b/);
    expect(page).toContain('<section class="banner outcome bad" aria-labelledby="outcome" role="status">');
    const first = text.indexOf('Not verified: excluded from federal healthcare programs');
    expect(first).toBeGreaterThan(0);
    const order = [
      'Not verified: excluded from federal healthcare programs',
      'The provider is on the OIG exclusion list (LEIE): excluded from federal healthcare programs.',
      'The state board reports the license as SUSPENDED.',
      'The state board reports disciplinary action on record.',
      'Signature valid',
      'Result',
      'Provider',
    ].map((phrase) => text.indexOf(phrase));
    expect(
      order.every((at) => at >= 0),
      JSON.stringify(order),
    ).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(page).toContain('<dt>OIG exclusion</dt><dd><span class="no">EXCLUDED: on the OIG exclusion list (LEIE)</span></dd>');
    expect(page).toContain('<dt>License status</dt><dd><span class="no">Suspended</span></dd>');
    expect(page).toContain('<dt>Disciplinary action</dt><dd><span class="no">YES: reported by the state board</span></dd>');
  });

  it.each([
    ['revoked', { verified: false, status: 'revoked' }, 'bad', 'Not verified: license revoked'],
    ['expired', { verified: false, status: 'expired' }, 'bad', 'Not verified: license expired'],
    ['excluded, license active', { verified: false, status: 'active', oig_excluded: true }, 'bad', 'Not verified: excluded from federal healthcare programs'],
    ['active with discipline', { verified: true, status: 'active', disciplinary_flags: true }, 'warn', 'Verified, with disciplinary action on record'],
    ['not found', { verified: false, status: 'not_found', expiry_date: null }, 'warn', 'Not verified: no matching license found'],
    ['source unavailable', { verified: false, status: 'source_unavailable', expiry_date: null }, 'warn', 'Not verified: license status unknown'],
    ['unsupported state', { verified: false, status: 'unsupported_state', expiry_date: null }, 'warn', 'Not verified: license not checked'],
    ['an unknown status', { verified: false, status: 'pending_review' }, 'warn', 'Not verified'],
  ] as const)('%s: the outcome leads, amber or red, never green', (_, result, tone, headline) => {
    const page = renderRecordPage(record({ result }), options);
    expect(page).toContain(`<section class="banner outcome ${tone}"`);
    expect(page).not.toMatch(/class="[^"]*\bok\b/);
    expect(page).not.toContain('class="yes"');
    expect(visible(page)).toContain(`${headline} `);
    expect(page.indexOf('class="banner outcome')).toBeLessThan(page.indexOf('Signature valid'));
  });

  it('leads a verified provider with nothing adverse in green, the signature a plain line after it', () => {
    const page = renderRecordPage(record(), options);
    expect(page).toContain('<section class="banner outcome ok" aria-labelledby="outcome">');
    expect(visible(page)).toContain('Verified: license active, nothing adverse on record');
    expect(page).toContain('<p class="signature"><span aria-hidden="true">✓ </span>Signature valid:');
    expect(page.indexOf('banner outcome ok')).toBeLessThan(page.indexOf('class="signature"'));
    expect(page.match(/class="banner /g)).toHaveLength(1);
  });

  it('says next to the outcome when the board answer came from the cache a day or more before issue', () => {
    const stale = record({ sources: [{ name: 'Washington State Department of Health', status: 'cached', as_of: '2026-04-01T08:00:00.000Z' }] });
    const text = visible(renderRecordPage(stale, options));
    expect(text).toContain('The state board’s answer came from the cache, as of 2026-04-01 08:00 UTC (30 days before issue); it was not fetched at issue.');
    expect(text).toContain('Washington State Department of Health Cached, as of 2026-04-01 08:00 UTC (30 days before issue)');
    expect(visible(renderRecordPage(record(), options))).not.toContain('came from the cache');
  });

  it('shows the sources of a certificate issued before freshness was signed without inventing any', () => {
    const older = record({
      provider: { name: 'Helen Jane Thomas', state: 'Washington', profession: null, license_type: null },
      sources: [{ name: 'OIG LEIE', status: null, as_of: null }],
    });
    const page = renderRecordPage(older, options);
    expect(page).toContain('<dt>OIG LEIE</dt><dd>Checked (freshness not recorded on this certificate)</dd>');
    expect(page).not.toContain('<dt>Profession</dt>');
  });

  it('says in words what is missing, and labels every status', () => {
    const page = renderRecordPage(
      record({
        provider: { name: null, state: 'Texas', profession: null, license_type: null },
        result: { status: 'not_found', verified: false, expiry_date: null },
        issued_at: 'not a date',
      }),
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
  let signer: LocalKeySigner;
  const id = 'vrf_AbCdEfGhIjKlMnOpQrStUvWx';
  const body: Omit<CertificateBody, 'signing_key_id'> = {
    verification_id: id,
    issued_at: '2026-12-01T12:00:00.000Z',
    mode: 'live',
    provider: {
      name: 'Helen Jane Thomas',
      npi: '1662571706',
      license_number: 'RN00973025',
      state: 'Washington',
      profession: 'registered_nurse',
      license_type: 'Registered Nurse License',
    },
    result: { verified: true, status: 'active', expiry_date: '2027-06-03', disciplinary_flags: false, oig_excluded: false },
    match: { confidence: 0.99, basis: ['npi', 'npi_license_link'] },
    sources_checked: ['Washington State Department of Health', 'OIG LEIE'],
    sources: [
      { name: 'Washington State Department of Health', status: 'cached', as_of: '2026-04-01T12:00:00.000Z' },
      { name: 'OIG LEIE', status: 'cached', as_of: '2026-05-01T06:00:00.000Z' },
      { name: 'NPPES NPI Registry', status: 'unavailable', as_of: null },
    ],
    sanctions: { sanctioned: false, lists: [{ list: 'oig_leie', name: 'OIG LEIE', status: 'cached', as_of: '2026-05-01T06:00:00.000Z' }], matches: [] },
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'record-page-'));
    const files = { live: join(dir, 'signing-key.pem'), test: join(dir, 'test-signing-key.pem') };
    await Promise.all([ensureLocalSigningKey(files.live), ensureLocalSigningKey(files.test)]);
    const signers = { live: new LocalKeySigner(files.live, 'live'), test: new LocalKeySigner(files.test, 'test') };
    jwks = await signingKeysResponse(signers);
    cert = await issueCertificate(body, signers.live);
    signer = signers.live;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('holds exactly the public facts, the outcome first and the signature validity as its own field', async () => {
    const view = await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, jwks);
    expect(view).toEqual({
      result: { standing: 'clear', verified: true, status: 'active', oig_excluded: false, disciplinary_flags: false, expiry_date: '2027-06-03' },
      provider: { name: 'Helen Jane Thomas', state: 'Washington', profession: 'registered_nurse', license_type: 'Registered Nurse License' },
      sources: body.sources,
      sanctions: body.sanctions,
      signature_valid: true,
      verification_id: id,
      issued_at: '2026-12-01T12:00:00.000Z',
      certificate_hash: cert.certificate_hash,
      signing_key_id: cert.signing_key_id,
      mode: 'live',
    });
    expect(Object.keys(view)[0]).toBe('result');
    expect(JSON.stringify(view)).not.toMatch(/1662571706|RN00973025|npi_license_link|confidence/);
  });

  it('shows the sanctions screen: each list with its freshness, each match with its basis', async () => {
    const screened = await issueCertificate(
      {
        ...body,
        sanctions: {
          sanctioned: true,
          lists: body.sanctions.lists,
          matches: [{ list: 'oig_leie', basis: 'name_only', name: 'HELEN THOMAS', action: 'OIG exclusion 1128b4', start_date: '2019-05-20', end_date: null }],
        },
      },
      signer,
    );
    const view = await publicRecord({ verification_id: id, mode: 'live', certificate: screened }, jwks);
    expect(view.sanctions?.matches[0]).toEqual({
      list: 'oig_leie',
      basis: 'name_only',
      name: 'HELEN THOMAS',
      action: 'OIG exclusion 1128b4',
      start_date: '2019-05-20',
      end_date: null,
    });
    const page = renderRecordPage(view, options);
    expect(page).toContain('<h2 id="sanctions">Sanctions screen</h2>');
    expect(page).toContain('<span class="no">OIG exclusion 1128b4</span>, matched by name only: to be reviewed, since 2019-05-20');
    const clean = renderRecordPage(await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, jwks), options);
    expect(clean).toContain('No match on any list screened.');
  });

  it('shows a match on a row that names nobody under its list’s name, never its NPI', async () => {
    const screened = await issueCertificate(
      {
        ...body,
        sanctions: {
          sanctioned: true,
          lists: [
            ...body.sanctions.lists,
            { list: 'nppes_deactivated', name: 'NPPES Deactivated NPI Report', status: 'cached', as_of: '2026-12-01T10:00:00.000Z' },
          ],
          matches: [
            {
              list: 'nppes_deactivated',
              basis: 'npi',
              name: 'NPI 1662571706',
              action: 'NPI deactivated (CMS NPPES)',
              start_date: '2026-10-06',
              end_date: null,
            },
          ],
        },
      },
      signer,
    );
    const view = await publicRecord({ verification_id: id, mode: 'live', certificate: screened }, jwks);
    expect(view.sanctions?.matches).toEqual([
      { list: 'nppes_deactivated', basis: 'npi', name: null, action: 'NPI deactivated (CMS NPPES)', start_date: '2026-10-06', end_date: null },
    ]);
    const page = renderRecordPage(view, options);
    expect(page).toContain(
      '<dt>NPPES Deactivated NPI Report</dt><dd><span class="no">NPI deactivated (CMS NPPES)</span>, matched by NPI, since 2026-10-06</dd>',
    );
    expect(`${JSON.stringify(view)}${page}`).not.toContain('1662571706');
  });

  it('judges an excluded, suspended provider adverse, with a valid signature', async () => {
    const adverse = await issueCertificate(
      { ...body, result: { verified: false, status: 'suspended', expiry_date: null, disciplinary_flags: true, oig_excluded: true } },
      signer,
    );
    const view = await publicRecord({ verification_id: id, mode: 'live', certificate: adverse }, jwks);
    expect(view.result).toEqual({ standing: 'adverse', verified: false, status: 'suspended', oig_excluded: true, disciplinary_flags: true, expiry_date: null });
    expect(view.signature_valid).toBe(true);
  });

  it('shows a certificate issued before profession, match and sources were signed, with a valid signature', async () => {
    const older = await publicRecord({ verification_id: olderCertificate.verification_id, mode: 'live', certificate: olderCertificate }, olderCertificateJwks);
    expect(older).toMatchObject({
      result: { standing: 'clear', verified: true, status: 'active' },
      provider: { name: 'Helen Jane Thomas', state: 'Washington', profession: null, license_type: null },
      sources: olderCertificate.sources_checked.map((name) => ({ name, status: null, as_of: null })),
      sanctions: null,
      signature_valid: true,
    });
    const page = renderRecordPage(older, options);
    expect(page).not.toContain('Sanctions screen');
    expect(page).toContain('<section class="banner outcome ok"');
    expect(page).toContain('Signature valid');
  });

  it('is invalid when a fact changed, even with the hash recomputed, or with another key set', async () => {
    const changed = { ...cert, result: { ...cert.result, status: 'revoked' } };
    const rehashed = { ...changed, certificate_hash: certificateHash(changed) };
    const badHash = { ...cert, certificate_hash: `sha256_${'0'.repeat(64)}` };
    const fresher = { ...cert, sources: cert.sources.map((s) => ({ ...s, status: 'live' as const })) };
    for (const certificate of [changed, rehashed, badHash, fresher, { ...fresher, certificate_hash: certificateHash(fresher) }]) {
      expect((await publicRecord({ verification_id: id, mode: 'live', certificate }, jwks)).signature_valid).toBe(false);
    }
    expect((await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, { keys: [] })).signature_valid).toBe(false);
  });

  it('is invalid when the key that signed it is published for the other mode', async () => {
    const swapped = { keys: jwks.keys.map((key) => ({ ...key, mode: key.mode === 'live' ? ('test' as const) : ('live' as const) })) };
    expect((await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, swapped)).signature_valid).toBe(false);
    expect((await publicRecord({ verification_id: id, mode: 'live', certificate: cert }, jwks)).signature_valid).toBe(true);
  });

  it('is invalid under another id', async () => {
    const other = 'vrf_000000000000000000000000';
    expect((await publicRecord({ verification_id: other, mode: 'live', certificate: cert }, jwks)).signature_valid).toBe(false);
  });

  it('marks a record test unless both the stored mode and the certificate say live', async () => {
    expect((await publicRecord({ verification_id: id, mode: 'test', certificate: cert }, jwks)).mode).toBe('test');
    expect((await publicRecord({ verification_id: id, mode: undefined, certificate: cert }, jwks)).mode).toBe('test');
  });

  it('survives a stored certificate of the wrong shape, never judging it clear', async () => {
    for (const certificate of [undefined, null, 'text', [], { provider: 'x', result: { verified: 'true', status: 7, oig_excluded: 'no' }, sources: 'x' }]) {
      const view = await publicRecord({ verification_id: id, mode: 'live', certificate }, jwks);
      expect(view).toMatchObject({
        result: { standing: 'caution', status: null, verified: false, oig_excluded: false, disciplinary_flags: false, expiry_date: null },
        provider: { name: null, state: null, profession: null, license_type: null },
        sources: [],
        signature_valid: false,
        signing_key_id: null,
        mode: 'test',
      });
    }
  });
});

describe('verification ids', () => {
  it('accepts only vrf_ and 24 base62 characters', () => {
    expect(isVerificationId('vrf_AbCdEfGhIjKlMnOpQrStUvWx')).toBe(true);
    for (const id of [
      'vrf_AbCdEfGhIjKlMnOpQrStUvW',
      'vrf_AbCdEfGhIjKlMnOpQrStUvWxY',
      'VRF_AbCdEfGhIjKlMnOpQrStUvWx',
      'vrf_AbCdEfGhIjKlMnOpQrStUv-x',
      'vrf_AbCdEfGhIjKlMnOpQrStUvWx\n',
      '',
    ]) {
      expect(isVerificationId(id), JSON.stringify(id)).toBe(false);
    }
  });
});
