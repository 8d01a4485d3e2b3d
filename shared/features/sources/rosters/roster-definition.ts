/**
 * A state board roster, declared: a periodically published file (or a few) of licensees that the
 * service ingests into its own store and answers from (roster-ingest.ts, roster-store.ts), unlike the
 * open-data datasets it queries live (board-definition.ts). What a roster needs is data here: where its
 * files are, how they are written (delimiter, quoting, encoding, preamble lines), the columns a file
 * must have, and how a row becomes a license (status vocabulary, profession rules, discipline).
 * The generic ingest does the rest for every roster alike, with the list-ingestion steps
 * (ingest-steps.ts): versioned write, archive, atomic switch, refusal of a malformed or shrunken file.
 */
import type { ParseLimits } from '../parse-limits.ts';
import type { LicenseNumberPrefix } from '../../../domain/license-numbers.ts';
import type { BoardStatus } from '../../../domain/license-status.ts';
import type { Profession } from '../../../domain/professions.ts';
import type { StateCode } from '../../../domain/us-states.ts';
import type { Classification } from '../license-record.ts';
import type { FormatConfidence, SourceRefresh } from '../source-publication.ts';
import { sourceBaseUrl } from '../../../platform/config.ts';
import { type SourceHosts, sourceHosts } from '../guarded-fetch.ts';
import { type ChangeBudget, fileStandsFor } from '../plausibility/load-plausibility.ts';

/** One file of a roster: its name (the archive and the stored rows name it) and its path under the base URL. */
export interface RosterFile {
  readonly name: string;
  readonly path: string;
  /** Columns this file must have, where its files differ (MD's physician and allied files); else the roster's. */
  readonly columns?: readonly string[];
  /**
   * When set, `path` is the publisher's page that links to the file, not the file: the file is the
   * target of the page's first link whose text matches (WV's `Rosters.asp`, whose link texts are known
   * and whose targets are not). A page without such a link is a changed page: the load is refused.
   */
  readonly linkText?: RegExp;
  /**
   * The host the file is on, where a roster's files are on several hosts of the publisher (South
   * Dakota's two boards, each on its own subdomain): one of the roster's `allowedHosts`. Its address is
   * `rosterFileUrl`'s.
   */
  readonly host?: string;
}

/** Where a roster's files are. */
export type RosterLocator =
  | {
      /**
       * Fixed URLs that always serve the current files (TX BHEC's four CSVs, MD's two). These are the
       * roster's declared files: a load (an operator's files included) missing one is refused.
       */
      readonly kind: 'fixed';
      readonly files: readonly RosterFile[];
    }
  | {
      /**
       * No address a program can fetch (a sign-in portal): an operator downloads the file and loads it
       * with `ingest-roster <id> --file <path>`; `howToObtain` says where and how.
       */
      readonly kind: 'operator_file';
      readonly howToObtain: string;
      /**
       * The files a load must give, where the roster is several files with their own columns (Wyoming's
       * board sheets): each given file stands for the declared file its name contains, and a load missing
       * one, or giving another, is refused. Without them, a load is any file(s) with the roster's columns.
       */
      readonly files?: readonly Pick<RosterFile, 'name' | 'columns'>[];
    };

/**
 * How the files hold their rows. `csv`: RFC 4180 (quoted fields), UTF-8 with or without a BOM.
 * `pipe`: `|`-delimited with no quoting (a `"` is an ordinary character), in `encoding`, rows ending
 * with a trailing `|` or not. `tab`: tab-delimited with no quoting (Missouri's MOPRO downloads), in
 * `encoding`; a line whose last cell ends with a backslash continues on the next line (a line break
 * inside a value, escaped), and a record so joined that does not make the header's width refuses the
 * file (roster-file.ts). `xlsx`: one sheet of a workbook, its cells read as text
 * (lists/sheet-reader.ts, within the parse limits): the first sheet whose name matches `sheet`; with
 * `otherSheets`, a workbook holding a sheet that is neither is refused (rows could sit where nobody
 * reads). `pdf`: a document whose pages print a table (a spreadsheet exported to PDF, as the Arkansas
 * podiatry board's roster), read from its text layer (roster-file.ts): the text rebuilt into lines by
 * its height on the page, each page's header found by the column names, which may be stacked over two
 * or three lines, and every other line's text placed under the header cell it lies under; a page
 * without a text layer or a header, or text under no column or several, refuses the file.
 * `headerWithin`: the header is the first of that many leading lines (rows of the sheet; lines of each
 * page of a PDF) that holds every required column (the lines above it are the publisher's preamble);
 * a PDF whose later pages print no header (`headerOn: 'first_page'`) has them read under the first page's.
 */
