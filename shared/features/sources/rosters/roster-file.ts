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
 * and the file refused when it does not make it, never read with its columns shifted, and the PDF ones
 * (Arkansas's podiatry roster, a spreadsheet printed to PDF) from their text layer with pdf.js (pdfText):
 * each page's text pieces gathered into lines by their height on the page, the header found on every
 * page by the declared column names (a name may be stacked over two or three lines, `Disciplinary` above
 * `Action`), and each later line's pieces placed under the header cell they overlap; the header's page
 * is read as one sheet would be, its title and footer lines skipped by what they say. The header is looked for among the first `headerWithin` lines (Maryland writes
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
import { quotedName } from '../lists/quoted-name.ts';
import { missingColumns, type RosterDefinition, type RosterFormat } from './roster-definition.ts';

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
export type RosterInput = AsyncIterable<string> | { readonly workbook: string | Buffer } | { readonly pdf: string | Buffer };

const isWorkbook = (input: RosterInput): input is { readonly workbook: string | Buffer } => 'workbook' in input;
const isPdf = (input: RosterInput): input is { readonly pdf: string | Buffer } => 'pdf' in input;

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

type PdfFormat = Extract<RosterFormat, { kind: 'pdf' }>;

/** A run of text on a PDF page: where it starts and ends across the page, its baseline's height, its font size. */
interface PdfPiece {
  readonly text: string;
  readonly x0: number;
  readonly x1: number;
  readonly y: number;
  readonly size: number;
}

/** A header cell of a PDF page: the column's name and the span across the page its name is printed over. */
interface PdfColumn {
  readonly name: string;
  readonly x0: number;
  readonly x1: number;
}

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim();
const sameName = (a: string, b: string) => spaced(a).toUpperCase() === spaced(b).toUpperCase();
const overlap = (a: { x0: number; x1: number }, b: { x0: number; x1: number }) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
const lineText = (pieces: readonly PdfPiece[]) => pieces.map((p) => p.text).join(' ');

/**
 * A page's text pieces as lines, top to bottom: pieces whose baselines lie within a third of their font
 * size of each other are one line; on a line, pieces closer than a fifth of the font size (less than a
 * space's width) are one piece (a word split where its font changes), with a space between them where
 * more than a tenth of the font size separates them.
 */
function pdfLines(pieces: readonly PdfPiece[]): PdfPiece[][] {
  const lines: PdfPiece[][] = [];
  for (const piece of [...pieces].sort((a, b) => b.y - a.y || a.x0 - b.x0)) {
    const line = lines.at(-1);
    if (line && Math.abs(line[0]!.y - piece.y) <= piece.size / 3) line.push(piece);
    else lines.push([piece]);
  }
  return lines.map((line) => {
    const joined: PdfPiece[] = [];
    for (const piece of line.sort((a, b) => a.x0 - b.x0)) {
      const last = joined.at(-1);
      const gap = last ? piece.x0 - last.x1 : Number.POSITIVE_INFINITY;
      if (last && gap < piece.size / 5)
        joined[joined.length - 1] = { ...last, text: `${last.text}${gap > piece.size / 10 ? ' ' : ''}${piece.text}`, x1: piece.x1 };
      else joined.push(piece);
    }
    return joined;
  });
}

/**
 * The header on line `at` of a page: every column's name printed on that line, or ending there and
 * begun on the lines just above it, over the same span (`Disciplinary` above `Action`). Undefined when a
 * column is missing; else the columns left to right and the pieces their names are printed with.
 */
function pdfHeaderAt(lines: readonly PdfPiece[][], at: number, columns: readonly string[]): { columns: PdfColumn[]; used: Set<PdfPiece> } | undefined {
  const found: PdfColumn[] = [];
  const used = new Set<PdfPiece>();
  for (const name of columns) {
    const want = spaced(name).toUpperCase();
    let column: PdfColumn | undefined;
    for (const piece of lines[at]!) {
      let text = spaced(piece.text).toUpperCase();
      let span = { x0: piece.x0, x1: piece.x1 };
      const stacked: PdfPiece[] = [piece];
      for (let above = at - 1; above >= Math.max(0, at - 2) && text !== want && want.endsWith(` ${text}`); above--) {
        const part = lines[above]!.find((p) => !used.has(p) && overlap(p, span) > 0 && want.endsWith(`${spaced(p.text).toUpperCase()} ${text}`));
        if (!part) break;
        text = `${spaced(part.text).toUpperCase()} ${text}`;
        span = { x0: Math.min(span.x0, part.x0), x1: Math.max(span.x1, part.x1) };
        stacked.push(part);
      }
      if (text !== want) continue;
      column = { name, ...span };
      for (const p of stacked) used.add(p);
      break;
    }
    if (!column) return undefined;
    found.push(column);
  }
  return { columns: found.sort((a, b) => a.x0 - b.x0), used };
}

/**
 * The rows of a PDF roster's table, as the other formats' readers give theirs: the first page's lines
 * above its header (the preamble, with the text beside the header), the header (the declared columns, in
 * their order across the page), then every page's rows, each with its cells in the header's order. The
 * header is found again on every page, by the column names, never by a position (where only the first
 * page prints it, `headerOn: 'first_page'`, a later page without one is read under the first page's
 * header cells); a page's title and
 * footer lines (`pageLines`) are skipped wherever they are. Refused (RosterFormatError): a file that is
 * no PDF or that pdf.js cannot open, a page with no text (a scan: no text layer to read), a page with no
 * header within `headerWithin` lines, other text on the header's line, and a piece of text that does not
 * lie under exactly one header cell (a row the reader could only place by guessing). Its pieces, rows,
 * and row and cell lengths are held to the parse limits (text pieces count as cells).
 */
async function* pdfRows(definition: RosterDefinition, columns: readonly string[], input: RosterInput, limits: ParseLimits): AsyncGenerator<string[]> {
  const format = definition.format;
  if (format.kind !== 'pdf' || !isPdf(input)) throw new Error(`${definition.id}: a PDF is read for a pdf roster only`);
  const bytes = typeof input.pdf === 'string' ? await readFile(input.pdf) : input.pdf;
  if (!bytes.subarray(0, 1024).includes('%PDF-')) throw new RosterFormatError('the file is no PDF (no %PDF- signature): the publisher answered something else');
  // pdf.js (unpdf's build for servers, no worker) is loaded when a PDF is first read, not when a function starts.
  const { getDocumentProxy } = await import('unpdf');
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    document = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, stopAtErrors: true, useSystemFonts: false });
  } catch (error) {
    throw new RosterFormatError(`the PDF cannot be read (${error instanceof Error ? error.name : 'error'}): the file is damaged or no PDF`, { cause: error });
  }
  try {
    yield* pdfPages(document, format, columns, limits);
  } finally {
    await document.loadingTask.destroy();
  }
}

