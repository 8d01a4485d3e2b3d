/**
 * A license as a state board or roster answers it, whichever source it comes from (open-data datasets
 * queried live, boards/; ingested roster files, rosters/), and what a board is searched for: the record
 * and the query verification works with.
 */
import type { GivenNameForms } from '../../domain/names/given-name-forms.ts';
import type { BoardStatus } from '../../domain/license-status.ts';
import type { Profession } from '../../domain/professions.ts';
import type { StateCode } from '../../domain/us-states.ts';

/**
 * How a license type reads: a profession, healthcare without a readable profession, or not healthcare.
 * `unknown`: the type matched none of the connector's rules (an unclassified license, and an unreadable
 * value counted for the source), as opposed to a type known to name no single profession.
 */
export type Classification = { kind: 'profession'; profession: Profession } | { kind: 'unclassified'; unknown?: true } | { kind: 'non_healthcare' };

/** One license as a board answers it, read from its open-data rows or its roster's records alike. */
export interface BoardLicense {
  readonly state: StateCode;
  readonly source: string;
  readonly datasetId: string;
  readonly licenseNumber: string;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
  readonly suffix: string;
  /** Full name as the source writes it. */
  readonly name: string;
  /** The state's raw license wording or code. */
  readonly licenseType: string;
  readonly classification: Classification;
  readonly profession: Profession | null;
  readonly status: BoardStatus;
  readonly rawStatus: string;
  /** False when a raw status is outside the state's vocabulary: the status is then no answer. */
  readonly statusRecognised: boolean;
  /** The raw value that could not be read, where it is not `rawStatus` (another status column). */
  readonly unrecognisedStatus?: string;
  readonly expiryDate: string | null;
  readonly issueDate: string | null;
  readonly disciplinary: boolean;
  readonly birthYear: number | null;
  /** Rows merged into this license (one per discipline case in some datasets). */
  readonly rowCount: number;
}

/** What a board is searched for: surname spellings and the given names that can match. */
export interface BoardQuery {
  readonly surnames: readonly string[];
  readonly givenNames: GivenNameForms;
  /**
   * The requested profession, set only for a board searched one license type at a time (a JSON lookup):
   * only that profession's types are asked for. Absent: every type the board covers.
   */
  readonly profession?: Profession;
}

/** The query's identity, for cache keys and shared lookups: surnames and given-name prefixes, sorted, and the profession where the query has one. */
export function boardQueryKey(query: BoardQuery): string {
  const key = `${[...query.surnames].sort().join('|')}#${[...query.givenNames.prefixes].sort().join('|')}`;
  return query.profession ? `${key}#${query.profession}` : key;
}

/** A name written in one case, as most boards write them, in title case; a Mixed Case name (`McClain`) as written. */
export function titleCase(value: string): string {
  if (/\p{Ll}/u.test(value) && /\p{Lu}/u.test(value)) return value;
  return value.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/** The surname condition a board query applies (as SODA's `surnameCondition`): the whole stored surname, or one of its parts. */
export function surnameCanMatch(stored: string, surnames: readonly string[]): boolean {
  const upper = stored.toUpperCase();
  const parts = upper.split(/[- ]/);
  return surnames.some((s) => upper === s.toUpperCase() || parts.includes(s.toUpperCase()));
}

/** Whether a record's holder can match the query: the surname (whole, or one of its parts), and a given name starting with one of the query's prefixes. */
export function holderCanMatch(last: string, first: string, query: BoardQuery): boolean {
  const given = first.toUpperCase();
  return surnameCanMatch(last, query.surnames) && query.givenNames.prefixes.some((p) => given.startsWith(p.toUpperCase()));
}
