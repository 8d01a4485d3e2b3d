/**
 * The declarative shape of a state board connector: which datasets to query, how their rows map onto a
 * license, the status vocabulary, the license-type → profession rules and the discipline signal.
 * Everything a state needs is data here; one generic search (board-search.ts) runs every state.
 */
import type { LicenseNumberPrefix } from '../../../domain/license-numbers.ts';
import type { BoardStatus } from '../../../domain/license-status.ts';
import type { Profession } from '../../../domain/professions.ts';
import type { StateCode } from '../../../domain/us-states.ts';
import type { SodaRow } from '../soda/soda-client.ts';
import type { DateFormat } from './dates.ts';
import type { RosterDefinition } from '../rosters/roster-definition.ts';
import type { Classification } from '../license-record.ts';
import type { FormatConfidence, SourceRefresh } from '../source-publication.ts';

export interface ProfessionRule {
  /** Tested against the upper-cased raw license wording. */
  readonly pattern: RegExp;
  readonly profession: Profession | 'non_healthcare' | 'unclassified';
}

export interface DatasetDefinition {
  readonly id: string;
  readonly title: string;
  readonly fields: {
    readonly licenseNumber: string;
    readonly lastName: string;
    readonly firstName: string;
    readonly middleName?: string;
    readonly suffix?: string;
    readonly status: string;
    readonly expiry?: string;
    readonly issued?: string;
    readonly birthYear?: string;
  };
  /**
   * `first_middle_last`: the source has one name column ("FIRST M LAST JR"), named by both `lastName`
   * and `firstName`; it is searched by its last word and split back into parts (see full-name.ts).
   */
  readonly nameLayout?: 'separate' | 'first_middle_last';
  /**
   * Columns every row of this dataset carries (SODA leaves out empty values, so only columns the
   * source never leaves empty). A row without one means the format changed: the search fails as
   * `unavailable` instead of mis-reading it. Default: the status column.
   */
  readonly requiredFields?: readonly string[];
  readonly dateFormat: DateFormat;
  /** Raw license wording (kept for `license_type`); may combine several fields. */
  licenseType(row: SodaRow): string;
  /**
   * Raw status → the service's license status (domain/license-status.ts), keys upper-cased. A value
   * outside it is unreadable: the license's status is no answer (the verification reports the board
   * `unavailable`, naming the value), never a status.
   */
  readonly statuses: Readonly<Record<string, BoardStatus>>;
  /**
   * Every column that states the status, where there are several (the Texas Medical Board's
   * `license_status` and `registration_status`): a non-empty value of any of them outside `statuses`
   * makes the status unreadable. Default: the status column alone.
   */
  readonly statusColumns?: readonly string[];
  /**
   * A value of the row that makes its status unreadable where `statusColumns` cannot say it: a column
   * stating the status only for some rows (Kansas's profile, read only for a CURRENT results row).
   */
  unreadableStatus?(row: SodaRow): string | undefined;
  /** The license number of a row, where one column does not always hold it (default: `fields.licenseNumber`). */
  licenseNumberOf?(row: SodaRow): string;
  /** Status adjustments from other columns (e.g. a board order that suspends). */
  statusOverride?(rows: readonly SodaRow[]): BoardStatus | undefined;
  classify(row: SodaRow): Classification;
  /** True if this license's rows carry a disciplinary signal. */
  disciplined(rows: readonly SodaRow[]): boolean;
  /** Rows of one license share this key (one row per discipline case in some datasets). */
  licenseKey(row: SodaRow): string;
  /** Every profession this dataset's rules can yield (for `professions_covered`). */
  readonly professions: readonly Profession[];
  /** Names are stored with accents (`Peña`): surname queries then match accented letters loosely. */
  readonly accentedNames?: boolean;
}

/** One column of a results table: its header as the page writes it, and the record key its cell is kept under. */
export interface LookupColumn {
  readonly header: string;
  readonly key: string;
}

/** What a results page says of how many licensees the search found. */
export type ResultCount = { readonly kind: 'none' } | { readonly kind: 'some'; readonly first: number; readonly last: number; readonly total: number };

