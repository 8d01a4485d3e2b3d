/**
 * Screening a provider against the ingested sanctions lists (beyond the OIG list, which the engine
 * reads as before): every list of `listDefinitions` is looked up by surname and NPI through the port,
 * and its rows are matched with the sanctions rules (sanctions-match.ts). A list that was never
 * ingested, or that cannot be read, is reported `unavailable` and never fails the verification.
 */
import { listDefinitions } from '../sources/lists/definitions.ts';
import type { ListEntry } from '../sources/lists/list-entry.ts';
import { errorSummary, logger } from '../observability/logger.ts';
import { matchSanctions, type SanctionsMatch, type SanctionsQuery } from './sanctions-match.ts';

/** A list's rows that could name the person, and when the list was last fetched from its publisher. */
export interface ListRows {
  readonly asOf: string;
  readonly entries: readonly ListEntry[];
}

/** Looks a person up on one list; undefined when the list has never been ingested. */
export type FindSanctions = (listId: string, lookup: { readonly lastName: string; readonly npi?: string }) => Promise<ListRows | undefined>;

/** What one list said about the provider. */
export interface SanctionScreen {
  readonly list: string;
  readonly name: string;
  readonly status: 'cached' | 'unavailable';
  readonly asOf: string | null;
  readonly matches: readonly SanctionsMatch[];
}

/** The lists screened beside the OIG list, in a fixed order. */
export const screenedLists: readonly { readonly id: string; readonly name: string }[] = Object.values(listDefinitions).map((d) => ({
  id: d.id,
  name: d.displayName,
}));

/** What a list is looked up by for a person: the surname, and the NPI when there is one. */
export function sanctionsLookup(person: Pick<SanctionsQuery, 'lastName' | 'npi'>): Parameters<FindSanctions>[1] {
  return { lastName: person.lastName, ...(person.npi ? { npi: person.npi } : {}) };
}

export async function screenSanctions(find: FindSanctions, query: SanctionsQuery, today: string): Promise<SanctionScreen[]> {
  return Promise.all(
    screenedLists.map(async ({ id, name }): Promise<SanctionScreen> => {
      try {
        const rows = await find(id, sanctionsLookup(query));
        if (!rows) return { list: id, name, status: 'unavailable', asOf: null, matches: [] };
        return { list: id, name, status: 'cached', asOf: rows.asOf, matches: matchSanctions(query, rows.entries, today) };
      } catch (error) {
        logger.warn('Sanctions list not read', { list: id, error: errorSummary(error) });
        return { list: id, name, status: 'unavailable', asOf: null, matches: [] };
      }
    }),
  );
}

/** Every screened list, consulted and clean: what a forced test outcome reports. */
export function cleanScreens(asOf: string): SanctionScreen[] {
  return screenedLists.map(({ id, name }) => ({ list: id, name, status: 'cached', asOf, matches: [] }));
}
