/**
 * Ingests a sanctions list from its definition (list-definition.ts), the same way for every list:
 * 1. the newest file is located (listing or fixed URL); a listed name with no file behind it yet
 *    (HTTP 204) falls back to the next newest; an operator's downloaded file (`file`) skips this;
 *    a data API is read page by page into a JSON Lines file instead (data-api.ts);
 * 2. the download is conditional when it is the file of the current version (304: nothing to do), and is
 *    streamed to a temporary file while hashed; the same SHA-256 as the current version: nothing to do;
 * 3. the file is read as a stream (CSV, the single CSV member of a ZIP, or JSON Lines) or, for a
 *    workbook, whole (sheet-reader.ts), its header checked exactly (a JSON row's fields; a sheet's header
 *    may follow a few preamble rows), each row mapped to an entry and written, in batches, under a
 *    new version; where several rows stand for one party (`latestBy`), only the last is written;
 * 4. the raw file is archived in S3 under its list and date; 5. the pointer switches atomically, the
 *    version dated by what the file tells (its name, or an `Updated …` line above a sheet's header),
 *    else by the day it was read.
 * A malformed file (changed header, too many unreadable rows, no rows) or one with under half the rows
 * of the current version is refused: nothing switches and the old version stays. A file past the
 * list's parse limits (parse-limits.ts: its size, an archive member's inflated size or ratio, sheets,
 * cells, rows, row or field length) or an archive that cannot be read safely is an IngestRefusal: final,
 * never retried. Before the switch the load goes through the plausibility rules
 * (plausibility/load-review.ts): a file older than the version in force is refused, one beyond the
 * list's change budget is held for review.
 * The current version is re-ingested after 30 days even if unchanged; `renewList` rewrites its rows from
 * the archived file once they are 45 days old (a download that keeps failing, an operator's upload), so
 * they never reach their TTL while the version is current.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { listResponseTimeoutMs } from '../../../platform/config.ts';
import { logger } from '../../../platform/observability/logger.ts';
import { SourceError } from '../errors.ts';
import { CsvFormatError } from './csv-parser.ts';
import { copyLocalFile, type DownloadTimeouts, downloadSourceFile, saveResponseBody } from './download.ts';
import { jsonRows, savePages } from './data-api.ts';
import { checkFileSize, type ParseLimits, parseLimits } from '../parse-limits.ts';
import { checkNotShrunk, checkRowCounts, conditionalOn, eachCsvRow, PipelinedWrites, refusalOf, versionId } from './ingest-steps.ts';
import type { LoadPosition } from './ingest-steps.ts';
import { fileOf, LoadProgressStore, ResumableLoad } from './load-progress.ts';
import type { Deadline } from '../../../platform/deadline.ts';
import { renewAfterDays } from './versioned-rows.ts';
import { type ListDefinition, listHosts } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { type FileCandidate, locateNewest } from './locate.ts';
import { type ListStats, type ListVersion, refreshAfterDays, type SanctionsStore } from './sanctions-store.ts';
import { SheetFormatError, sheetRows } from './sheet-reader.ts';
import { type LoadTrigger, earlierReview, keptOrNot, recordRefusedLoad, reviewLoad } from '../plausibility/load-review.ts';
import { isIngestRefusal } from '../ingest-refusal.ts';
import { archivedListDigestRows, listDigestRows } from '../plausibility/row-digests.ts';
import { ZipFormatError, zipCsvText, zipMemberBytes } from './zip-member.ts';
import { quotedName } from './quoted-name.ts';

export interface ListIngestOptions {
  /** Ingest even if the file has not changed, and even if it is much shorter than the current one. */
  readonly force?: boolean;
  /** A file an operator downloaded (lists reachable only through a browser): ingested instead of a download. */
  readonly file?: string;
  /** Who started the load (recorded); by default `operator` for an operator's file, else `scheduled`. */
  readonly trigger?: LoadTrigger;
  /** The operator's reason for loading this file on purpose, older or beyond its change budget (`--rollback --reason`). */
  readonly rollback?: string;
  readonly now?: () => Date;
  /** The invocation's deadline: a load that cannot finish by it stops, and the next invocation resumes it (load-progress.ts). */
  readonly deadline?: Deadline;
}

