/**
 * OIG exclusion matching (docs/api-guide.md, "Verifying a provider": "OIG exclusions"), in four rules:
 * 1. the list is matched by name (surname key, then given name: exact or nickname), then narrowed by the
 *    identifiers the caller supplied;
 * 2. a matching NPI confirms the exclusion;
 * 3. a different NPI or DOB on a same-name record rules that record out;
 * 4. a name-only match (no identifier supplied, or none on the record) is an exclusion.
 * The full list holds current exclusions only; a record with a past reinstatement date is not one.
 */
import { lastNameKeys } from '../../domain/names/normalize.ts';
import { matchGivenName, splitGivenName } from '../../domain/names/given-name-match.ts';
import type { LeieRecord } from '../sources/leie/leie-record.ts';
import type { ExclusionBasis } from '../../domain/match-basis.ts';

export type { ExclusionBasis };

export interface ExclusionMatch {
  readonly record: LeieRecord;
  readonly basis: ExclusionBasis;
}

export interface ExclusionQuery {
  readonly firstName: string;
  readonly lastName: string;
  readonly npi?: string;
  readonly dob?: string;
}

/** The name fields of a list row that the name rule reads. */
export type NamedRow = Pick<LeieRecord, 'kind' | 'lastName' | 'firstName' | 'middleName'>;

/** Name match (rule 1): surname keys overlap and the given name is the same or a nickname. */
export function sameName(query: Pick<ExclusionQuery, 'firstName' | 'lastName'>, record: NamedRow): boolean {
  if (record.kind !== 'individual') return false;
  const wanted = new Set(lastNameKeys(query.lastName));
  if (!lastNameKeys(record.lastName).some((k) => wanted.has(k))) return false;
  const match = matchGivenName(splitGivenName(query.firstName), splitGivenName(record.firstName, record.middleName));
  return match !== null && match.tier !== 'typo';
}

/** The records that exclude this person, strongest evidence first. */
export function matchExclusions(query: ExclusionQuery, records: readonly LeieRecord[], today: string): ExclusionMatch[] {
  const matches: ExclusionMatch[] = [];
  for (const record of records) {
    if (!sameName(query, record)) continue;
    if (record.reinstatementDate && record.reinstatementDate <= today) continue;
    if (query.npi && record.npi) {
      if (query.npi === record.npi) matches.push({ record, basis: 'npi' });
      continue;
    }
    if (query.dob && record.dob) {
      if (query.dob === record.dob) matches.push({ record, basis: 'dob' });
      continue;
    }
    matches.push({ record, basis: 'name_only' });
  }
  const rank: Record<ExclusionBasis, number> = { npi: 0, dob: 1, name_only: 2 };
  return matches.sort((a, b) => rank[a.basis] - rank[b.basis]);
}
