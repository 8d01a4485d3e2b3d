/**
 * Reading a roster file as a stream of rows: the CSV rosters with the list ingest's CSV parser
 * (csv-parser.ts; a UTF-8 BOM dropped), the pipe-delimited ones line by line with no quoting (Florida
 * MQA: latin-1, a trailing `|` ending every line, the header included, and stray `"` inside values,
 * read as apostrophes), the workbook ones (West Virginia) as the rows of their sheet, text cells, with
 * the list ingest's sheet reader (sheet-reader.ts: the workbook read whole within the parse limits, only
 * the chosen sheet inflated; a row of empty cells skipped like a blank line, a row shorter than the header
 * read with empty cells to its width, since a sheet row ends at its last written cell), the tab-delimited
 * ones (Missouri MOPRO) line by line with no quoting, a line whose last cell ends with an odd number of
 * backslashes joined with the next (an escaped line break inside a value: the chiropractic file's
 * `PO Box 306\` address runs over three lines), the record so joined checked against the header's width
 * and the file refused when it does not make it, never read with its columns shifted. The header is looked for among the first `headerWithin` lines (Maryland writes
 * seven preamble lines above it) as the first line that holds every required column; the preamble is
 * returned, since a publisher may date the file there.
 *
 * Both are read in linear time within the roster's parse limits (parse-limits.ts): a line, row or field
 * past its length limit, or more rows than the limit, throws UnsafeFileError('limit').
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { csvRowBatches } from '../lists/csv-parser.ts';
import { SheetFormatError, sheetRows } from '../lists/sheet-reader.ts';
import { textLines } from '../lists/text-lines.ts';
import { type ParseLimits, parseLimits, UnsafeFileError } from '../parse-limits.ts';
import { missingColumns, type RosterDefinition } from './roster-definition.ts';

export class RosterFormatError extends Error {}

async function* withoutBom(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let first = true;
  for await (const chunk of chunks) {
    yield first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    first = false;
  }
}

/** The lines of a text stream, without their line ends; blank lines skipped. */
async function* lines(chunks: AsyncIterable<string>, maxChars: number): AsyncGenerator<string> {
  for await (const line of textLines(chunks, maxChars)) if (line.trim()) yield line;
}

