/**
 * Searches a state's board datasets by surname, narrowed to the given names that can match the request
 * (`givenNameForms`: a row outside them can never match, so nothing the matcher could accept is left
 * out), and turns their rows into normalised licenses. Every dataset answers completely or the search
 * fails (see soda-client.ts): a partial answer is never taken for the board's whole answer. Rows of
 * one license are merged (discipline aggregated); statuses are mapped through the state's vocabulary
 * (unmapped values are never reported active); license types are classified, and non-healthcare
 * licenses are left out here, whatever the caller asks for.
 */
import type { Deadline } from '../../../platform/deadline.ts';
import type { EvidenceRef } from '../../evidence/evidence.ts';
import type { BoardStatus } from '../../../domain/license-status.ts';
import type { StateCode } from '../../../domain/us-states.ts';
import { sodaBaseUrl } from '../../../platform/config.ts';
import type { SodaClient, SodaDataset, SodaRow } from '../soda/soda-client.ts';
import { splitFullName } from '../../../domain/names/normalize.ts';
import { logger } from '../../../platform/observability/logger.ts';
import { isSourceUnavailable, SourceError } from '../errors.ts';
import { sourceFailed, unreadableValue } from '../source-telemetry.ts';
import { accentTolerantSurnameCondition, allOf, anyOf, fullNameSurnameCondition, givenNamePrefixCondition, surnameCondition } from '../soda/soql.ts';
import { titleCase, type BoardLicense, type BoardQuery } from '../license-record.ts';
import { field, type DatasetDefinition, type StateBoardDefinition } from './board-definition.ts';
import { parseBoardDate } from './dates.ts';
import type { RosterSearch } from '../rosters/roster-search.ts';
import { HtmlLookup } from './html-lookup.ts';

/**
 * One source of a board answer: a live query of open-data datasets (as of the moment it answered), or
 * an ingested roster (as of its file's date, expected to be replaced by `freshUntil`).
 */
export type BoardSourcePart =
  | { readonly kind: 'open_data'; readonly name: string; readonly asOf: string }
  | { readonly kind: 'roster'; readonly name: string; readonly asOf: string; readonly freshUntil: string; readonly evidence?: readonly EvidenceRef[] }
  /** A roster beside open data that could not be read: the answer is partial (see `isPartial`). */
  | { readonly kind: 'unavailable'; readonly name: string };

/**
 * An answer missing one of its sources, or rows of one that could not be read: it can show a license,
 * never that there is none; never cached.
 */
export function isPartial(result: Pick<BoardSearchResult, 'parts' | 'skipped'>): boolean {
  return (result.parts ?? []).some((part) => part.kind === 'unavailable') || (result.skipped ?? []).length > 0;
}

export interface BoardSearchResult {
  readonly state: StateCode;
  readonly source: string;
  readonly licenses: readonly BoardLicense[];
  /** When the board answered (ISO). */
  readonly asOf: string;
  /** The sources the answer merges, where it comes from more than live open data (a roster). */
  readonly parts?: readonly BoardSourcePart[];
  /** Rows left out because they lack a column every row carries (`readableRows`): the answer is partial. */
  readonly skipped?: readonly SkippedRows[];
}

/** First, middle, last and suffix of a row's holder, from separate columns or one whole-name column. */
function nameParts(dataset: DatasetDefinition, row: SodaRow): [string, string, string, string] {
  const f = dataset.fields;
  if (dataset.nameLayout === 'first_middle_last') {
    const parts = splitFullName(field(row, f.lastName));
    return [parts.first, parts.middle, parts.last, parts.suffix];
  }
  return [field(row, f.firstName), field(row, f.middleName), field(row, f.lastName), field(row, f.suffix)];
}

/** The columns every row of a dataset carries (`requiredFields`, by default the status column). */
export function requiredFieldsOf(dataset: DatasetDefinition): readonly string[] {
  return dataset.requiredFields ?? [dataset.fields.status];
}

/** Rows of a dataset's answer that lack a column every row of it carries, left out of the answer. */
export interface SkippedRows {
  readonly dataset: string;
  /** The columns the skipped rows lack. */
  readonly columns: readonly string[];
  readonly rows: number;
}

/**
 * The rows of a dataset's answer that can be read. When every row lacks a column every row of the
 * dataset carries, the format changed (a column renamed or dropped): mapping the rows anyway would
 * mis-read them (every status unknown, every type unclassified), so the search fails as the source
 * being unavailable, with the column named. When only some rows lack it (a licensee's record with an
 * empty value the publisher never leaves empty), those rows are left out, counted and logged, and the
 * answer says so (`skipped`): it can still show a license, never that there is none.
 */
