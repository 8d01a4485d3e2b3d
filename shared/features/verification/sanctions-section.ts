/**
 * The sanctions screen of a verification: every sanctions list checked, with its freshness, and every
 * row that matched the provider, with how it matched (`SanctionBasis`), the action and its dates.
 * `sanctioned` is true when any list matched, on any basis; `oig_excluded` keeps its published meaning
 * (the OIG list alone). Built from the outcome only, so the result and the certificate say the same.
 */
import { oigListId, type SanctionBasis } from '../../domain/match-basis.ts';
import type { EvidenceRef } from '../evidence/evidence.ts';
import { unnamedRowName } from '../../domain/unnamed-row.ts';
import type { SourceReportStatus } from '../../domain/source-reports.ts';
import { sourceNames } from '../sources/source-config.ts';
import type { ExclusionMatch } from './exclusion-match.ts';
import type { SanctionsMatch } from './sanctions-match.ts';
import type { VerificationOutcome } from './verification-engine.ts';

export { oigListId };

export interface SanctionsListReport {
  /** Stable id of the list, e.g. `oig_leie`. */
  readonly list: string;
  readonly name: string;
  /** `cached`: looked up in the ingested list as of `as_of`; `unavailable`: no list could be consulted. */
  readonly status: SourceReportStatus;
  readonly as_of: string | null;
  /** `federal`, or the state whose Medicaid list it is (absent from results stored before lists had a scope). */
  readonly scope?: string;
  /** The ingested file the list was read from, and the rows that matched (absent when unavailable). */
  readonly evidence?: EvidenceRef[];
}

export interface SanctionMatch {
  readonly list: string;
  readonly basis: SanctionBasis;
  /** The name as the list publishes it; `NPI <npi>` for a row that names nobody (`unnamedRowName`). */
  readonly name: string;
  /** What the list records against the provider, e.g. `OIG exclusion 1128a1`. */
  readonly action: string;
  readonly start_date: string | null;
  /** When the action ends; null while it is in force with no end date. */
  readonly end_date: string | null;
}

export interface SanctionsSection {
  readonly sanctioned: boolean;
  readonly lists: SanctionsListReport[];
  readonly matches: SanctionMatch[];
}

function oigMatch(match: ExclusionMatch): SanctionMatch {
  const r = match.record;
  const name = r.kind === 'individual' ? [r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ') : r.businessName;
  return {
    list: oigListId,
    basis: match.basis === 'dob' ? 'name_dob' : match.basis,
    name,
    action: `OIG exclusion ${r.exclusionType}`,
    start_date: r.exclusionDate,
    end_date: r.reinstatementDate,
  };
}

/** A row of another sanctions list as reported: its action is its type and the agency that took it. */
function listMatch(list: string, match: SanctionsMatch): SanctionMatch {
  const e = match.entry;
  const written = e.kind === 'individual' ? [e.firstName, e.middleName, e.lastName].filter(Boolean).join(' ') : e.entityName;
  // A person's row may give its name in one field only (entityName) where the split name is empty.
  const name = written.trim() || e.entityName.trim() || unnamedRowName(e.npi);
  const action = [e.action.type, e.action.agency ? `(${e.action.agency})` : ''].filter(Boolean).join(' ') || 'Listed';
  return { list, basis: match.basis, name, action, start_date: e.action.startDate, end_date: e.action.indefinite ? null : e.action.endDate };
}

export function sanctionsSection(outcome: Pick<VerificationOutcome, 'sources' | 'exclusions' | 'sanctionScreens'>): SanctionsSection {
  const oig = outcome.sources.find((s) => s.name === sourceNames.leie);
  const lists: SanctionsListReport[] = [
    {
      list: oigListId,
      name: sourceNames.leie,
      status: oig?.status ?? 'unavailable',
      as_of: oig?.as_of ?? null,
      scope: 'federal',
      ...(oig?.evidence && oig.evidence.length > 0 ? { evidence: [...oig.evidence] } : {}),
    },
    ...outcome.sanctionScreens.map((s) => ({
      list: s.list,
      name: s.name,
      status: s.status,
      as_of: s.asOf,
      scope: s.scope,
      ...(s.evidence ? { evidence: [s.evidence] } : {}),
    })),
  ];
  const matches = [...outcome.exclusions.map(oigMatch), ...outcome.sanctionScreens.flatMap((s) => s.matches.map((m) => listMatch(s.list, m)))];
  return { sanctioned: matches.length > 0, lists, matches };
}