/** One cell of an unquoted pipe file: a stray `"` around a value dropped, one inside it read as an apostrophe. */
export function pipeCell(cell: string): string {
  return cell
    .trim()
    .replace(/^"+|"+$/g, '')
    .replace(/"/g, "'");
}

/** The cells of a pipe-delimited line; the empty cell after a trailing `|` is not a column. */
export function pipeCells(line: string): string[] {
  const cells = line.split('|');
  if (cells.length > 1 && cells.at(-1)!.trim() === '') cells.pop();
  return cells.map(pipeCell);
}

/**
 * Where a tab file's record joined over several lines by escaped line breaks was read: its first and last
 * line, and how many cells its last line held.
 */
interface Continued {
  readonly first: number;
  readonly last: number;
  readonly lastLineCells: number;
}
const continuedRecords = new WeakMap<readonly string[], Continued>();

/** A cell ending with an odd number of backslashes: the line break after it is escaped, part of the value. */
export function endsEscaped(cell: string): boolean {
  const run = /\\+$/.exec(cell)?.[0].length ?? 0;
  return run % 2 === 1;
}

/**
 * The records of a tab-delimited text: one a line, cells split at every tab, no quoting. A line whose
 * last non-empty cell ends escaped continues on the next line: the cells after it (empty: padding a
 * re-serialising tool may add) are dropped, and the next line's first cell continues it after a line
 * break. A text ending inside a continued record is refused.
 */
async function* tabRecords(text: AsyncIterable<string>, limits: ParseLimits): AsyncGenerator<string[]> {
  let pending: string[] | undefined;
  let first = 0;
  let physical = 0;
  let rows = 0;
  for await (const line of textLines(text, limits.maxRowChars)) {
    physical++;
    if (!pending && !line.trim()) continue;
    let cells = line.split('\t');
    const lineCells = cells.length;
    if (pending) cells = [...pending.slice(0, -1), `${pending.at(-1)}\n${cells[0]}`, ...cells.slice(1)];
    else first = physical;
    if (cells.length > limits.maxColumns) throw new UnsafeFileError('limit', `line ${physical} has more than ${limits.maxColumns} fields, the limit`);
    let end = cells.length;
    while (end > 0 && cells[end - 1]!.trim() === '') end--;
    if (end > 0 && endsEscaped(cells[end - 1]!)) {
      pending = cells.slice(0, end);
      continue;
    }
    pending = undefined;
    if (++rows > limits.maxRows) throw new UnsafeFileError('limit', `the file has more than ${limits.maxRows} rows, the limit`);
    if (physical > first) continuedRecords.set(cells, { first, last: physical, lastLineCells: lineCells });
    yield cells;
  }
  if (pending) throw new RosterFormatError(`the file ends inside the record continued from line ${first} by a trailing backslash: the file is cut short`);
}

/**
 * A joined record (tabRecords) at the header's width; any other width refuses the file, since its columns
 * can no longer be told apart. Only where its last line alone held the header's width (a re-serialising
 * tool padded every line to it) are surplus empty cells at its end dropped as that padding.
 */
function continuedAtWidth(cells: readonly string[], header: readonly string[], at: Continued): readonly string[] {
  const padded = at.lastLineCells === header.length && cells.length > header.length && cells.slice(header.length).every((c) => c.trim() === '');
  const fitted = padded ? cells.slice(0, header.length) : cells;
  if (fitted.length !== header.length) {
    throw new RosterFormatError(
      `lines ${at.first}-${at.last}, one record continued by trailing backslashes, hold ${fitted.length} fields against the header's ${header.length}: its columns cannot be told apart; the file format changed`,
    );
  }
  return fitted;
}

/**
 * A roster file's content as `eachRosterRow` reads it: its text as a stream (CSV, pipe), or a workbook
 * (its path, or its bytes), which is read whole.
 */
export type RosterInput = AsyncIterable<string> | { readonly workbook: string | Buffer };

const isWorkbook = (input: RosterInput): input is { readonly workbook: string | Buffer } => 'workbook' in input;

async function* workbookRows(definition: RosterDefinition, input: RosterInput, limits: ParseLimits): AsyncGenerator<string[]> {
  const format = definition.format;
  if (format.kind !== 'xlsx' || !isWorkbook(input)) throw new Error(`${definition.id}: a workbook is read for an xlsx roster only`);
  const bytes = typeof input.workbook === 'string' ? await readFile(input.workbook) : input.workbook;
  let rows: string[][];
  try {
    rows = await sheetRows(bytes, format.sheet, format.otherSheets, limits);
  } catch (error) {
    if (error instanceof SheetFormatError) throw new RosterFormatError(error.message, { cause: error });
    throw error;
  }
  for (const row of rows) if (row.some((cell) => cell.trim() !== '')) yield row;
}

async function* rawRows(definition: RosterDefinition, input: RosterInput, limits: ParseLimits): AsyncGenerator<string[]> {
  if (definition.format.kind === 'xlsx') {
    yield* workbookRows(definition, input, limits);
    return;
  }
  if (isWorkbook(input)) throw new Error(`${definition.id}: a ${definition.format.kind} roster is read as text`);
  const text = withoutBom(input);
  if (definition.format.kind === 'tab') {
    yield* tabRecords(text, limits);
    return;
  }
  if (definition.format.kind === 'pipe') {
    let rows = 0;
    for await (const line of lines(text, limits.maxRowChars)) {
      if (++rows > limits.maxRows) throw new UnsafeFileError('limit', `the file has more than ${limits.maxRows} rows, the limit`);
      const cells = pipeCells(line);
      if (cells.length > limits.maxColumns) throw new UnsafeFileError('limit', `line ${rows} has more than ${limits.maxColumns} fields, the limit`);
      yield cells;
    }
    return;
  }
  for await (const batch of csvRowBatches(text, limits)) yield* batch;
}

export interface RosterRows {
  readonly header: readonly string[];
  /** Lines above the header (the publisher's title, date, notes). */
  readonly preamble: readonly string[];
}

/**
 * Streams a roster's text: finds the header (throws RosterFormatError when none of the first
 * `headerWithin` rows holds every required column, naming what is missing), then hands each data row
 * with its 1-based row number to `row`. A row of another width than the header is handed as null.
 * Throws UnsafeFileError past the roster's parse limits.
 */
export async function eachRosterRow(
  definition: RosterDefinition,
  columns: readonly string[],
  input: RosterInput,
  row: (cells: readonly string[] | null, line: number, header: readonly string[]) => Promise<void>,
): Promise<RosterRows> {
  let header: string[] | undefined;
  const preamble: string[] = [];
  let line = 0;
  let closest: string[] | undefined;
  const sheet = definition.format.kind === 'xlsx';
  for await (const cells of rawRows(definition, input, parseLimits(definition.limits))) {
    line++;
    const continued = continuedRecords.get(cells);
    if (continued) line = continued.last;
    if (!header) {
      if (missingColumns(columns, cells).length === 0) {
        header = cells.map((c) => c.trim());
        continue;
      }
      if (!closest || missingColumns(columns, cells).length < missingColumns(columns, closest).length) closest = cells;
      preamble.push(cells.join(definition.format.kind === 'pipe' ? '|' : definition.format.kind === 'tab' ? '\t' : ','));
      if (line >= definition.format.headerWithin) {
        const missing = missingColumns(columns, closest);
        throw new RosterFormatError(`no header within the first ${line} lines: the closest lacks the column(s) ${missing.join(', ')}; the file format changed`);
      }
      continue;
    }
    if (continued) await row(continuedAtWidth(cells, header, continued), line, header);
    else if (sheet && cells.length < header.length) await row([...cells, ...Array<string>(header.length - cells.length).fill('')], line, header);
    else await row(cells.length === header.length ? cells : null, line, header);
  }
  if (!header) {
    if (!closest) throw new RosterFormatError('the file is empty');
    throw new RosterFormatError(`no header row: the closest lacks the column(s) ${missingColumns(columns, closest).join(', ')}; the file format changed`);
  }
  return { header, preamble };
}

/** A roster file's content as `eachRosterRow` reads it: its text as a stream, in the roster's encoding, or a workbook's path. */
export function rosterText(definition: RosterDefinition, file: string): RosterInput {
  if (definition.format.kind === 'xlsx') return { workbook: file };
  return createReadStream(file, { encoding: definition.format.encoding, highWaterMark: 256 * 1024 });
}

/** A stream of one string (tests, small files). */
export async function* textChunks(...chunks: string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}