export function readableRows(
  board: StateBoardDefinition,
  dataset: DatasetDefinition,
  rows: readonly SodaRow[],
): { rows: SodaRow[]; skipped: SkippedRows | null } {
  const lacks = (row: SodaRow, name: string) => row[name] === undefined || row[name] === null;
  const required = requiredFieldsOf(dataset);
  const gone = rows.length === 0 ? [] : required.filter((name) => rows.every((row) => lacks(row, name)));
  if (gone.length > 0) {
    for (const column of gone) unreadableValue({ source: board.sourceName, field: 'column', value: column, dataset: dataset.id });
    logger.error('Board rows are not in the expected format', {
      source: board.sourceName,
      dataset: dataset.id,
      missing_fields: gone,
      rows: rows.length,
      format_confidence: board.format.confidence,
    });
    throw sourceFailed(
      new SourceError(board.sourceName, 'malformed', `dataset ${dataset.id}: rows lack the column(s) ${gone.join(', ')}; the dataset's format has changed`, {
        reason: {
          code: 'format_changed',
          message: `The board's rows lack the column ${gone.join(', ')}: its format has changed, so no answer is drawn from it.`,
          field: 'column',
          raw_value: gone.join(', '),
        },
      }),
    );
  }
  const kept = rows.filter((row) => required.every((name) => !lacks(row, name)));
  if (kept.length === rows.length) return { rows: kept, skipped: null };
  const columns = required.filter((name) => rows.some((row) => lacks(row, name)));
  for (const column of columns) unreadableValue({ source: board.sourceName, field: 'column', value: column, dataset: dataset.id });
  logger.warn('Board rows without a required column were left out of the answer', {
    source: board.sourceName,
    dataset: dataset.id,
    missing_fields: columns,
    skipped_rows: rows.length - kept.length,
    rows: rows.length,
  });
  return { rows: kept, skipped: { dataset: dataset.id, columns, rows: rows.length - kept.length } };
}

