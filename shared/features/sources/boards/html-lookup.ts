/**
 * A board answered by a live lookup of its own search. Two formats, one pipeline (`HtmlLookup`): the
 * board's HTML pages (below), or its JSON search API (`JsonLookupDefinition`, Massachusetts: one POST per
 * license type and surname, the answer's rows read as records, an answer not in the declared shape, a row
 * without a required member or a capped count (`totalDataCount` above the rows returned) refused). Both go
 * through the same fetch, keep the same candidates (surname and given name), and hand their records to the
 * board's dataset definition.
 *
 * The HTML search: a results page listing the licensees a
 * surname finds (one row each, a link to the licensee's profile), and a profile page per licensee with
 * labelled values ("License Status: Current") and sections under headings (the board's actions). What
 * the board's pages hold (the form it is asked through, the results table's columns, the profile's labels
 * and headings, the count statement) is data in the state's definition (`HtmlLookupDefinition`); this
 * module reads any such pages (html-pages.ts, loaded on first use) and runs the lookup:
 *
 * - one search per surname term, through the same fetch as the Socrata queries (`fetchSource`: the
 *   source's own origin only, public addresses, time limits per attempt within the request's deadline,
 *   retries, telemetry and evidence), the search form sent as the board's form sends it;
 * - the answer must be the board's results page: its count statement read, the results table's headers
 *   exactly the declared ones. Anything else (a changed page, an error page) makes the board
 *   unavailable, never "no license". More licensees than one page shows are read from the further pages
 *   the board links (`results.pages`, in its session, each counting the rows that follow the last), at
 *   most `results.pages.max` pages; beyond that, or for a board without them, it is no conclusive answer
 *   (`too_many_rows`);
 * - rows whose holder can match (the surname, and a given name starting with one of the query's
 *   prefixes) are the candidates; their profiles are fetched, at most `maxProfiles` of them: more
 *   candidates than that is again no conclusive answer, never a pick among them;
 * - each row and its profile become one record (keys named by the definition), which the board search
 *   maps by the board's dataset definition exactly as Socrata rows (`readableRows`, `licensesFromRows`):
 *   the same status vocabulary checks, profession rules and discipline signal.
 */
import type { Deadline } from '../../../platform/deadline.ts';
import { sourceBaseUrl } from '../../../platform/config.ts';
import { SourceError } from '../errors.ts';
import { defaultFetchPolicy, fetchSource, type FetchPolicy, type SourceResponse } from '../http-fetch.ts';
import { sourceFailed } from '../source-telemetry.ts';
import { type BoardQuery, holderCanMatch } from '../license-record.ts';
import type { SodaRow } from '../soda/soda-client.ts';
import type { BoardLookupDefinition, HtmlLookupDefinition, JsonLookupDefinition, StateBoardDefinition } from './board-definition.ts';
import type { ProfilePage, ResultsPage } from './html-pages.ts';

/** The page readers (htmlparser2), loaded when a board's HTML pages are first read, not with every verification's code. */
const htmlPages = () => import('./html-pages.ts');

/** `LAST, FIRST M` → its parts: the surname before the comma, the first word after it the given name, the rest the middle. */
export function lastCommaFirstParts(name: string): { readonly last: string; readonly first: string; readonly middle: string } {
  const comma = name.indexOf(',');
  const last = (comma < 0 ? name : name.slice(0, comma)).trim();
  const words = (comma < 0 ? '' : name.slice(comma + 1)).trim().split(/\s+/).filter(Boolean);
  return { last, first: words[0] ?? '', middle: words.slice(1).join(' ') };
}

/** The record keys the name column's parts are kept under. */
export const nameKeys = { last: 'last_name', first: 'first_name', middle: 'middle_name' } as const;

function formatChanged(board: StateBoardDefinition, lookup: BoardLookupDefinition, what: string): SourceError {
  const kind = lookup.format === 'json' ? 'answer' : 'page';
  return sourceFailed(
    new SourceError(board.sourceName, 'malformed', `${lookup.id}: ${what}; the ${kind}'s format has changed`, {
      reason: { code: 'format_changed', message: `The board's ${kind} is not in the expected format (${what}), so no answer is drawn from it.` },
    }),
  );
}

/**
 * The candidate rows of one results page: every row read into a record (its name split into parts, its
 * profile link kept). The page must be the board's results page: a count statement, and (when it counts
 * any) exactly one table with the declared headers holding every counted row.
 */
