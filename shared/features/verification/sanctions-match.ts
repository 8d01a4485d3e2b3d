/**
 * Sanctions list matching, with the discipline of the OIG rules (exclusion-match.ts):
 * 1. a row is a candidate when the name matches (the OIG name rule: surname keys overlap, given name
 *    the same or a nickname); entities are not matched to a person;
 * 2. it is then narrowed by every identifier the row carries and the request gives: NPI, a license
 *    number of the same state (numbers compared as license-numbers.ts writes them: separators, leading
 *    zeros and prefixes come and go), date of birth;
 * 3. any identifier that differs rules the row out, whatever else agrees: no row matches on its name
 *    when it publishes an identifier the request contradicts;
 * 4. the basis is the strongest identifier that agrees (`npi`, `license`, `name_dob`), else `name_only`:
 *    a name-only match is reported as such;
 * A row that names nobody (an NPI-only list) matches on its NPI alone.
 * 5. a row whose action has ended (an end date or reinstatement on or before today) or not yet begun is
 *    no match. Each row is its own action: a party excluded by two agencies matches twice.
 */
import { licenseNumbersAgree } from '../../domain/license-numbers.ts';
import type { SanctionBasis } from '../../domain/match-basis.ts';
import type { ListEntry } from '../sources/lists/list-entry.ts';
import { sameName } from './exclusion-match.ts';

export type { SanctionBasis };

export interface SanctionsQuery {
  readonly firstName: string;
  readonly lastName: string;
  readonly npi?: string;
  /** ISO date. */
  readonly dob?: string;
  readonly licenses?: readonly { readonly state: string; readonly number: string }[];
}

export interface SanctionsMatch<E extends ListEntry = ListEntry> {
  readonly entry: E;
  readonly basis: SanctionBasis;
}

type Evidence = 'agrees' | 'differs' | 'absent';

function npiEvidence(query: SanctionsQuery, entry: ListEntry): Evidence {
  if (!query.npi || !entry.npi) return 'absent';
  return query.npi === entry.npi || (entry.npis ?? []).includes(query.npi) ? 'agrees' : 'differs';
}

function dobEvidence(query: SanctionsQuery, entry: ListEntry): Evidence {
  if (!query.dob || !entry.dob) return 'absent';
  return query.dob === entry.dob ? 'agrees' : 'differs';
}

/** Licenses compare only within a state: a row's license differs when the request names another number of that state. */
function licenseEvidence(query: SanctionsQuery, entry: ListEntry): Evidence {
  let evidence: Evidence = 'absent';
  for (const listed of entry.licenses) {
    const state = listed.state.toUpperCase();
    const sameState = (query.licenses ?? []).filter((l) => l.state.toUpperCase() === state);
    if (sameState.length === 0) continue;
    if (!sameState.some((l) => licenseNumbersAgree(l.number, listed.number))) return 'differs';
    evidence = 'agrees';
  }
  return evidence;
}

/** Whether the row's action is in force on `today` (ISO date). */
export function actionInForce(entry: ListEntry, today: string): boolean {
  const { startDate, endDate, reinstatedDate } = entry.action;
  if (startDate && startDate > today) return false;
  if (endDate && endDate <= today) return false;
  return !(reinstatedDate && reinstatedDate <= today);
}

/** The basis on which a row matches the person, or null when it does not (rules 1-4). */
export function sanctionBasis(query: SanctionsQuery, entry: ListEntry): SanctionBasis | null {
  // A row that names nobody (the NPPES deactivation report publishes the NPI alone) matches on its NPI only.
  if (!entry.lastName.trim() && !entry.entityName.trim()) return npiEvidence(query, entry) === 'agrees' ? 'npi' : null;
  if (!sameName(query, entry)) return null;
  const npi = npiEvidence(query, entry);
  const license = licenseEvidence(query, entry);
  const dob = dobEvidence(query, entry);
  if (npi === 'differs' || license === 'differs' || dob === 'differs') return null;
  if (npi === 'agrees') return 'npi';
  if (license === 'agrees') return 'license';
  if (dob === 'agrees') return 'name_dob';
  return 'name_only';
}

const rank: Record<SanctionBasis, number> = { npi: 0, license: 1, name_dob: 2, name_only: 3 };

/** The rows of a list that sanction this person on `today`, strongest evidence first (rule 5 included). */
export function matchSanctions<E extends ListEntry>(query: SanctionsQuery, entries: readonly E[], today: string): SanctionsMatch<E>[] {
  const matches: SanctionsMatch<E>[] = [];
  for (const entry of entries) {
    if (!actionInForce(entry, today)) continue;
    const basis = sanctionBasis(query, entry);
    if (basis) matches.push({ entry, basis });
  }
  return matches.sort((a, b) => rank[a.basis] - rank[b.basis]);
}
