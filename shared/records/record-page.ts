/**
 * The HTML of the public record: one self-contained page (inline CSS, no scripts, no external assets,
 * no JavaScript needed) that reads well on a phone opened from a QR code and on paper. Every value is
 * escaped through the `html` template. The stylesheet is a constant, so the page's Content-Security-Policy
 * allows exactly that stylesheet by its hash instead of any inline style.
 */
import { serviceName } from '../config.ts';
import { html, SafeHtml, stylesheetOnlyPolicy } from '../http/html.ts';
import type { PublicRecord } from './public-record.ts';

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
  '.ok{background:#e7f4ea;border-color:#1e7b34;color:#0d4219}',
  '.bad{background:#fdeceb;border-color:#b3261e;color:#6e120d}',
  '.test{background:#fff1b8;border-color:#7a5600;color:#362600}',
  '.yes{color:#0d5c22;font-weight:700}',
  '.no{color:#9c1d16;font-weight:700}',
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
  const body = html`
<header>
<p class="service">${serviceName} · public verification record</p>
<h1>License verification record</h1>
</header>
${test ? html`<div class="banner test" role="note"><strong>${testMark}</strong><p>This record was made with a test API key. It is sample output and says nothing about a real license.</p></div>` : null}
${signatureBanner(record)}
<section aria-labelledby="provider">
<h2 id="provider">Provider</h2>
<div class="card"><dl>
<dt>Name</dt><dd>${record.provider.name ?? 'No license matched'}</dd>
<dt>State</dt><dd>${record.provider.state ?? 'Not stated'}</dd>
</dl></div>
</section>
<section aria-labelledby="result">
<h2 id="result">Result</h2>
<div class="card"><dl>
<dt>License status</dt><dd>${statusLabel(record.result.status)}</dd>
<dt>Verified</dt><dd>${record.result.verified ? html`<span class="yes">Yes</span>` : html`<span class="no">No</span>`}</dd>
<dt>License expires</dt><dd>${record.result.expiry_date ? dateElement(record.result.expiry_date, false) : 'No expiry date on record'}</dd>
</dl></div>
</section>
<section aria-labelledby="certificate">
<h2 id="certificate">Certificate</h2>
<div class="card"><dl>
<dt>Verification ID</dt><dd><code>${record.verification_id}</code></dd>
<dt>Issued</dt><dd>${record.issued_at ? dateElement(record.issued_at, true) : 'Unknown'}</dd>
<dt>Certificate hash</dt><dd><code>${record.certificate_hash ?? 'None'}</code></dd>
<dt>Signing key ID</dt><dd><code>${record.signature.key_id ?? 'None'}</code></dd>
<dt>Mode</dt><dd>${test ? 'Test' : 'Live'}</dd>
</dl></div>
</section>
<footer>
<p>“Verified” means the state board reports the license as active and the provider is not on the OIG exclusion list (LEIE). These are the facts of the certificate as issued on the date above; compare them with the printed certificate.</p>
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

function signatureBanner(record: PublicRecord): SafeHtml {
  return record.signature.valid
    ? html`<div class="banner ok"><strong><span aria-hidden="true">✓ </span>Signature verified</strong><p>This record is the certificate the service issued: its hash and its ES256 signature check out against the published signing key.</p></div>`
    : html`<div class="banner bad" role="alert"><strong><span aria-hidden="true">✗ </span>Signature NOT valid</strong><p>This record does not match the certificate the service signed. Do not rely on the details below.</p></div>`;
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