export type ListIngestOutcome =
  | { outcome: 'unchanged'; list: string; reason: 'not_modified' | 'same_content'; version: string }
  | {
      outcome: 'ingested';
      list: string;
      version: string;
      previous_version: string | null;
      file_name: string;
      as_of: string;
      stats: ListStats;
      items: number;
      archive_key: string;
      duration_ms: number;
    }
  | { outcome: 'superseded'; list: string; version: string }
  /** Rows written, the pointer not switched: the version in force keeps answering until an operator accepts (load-review.ts). */
  | { outcome: 'held'; list: string; version: string; previous_version: string | null; reasons: readonly string[] };

/** How long a list download may take (`LIST_RESPONSE_TIMEOUT_MS` shortens the wait for a response). */
export function listDownloadTimeouts(): DownloadTimeouts {
  return { responseMs: listResponseTimeoutMs(), totalMs: 600_000 };
}

class HeaderError extends Error {}

const contentTypes = { csv: 'text/csv', zip_csv: 'application/zip', json_rows: 'application/x-ndjson' } as const;

/** The archived file's content type: by format, and for a workbook by its name (XLSX, XLS, or zipped). */
function contentTypeOf(definition: ListDefinition, fileName: string): string {
  const format = definition.format;
  if (format.kind !== 'sheet') return contentTypes[format.kind];
  if (format.zipped) return 'application/zip';
  return /\.xls$/i.test(fileName) ? 'application/vnd.ms-excel' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
}

