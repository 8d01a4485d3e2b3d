/**
 * The HTML of the public record: one self-contained page (inline CSS, no scripts, no external assets,
 * no JavaScript needed) that reads well on a phone opened from a QR code and on paper. Every value is
 * escaped through the `html` template. The stylesheet is a constant, so the page's Content-Security-Policy
 * allows exactly that stylesheet by its hash instead of any inline style.
 */
import { serviceName } from '../../../platform/config.ts';
import { html, SafeHtml, stylesheetOnlyPolicy } from '../html.ts';
import { ageNote, boardSources, daysBeforeIssue, freshnessPhrase, utcMinute } from '../../../features/certificates/source-freshness.ts';
import type { PublicRecord } from '../../../features/records/public-record.ts';
import { recordOutcome, type Standing } from '../../../features/records/record-outcome.ts';

/** Shown on every test-mode record, in its title and at the top of the page. */
export const testMark = 'TEST — NOT A REAL VERIFICATION';

/** Inserted into the page as is, unescaped: a constant with no `</style` in it. */
const stylesheet = [
  ':root{color-scheme:light}',
  '*{box-sizing:border-box}',
  'body{margin:0;background:#f4f5f7;color:#1b1f24;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}',
  'main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}',
  '.service{margin:0;color:#48505e;font-size:.95rem}',
  'h1{font-size:1.6rem;line-height:1.25;margin:.25rem 0 1.25rem}',
  'h2{font-size:1.15rem;margin:1.75rem 0 .5rem}',
  '.card{background:#fff;border:1px solid #c9cfd8;border-radius:8px;padding:1rem 1.25rem}',
  '.card p{margin:0 0 .75rem}',
  '.card p:last-child{margin-bottom:0}',
  'dl{margin:0;display:grid;grid-template-columns:minmax(9rem,max-content) 1fr;gap:.6rem 1.25rem}',
  'dt{font-weight:600;color:#353c48}',
  'dd{margin:0;overflow-wrap:anywhere}',
  '.banner{border:2px solid;border-radius:8px;padding:.9rem 1.25rem;margin:0 0 1rem}',
  '.banner strong{display:block;font-size:1.2rem;margin-bottom:.2rem}',
  '.banner p{margin:0}',
  '.outcome strong{font-size:1.35rem}',
  '.outcome ul{margin:.4rem 0 0;padding-left:1.25rem}',
  '.outcome li{margin:.15rem 0}',
  '.outcome p{margin-top:.5rem}',
  '.ok{background:#e7f4ea;border-color:#1e7b34;color:#0d4219}',
  '.warn{background:#fdf0e1;border-color:#a35200;color:#4a2600}',
  '.bad{background:#fdeceb;border-color:#b3261e;color:#6e120d}',
  '.unverified{background:#fff;border-color:#6b7280;color:#1b1f24}',
  '.signature{margin:0 0 1rem;color:#434a57;font-size:.95rem}',
  '.test{background:#fff1b8;border-color:#7a5600;color:#362600}',
  '.yes{color:#0d5c22;font-weight:700}',
  '.no{color:#9c1d16;font-weight:700}',
  '.caution{color:#8a4500;font-weight:700}',
  'code{font:.9rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}',
  'a{color:#0b4fa8}',
  'footer{margin-top:2rem;font-size:.92rem;color:#434a57}',
  '@media (max-width:32rem){dl{grid-template-columns:1fr;gap:.15rem}dd{margin-bottom:.6rem}}',
  '@media print{body{background:#fff}.card,.banner{border-color:#000}}',
].join('\n');

/** The Content-Security-Policy of the pages: nothing may load or run; only the stylesheet above applies. */
export const pageContentSecurityPolicy = stylesheetOnlyPolicy(stylesheet, ['img-src data:']);

export interface RecordPageOptions {
  /** Where the published signing keys (JWKS) are, linked for anyone who wants to check independently. */
  readonly signingKeysUrl: string;
}

