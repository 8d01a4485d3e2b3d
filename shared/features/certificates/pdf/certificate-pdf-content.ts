/**
 * What the PDF certificate says, as plain strings: every field of the certificate (docs/api-guide.md,
 * "Certificates"), worded for a reader, including the signed profession, license type, match and each
 * source's freshness and the SHA-256 of what it said. A certificate issued before the body carried those takes them from the stored
 * verification result instead. Layout and drawing are elsewhere; nothing here depends on fonts or on
 * pdf-lib.
 */
import { oigListId } from '../../../domain/match-basis.ts';
import { isProfession, professionLabel } from '../../../domain/professions.ts';
import { isUnnamedRowName } from '../../../domain/unnamed-row.ts';
import type { IssuedCertificate } from '../certificate.ts';
import { ageNote, boardSources, daysBeforeIssue, utcMinute } from '../source-freshness.ts';

export interface CertificatePdfSource {
  readonly name: string;
  readonly status: 'live' | 'cached' | 'unavailable';
  readonly as_of: string | null;
}

export interface CertificatePdfInput {
  readonly certificate: IssuedCertificate;
  /**
   * The same facts from the stored verification result, used only for a certificate issued before its
   * body carried them.
   */
  readonly details: {
    readonly profession: string | null;
    readonly licenseType: string | null;
    readonly matchConfidence: number | null;
    readonly matchBasis: readonly string[];
    readonly sources: readonly CertificatePdfSource[];
  };
  /** The public online record the QR code opens. */
  readonly recordUrl: string;
}

export type Tone = 'good' | 'bad' | 'neutral';

export interface DetailRow {
  readonly label: string;
  readonly value: string;
  /** `mono` for identifiers and hashes, so 0/O and 1/l stay distinct. */
  readonly style: 'text' | 'mono' | 'strong';
  readonly tone: Tone;
}

export interface SourceRow {
  readonly name: string;
  readonly freshness: string;
  readonly asOf: string;
  readonly tone: Tone;
}

export interface CertificateContent {
  readonly serviceName: string;
  readonly issuerLine: string;
  readonly testMode: boolean;
  readonly testMark: string;
  readonly testNotice: string;
  readonly outcome: {
    readonly verified: boolean;
    readonly headline: string;
    /** The match confidence, printed beside the headline; null when no license matched. */
    readonly confidence: string | null;
    readonly summary: string;
  };
  readonly provider: readonly DetailRow[];
  readonly result: readonly DetailRow[];
  readonly sources: readonly SourceRow[];
  readonly record: readonly DetailRow[];
  /** The SHA-256 of what each source said, as the signed certificate names it: one row per piece of evidence. */
  readonly evidence: readonly DetailRow[];
  readonly coverage: readonly { readonly heading: string; readonly text: string }[];
  readonly qrCaption: string;
  readonly recordUrl: string;
  readonly footer: string;
}

export const serviceName = 'License Verification API';
export const issuerLine = 'Primary-source verification certificate';
export const testMark = 'TEST \u2014 NOT A REAL VERIFICATION';

/** The statement of scope printed on every certificate. */
export const coverageStatement = {
  verified:
    "This certificate records the license status reported by the named sources at the time shown: the state licensing board's status, expiry date and disciplinary flag, the NPI Registry identity, and the OIG exclusion list (LEIE). A cached source answered at its as-of time; an unavailable source was not consulted.",
  notVerified:
    "It does not verify the holder's identity documents, education, malpractice history beyond board records, or the license after the issue time. For a current status, open the online record or verify again.",
} as const;

const statusLabels: Readonly<Record<string, string>> = {
  active: 'Active',
  inactive: 'Inactive',
  suspended: 'Suspended',
  expired: 'Expired',
  revoked: 'Revoked',
  not_found: 'Not found',
  source_unavailable: 'Source unavailable',
  profession_not_covered: 'Profession not covered',
  unsupported_state: 'Unsupported state',
};

export function statusLabel(status: string): string {
  return statusLabels[status] ?? status.replace(/_/g, ' ');
}

const freshnessLabels = { live: 'Live', cached: 'Cached', unavailable: 'Unavailable' } as const;

