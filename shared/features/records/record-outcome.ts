/**
 * What a public record found, judged for a reader before anything else: its standing (which decides
 * the colour it is shown in), a headline, and the facts behind it, adverse facts first. Green
 * (`clear`) only for a verified license with nothing adverse on record; `adverse` (red) when the
 * provider is excluded or the license cannot be practised on (suspended, revoked, expired, inactive);
 * `caution` (amber) when the check could not say (no single match, board unreachable, not covered) or
 * a verified license carries disciplinary action.
 */

/** `clear`: verified, nothing adverse; `caution`: undetermined, or verified with discipline; `adverse`: excluded or not in force. */
export const standings = ['clear', 'caution', 'adverse'] as const;
export type Standing = (typeof standings)[number];

/** The result facts the standing is judged from, as the certificate states them. */
export interface OutcomeFacts {
  readonly verified: boolean;
  readonly status: string | null;
  readonly expiry_date: string | null;
  readonly disciplinary_flags: boolean;
  readonly oig_excluded: boolean;
}

export interface RecordOutcome {
  readonly standing: Standing;
  readonly headline: string;
  /** One sentence each, adverse facts first. */
  readonly facts: readonly string[];
}

/** Statuses under which the license cannot be practised on. */
const notInForce: ReadonlySet<string> = new Set(['suspended', 'revoked', 'expired', 'inactive']);

export function standingOf(r: OutcomeFacts): Standing {
  if (r.oig_excluded || (r.status !== null && notInForce.has(r.status))) return 'adverse';
  if (r.verified && r.status === 'active' && !r.disciplinary_flags) return 'clear';
  return 'caution';
}

const statusFacts: Readonly<Record<string, string>> = {
  active: 'The state board reports the license as active.',
  suspended: 'The state board reports the license as SUSPENDED.',
  revoked: 'The state board reports the license as REVOKED.',
  expired: 'The state board reports the license as EXPIRED.',
  inactive: 'The state board reports the license as INACTIVE.',
  not_found: 'No single matching license was found: the state board answered, and the provider could not be identified in it.',
  source_unavailable: 'The license status is unknown: the state board could not be reached.',
  profession_not_covered: 'The license was not checked: the profession is not covered in this state.',
  unsupported_state: 'The license was not checked: the state is not supported.',
};

const headlines: Readonly<Record<string, string>> = {
  suspended: 'Not verified: license suspended',
  revoked: 'Not verified: license revoked',
  expired: 'Not verified: license expired',
  inactive: 'Not verified: license inactive',
  not_found: 'Not verified: no matching license found',
  source_unavailable: 'Not verified: license status unknown',
  profession_not_covered: 'Not verified: license not checked',
  unsupported_state: 'Not verified: license not checked',
};

function statusFact(status: string | null): string {
  if (status === null) return 'The certificate states no license status.';
  return Object.hasOwn(statusFacts, status) ? statusFacts[status]! : `The license status is “${status}”.`;
}

function headline(r: OutcomeFacts, standing: Standing): string {
  if (r.oig_excluded) return 'Not verified: excluded from federal healthcare programs';
  if (standing === 'clear') return 'Verified: license active, nothing adverse on record';
  if (r.verified) return r.disciplinary_flags ? 'Verified, with disciplinary action on record' : 'Verified';
  return r.status !== null && Object.hasOwn(headlines, r.status) ? headlines[r.status]! : 'Not verified';
}

export function recordOutcome(r: OutcomeFacts): RecordOutcome {
  const standing = standingOf(r);
  const exclusion = r.oig_excluded
    ? 'The provider is on the OIG exclusion list (LEIE): excluded from federal healthcare programs.'
    : 'The provider is not on the OIG exclusion list (LEIE).';
  const discipline = r.disciplinary_flags ? 'The state board reports disciplinary action on record.' : 'No disciplinary action is on record.';
  // Without a matched license there is no discipline to report absent; only a reported one is said.
  const licenseMatched = r.status === 'active' || (r.status !== null && notInForce.has(r.status));
  const facts = [
    { text: exclusion, adverse: r.oig_excluded },
    { text: statusFact(r.status), adverse: standing !== 'clear' && r.status !== 'active' },
    ...(licenseMatched || r.disciplinary_flags ? [{ text: discipline, adverse: r.disciplinary_flags }] : []),
  ];
  // Adverse facts first, each group in the order above.
  const ordered = [...facts.filter((f) => f.adverse), ...facts.filter((f) => !f.adverse)].map((f) => f.text);
  return { standing, headline: headline(r, standing), facts: ordered };
}