export interface HtmlLookupDefinition {
  /** The board answers in HTML pages (the default): a results page and a profile per licensee. */
  readonly format?: 'html';
  /** The source's id (fixtures, faults, sample data). */
  readonly id: string;
  readonly title: string;
  /** The variable that points the lookup elsewhere (the simulator), and the board's own origin. */
  readonly baseUrlEnv: string;
  readonly defaultBaseUrl: string;
  readonly search: {
    /** The form's target, under the base URL. */
    readonly path: string;
    readonly method: 'GET' | 'POST';
    /** The form's fields for a search by one surname. */
    fields(surname: string): Readonly<Record<string, string>>;
  };
  readonly results: {
    /** The results table's headers, in order; a page whose table has other headers is no answer. */
    readonly columns: readonly LookupColumn[];
    /** The column naming the holder (`LAST, FIRST M`) and linking to the profile. */
    readonly nameColumn: string;
    /** Reads the page's count statement from its text; undefined when the page has none (not a results page). */
    count(pageText: string): ResultCount | undefined;
    /**
     * The further pages of a search that counts more licensees than its first page shows: the link to page
     * `n` (2 on), relative to the search page and asked for with the first page's cookies (the board keeps
     * the search in its session), and the most pages one search reads. Without it, or beyond `max`, such
     * a search is no conclusive answer (`too_many_rows`).
     */
    readonly pages?: { readonly link: (page: number) => string; readonly max: number };
  };
  readonly profile: {
    /** A profile link's target matches it. */
    readonly link: RegExp;
    /** Labelled values read (`<strong>Label:</strong> value`, the first of a label): label → record key. */
    readonly labels: Readonly<Record<string, string>>;
    /** Sections read whole, by their heading's text: heading → record key. */
    readonly sections: Readonly<Record<string, string>>;
    /** The record key that must hold the row's license number again (the profile is the row's). */
    readonly licenseNumberKey: string;
  };
  /** The record key of the results row's license number. */
  readonly licenseNumberKey: string;
  /** Most profiles one search reads; more candidates than this is no conclusive answer. */
  readonly maxProfiles: number;
}

/** One license type a JSON search is asked for (one request each): the body's identifiers, and what it licenses. */
export interface JsonLookupLicenseType {
  /** The board's identifiers of the type, as the search body sends them. */
  readonly board: string;
  readonly typeId: number;
  /** The type's name as the board's pages write it (kept as the records' license type). */
  readonly title: string;
}

/**
 * A board whose search answers JSON (Massachusetts's BHPL): one POST per license type and surname, each
 * answer's rows read as records (every scalar member kept under its own name), which the board's dataset
 * definition maps. The same pipeline as the HTML lookup (html-lookup.ts): the same fetch, the same
 * candidates' name condition, the same refusals of a changed or incomplete answer.
 */
export interface JsonLookupDefinition {
  readonly format: 'json';
  readonly id: string;
  readonly title: string;
  readonly baseUrlEnv: string;
  readonly defaultBaseUrl: string;
  readonly search: {
    /** The search's path under the base URL (`POST`, a JSON body). */
    readonly path: string;
    /** Headers the board's own page sends with the search (its Origin and Referer). */
    readonly headers: Readonly<Record<string, string>>;
    /** The body of a search for one license type by a surname and a given name (possibly empty). */
    body(type: JsonLookupLicenseType, surname: string, givenName: string): Readonly<Record<string, unknown>>;
  };
  /**
   * The answer's rows and the count it states; undefined when the answer is not in the expected shape
   * (the board is then unavailable). A count above the rows returned is a capped search: no answer.
   */
  answer(body: unknown): { readonly rows: readonly unknown[]; readonly total: number } | undefined;
  /**
   * The license types searched (one request per type and surname spelling): those the dataset's rules
   * read as the requested profession, or every one when the verification names none.
   */
  readonly licenseTypes: readonly JsonLookupLicenseType[];
  /** The record key the searched type's title is kept under. */
  readonly licenseTypeKey: string;
  /** The record key of a row's license number. */
  readonly licenseNumberKey: string;
  /** Most rows one answer may hold; more is no conclusive answer (`too_many_rows`), never a partial list. */
  readonly maxRows: number;
}