export function resultRecords(
  board: StateBoardDefinition,
  lookup: HtmlLookupDefinition,
  page: ResultsPage,
): { records: SodaRow[]; profileLinks: string[]; count: { first: number; last: number; total: number } } {
  const count = lookup.results.count(page.text);
  if (!count) throw formatChanged(board, lookup, 'the results page has no count statement');
  const expected = lookup.results.columns.map((c) => c.header);
  const tables = page.tables.filter((t) => t.headers.length > 0);
  if (count.kind === 'none') {
    if (tables.some((t) => t.rows.length > 0)) throw formatChanged(board, lookup, 'a results page that finds no one lists rows');
    return { records: [], profileLinks: [], count: { first: 0, last: 0, total: 0 } };
  }
  const table = tables.find((t) => t.headers.join('|') === expected.join('|'));
  if (!table) throw formatChanged(board, lookup, `no results table with the columns ${expected.join(', ')}`);
  if (count.first < 1 || count.last < count.first || count.last > count.total) {
    throw formatChanged(board, lookup, `a count of licensees ${count.first}-${count.last} of ${count.total}`);
  }
  const shown = count.last - count.first + 1;
  if (table.rows.length !== shown) throw formatChanged(board, lookup, `the page counts licensees ${count.first}-${count.last} and lists ${table.rows.length}`);
  const records: SodaRow[] = [];
  const profileLinks: string[] = [];
  for (const row of table.rows) {
    if (row.cells.length !== expected.length) throw formatChanged(board, lookup, `a row of ${row.cells.length} cells under ${expected.length} columns`);
    const record: Record<string, string> = {};
    lookup.results.columns.forEach((column, i) => {
      record[column.key] = row.cells[i]!;
    });
    const parts = lastCommaFirstParts(record[lookup.results.nameColumn] ?? '');
    record[nameKeys.last] = parts.last;
    record[nameKeys.first] = parts.first;
    record[nameKeys.middle] = parts.middle;
    const link = row.links.find((href) => lookup.profile.link.test(href));
    if (!link) throw formatChanged(board, lookup, 'a row without its profile link');
    records.push(record);
    profileLinks.push(link);
  }
  return { records, profileLinks, count: { first: count.first, last: count.last, total: count.total } };
}

/** The record of a profile page: its declared labels' values and sections' texts (absent ones left out). */
export function profileRecord(lookup: HtmlLookupDefinition, page: ProfilePage): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [label, key] of Object.entries(lookup.profile.labels)) {
    const value = page.labels.get(label);
    if (value !== undefined && record[key] === undefined) record[key] = value;
  }
  for (const [heading, key] of Object.entries(lookup.profile.sections)) {
    const value = page.sections.get(heading);
    if (value !== undefined) record[key] = value;
  }
  return record;
}

function tooManyRows(board: StateBoardDefinition, lookup: BoardLookupDefinition, what: string): SourceError {
  return sourceFailed(new SourceError(board.sourceName, 'too_many_rows', `${lookup.id}: ${what}`));
}

/** The longest start every prefix shares: the given name a search sends (empty when the prefixes differ from their first letter, as Bob and Robert). */
export function sharedStart(prefixes: readonly string[]): string {
  const upper = prefixes.map((p) => p.toUpperCase());
  let start = upper[0] ?? '';
  for (const p of upper) while (!p.startsWith(start)) start = start.slice(0, -1);
  return start;
}

/**
 * The records of one JSON answer: the declared shape (rows and a count), no more rows than the count
 * (a count above them is a capped search) nor than `maxRows`, each row an object carrying every required
 * member; each scalar member kept under its own name (null left out), and the searched type's title.
 */