export type RosterFormat =
  | {
      readonly kind: 'csv' | 'pipe' | 'tab';
      readonly encoding: 'utf8' | 'latin1';
      readonly headerWithin: number;
    }
  | {
      readonly kind: 'xlsx';
      readonly sheet: RegExp;
      readonly otherSheets?: RegExp;
      readonly headerWithin: number;
    }
  | {
      readonly kind: 'pdf';
      /**
       * The lines every page prints that are no row (a title, a footer with the page number), matched on
       * the line's text, its pieces joined by single spaces: skipped wherever they are on the page.
       */
      readonly pageLines: readonly RegExp[];
      /**
       * Text printed on the header's line beside its columns (`Last Updated: 6-12-2026`), matched on its
       * pieces joined by single spaces: read as the preamble, where the file's date is looked for. Any
       * other text there refuses the file.
       */
      readonly besideHeader?: RegExp;
      readonly headerWithin: number;
      /**
       * `first_page`: the header is printed on the first page only (an Excel sheet printed without
       * repeated title rows, as Louisiana's massage therapy list): the later pages' rows are placed under
       * the first page's header cells, and a later page that does print the header is read under its own.
       * By default every page prints it and a page without one refuses the file.
       */
      readonly headerOn?: 'every_page' | 'first_page';
    };

/** A row's cells by column name (matched case-insensitively, surrounding spaces ignored). */
export interface RosterRow {
  /** The trimmed cell of a column ('' when the row is short or the column is optional and absent). */
  get(column: string): string;
  /**
   * The trimmed cell `offset` places right of a column: a header cell merged over several columns
   * (Wyoming PT's `NAME` over last name, first name and initial, the two after it blank).
   */
  after(column: string, offset: number): string;
}

/** A license as the roster holds it: what the store keeps per row and lookups turn into a BoardLicense. */
export interface RosterRecord {
  /** The roster file the row came from. */
  readonly file: string;
  readonly licenseNumber: string;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
  readonly suffix: string;
  /** The raw license wording or code (`license_type`). */
  readonly licenseType: string;
  /** `profession` or `unclassified` (non-healthcare rows are not stored). */
  readonly classification: Exclude<Classification, { kind: 'non_healthcare' }>;
  readonly status: BoardStatus;
  readonly rawStatus: string;
  readonly statusRecognised: boolean;
  readonly expiryDate: string | null;
  readonly issueDate: string | null;
  readonly disciplinary: boolean;
  /**
   * Where the row was read: the file's name as ingested and the row's number in it (1 is the file's first
   * row, preamble included); absent on rows stored without it.
   */
  readonly origin?: { readonly file: string; readonly row: number };
}

export interface RosterDefinition {
  /** Short id: the source-state key, the key prefix of its rows, the archive folder, the CLI name. */
  readonly id: string;
  readonly state: StateCode;
  /** Name of the source in `sources`, metrics and errors. */
  readonly displayName: string;
  /** Environment variable that overrides `defaultBaseUrl` (the local simulator, a test stage). */
  readonly baseUrlEnv: string;
  readonly defaultBaseUrl: string;
  /** Hosts besides the base URL's that the roster's downloads may be redirected to (over https); any other is refused. */
  readonly allowedHosts?: readonly string[];
  readonly locate: RosterLocator;
  readonly format: RosterFormat;
  /** Columns every file must have (else the file is refused: its format changed). */
  readonly columns: readonly string[];
  /**
   * A data row → its license; null for a row that cannot be read (counted as malformed); 'skip' for a
   * non-healthcare row. `file` is the file's name (an operator's file: the name it was saved under).
   */
  readonly record: (row: RosterRow, file: string) => RosterRecord | null | 'skip';
  /** Every profession the roster's rules can yield (for `professions_covered`). */
  readonly professions: readonly Profession[];
  /**
   * True when the roster lists only current licenses (MD: Active and Probation): a person absent from
   * it is `not_found`, never "no discipline", and a revocation is never seen.
   */
  readonly currentOnly: boolean;
  /**
   * What a provider's absence means, where neither "current licenses only" nor "every license, current or
   * past" says it (a list that keeps some lapsed licenses and not others); shown as `absent_means`.
   */
  readonly absentMeans?: string;
  /** How often the publisher republishes the file(s). */
  readonly refresh: SourceRefresh;
  readonly formatConfidence: FormatConfidence;
  readonly formatNotes: string;
  readonly licenseNumberPrefix?: LicenseNumberPrefix;
  /**
   * How much the roster may change from one version to the next before a load is held for review, and
   * whether a lifted restriction or an unfamiliar license number holds it (plausibility/load-plausibility.ts).
   */
  readonly changeBudget: ChangeBudget;
  /**
   * Where the roster's files are larger than the default parse limits allow (parse-limits.ts): its own,
   * comfortably above its largest real file, with the real sizes written next to them.
   */
  readonly limits?: Partial<ParseLimits>;
}