async function* pdfPages(
  document: Awaited<ReturnType<typeof import('unpdf').getDocumentProxy>>,
  format: PdfFormat,
  columns: readonly string[],
  limits: ParseLimits,
): AsyncGenerator<string[]> {
  let pieces = 0;
  let rows = 0;
  let firstHeader: NonNullable<ReturnType<typeof pdfHeaderAt>> | undefined;
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pieces += content.items.length;
    if (pieces > limits.maxCells) throw new UnsafeFileError('limit', `the PDF holds more than ${limits.maxCells} pieces of text, the limit`);
    const page: PdfPiece[] = [];
    for (const item of content.items as { str?: string; transform?: number[]; width?: number }[]) {
      if (typeof item.str !== 'string' || !item.str.trim() || !item.transform) continue;
      const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform;
      // Turned text (a stamp, a rotated label) is no cell of a printed table.
      if (Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0) continue;
      page.push({ text: item.str.trim(), x0: x, x1: x + (item.width ?? 0), y, size: Math.abs(d) || 1 });
    }
    if (page.length === 0) throw new RosterFormatError(`page ${n} has no text: no text layer to read (a scanned page?); the file format changed`);
    const lines = pdfLines(page);
    let header: ReturnType<typeof pdfHeaderAt>;
    let at = 0;
    for (; at < Math.min(format.headerWithin, lines.length) && !header; at++) header = pdfHeaderAt(lines, at, columns);
    if (!header && n > 1 && format.headerOn === 'first_page' && firstHeader) {
      // The header is printed on the first page only: this page's rows lie under its cells.
      yield* pdfPageRows(n, lines, firstHeader.columns, format, limits, () => ++rows);
      continue;
    }
    if (!header) {
      const missing = columns.filter((name) => !lines.slice(0, format.headerWithin).some((line) => line.some((p) => sameName(p.text, name))));
      throw new RosterFormatError(
        `page ${n} has no header within its first ${format.headerWithin} lines${missing.length ? `: no line holds the column(s) ${missing.join(', ')}` : ''}; the file format changed`,
      );
    }
    const headerLine = at - 1;
    firstHeader ??= header;
    const { columns: cells, used } = header;
    const preamble: string[] = [];
    for (const line of lines.slice(0, headerLine)) {
      const text = lineText(line.filter((p) => !used.has(p)));
      if (text && !format.pageLines.some((pattern) => pattern.test(text))) preamble.push(text);
    }
    const beside = lineText(lines[headerLine]!.filter((p) => !used.has(p)));
    if (beside) {
      if (!format.besideHeader?.test(beside))
        throw new RosterFormatError(`page ${n}: ${quotedName(beside, 'text')} on the header's line is under no column; the file format changed`);
      preamble.push(beside);
    }
    if (n === 1) {
      for (const line of preamble) yield [line];
      yield cells.map((column) => column.name);
    }
    yield* pdfPageRows(n, lines.slice(headerLine + 1), cells, format, limits, () => ++rows);
  }
}