export function certificateContent(input: CertificatePdfInput): CertificateContent {
  const { certificate: c } = input;
  const details = signedDetails(input);
  const r = c.result;
  const row = (label: string, value: string, style: DetailRow['style'] = 'text', tone: Tone = 'neutral'): DetailRow => ({ label, value, style, tone });
  return {
    serviceName,
    issuerLine,
    testMode: c.mode === 'test',
    testMark,
    testNotice: 'Issued with a test API key on sandbox terms. It proves nothing about a real provider and must not be relied on.',
    outcome: {
      verified: r.verified,
      headline: r.verified ? 'VERIFIED: YES' : 'VERIFIED: NO',
      confidence: details.matchConfidence === null ? null : `Match confidence ${confidenceText(details.matchConfidence)}`,
      summary: outcomeSummary(c, details.sources),
    },
    provider: [
      row('Provider name', c.provider.name ?? 'No matching license', 'strong'),
      row('NPI', c.provider.npi ?? 'Not available'),
      row('License number', c.provider.license_number ?? 'Not available'),
      row('State', c.provider.state),
      row('Profession', details.profession === null ? 'Not classified' : professionText(details.profession)),
      row('License type', details.licenseType ?? 'Not reported'),
    ],
    result: [
      row('Verified', r.verified ? 'YES' : 'NO', 'strong', r.verified ? 'good' : 'bad'),
      row('License status', statusLabel(r.status), 'strong', r.status === 'active' ? 'good' : 'bad'),
      row('Expiry date', r.expiry_date ?? 'None on record'),
      row(
        'Disciplinary flags',
        r.disciplinary_flags ? 'YES \u2014 the board reports disciplinary action' : 'None reported',
        'text',
        r.disciplinary_flags ? 'bad' : 'neutral',
      ),
      row('OIG exclusion', r.oig_excluded ? 'EXCLUDED \u2014 listed on the OIG LEIE' : 'Not excluded', 'text', r.oig_excluded ? 'bad' : 'neutral'),
      // The OIG list has its own row above; the screen gets one when it holds other lists too.
      ...(c.sanctions?.lists.some((l) => l.list !== oigListId) ? [sanctionsRow(c.sanctions, row)] : []),
      row('Match confidence', details.matchConfidence === null ? 'None (no license matched)' : confidenceText(details.matchConfidence)),
      row('Match basis', details.matchBasis.length > 0 ? details.matchBasis.join(', ') : 'None'),
    ],
    sources: sourceRows(c, details.sources),
    record: [
      row('Issued at', utcSecond(c.issued_at)),
      row('Mode', c.mode === 'test' ? 'Test (sandbox key)' : 'Live'),
      row('Verification ID', c.verification_id, 'mono'),
      row('Certificate hash', c.certificate_hash, 'mono'),
      row('Signature key ID', c.signing_key_id, 'mono'),
    ],
    evidence: evidenceRows(c),
    coverage: [
      { heading: 'What was verified', text: coverageStatement.verified },
      { heading: 'What was not verified', text: coverageStatement.notVerified },
    ],
    qrCaption: 'Scan to open the online record',
    recordUrl: input.recordUrl,
    footer:
      'This PDF carries a PAdES digital signature (ETSI.CAdES.detached) that any change to the file breaks. The certificate hash and ES256 signature can also be checked offline against the keys published at GET /v1/signing-keys.',
  };
}

const basisWords: Readonly<Record<string, string>> = {
  npi: 'by NPI',
  license: 'by license number',
  name_dob: 'by name and date of birth',
  name_only: 'by name only, to be reviewed',
};

/**
 * The sanctions screen in one row: the strongest match and how many more, or how many lists found none.
 * A row that names nobody (a list of NPIs alone) says which NPI it was found by.
 */
function sanctionsRow(
  sanctions: NonNullable<CertificatePdfInput['certificate']['sanctions']>,
  row: (label: string, value: string, style?: DetailRow['style'], tone?: Tone) => DetailRow,
): DetailRow {
  const [first, ...more] = sanctions.matches;
  if (!first) {
    const lists = sanctions.lists.length;
    return row('Sanctions screen', `No match on ${lists} list${lists === 1 ? '' : 's'} screened`);
  }
  const others = more.length > 0 ? `; ${more.length} more match${more.length === 1 ? '' : 'es'}` : '';
  const basis = first.basis === 'npi' && isUnnamedRowName(first.name) ? `by ${first.name}` : (basisWords[first.basis] ?? first.basis);
  return row('Sanctions screen', `MATCH \u2014 ${first.action}, ${basis}${others}`, 'text', 'bad');
}