interface Fetched {
  readonly fileName: string;
  readonly sha256: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export async function ingestList(definition: ListDefinition, store: SanctionsStore, options: ListIngestOptions = {}): Promise<ListIngestOutcome> {
  const started = Date.now();
  const list = definition.id;
  const resumed = options.file ? undefined : await new LoadProgressStore(list, store.loads.progress).resumable(options.now?.() ?? new Date());
  const now = resumed ? new Date(resumed.started_at) : (options.now?.() ?? new Date());
  const current = await store.current(list);
  const conditional = conditionalOn(current, now, refreshAfterDays, options.force);

  const dir = await mkdtemp(join(tmpdir(), `list-${list}-`));
  const file = join(dir, 'download');
  const day = now.toISOString().slice(0, 10);
  const archiveKeyOf = (fetched: Fetched) => `lists/${list}/${day}/${fetched.sha256.slice(0, 12)}-${fetched.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const keep = async (fetched: Fetched) =>
    store.loads.archive.keep(archiveKeyOf(fetched), file, (await stat(file)).size, contentTypeOf(definition, fetched.fileName), {
      sha256: fetched.sha256,
      'source-file': fetched.fileName,
      'source-etag': fetched.etag ?? '',
      'source-last-modified': fetched.lastModified ?? '',
    });
  const trigger = options.trigger ?? (options.file ? 'operator' : 'scheduled');
  let fetched: Fetched | undefined;
  try {
    if (resumed) {
      const [archived] = resumed.files;
      await store.loads.archive.restore(archived!.archive_key, file);
      fetched = { fileName: archived!.name, sha256: archived!.sha256, etag: archived!.etag, lastModified: archived!.last_modified };
    } else if (options.file) {
      fetched = { fileName: basename(options.file), sha256: await copyLocalFile(options.file, file), etag: null, lastModified: null };
    } else if (definition.locate.kind === 'data_api') {
      const saved = await savePages(definition, file, listDownloadTimeouts());
      const asOf = saved.newest ?? now.toISOString().slice(0, 10);
      fetched = { fileName: `${definition.locate.fileStem}-${asOf}.jsonl`, sha256: saved.sha256, etag: null, lastModified: null };
    } else {
      const result = await download(definition, file, conditional);
      if (result === 'not_modified') {
        await store.markChecked(list, conditional!.version, now);
        return { outcome: 'unchanged', list, reason: 'not_modified', version: conditional!.version };
      }
      fetched = result;
    }
    if (conditional && fetched.sha256 === conditional.sha256) {
      await store.markChecked(list, conditional.version, now);
      return { outcome: 'unchanged', list, reason: 'same_content', version: conditional.version };
    }
    const held = await earlierReview(store.loads, list, fetched.sha256, options.rollback);
    if (held) return { outcome: 'held', list, version: held.version, previous_version: held.previous_version, reasons: held.reasons };

    const version = versionId(now, fetched.sha256);
    const archiveKey = archiveKeyOf(fetched);
    const loaded = fetched;
    const archive = () => keep(loaded);
    const load = new ResumableLoad(
      list,
      { version, started_at: now.toISOString(), sha256: fetched.sha256, files: [fileOf(fetched, archiveKey)] },
      resumed,
      archive,
      store.loads.progress,
    );
    const { stats, items, contentAsOf } = await load.write(async (skipThrough) => {
      const parsed = await parseInto(definition, file, version, store, now, { skipThrough, stopBy: options.deadline });
      checkNotShrunk(definition.displayName, parsed.stats.rows, current, options.force);
      return parsed;
    });
    await archive();
    const next: ListVersion = {
      list,
      version,
      file_name: fetched.fileName,
      // A date the content tells that lies after the day it is read is a typo: the day is kept.
      as_of: (contentAsOf && contentAsOf <= day ? contentAsOf : null) ?? definition.asOf?.(fetched.fileName) ?? day,
      etag: fetched.etag,
      last_modified: fetched.lastModified,
      sha256: fetched.sha256,
      ingested_at: now.toISOString(),
      checked_at: now.toISOString(),
      rows_written_at: now.toISOString(),
      archive_key: archiveKey,
      stats,
    };
    const review = await load.judge(() =>
      reviewLoad(store.loads, {
        source: list,
        budget: definition.changeBudget,
        trigger,
        rollback: options.rollback,
        current,
        next,
        sha256: loaded.sha256,
        files: [{ name: loaded.fileName, sha256: loaded.sha256, archive_key: archiveKey }],
        rows: stats.rows,
        currentRows: () => archivedListDigestRows(store.loads.archive, definition, current!.archive_key, eachEntry),
        nextRows: () => listDigestRows(definition, file, eachEntry),
        now,
      }),
    );
    const settled = await load.settle(review, () => store.switchTo(next, current?.version));
    if (settled === 'held') return { outcome: 'held', list, version, previous_version: current?.version ?? null, reasons: review.decision.reasons };
    if (settled === 'superseded') {
      logger.warn('Another ingest of the list switched first; this version will expire unused', { list, version });
      return { outcome: 'superseded', list, version };
    }
    const outcome: ListIngestOutcome = {
      outcome: 'ingested',
      list,
      version,
      previous_version: current?.version ?? null,
      file_name: fetched.fileName,
      as_of: next.as_of,
      stats,
      items,
      archive_key: archiveKey,
      duration_ms: Date.now() - started,
    };
    logger.info('Sanctions list ingested', { ...outcome });
    return outcome;
  } catch (error) {
    // A refused load is recorded too, with its file archived where it was fetched.
    if (isIngestRefusal(error)) {
      const refusedFile = fetched;
      const files = refusedFile
        ? [{ name: refusedFile.fileName, sha256: refusedFile.sha256, archive_key: await keptOrNot(() => keep(refusedFile), archiveKeyOf(refusedFile)) }]
        : [];
      await recordRefusedLoad(store.loads, { source: list, trigger, refusal: error, files, now });
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a renewal of the current version's rows did. */
export type RenewalOutcome =
  | { outcome: 'renewed'; source: string; version: string; items: number; duration_ms: number }
  | { outcome: 'not_due'; source: string; version: string | null };

/** True when the version's rows were last written more than `renewAfterDays` ago. */
export function renewalDue(version: { readonly ingested_at: string; readonly rows_written_at?: string } | undefined, now: Date): boolean {
  return version !== undefined && now.getTime() - Date.parse(version.rows_written_at ?? version.ingested_at) > renewAfterDays * 86_400_000;
}

/**
 * Rewrites the current version's rows from its archived file with a new expiry, when they are due
 * (`renewalDue`; `force` renews anyway), then records it on the pointer. The same file read the same way
 * gives the same partitions and row numbers: items are overwritten in place, and readers see no change.
 */
export async function renewList(
  definition: ListDefinition,
  store: SanctionsStore,
  options: { now?: () => Date; force?: boolean } = {},
): Promise<RenewalOutcome> {
  const started = Date.now();
  const now = options.now?.() ?? new Date();
  const current = await store.current(definition.id);
  if (!current || !(options.force || renewalDue(current, now))) return { outcome: 'not_due', source: definition.id, version: current?.version ?? null };
  const dir = await mkdtemp(join(tmpdir(), `renew-${definition.id}-`));
  try {
    const file = join(dir, 'archived');
    await store.loads.archive.restore(current.archive_key, file);
    const { items } = await parseInto(definition, file, current.version, store, now);
    await store.markRowsWritten(definition.id, current.version, now);
    const outcome: RenewalOutcome = { outcome: 'renewed', source: definition.id, version: current.version, items, duration_ms: Date.now() - started };
    logger.info('Current version rows renewed', { ...outcome });
    return outcome;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Downloads the newest file into `file`, trying the newest few listed names; 'not_modified' on a 304. */
async function download(definition: ListDefinition, file: string, current: ListVersion | undefined): Promise<Fetched | 'not_modified'> {
  const timeouts = listDownloadTimeouts();
  const candidates: FileCandidate[] = await locateNewest(definition, timeouts);
  for (const candidate of candidates) {
    const headers: Record<string, string> = {};
    if (current && current.file_name === candidate.fileName) {
      if (current.etag) headers['if-none-match'] = current.etag;
      if (current.last_modified) headers['if-modified-since'] = current.last_modified;
    }
    const response = await downloadSourceFile(
      definition.displayName,
      listHosts(definition),
      candidate.url,
      { ...candidate.headers, ...headers },
      timeouts,
      candidate.form,
    );
    if (response.status === 304) return 'not_modified';
    if (response.status === 204) {
      await response.body?.cancel();
      logger.info('Listed file not there yet; trying the one before', { list: definition.id, file: candidate.fileName });
      continue;
    }
    const sha256 = await saveResponseBody(definition.displayName, response, file, parseLimits(definition.limits).maxFileBytes);
    return { fileName: candidate.fileName, sha256, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
  }
  throw new SourceError(definition.displayName, 'inconsistent', `none of the ${candidates.length} newest listed files could be downloaded (HTTP 204)`);
}

/** Text chunks with a leading UTF-8 BOM dropped (the ZIP reader's decoder drops it already). */
async function* withoutBom(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let first = true;
  for await (const chunk of chunks) {
    yield first && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk;
    first = false;
  }
}

function textOf(definition: ListDefinition, file: string, limits: ParseLimits): AsyncIterable<string> {
  return definition.format.kind === 'zip_csv' ? zipCsvText(file, limits) : withoutBom(createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }));
}

function isHeader(definition: ListDefinition, row: readonly string[]): boolean {
  const got = row.map((cell, i) => (i === 0 ? cell.replace(/^\uFEFF/, '') : cell));
  return got.length === definition.header.length && got.every((cell, i) => cell === definition.header[i]);
}

/** A header cell as an error names it (quoted-name.ts): a renamed column quoted, other text by its length. */
function describeCell(cell: string | undefined): string {
  return cell === undefined ? 'missing' : quotedName(cell, 'column name');
}

function checkHeader(definition: ListDefinition, row: readonly string[]): void {
  const got = row.map((cell, i) => (i === 0 ? cell.replace(/^\uFEFF/, '') : cell));
  if (!isHeader(definition, row)) {
    const differs = definition.header.findIndex((name, i) => got[i] !== name);
    throw new HeaderError(
      `unexpected header (${got.length} columns, expected ${definition.header.length}; column ${differs + 1} is ${describeCell(got[differs])}, expected ${JSON.stringify(definition.header[differs] ?? null)}): the file format changed`,
    );
  }
}

/**
 * The data rows of a workbook's sheet, after its header (looked for within the first `headerWithin`
 * rows), with their row numbers; blank rows are skipped (a sheet's trailing rows often are). Answers the
 * date the rows above the header give (`asOfFromPreamble`), else null.
 */
async function eachSheetRow(
  definition: ListDefinition,
  format: Extract<ListDefinition['format'], { kind: 'sheet' }>,
  file: string,
  each: (row: readonly string[], line: number) => Promise<void>,
  limits: ParseLimits,
): Promise<string | null> {
  const bytes = format.zipped ? await zipMemberBytes(file, { pattern: /\.xlsx?$/i, label: 'workbook' }, limits) : await readFile(file);
  const rows = await sheetRows(bytes, format.sheet, format.otherSheets, limits);
  const within = Math.min(rows.length, format.headerWithin ?? 1);
  const headerAt = rows.slice(0, within).findIndex((row) => isHeader(definition, row));
  if (headerAt < 0) {
    // The error names the row most like the header (a title above it is no header that changed).
    const alike = (row: readonly string[]) => row.filter((cell, i) => cell === definition.header[i]).length;
    const candidates = rows.slice(0, within).filter((row) => row.some((cell) => cell.trim()));
    const closest = candidates.reduce<string[] | undefined>((best, row) => (best === undefined || alike(row) > alike(best) ? row : best), undefined);
    checkHeader(definition, closest ?? []);
  }
  for (let i = headerAt + 1; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.every((cell) => cell.trim() === '')) continue;
    // A sheet drops trailing empty cells: the row is padded to the header's width for the definition.
    const padded = row.length < definition.header.length ? [...row, ...Array<string>(definition.header.length - row.length).fill('')] : row;
    await each(padded, i + 1);
  }
  return format.asOfFromPreamble?.(rows.slice(0, headerAt)) ?? null;
}

/**
 * Each data row of the file, mapped to its entry (null for a row that cannot be read: counted as
 * malformed), with its line number (a sheet's row number; a CSV's line). Throws on a file that is not
 * the list's (a changed header, no rows, an unreadable workbook); UnsafeFileError on a file past the
 * list's parse limits or an archive that cannot be read safely. Answers the date the content stands
 * for where the file tells it (a sheet's preamble), else null.
 */
export async function eachEntry(
  definition: ListDefinition,
  file: string,
  each: (entry: ListEntry | null, line: number) => Promise<void>,
): Promise<string | null> {
  const format = definition.format;
  const limits = parseLimits(definition.limits);
  checkFileSize((await stat(file)).size, limits);
  if (format.kind === 'sheet') {
    let any = false;
    const asOf = await eachSheetRow(
      definition,
      format,
      file,
      async (row, line) => {
        any = true;
        await each(definition.entry(row), line);
      },
      limits,
    );
    if (!any) throw new SourceError(definition.displayName, 'malformed', 'the sheet has no rows after its header');
    return asOf;
  }
  if (definition.format.kind === 'json_rows') {
    let any = false;
    for await (const { cells, line } of jsonRows(definition, file, limits)) {
      any = true;
      await each(cells ? definition.entry(cells) : null, line);
    }
    if (!any) throw new SourceError(definition.displayName, 'malformed', 'the file is empty');
    return null;
  }
  await eachCsvRow(
    definition.displayName,
    textOf(definition, file, limits),
    (row) => checkHeader(definition, row),
    (row, line) => each(definition.entry(row), line),
    limits,
  );
  return null;
}

/** The line of the last row of each `latestBy` key: the one row of the key that is kept. */
async function lastRows(definition: ListDefinition, file: string): Promise<Map<string, number> | null> {
  const latestBy = definition.latestBy;
  if (!latestBy) return null;
  const last = new Map<string, number>();
  await eachEntry(definition, file, async (entry, line) => {
    const key = entry ? latestBy(entry) : null;
    if (key !== null) last.set(key, line);
  });
  return last;
}

/** Streams the file into the store under `version`; throws SourceError('malformed') on a bad file. */
async function parseInto(
  definition: ListDefinition,
  file: string,
  version: string,
  store: SanctionsStore,
  now: Date,
  position: Omit<LoadPosition<unknown>, 'rowOf'> = {},
): Promise<{ stats: ListStats; items: number; contentAsOf: string | null }> {
  const source = definition.displayName;
  const stats = {
    rows: 0,
    individuals: 0,
    entities: 0,
    with_npi: 0,
    with_dob: 0,
    malformed_rows: 0,
    superseded_rows: 0,
    bytes: (await stat(file)).size,
  };
  let items = 0;
  const writes = new PipelinedWrites<{ entry: ListEntry; row: number; keys: string[] }>(async (chunk) => {
    // Read `items` only after the write: chunks are written concurrently.
    const written = await store.write(definition.id, version, chunk, now);
    items += written;
  });
  writes.track({ ...position, rowOf: (item) => item.row });
  let contentAsOf: string | null;
  try {
    const last = await lastRows(definition, file);
    contentAsOf = await eachEntry(definition, file, async (entry, line) => {
      if (!entry) {
        stats.malformed_rows++;
        return;
      }
      const key = last && definition.latestBy!(entry);
      if (last && key !== null && key !== undefined && last.get(key) !== line) {
        stats.superseded_rows++;
        return;
      }
      stats.rows++;
      if (entry.kind === 'entity') stats.entities++;
      else stats.individuals++;
      if (entry.npi) stats.with_npi++;
      if (entry.dob) stats.with_dob++;
      await writes.push({ entry, row: line, keys: definition.keys(entry) });
    });
    await writes.finish();
  } catch (error) {
    await writes.abandon();
    if (error instanceof CsvFormatError || error instanceof ZipFormatError || error instanceof HeaderError || error instanceof SheetFormatError) {
      throw new SourceError(source, 'malformed', error.message, { cause: error });
    }
    throw refusalOf(source, error);
  }
  checkRowCounts(source, stats, definition.header.length);
  return { stats, items, contentAsOf };
}