export function renderRecordPage(record: PublicRecord, options: RecordPageOptions): string {
  const test = record.mode === 'test';
  const subject = record.provider.name ?? record.verification_id;
  const title = `${test ? `${testMark} · ` : ''}Verification record: ${subject} · ${serviceName}`;
  const r = record.result;
  const body = html`
<header>
<p class="service">${serviceName} · public verification record</p>
<h1>License verification record</h1>
</header>
${test ? html`<div class="banner test" role="note"><strong>${testMark}</strong><p>This record was made with a test API key. It is sample output and says nothing about a real license.</p></div>` : null}
${record.signature_valid ? null : invalidSignatureBanner()}
${outcomeBanner(record)}
${record.signature_valid ? html`<p class="signature"><span aria-hidden="true">✓ </span>Signature valid: this is the certificate the service issued, unchanged (checked against the published signing key).</p>` : null}
<section aria-labelledby="result">
<h2 id="result">Result</h2>
<div class="card"><dl>
<dt>Verified</dt><dd>${r.verified ? html`<span class="${r.standing === 'clear' && record.signature_valid ? 'yes' : 'caution'}">Yes</span>` : html`<span class="no">No</span>`}</dd>
<dt>License status</dt><dd>${statusElement(r.status)}</dd>
<dt>OIG exclusion</dt><dd>${r.oig_excluded ? html`<span class="no">EXCLUDED: on the OIG exclusion list (LEIE)</span>` : 'Not on the OIG exclusion list'}</dd>
<dt>Disciplinary action</dt><dd>${r.disciplinary_flags ? html`<span class="no">YES: reported by the state board</span>` : 'None reported'}</dd>
<dt>License expires</dt><dd>${r.expiry_date ? dateElement(r.expiry_date, false) : 'No expiry date on record'}</dd>
</dl></div>
</section>
<section aria-labelledby="provider">
<h2 id="provider">Provider</h2>
<div class="card"><dl>
<dt>Name</dt><dd>${record.provider.name ?? 'No license matched'}</dd>
<dt>State</dt><dd>${record.provider.state ?? 'Not stated'}</dd>
${record.provider.profession === null ? null : html`<dt>Profession</dt><dd>${record.provider.profession}</dd>`}
${record.provider.license_type === null ? null : html`<dt>License type</dt><dd>${record.provider.license_type}</dd>`}
</dl></div>
</section>
${sanctionsSection(record)}
${sourcesSection(record)}
<section aria-labelledby="certificate">
<h2 id="certificate">Certificate</h2>
<div class="card"><dl>
<dt>Signature</dt><dd>${record.signature_valid ? 'Valid' : html`<span class="no">NOT valid</span>`}</dd>
<dt>Verification ID</dt><dd><code>${record.verification_id}</code></dd>
<dt>Issued</dt><dd>${record.issued_at ? dateElement(record.issued_at, true) : 'Unknown'}</dd>
<dt>Certificate hash</dt><dd><code>${record.certificate_hash ?? 'None'}</code></dd>
<dt>Signing key ID</dt><dd><code>${record.signing_key_id ?? 'None'}</code></dd>
<dt>Mode</dt><dd>${test ? 'Test' : 'Live'}</dd>
</dl></div>
</section>
<footer>
<p>“Verified” means the state board reports the license as active and the provider is not on the OIG exclusion list (LEIE). These are the facts of the certificate as issued on the date above; compare them with the printed certificate. A cached source answered as of the time shown, not at issue.</p>
<p>The certificate is signed with ES256. The public signing keys are published at <a href="${options.signingKeysUrl}">${options.signingKeysUrl}</a>.</p>
</footer>`;
  return page(title, body);
}

export function renderNotFoundPage(): string {
  const body = html`
<header>
<p class="service">${serviceName} · public verification record</p>
<h1>Record not found</h1>
</header>
<div class="card">
<p>There is no verification record at this address.</p>
<p>Check that the address is exactly the one printed on the certificate, or scan its QR code again. A certificate that leads nowhere should not be relied on.</p>
</div>`;
  return page(`Record not found · ${serviceName}`, body);
}

/** Leads the page, before the outcome, when the certificate does not verify: its facts cannot be relied on. */
function invalidSignatureBanner(): SafeHtml {
  return html`<div class="banner bad" role="alert"><strong><span aria-hidden="true">✗ </span>Signature NOT valid</strong><p>This record does not match the certificate the service signed. Do not rely on the details below.</p></div>`;
}

const standingClass: Readonly<Record<Standing, string>> = { clear: 'ok', caution: 'warn', adverse: 'bad' };

/**
 * What was found, in the colour it deserves: green only for a clear outcome with a valid signature;
 * with an invalid signature the stated outcome is shown without colour, as a claim.
 */
function outcomeBanner(record: PublicRecord): SafeHtml {
  const outcome = recordOutcome(record.result);
  const trusted = record.signature_valid;
  const tone = trusted ? standingClass[outcome.standing] : 'unverified';
  const mark = !trusted ? null : outcome.standing === 'clear' ? '✓ ' : outcome.standing === 'adverse' ? '✗ ' : '! ';
  return html`<section class="banner outcome ${tone}" aria-labelledby="outcome"${outcome.standing === 'clear' ? null : html` role="status"`}>
<strong id="outcome">${mark ? html`<span aria-hidden="true">${mark}</span>` : 'Unconfirmed, as the record states it: '}${outcome.headline}</strong>
<ul>${outcome.facts.map((fact) => html`<li>${fact}</li>`)}</ul>
${staleBoardNote(record)}
</section>`;
}

/** A board answer taken from the cache a day or more before issue, said next to the outcome. */
function staleBoardNote(record: PublicRecord): SafeHtml | null {
  if (!record.issued_at) return null;
  const issuedAt = record.issued_at;
  const cached = boardSources(record.sources).find((s) => s.status === 'cached' && s.as_of !== null && (daysBeforeIssue(s.as_of, issuedAt) ?? 0) >= 1);
  if (!cached?.as_of) return null;
  return html`<p>The state board’s answer came from the cache, as of ${utcMinute(cached.as_of)}${ageNote(cached.as_of, issuedAt)}; it was not fetched at issue.</p>`;
}