export function jsonRecords(
  board: StateBoardDefinition,
  lookup: JsonLookupDefinition,
  type: JsonLookupDefinition['licenseTypes'][number],
  text: string,
): SodaRow[] {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw formatChanged(board, lookup, 'the answer is not JSON');
  }
  const answer = lookup.answer(body);
  if (!answer) throw formatChanged(board, lookup, 'the answer has no rows and count where expected');
  if (answer.total > answer.rows.length) {
    throw tooManyRows(board, lookup, `the search for ${type.title} found ${answer.total} licensees and returned ${answer.rows.length}`);
  }
  if (answer.total < answer.rows.length) throw formatChanged(board, lookup, `the answer counts ${answer.total} licensees and lists ${answer.rows.length}`);
  if (answer.rows.length > lookup.maxRows)
    throw tooManyRows(board, lookup, `the search for ${type.title} found ${answer.rows.length} licensees, more than ${lookup.maxRows}`);
  const required = board.datasets[0]?.requiredFields ?? [];
  return answer.rows.map((row) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) throw formatChanged(board, lookup, 'a row that is not an object');
    const record: Record<string, string> = {};
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') record[key] = String(value);
    }
    record[lookup.licenseTypeKey] = type.title;
    const missing = required.filter((key) => record[key] === undefined);
    if (missing.length > 0) throw formatChanged(board, lookup, `a row without ${missing.join(', ')}`);
    return record;
  });
}

export class HtmlLookup {
  constructor(private readonly policy: FetchPolicy = defaultFetchPolicy) {}

  private async page(
    board: StateBoardDefinition,
    lookup: BoardLookupDefinition,
    url: string,
    init: Parameters<typeof fetchSource>[2],
    deadline?: Deadline,
    accept = 'text/html',
  ) {
    const response: SourceResponse = await fetchSource(board.sourceName, url, { ...init, headers: { accept, ...init?.headers } }, this.policy, deadline);
    if (response.status !== 200) throw new SourceError(board.sourceName, 'rejected', `${lookup.id}: HTTP ${response.status}`, { status: response.status });
    return response;
  }

  /**
   * The records of every licensee on the board whose holder can match the query, read from the board's
   * pages (a results row and its profile each) or its JSON answers (a row each); the board search maps
   * them as dataset rows.
   */
  async search(board: StateBoardDefinition, lookup: BoardLookupDefinition, query: BoardQuery, deadline?: Deadline): Promise<SodaRow[]> {
    return lookup.format === 'json' ? this.searchJson(board, lookup, query, deadline) : this.searchPages(board, lookup, query, deadline);
  }

  /**
   * One POST per license type and surname spelling (the given name the query's prefixes share sent with
   * it; only the requested profession's types where the query names one), every answer read whole; the
   * rows whose holder can match are kept, once each.
   */
  private async searchJson(board: StateBoardDefinition, lookup: JsonLookupDefinition, query: BoardQuery, deadline?: Deadline): Promise<SodaRow[]> {
    const url = `${sourceBaseUrl(lookup.baseUrlEnv, lookup.defaultBaseUrl)}${lookup.search.path}`;
    const givenName = sharedStart(query.givenNames.prefixes);
    const surnames = [...new Set(query.surnames.map((s) => s.toUpperCase()))];
    const dataset = board.datasets[0];
    // A requested profession: only the types the board's rules read as it (none: nothing is asked).
    const types = lookup.licenseTypes.filter((type) => {
      if (!query.profession || !dataset) return true;
      const read = dataset.classify({ [lookup.licenseTypeKey]: type.title });
      return read.kind === 'profession' && read.profession === query.profession;
    });
    const answers = await Promise.all(
      surnames.flatMap((surname) =>
        types.map(async (type) => {
          const init = {
            method: 'POST' as const,
            body: JSON.stringify(lookup.search.body(type, surname, givenName)),
            headers: { 'content-type': 'application/json', ...lookup.search.headers },
          };
          return jsonRecords(board, lookup, type, (await this.page(board, lookup, url, init, deadline, 'application/json')).text);
        }),
      ),
    );
    const kept = new Map<string, SodaRow>();
    for (const record of answers.flat()) {
      const last = String(record[dataset?.fields.lastName ?? ''] ?? '');
      const first = String(record[dataset?.fields.firstName ?? ''] ?? '');
      if (!holderCanMatch(last, first, query)) continue;
      const key = `${record[lookup.licenseTypeKey]}|${String(record[lookup.licenseNumberKey]).toUpperCase()}`;
      if (!kept.has(key)) kept.set(key, record);
    }
    return [...kept.values()];
  }