/** Every string the page may draw, for choosing the fonts to embed. */
export function contentText(content: CertificateContent): string {
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(content);
  return strings.join('\n');
}

/** A profession code as a reader says it (`registered_nurse` -> "Registered nurse"). */
export function professionText(profession: string): string {
  return isProfession(profession) ? professionLabel(profession) : statusLabel(profession).replace(/^./, (first) => first.toUpperCase());
}

/** `0.99 (99%)`. */
export function confidenceText(confidence: number): string {
  return `${confidence.toFixed(2)} (${Math.round(confidence * 100)}%)`;
}

/** A timestamp to the second, in UTC, for a reader: `2026-03-14 15:09:26 UTC`. */
export function utcSecond(timestamp: string): string {
  const ms = Date.parse(timestamp);
  if (Number.isNaN(ms)) return timestamp;
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** The signed facts, or for a certificate issued before they were signed, the stored result's. */
function signedDetails(input: CertificatePdfInput): CertificatePdfInput['details'] {
  const { certificate: c, details } = input;
  return {
    profession: c.provider.profession !== undefined ? c.provider.profession : details.profession,
    licenseType: c.provider.license_type !== undefined ? c.provider.license_type : details.licenseType,
    matchConfidence: c.match ? c.match.confidence : details.matchConfidence,
    matchBasis: c.match ? c.match.basis : details.matchBasis,
    sources: c.sources ?? details.sources,
  };
}

/**
 * One row per piece of evidence the certificate names, labelled with its source (a list's ingested file
 * marked as such); none on certificates issued before evidence was kept.
 */
function evidenceRows(c: IssuedCertificate): DetailRow[] {
  return (c.sources ?? []).flatMap((s) =>
    (s.evidence ?? []).map((e): DetailRow => ({ label: e.kind === 'file' ? `${s.name} (file)` : s.name, value: e.sha256, style: 'mono', tone: 'neutral' })),
  );
}

function sourceRows(c: IssuedCertificate, sources: readonly CertificatePdfSource[]): SourceRow[] {
  if (sources.length > 0) {
    return sources.map((s) => ({
      name: s.name,
      freshness: freshnessLabels[s.status] ?? s.status,
      asOf:
        s.status === 'unavailable' || s.as_of === null ? 'Not consulted' : `${utcMinute(s.as_of)}${s.status === 'cached' ? ageNote(s.as_of, c.issued_at) : ''}`,
      tone: s.status === 'unavailable' ? 'bad' : 'neutral',
    }));
  }
  return c.sources_checked.map((name) => ({ name, freshness: 'Checked', asOf: 'Not recorded', tone: 'neutral' }));
}

/**
 * A sentence on a board answer that came from the cache a day or more before issue, with its date and
 * age (the sources table marks every cached answer; this puts an old one next to the outcome).
 */
function cachedBoardNote(c: IssuedCertificate, sources: readonly CertificatePdfSource[]): string | null {
  const cached = boardSources(sources).find((s) => s.status === 'cached' && s.as_of !== null && (daysBeforeIssue(s.as_of, c.issued_at) ?? 0) >= 1);
  if (!cached?.as_of) return null;
  return `The licensing board's answer was cached, as of ${utcMinute(cached.as_of)}${ageNote(cached.as_of, c.issued_at)}, not fetched at issue.`;
}

function outcomeSummary(c: IssuedCertificate, sources: readonly CertificatePdfSource[]): string {
  const r = c.result;
  const parts: string[] = [];
  if (r.verified) parts.push('The licensing board reports the license as active and the provider is not on the OIG exclusion list.');
  else if (r.status === 'not_found') parts.push('The licensing board answered and no single license matched the provider.');
  else if (r.status === 'source_unavailable') parts.push('The licensing board could not be reached and no cached answer was available.');
  else if (r.status === 'profession_not_covered') parts.push('The state does not verify the requested profession.');
  else if (r.status === 'unsupported_state') parts.push('The state is outside the coverage of this service.');
  else if (r.status !== 'active') parts.push(`The licensing board reports the license as ${statusLabel(r.status).toLowerCase()}.`);
  else parts.push('The licensing board reports the license as active.');
  if (!r.verified && r.oig_excluded) parts.push('The provider is on the OIG exclusion list (LEIE).');
  if (r.disciplinary_flags) parts.push('The board reports disciplinary action.');
  const cached = cachedBoardNote(c, sources);
  if (cached) parts.push(cached);
  return parts.join(' ');
}