/** Merges rows by license and maps them. Pure: the unit tests feed it rows in each board's format. */
export function licensesFromRows(
  board: StateBoardDefinition,
  dataset: DatasetDefinition,
  rows: readonly SodaRow[],
  disciplinedLicenseNumbers: ReadonlySet<string> = new Set(),
): BoardLicense[] {
  const groups = new Map<string, SodaRow[]>();
  for (const row of rows) {
    const key = dataset.licenseKey(row);
    if (!key) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const licenses: BoardLicense[] = [];
  for (const group of groups.values()) {
    const row = group[0]!;
    const classification = dataset.classify(row);
    if (classification.kind === 'non_healthcare') continue;
    const f = dataset.fields;
    const rawStatus = field(row, f.status);
    const mapped = dataset.statuses[rawStatus.toUpperCase()];
    const status: BoardStatus = dataset.statusOverride?.(group) ?? mapped ?? 'inactive';
    // Beside the status column, any other column stating the status must hold a known value (or none).
    const otherUnknown =
      (dataset.statusColumns ?? [])
        .filter((column) => column !== f.status)
        .map((column) => field(row, column))
        .find((value) => value !== '' && dataset.statuses[value.toUpperCase()] === undefined) ?? dataset.unreadableStatus?.(row);
    const licenseNumber = dataset.licenseNumberOf ? dataset.licenseNumberOf(row) : field(row, f.licenseNumber);
    const [first, middle, last, suffix] = nameParts(dataset, row);
    const birthYear = Number(field(row, f.birthYear));
    licenses.push({
      state: board.state,
      source: board.sourceName,
      datasetId: dataset.id,
      licenseNumber,
      firstName: first!,
      middleName: middle!,
      lastName: last!,
      suffix: suffix!,
      name: titleCase([first, middle, last].filter(Boolean).join(' ')) + (suffix ? ` ${suffix}` : ''),
      licenseType: dataset.licenseType(row),
      classification,
      profession: classification.kind === 'profession' ? classification.profession : null,
      status,
      rawStatus,
      statusRecognised: mapped !== undefined && otherUnknown === undefined,
      ...(mapped !== undefined && otherUnknown !== undefined ? { unrecognisedStatus: otherUnknown } : {}),
      expiryDate: parseBoardDate(field(row, f.expiry), dataset.dateFormat),
      issueDate: parseBoardDate(field(row, f.issued), dataset.dateFormat),
      disciplinary: dataset.disciplined(group) || disciplinedLicenseNumbers.has(licenseNumber.toUpperCase()),
      birthYear: Number.isInteger(birthYear) && birthYear > 1900 ? birthYear : null,
      rowCount: group.length,
    });
  }
  return licenses;
}

export class BoardSearch {
  constructor(
    private readonly soda: SodaClient,
    private readonly now: () => Date = () => new Date(),
    /** The ingested rosters' search; without it, a board's rosters are not searched (its open data only). */
    private readonly rosters?: RosterSearch,
    /** The boards looked up through their own HTML search (`lookup`), with the Socrata queries' fetch. */
    private readonly lookups: HtmlLookup = new HtmlLookup(),
  ) {}

  /**
   * Every healthcare license on the state's board whose holder's surname and given name can match the
   * query: from its open-data datasets and its ingested rosters together (Texas: TMB and BON datasets and
   * the BHEC roster). Every source must answer, or the search fails: a partial answer is no answer.
   */
  async search(board: StateBoardDefinition, query: BoardQuery, deadline?: Deadline): Promise<BoardSearchResult> {
    const { surnames, givenNames } = query;
    if (surnames.length === 0) throw new Error('a board search needs at least one surname');
    if (givenNames.prefixes.length === 0) throw new Error('a board search needs at least one given-name prefix');
    const rosterSearch = this.rosters;
    // Without a roster store (tests of the datasets alone) only the open data is searched.
    const rosters = rosterSearch ? (board.rosters ?? []) : [];
    if (rosters.length === 0 || !rosterSearch) return this.searchDatasets(board, query, deadline);
    const withOpenData = board.datasets.length > 0;
    const [open, ...answers] = await Promise.all([
      withOpenData ? this.searchDatasets(board, query, deadline) : undefined,
      // Beside open data, a roster that cannot be read leaves a partial answer (its licenses are still
      // shown; the engine never reads a partial answer as "no license"); alone, it fails the search.
      ...rosters.map((r) =>
        withOpenData
          ? rosterSearch.search(r, query).catch((error: unknown) => (isSourceUnavailable(error) ? null : Promise.reject(error)))
          : rosterSearch.search(r, query),
      ),
    ]);
    const parts: BoardSourcePart[] = [
      ...(open ? [{ kind: 'open_data' as const, name: board.sourceName, asOf: open.asOf }] : []),
      ...answers.map(
        (a, i): BoardSourcePart =>
          a
            ? { kind: 'roster', name: rosters[i]!.displayName, asOf: a.asOf, freshUntil: a.freshUntil, evidence: a.evidence }
            : { kind: 'unavailable', name: rosters[i]!.displayName },
      ),
    ];
    return {
      state: board.state,
      source: board.sourceName,
      licenses: [...(open?.licenses ?? []), ...answers.flatMap((a) => a?.licenses ?? [])],
      asOf: open?.asOf ?? this.now().toISOString(),
      parts,
      ...(open?.skipped ? { skipped: open.skipped } : {}),
    };
  }

  private async searchDatasets(board: StateBoardDefinition, query: BoardQuery, deadline?: Deadline): Promise<BoardSearchResult> {
    if (board.lookup) {
      // The board's own web search: its pages read into records, mapped by its one dataset definition.
      const dataset = board.datasets[0];
      if (!dataset) throw new Error(`${board.state}: a lookup's records are mapped by the board's dataset definition`);
      const readable = readableRows(board, dataset, await this.lookups.search(board, board.lookup, query, deadline));
      const licenses = licensesFromRows(board, dataset, readable.rows);
      return {
        state: board.state,
        source: board.sourceName,
        licenses,
        asOf: this.now().toISOString(),
        ...(readable.skipped ? { skipped: [readable.skipped] } : {}),
      };
    }
    const { surnames, givenNames } = query;
    const baseUrl = sodaBaseUrl(board.domain);
    const dataset = (id: string): SodaDataset => ({ baseUrl, id, source: board.sourceName });
    const [discipline, ...perDataset] = await Promise.all([
      // Discipline datasets name cases, not people: narrowed by surname only.
      board.disciplineDataset
        ? this.soda.query(
            dataset(board.disciplineDataset.id),
            { where: anyOf(surnames.map((s) => surnameCondition(board.disciplineDataset!.lastNameField, s))) },
            deadline,
          )
        : Promise.resolve([] as SodaRow[]),
      ...board.datasets.map((d) =>
        this.soda.query(
          dataset(d.id),
          {
            where: allOf([
              anyOf(
                surnames.map((s) =>
                  d.nameLayout === 'first_middle_last'
                    ? fullNameSurnameCondition(d.fields.lastName, s)
                    : d.accentedNames
                      ? accentTolerantSurnameCondition(d.fields.lastName, s)
                      : surnameCondition(d.fields.lastName, s),
                ),
              ),
              givenNamePrefixCondition(d.fields.firstName, givenNames.prefixes, d.accentedNames),
            ]),
          },
          deadline,
        ),
      ),
    ]);
    const disciplined = new Set(board.disciplineDataset ? discipline!.map((row) => field(row, board.disciplineDataset!.licenseNumberField).toUpperCase()) : []);
    const readable = board.datasets.map((d, i) => readableRows(board, d, perDataset[i]!));
    const licenses = board.datasets.flatMap((d, i) => licensesFromRows(board, d, readable[i]!.rows, disciplined));
    const skipped = readable.flatMap((r) => (r.skipped ? [r.skipped] : []));
    return { state: board.state, source: board.sourceName, licenses, asOf: this.now().toISOString(), ...(skipped.length > 0 ? { skipped } : {}) };
  }
}