  /**
   * A search's rows from its first page and, where it counts more licensees than that page shows, from
   * the further pages the board links (one after another, in the search's session): each must count the
   * rows that follow the last read, out of the same total. More pages than `results.pages.max`, or
   * further pages a board does not link, are no conclusive answer.
   */
  private async withFurtherPages(
    board: StateBoardDefinition,
    lookup: HtmlLookupDefinition,
    searchUrl: string,
    first: ReturnType<typeof resultRecords>,
    cookies: string,
    deadline?: Deadline,
  ): Promise<{ records: SodaRow[]; profileLinks: string[]; cookies: string }> {
    const { total, first: from, last } = first.count;
    if (total === 0 || total === last - from + 1) return { records: first.records, profileLinks: first.profileLinks, cookies };
    const perPage = last - from + 1;
    const needed = Math.ceil(total / perPage);
    const pages = lookup.results.pages;
    if (from !== 1 || !pages || needed > pages.max) {
      throw tooManyRows(
        board,
        lookup,
        `the search found ${total} licensees, more than the ${pages ? pages.max * perPage : perPage} ${pages ? `${pages.max} pages` : 'one page'} of ${perPage} show`,
      );
    }
    const records = [...first.records];
    const profileLinks = [...first.profileLinks];
    for (let n = 2; n <= needed; n++) {
      const url = new URL(pages.link(n), searchUrl).toString();
      const response = await this.page(board, lookup, url, cookies ? { headers: { cookie: cookies } } : {}, deadline);
      const next = resultRecords(board, lookup, (await htmlPages()).readResultsPage(response.text, url));
      if (next.count.total !== total || next.count.first !== records.length + 1) {
        throw formatChanged(
          board,
          lookup,
          `page ${n} counts licensees ${next.count.first}-${next.count.last} of ${next.count.total} after ${records.length} of ${total}`,
        );
      }
      records.push(...next.records);
      profileLinks.push(...next.profileLinks);
    }
    return { records, profileLinks, cookies };
  }

  private async searchPages(board: StateBoardDefinition, lookup: HtmlLookupDefinition, query: BoardQuery, deadline?: Deadline): Promise<SodaRow[]> {
    const base = sourceBaseUrl(lookup.baseUrlEnv, lookup.defaultBaseUrl);
    const searchUrl = `${base}${lookup.search.path}`;
    const pages = await Promise.all(
      [...new Set(query.surnames.map((s) => s.toUpperCase()))].map(async (surname) => {
        const fields = new URLSearchParams(lookup.search.fields(surname)).toString();
        const response =
          lookup.search.method === 'GET'
            ? await this.page(board, lookup, `${searchUrl}?${fields}`, {}, deadline)
            : await this.page(
                board,
                lookup,
                searchUrl,
                { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
                deadline,
              );
        return this.withFurtherPages(
          board,
          lookup,
          searchUrl,
          resultRecords(board, lookup, (await htmlPages()).readResultsPage(response.text, searchUrl)),
          response.cookies,
          deadline,
        );
      }),
    );
    // The candidates: rows whose holder can match, once each (a surname's parts may find one row twice).
    const candidates = new Map<string, { record: SodaRow; link: string; cookies: string }>();
    for (const page of pages) {
      page.records.forEach((record, i) => {
        const first = String(record[nameKeys.first] ?? '').toUpperCase();
        if (!holderCanMatch(String(record[nameKeys.last] ?? ''), first, query)) return;
        const key = `${String(record[lookup.licenseNumberKey] ?? '').toUpperCase()}|${String(record[nameKeys.last])}|${first}`;
        if (!candidates.has(key)) candidates.set(key, { record, link: page.profileLinks[i]!, cookies: page.cookies });
      });
    }
    if (candidates.size > lookup.maxProfiles) {
      throw tooManyRows(board, lookup, `${candidates.size} licensees can match, more than the ${lookup.maxProfiles} profiles one verification reads`);
    }
    return Promise.all(
      [...candidates.values()].map(async ({ record, link, cookies }) => {
        const response = await this.page(board, lookup, link, cookies ? { headers: { cookie: cookies } } : {}, deadline);
        const profile = profileRecord(lookup, (await htmlPages()).readProfilePage(response.text));
        const number = profile[lookup.profile.licenseNumberKey];
        if (number === undefined) throw formatChanged(board, lookup, 'a profile without its license number');
        if (number.toUpperCase() !== String(record[lookup.licenseNumberKey] ?? '').toUpperCase()) {
          throw formatChanged(board, lookup, "a profile whose license number is not its row's");
        }
        return { ...profile, ...record } as SodaRow;
      }),
    );
  }
}
