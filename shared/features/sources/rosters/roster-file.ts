/**
 * Reading a roster file as a stream of rows: the CSV rosters with the list ingest's CSV parser
 * (csv-parser.ts; a UTF-8 BOM dropped), the pipe-delimited ones line by line with no quoting (Florida
 * MQA: latin-1, a trailing `|` ending every line, the header included, and stray `"` inside values,
 * read as apostrophes). The header is looked for among the first `headerWithin` lines (Maryland writes
 * seven preamble lines above it) as the first line that holds every required column; the preamble is
 * returned, since a publisher may date the file there.
 *
 * Both are read in linear time within the roster's parse limits (parse-limits.ts): a line, row or field
 * past its length limit, or more rows than the limit, throws UnsafeFileError('limit').
 */
import { createReadStream } from 'node:fs';
import { csvRowBatches } from '../lists/csv-parser.ts';
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

async function* rawRows(definition: RosterDefinition, text: AsyncIterable<string>, limits: ParseLimits): AsyncGenerator<string[]> {
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
  text: AsyncIterable<string>,
  row: (cells: readonly string[] | null, line: number, header: readonly string[]) => Promise<void>,
): Promise<RosterRows> {
  let header: string[] | undefined;
  const preamble: string[] = [];
  let line = 0;
  let closest: string[] | undefined;
  for await (const cells of rawRows(definition, withoutBom(text), parseLimits(definition.limits))) {
    line++;
    if (!header) {
      if (missingColumns(columns, cells).length === 0) {
        header = cells.map((c) => c.trim());
        continue;
      }
      if (!closest || missingColumns(columns, cells).length < missingColumns(columns, closest).length) closest = cells;
      preamble.push(cells.join(definition.format.kind === 'pipe' ? '|' : ','));
      if (line >= definition.format.headerWithin) {
        const missing = missingColumns(columns, closest);
        throw new RosterFormatError(`no header within the first ${line} lines: the closest lacks the column(s) ${missing.join(', ')}; the file format changed`);
      }
      continue;
    }
    await row(cells.length === header.length ? cells : null, line, header);
  }
  if (!header) {
    if (!closest) throw new RosterFormatError('the file is empty');
    throw new RosterFormatError(`no header row: the closest lacks the column(s) ${missingColumns(columns, closest).join(', ')}; the file format changed`);
  }
  return { header, preamble };
}

/** The text of a roster file as a stream, in the roster's encoding. */
export function rosterText(definition: RosterDefinition, file: string): AsyncIterable<string> {
  return createReadStream(file, { encoding: definition.format.encoding, highWaterMark: 256 * 1024 });
}

/** A stream of one string (tests, small files). */
export async function* textChunks(...chunks: string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}