/** A board's own search looked up live: HTML pages (Kansas) or a JSON API (Massachusetts). */
export type BoardLookupDefinition = HtmlLookupDefinition | JsonLookupDefinition;

export interface DisciplineDatasetDefinition {
  readonly id: string;
  readonly title: string;
  readonly licenseNumberField: string;
  readonly lastNameField: string;
}

export interface StateBoardDefinition {
  readonly state: StateCode;
  /** Human-readable source name used in `sources_checked`. */
  readonly sourceName: string;
  /** Socrata domain of the real source (a roster-only state: the publisher's host, for reference). */
  readonly domain: string;
  /**
   * Open-data datasets queried live (none for a state answered from rosters only). With `lookup`, the one
   * definition here maps the lookup's records (keyed as the lookup names them), and no Socrata dataset is
   * queried.
   */
  readonly datasets: readonly DatasetDefinition[];
  /**
   * The board's own search, looked up live per verification instead of open data: its HTML results page
   * and profiles (Kansas) or its JSON answers (Massachusetts) read into records (html-lookup.ts), which
   * `datasets[0]` maps.
   */
  readonly lookup?: BoardLookupDefinition;
  /**
   * Roster files ingested into the service's store and answered from (rosters/): Texas BHEC beside the
   * Texas datasets; Maryland, Florida and Alabama alone. Their answers are as of the file's date.
   */
  readonly rosters?: readonly RosterDefinition[];
  readonly disciplineDataset?: DisciplineDatasetDefinition;
  /**
   * `reject_before_lookup`: a profession outside `professions_covered` is answered
   * `profession_not_covered` without a query. `look_up`: the board is searched anyway and answers
   * `not_found` (CO publishes only coded types; IL searches every profession it licenses).
   */
  readonly uncoveredProfession: 'reject_before_lookup' | 'look_up';
  /**
   * Within what one license number names one person: the whole state; one license type (CO repeats
   * numbers across types); or each group of datasets listed (TX: an APRN holds the number of their RN
   * license, while vocational nurses' numbers are issued apart and collide with RN numbers).
   */
  readonly licenseNumberScope: 'state' | 'license_type' | { readonly datasetGroups: readonly (readonly string[])[] };
  /**
   * The profession prefix of the state's numbers, which providers often leave out when they type the
   * number into NPPES (default: letters, as WA's `RN`; IL's 3-digit code; DE's letter and digit).
   */
  readonly licenseNumberPrefix?: LicenseNumberPrefix;
  readonly format: { readonly confidence: FormatConfidence; readonly notes: string };
  readonly refresh: SourceRefresh;
}

/** The scope a license's number is unique in (see `licenseNumberScope`): equal numbers in one scope are one person's. */
export function licenseNumberScopeOf(board: Pick<StateBoardDefinition, 'licenseNumberScope'>): (license: { datasetId: string; licenseType: string }) => string {
  const scope = board.licenseNumberScope;
  if (scope === 'state') return () => '';
  if (scope === 'license_type') return (license) => license.licenseType.toUpperCase();
  return (license) => String(scope.datasetGroups.findIndex((group) => group.includes(license.datasetId)));
}

/** Builds `classify` and `professions` from ordered rules (first match wins). */
export function professionRules(rules: readonly ProfessionRule[], fallback: Classification) {
  return {
    classifyText(text: string): Classification {
      const upper = text.toUpperCase();
      for (const rule of rules) {
        if (!rule.pattern.test(upper)) continue;
        if (rule.profession === 'non_healthcare') return { kind: 'non_healthcare' };
        if (rule.profession === 'unclassified') return { kind: 'unclassified' };
        return { kind: 'profession', profession: rule.profession };
      }
      return fallback.kind === 'unclassified' ? { kind: 'unclassified', unknown: true } : fallback;
    },
    professions: [...new Set(rules.map((r) => r.profession).filter((p): p is Profession => p !== 'non_healthcare' && p !== 'unclassified'))],
  };
}

/** A row value as trimmed text; SODA omits empty fields and some boards write the literal "None". */
export function field(row: SodaRow, name: string | undefined): string {
  if (!name) return '';
  const value = row[name];
  if (value === undefined || value === null) return '';
  const text = String(value).trim();
  return text === 'None' ? '' : text;
}