/**
 * The rows of page `n`'s lines below its header, each piece of text under the one header cell it lies
 * under (the page's own header, or the first page's where only that one prints it); the page's title and
 * footer lines skipped. `counted` answers the file's rows so far, this one included.
 */
function* pdfPageRows(
  n: number,
  lines: readonly PdfPiece[][],
  cells: readonly PdfColumn[],
  format: PdfFormat,
  limits: ParseLimits,
  counted: () => number,
): Generator<string[]> {
  for (const line of lines) {
    if (format.pageLines.some((pattern) => pattern.test(lineText(line)))) continue;
    const row = cells.map(() => '');
    for (const piece of line) {
      const under = cells.flatMap((column, i) => (overlap(piece, column) > 0 ? [i] : []));
      if (under.length !== 1) {
        throw new RosterFormatError(
          `page ${n}: ${quotedName(piece.text, 'text')} lies under ${under.length ? 'several columns' : 'no column'} of the header; its row cannot be read`,
        );
      }
      const i = under[0]!;
      row[i] = row[i] ? `${row[i]} ${piece.text}` : piece.text;
      if (row[i]!.length > limits.maxFieldChars)
        throw new UnsafeFileError('limit', `page ${n} has a cell longer than ${limits.maxFieldChars} characters, the limit`);
    }
    if (row.join(' ').length > limits.maxRowChars)
      throw new UnsafeFileError('limit', `page ${n} has a row longer than ${limits.maxRowChars} characters, the limit`);
    if (counted() > limits.maxRows) throw new UnsafeFileError('limit', `the file has more than ${limits.maxRows} rows, the limit`);
    yield row;
  }
}

async function* rawRows(definition: RosterDefinition, columns: readonly string[], input: RosterInput, limits: ParseLimits): AsyncGenerator<string[]> {
  if (definition.format.kind === 'xlsx') {
    yield* workbookRows(definition, input, limits);
    return;
  }
  if (definition.format.kind === 'pdf') {
    yield* pdfRows(definition, columns, input, limits);
    return;
  }
  if (isWorkbook(input) || isPdf(input)) throw new Error(`${definition.id}: a ${definition.format.kind} roster is read as text`);
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
  for await (const cells of rawRows(definition, columns, input, parseLimits(definition.limits))) {
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

/** A roster file's content as `eachRosterRow` reads it: its text as a stream, in the roster's encoding, or a workbook's or PDF's path. */
export function rosterText(definition: RosterDefinition, file: string): RosterInput {
  if (definition.format.kind === 'xlsx') return { workbook: file };
  if (definition.format.kind === 'pdf') return { pdf: file };
  return createReadStream(file, { encoding: definition.format.encoding, highWaterMark: 256 * 1024 });
}

/** A stream of one string (tests, small files). */
export async function* textChunks(...chunks: string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}