const sanctionBasisLabels: Readonly<Record<string, string>> = {
  npi: 'matched by NPI',
  license: 'matched by license number',
  name_dob: 'matched by name and date of birth',
  name_only: 'matched by name only: to be reviewed',
};

/** The lists screened and what matched; nothing on a certificate issued before the screen was signed. */
function sanctionsSection(record: PublicRecord): SafeHtml | null {
  const s = record.sanctions;
  if (!s) return null;
  const issuedAt = record.issued_at ?? '';
  const listLine = (l: NonNullable<PublicRecord['sanctions']>['lists'][number]) => {
    if (l.status !== 'live' && l.status !== 'cached' && l.status !== 'unavailable') return l.status ?? 'Checked';
    const phrase = freshnessPhrase({ status: l.status, as_of: l.as_of }, issuedAt);
    return phrase.charAt(0).toUpperCase() + phrase.slice(1);
  };
  // A row that names nobody (a list of NPIs alone) is shown under the list's name.
  const listName = (id: string | null) => s.lists.find((l) => l.list === id)?.name ?? id ?? 'Unnamed';
  return html`<section aria-labelledby="sanctions">
<h2 id="sanctions">Sanctions screen</h2>
<div class="card">
${
  s.matches.length === 0
    ? html`<p>No match on any list screened.</p>`
    : html`<dl>${s.matches.map(
        (m) => html`
<dt>${m.name ?? listName(m.list)}</dt><dd><span class="no">${m.action ?? 'Listed'}</span>, ${sanctionBasisLabels[m.basis ?? ''] ?? `matched (${m.basis ?? 'basis not stated'})`}${m.start_date ? html`, since ${m.start_date}` : null}${m.end_date ? html`, until ${m.end_date}` : null}</dd>`,
      )}
</dl>`
}
<dl>${s.lists.map(
    (l) => html`
<dt>${l.name ?? l.list ?? 'List'}</dt><dd${l.status === 'unavailable' ? html` class="no"` : null}>${listLine(l)}</dd>`,
  )}
</dl></div>
</section>`;
}

function sourcesSection(record: PublicRecord): SafeHtml {
  const issuedAt = record.issued_at ?? '';
  const freshness = (s: PublicRecord['sources'][number]) => {
    if (s.status === null) return 'Checked (freshness not recorded on this certificate)';
    if (s.status !== 'live' && s.status !== 'cached' && s.status !== 'unavailable') return s.status;
    const phrase = freshnessPhrase({ status: s.status, as_of: s.as_of }, issuedAt);
    return phrase.charAt(0).toUpperCase() + phrase.slice(1);
  };
  return html`<section aria-labelledby="sources">
<h2 id="sources">Sources</h2>
<div class="card">${
    record.sources.length === 0
      ? html`<p>No sources recorded.</p>`
      : html`<dl>${record.sources.map(
          (s) => html`
<dt>${s.name}</dt><dd${s.status === 'unavailable' ? html` class="no"` : null}>${freshness(s)}${evidenceList(s)}</dd>`,
        )}
</dl>`
  }</div>
</section>`;
}

/** The hashes of what a source said, one per line: what the certificate names as its evidence. */
function evidenceList(source: PublicRecord['sources'][number]): SafeHtml | null {
  const named = (source.evidence ?? []).filter((e) => e.sha256 !== null);
  if (named.length === 0) return null;
  const label = (kind: string | null) => (kind === 'file' ? 'File' : kind === 'response' ? 'Response' : 'Evidence');
  return html`<br>Evidence (SHA-256):${named.map((e) => html`<br>${label(e.kind)} <code>${e.sha256}</code>`)}`;
}

const statusLabels: Readonly<Record<string, string>> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
  expired: 'Expired',
  revoked: 'Revoked',
  not_found: 'Not found: no single matching license',
  source_unavailable: 'Unknown: the state board could not be reached',
  profession_not_covered: 'Not checked: profession not covered in this state',
  unsupported_state: 'Not checked: state not supported',
};

/** The status label, in red when the license cannot be practised on. */
function statusElement(status: string | null): SafeHtml {
  const label = statusLabel(status);
  return status !== null && ['suspended', 'revoked', 'expired', 'inactive'].includes(status) ? html`<span class="no">${label}</span>` : html`${label}`;
}

/** A readable label for a status; an unknown status is shown as stored. */
export function statusLabel(status: string | null): string {
  if (status === null) return 'Unknown';
  return Object.hasOwn(statusLabels, status) ? statusLabels[status]! : status;
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * `<time>` with the machine-readable value and a readable one in UTC: `June 3, 2027`, or
 * `May 1, 2026, 12:00 UTC` for a timestamp. A value that is not a date is shown as stored.
 */
function dateElement(value: string, withTime: boolean): SafeHtml {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const ms = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) return html`${value}`;
  const date = new Date(ms);
  const day = dayFormat.format(date);
  const text = withTime && !dateOnly ? `${day}, ${date.toISOString().slice(11, 16)} UTC` : day;
  return html`<time datetime="${value}">${text}</time>`;
}

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${title}</title>
<style>${new SafeHtml(stylesheet)}</style>
</head>
<body>
<main>${body}
</main>
</body>
</html>
`.value;
}