/** The base URL a roster is downloaded from: the environment's override, else the publisher. */
export function rosterBaseUrl(definition: RosterDefinition): string {
  return sourceBaseUrl(definition.baseUrlEnv, definition.defaultBaseUrl);
}

/**
 * The address a declared file is downloaded from: `<base URL><path>`; a file on a host of its own
 * (`host`) from `https://<host><path>`, or, where the base URL is overridden (`baseUrlEnv`: the
 * simulator, a test stage), from `<base URL>/<host><path>`, so that one override serves every file.
 */
export function rosterFileUrl(definition: RosterDefinition, file: Pick<RosterFile, 'path' | 'host'>): string {
  const base = rosterBaseUrl(definition);
  if (!file.host) return `${base}${file.path}`;
  return base === definition.defaultBaseUrl.replace(/\/+$/, '') ? `https://${file.host}${file.path}` : `${base}/${file.host}${file.path}`;
}

/** Where the roster may be fetched from: its base URL's origin and its `allowedHosts`. */
export function rosterHosts(definition: RosterDefinition): SourceHosts {
  return sourceHosts([rosterBaseUrl(definition)], definition.allowedHosts);
}

/** How long a roster version is taken as current before the next expected publication, by refresh. */
export function rosterFreshForMs(refresh: SourceRefresh): number {
  const day = 86_400_000;
  return refresh === 'daily' ? day : refresh === 'weekly' ? 7 * day : 31 * day;
}

/** A row's cells by column name: the header's columns are matched case-insensitively and trimmed. */
export function rowReader(header: readonly string[]): (cells: readonly string[]) => RosterRow {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    const key = name.trim().toUpperCase();
    if (!index.has(key)) index.set(key, i);
  });
  return (cells) => ({
    get(column: string): string {
      const i = index.get(column.toUpperCase());
      return i === undefined ? '' : (cells[i] ?? '').trim();
    },
    after(column: string, offset: number): string {
      const i = index.get(column.toUpperCase());
      return i === undefined ? '' : (cells[i + offset] ?? '').trim();
    },
  });
}

/** The required columns a header lacks (case-insensitive, trimmed, a BOM before the first ignored). */
export function missingColumns(columns: readonly string[], header: readonly string[]): string[] {
  const have = new Set(header.map((name, i) => (i === 0 ? name.replace(/^\uFEFF/, '') : name).trim().toUpperCase()));
  return columns.filter((c) => !have.has(c.toUpperCase()));
}

/** The files a roster declares (fixed URLs, or an operator's files named by the locator); none when any file with its columns is a load. */
export function declaredFiles(definition: RosterDefinition): readonly Pick<RosterFile, 'name' | 'columns'>[] {
  return definition.locate.files ?? [];
}

/**
 * The columns a file of the roster must have: the own list of the declared file it stands for (its
 * name, or an operator's file whose name contains it), else the roster's.
 */
export function columnsOf(definition: RosterDefinition, fileName: string): readonly string[] {
  const files = declaredFiles(definition);
  const file = files.find((f) => f.name === fileName) ?? files.find((f) => fileStandsFor(fileName, f.name));
  return file?.columns ?? definition.columns;
}

/**
 * A status through a vocabulary tested in order, first match wins: negative terms are listed before
 * the positive ones, so `NOT ACTIVE` or `ACTIVE - SUSPENDED` never read as active. Unmatched: inactive,
 * never active, and reported unrecognised.
 */
export function statusFrom(rules: readonly (readonly [RegExp, BoardStatus])[], raw: string): { status: BoardStatus; recognised: boolean } {
  const upper = raw.trim().toUpperCase();
  for (const [pattern, status] of rules) if (pattern.test(upper)) return { status, recognised: true };
  return { status: 'inactive', recognised: false };
}

/** A published discipline cell: empty, `N`, `No`, `None`, `False` or `0` is none; anything else (`Y`, `Yes`, a description) is an action on record. */
export function disciplineOnRecord(cell: string): boolean {
  return !/^(|N|NO|NONE|FALSE|0|NULL)$/i.test(cell.trim());
}
