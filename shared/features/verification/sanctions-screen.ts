/**
 * Screening a provider against the ingested sanctions lists (beyond the OIG list, which the engine
 * reads as before), in two steps:
 * 1. `fetchScreens`: each list that applies is looked up through the port (in parallel with the board
 *    and the registry): a federal list and the Medicaid list of the state verified in, by surname and the
 *    NPI supplied; another state's list by the NPI supplied only (a name-only hit on another state's list
 *    would bury the screen in namesakes), and not at all without one; an NPI-only list (the deactivation
 *    report) by the NPI supplied. A list that was never ingested, or cannot be read, is `unavailable`
 *    and never fails the verification.
 * 2. `matchScreens`: the rows found are matched with the sanctions rules (sanctions-match.ts) for the
 *    person as the verification came to know them (the NPI and the licenses identity resolution found,
 *    not only what the request gave), so an identifier found on the board rules a namesake out.
 */
import type { StateCode } from '../../domain/us-states.ts';
import { type EvidenceRef, fileContentType } from '../evidence/evidence.ts';
import { listDefinitions } from '../sources/lists/definitions.ts';
import type { ListScope } from '../sources/lists/list-definition.ts';
import type { ListEntry } from '../sources/lists/list-entry.ts';
import { errorSummary, logger } from '../../platform/observability/logger.ts';
import { matchSanctions, type SanctionsMatch, type SanctionsQuery } from './sanctions-match.ts';

/** A list's rows that could name the person, and when the list was last fetched from its publisher. */
export interface ListRows {
  readonly asOf: string;
  readonly entries: readonly ListEntry[];
  /** The ingested file the rows come from, and each entry's row number in it (parallel to `entries`). */
  readonly file?: { readonly sha256: string; readonly fileName: string; readonly ingestedAt: string; readonly bytes: number; readonly rows: readonly number[] };
}

/** What a list is looked up by: a surname, an NPI, or both. */
export interface ListLookup {
  readonly lastName?: string;
  readonly npi?: string;
}

/** Looks a person up on one list; undefined when the list has never been ingested. */
export type FindSanctions = (listId: string, lookup: ListLookup) => Promise<ListRows | undefined>;

export interface ScreenedList {
  readonly id: string;
  readonly name: string;
  readonly scope: ListScope;
  readonly searchBy: 'name' | 'npi';
}

/** The lists screened beside the OIG list, in a fixed order. */
export const screenedLists: readonly ScreenedList[] = Object.values(listDefinitions).map((d) => ({
  id: d.id,
  name: d.displayName,
  scope: d.scope,
  searchBy: d.searchBy,
}));

/** Whether a match on this list counts only when it rests on the NPI (another state's list). */
function npiOnly(list: ScreenedList, state: string): boolean {
  return list.searchBy === 'npi' || (list.scope.kind === 'state' && list.scope.state !== state);
}

/** The scope as results report it: `federal`, or the state's two-letter code. */
export function scopeLabel(scope: ListScope): 'federal' | StateCode {
  return scope.kind === 'federal' ? 'federal' : scope.state;
}

/**
 * The lists a verification in `state` screens and what each is looked up by (a list with nothing to look
 * it up by is not screened, and not reported).
 */
export function listLookups(person: { readonly lastName: string; readonly npi?: string }, state: string): { list: ScreenedList; lookup: ListLookup }[] {
  const out: { list: ScreenedList; lookup: ListLookup }[] = [];
  for (const list of screenedLists) {
    if (npiOnly(list, state)) {
      if (person.npi) out.push({ list, lookup: { npi: person.npi } });
      continue;
    }
    out.push({ list, lookup: { lastName: person.lastName, ...(person.npi ? { npi: person.npi } : {}) } });
  }
  return out;
}

/** What one list said about the provider. */
export interface SanctionScreen {
  readonly list: string;
  readonly name: string;
  readonly scope: 'federal' | StateCode;
  readonly status: 'cached' | 'unavailable';
  readonly asOf: string | null;
  readonly matches: readonly SanctionsMatch[];
  /** The ingested file the list was read from, with the numbers of the rows that matched. */
  readonly evidence?: EvidenceRef;
}

/** A list looked up, its rows not yet matched. */
export interface FetchedScreen {
  readonly list: ScreenedList;
  readonly rows: ListRows | undefined;
}

export async function fetchScreens(find: FindSanctions, person: { readonly lastName: string; readonly npi?: string }, state: string): Promise<FetchedScreen[]> {
  return Promise.all(
    listLookups(person, state).map(async ({ list, lookup }): Promise<FetchedScreen> => {
      try {
        return { list, rows: await find(list.id, lookup) };
      } catch (error) {
        logger.warn('Sanctions list not read', { list: list.id, error: errorSummary(error) });
        return { list, rows: undefined };
      }
    }),
  );
}

/** The screens of the lists fetched, matched for `person` (with what the verification found about them) on `today`. */
export function matchScreens(fetched: readonly FetchedScreen[], person: SanctionsQuery, state: string, today: string): SanctionScreen[] {
  return fetched.map(({ list, rows }) => {
    const base = { list: list.id, name: list.name, scope: scopeLabel(list.scope) };
    if (!rows) return { ...base, status: 'unavailable', asOf: null, matches: [] };
    // A file can repeat a row whole (the SAM extract does): the same action is reported once.
    const matches = distinctMatches(matchSanctions(person, rows.entries, today).filter((m) => !npiOnly(list, state) || m.basis === 'npi'));
    return { ...base, status: 'cached', asOf: rows.asOf, matches, ...(rows.file ? { evidence: fileEvidence(rows, matches) } : {}) };
  });
}

/** The file a list's rows were read from, and the rows of it that matched (by their number in the file). */
function fileEvidence(rows: ListRows, matches: readonly SanctionsMatch[]): EvidenceRef {
  const file = rows.file!;
  const matched = [...new Set(matches.map((m) => file.rows[rows.entries.indexOf(m.entry)]).filter((r): r is number => r !== undefined))].sort((a, b) => a - b);
  return {
    kind: 'file',
    sha256: file.sha256,
    fetched_at: file.ingestedAt,
    content_type: fileContentType(file.fileName),
    size: file.bytes,
    ...(matched.length > 0 ? { rows: matched } : {}),
  };
}

/** Matches with their entries equal field for field counted once, in order. */
function distinctMatches<M extends { readonly entry: unknown }>(matches: readonly M[]): M[] {
  const seen = new Set<string>();
  return matches.filter((m) => {
    const key = JSON.stringify(m.entry);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
