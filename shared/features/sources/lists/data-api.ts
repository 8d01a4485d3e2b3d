/**
 * Lists published through a paged JSON data API (data.cms.gov `data-api/v1/dataset/<uuid>/data`):
 * `?size=<n>&offset=<n>` answers a JSON array of row objects, at most 5,000 a page; the list is read
 * page by page until a page shorter than asked for. Each page is checked (an array of objects, each
 * with the required fields) and appended to a JSON Lines file as it arrives, so the list is never held
 * in memory whole; the SHA-256 of the pages as received tells an unchanged list (the API has no
 * conditional GET). Field names are matched tolerantly: `Optout Effective Date`, `Optout_Effective_Date`
 * and `optout effective date` are one field.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { listPageSize } from '../../../platform/config.ts';
import { SourceError } from '../errors.ts';
import { IngestRefusal } from '../ingest-refusal.ts';
import { type ParseLimits, parseLimits, sizeText, UnsafeFileError } from '../parse-limits.ts';
import { boundedText, type DownloadTimeouts, downloadSourceFile } from './download.ts';
import { type ListDefinition, listBaseUrl, listHosts } from './list-definition.ts';
import { samDate as listDate } from './sam-exclusions.ts';
import { textLines } from './text-lines.ts';

/** The most rows the API gives in one page. */
export const maxPageSize = 5000;
/** A list of more pages than this is an API that ignores the offset: refused, never read forever. */
const maxPages = 2000;

/** Rows asked for per page: `LIST_PAGE_SIZE` (tests use small pages), else the API's maximum. */
export function pageSize(): number {
  const size = listPageSize();
  return size !== undefined ? Math.min(size, maxPageSize) : maxPageSize;
}

/** A field name with case, spaces, underscores and punctuation set aside. */
export function fieldKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

type RowObject = Record<string, unknown>;

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A row object → its cells in `header` order, or the first required field it lacks. */
export function rowCells(header: readonly string[], required: ReadonlySet<string>, object: RowObject): { cells: string[] } | { missing: string } {
  const byKey = new Map<string, unknown>();
  for (const [name, value] of Object.entries(object)) byKey.set(fieldKey(name), value);
  const cells: string[] = [];
  for (const name of header) {
    const key = fieldKey(name);
    if (!byKey.has(key) && required.has(key)) return { missing: name };
    cells.push(cell(byKey.get(key)).trim());
  }
  return { cells };
}

const isRowObject = (value: unknown): value is RowObject => value !== null && typeof value === 'object' && !Array.isArray(value);

export interface SavedPages {
  readonly sha256: string;
  readonly rows: number;
  /** The newest date of the definition's as-of field (ISO), if any row has one. */
  readonly newest: string | null;
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

/**
 * Reads every page of the list into `file` (one row object a line). Throws SourceError: 'malformed' for
 * a page that is not a JSON array of row objects with the required fields; the download's own failures;
 * IngestRefusal('limit') for a list past its parse limits (file size, rows, a row's length).
 */
export async function savePages(definition: ListDefinition, file: string, timeouts: DownloadTimeouts): Promise<SavedPages> {
  const { locate, format } = definition;
  if (locate.kind !== 'data_api' || format.kind !== 'json_rows') throw new Error(`${definition.id} is not read from a data API`);
  const source = definition.displayName;
  const required = new Set(format.required.map(fieldKey));
  const asOfKey = locate.asOfField ? fieldKey(locate.asOfField) : null;
  const url = locate.url(listBaseUrl(definition));
  const hosts = listHosts(definition);
  const size = pageSize();
  const limits = parseLimits(definition.limits);
  const hash = createHash('sha256');
  let bytes = 0;
  const out = createWriteStream(file);
  let rows = 0;
  let newest: string | null = null;
  try {
    for (let page = 0; ; page++) {
      if (page >= maxPages) throw new SourceError(source, 'malformed', `more than ${maxPages} pages: the API does not page`);
      const offset = rows;
      const response = await downloadSourceFile(source, hosts, `${url}?size=${size}&offset=${offset}`, { accept: 'application/json' }, timeouts);
      const text = await boundedText(source, response, limits.maxFileBytes - bytes, "a page of the list (the list's file limit)");
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new SourceError(source, 'malformed', `the page at offset ${offset} is not JSON`, { cause: error });
      }
      if (!Array.isArray(json)) throw new SourceError(source, 'malformed', `the page at offset ${offset} is not a JSON array`);
      for (const [i, object] of json.entries()) {
        if (!isRowObject(object)) throw new SourceError(source, 'malformed', `row ${offset + i + 1} is not an object`);
        const row = rowCells(definition.header, required, object);
        if ('missing' in row)
          throw new SourceError(source, 'malformed', `row ${offset + i + 1} has no field ${JSON.stringify(row.missing)}: the format changed`);
        if (asOfKey) {
          const day = listDate(cell(Object.entries(object).find(([name]) => fieldKey(name) === asOfKey)?.[1]));
          if (day && (newest === null || day > newest)) newest = day;
        }
        // The hash is of the file as saved and archived (one row object a line), so the archive re-hashes to it.
        const line = `${JSON.stringify(object)}\n`;
        if (line.length > limits.maxRowChars)
          throw new IngestRefusal(source, 'limit', `row ${offset + i + 1} is longer than ${limits.maxRowChars} characters, the limit`);
        bytes += Buffer.byteLength(line);
        if (bytes > limits.maxFileBytes) throw new IngestRefusal(source, 'limit', `the list is larger than ${sizeText(limits.maxFileBytes)}, the limit`);
        hash.update(line);
        await write(out, line);
      }
      rows += json.length;
      if (rows > limits.maxRows) throw new IngestRefusal(source, 'limit', `the list has more than ${limits.maxRows} rows, the limit`);
      if (json.length < size) break;
    }
  } finally {
    out.end();
    await once(out, 'close');
  }
  return { sha256: hash.digest('hex'), rows, newest };
}

/**
 * The rows of a saved JSON Lines file as cells in header order, each with its line number; an object
 * that cannot be read (not JSON, not an object, a required field missing) is handed on as null. A line
 * longer than the row limit, or more rows than the limit, throws UnsafeFileError('limit').
 */
export async function* jsonRows(
  definition: ListDefinition,
  file: string,
  limits: ParseLimits = parseLimits(definition.limits),
): AsyncGenerator<{ cells: string[] | null; line: number }> {
  if (definition.format.kind !== 'json_rows') throw new Error(`${definition.id} is not JSON rows`);
  const required = new Set(definition.format.required.map(fieldKey));
  let line = 0;
  for await (const text of textLines(createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }), limits.maxRowChars)) {
    line++;
    if (line > limits.maxRows) throw new UnsafeFileError('limit', `the file has more than ${limits.maxRows} rows, the limit`);
    if (text.trim() === '') continue;
    let object: unknown;
    try {
      object = JSON.parse(text);
    } catch {
      yield { cells: null, line };
      continue;
    }
    const row = isRowObject(object) ? rowCells(definition.header, required, object) : null;
    yield { cells: row && 'cells' in row ? row.cells : null, line };
  }
}
