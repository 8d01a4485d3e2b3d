/**
 * Ingests a roster from its definition (roster-definition.ts), the same way for every roster, with the
 * list-ingestion steps (ingest-steps.ts, download.ts):
 * 1. each file is downloaded (fixed URLs, or the link a fixed page gives for it) or copied from the
 *    operator's downloads (`files`), streamed to a temporary file while hashed; the same content as the
 *    current version: nothing to do;
 * 2. each file is read as a stream (roster-file.ts), its header found and checked for every required
 *    column, each row mapped to a license and written, in pipelined batches, under a new version;
 * 3. the raw files are archived in S3 under the roster and date; 4. the pointer switches atomically.
 * A malformed file (no header with the expected columns, too many unreadable rows, no rows) or a roster
 * with under half the rows of the current version is refused: nothing switches, the old version stays.
 * So is a load missing one of the roster's declared files (an operator's files are matched to them by
 * name), and one older than the version in force; one beyond the roster's change budget, or lifting a
 * licensee's restriction, is held for review (plausibility/load-review.ts).
 * A file past the roster's parse limits (parse-limits.ts) is an IngestRefusal: final, never retried.
 * A load that cannot finish before the invocation's deadline stops, with every row up to a row of the
 * roster's sequence written, and the next invocation resumes it from the archived files (load-progress.ts).
 *
 * The current version's rows are rewritten from the archived files once they are 45 days old
 * (`renewRoster`), for a roster an operator uploads as for one downloaded, so they never reach their TTL
 * while the version is current.
 *
 * `as_of`, the date the roster stands for, is the files' date: the operator's `asOf`, else a date the
 * publisher wrote in the preamble, else the file's Last-Modified (an operator's file: its modification
 * time), else the day it was read; with several files, the oldest.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { logger } from '../../../platform/observability/logger.ts';
import { SourceError } from '../errors.ts';
import { CsvFormatError } from '../lists/csv-parser.ts';
import { boundedText, copyLocalFile, downloadSourceFile, maxPageBytes, saveResponseBody } from '../lists/download.ts';
import { checkNotShrunk, checkRowCounts, conditionalOn, PipelinedWrites, refusalOf, type SourceArchive, versionId } from '../lists/ingest-steps.ts';
import { checkFileSize, parseLimits, UnsafeFileError } from '../parse-limits.ts';
import { listDate } from '../lists/list-cells.ts';
import { listDownloadTimeouts, type RenewalOutcome, renewalDue } from '../lists/list-ingest.ts';
import { linkMatches, readPage } from '../lists/page-links.ts';
import { refreshAfterDays } from '../lists/sanctions-store.ts';
import {
  earlierReview,
  keptOrNot,
  type LoadFile,
  type LoadTrigger,
  recordRefusedLoad,
  refuseUndeclaredFiles,
  reviewLoad,
} from '../plausibility/load-review.ts';
import { isIngestRefusal } from '../ingest-refusal.ts';
import { archivedRosterDigestRows, rosterDigestRows } from '../plausibility/row-digests.ts';
import { fileOf, type LoadProgress, LoadProgressStore, ResumableLoad } from '../lists/load-progress.ts';
import type { Deadline } from '../../../platform/deadline.ts';
import { columnsOf, declaredFiles, type RosterDefinition, rosterFileUrl, rosterHosts, rowReader } from './roster-definition.ts';
import { eachRosterRow, RosterFormatError, rosterText } from './roster-file.ts';
import type { RosterFileVersion, RosterStats, RosterStore, RosterVersion, StoredRosterRow } from './roster-store.ts';

export interface RosterIngestOptions {
  /** Ingest even if unchanged, and even if much shorter than the current version. */
  readonly force?: boolean;
  /** Files an operator downloaded (a roster behind a sign-in; or to load a given file): ingested instead of a download. */
  readonly files?: readonly string[];
  /** The date the operator's files stand for (ISO date), where the files do not tell. */
  readonly asOf?: string;
  /** Who started the load (recorded); by default `operator` for an operator's files, else `scheduled`. */
  readonly trigger?: LoadTrigger;
  /** The operator's reason for loading these files on purpose, older or beyond the change budget (`--rollback --reason`). */
  readonly rollback?: string;
  readonly now?: () => Date;
  /** The invocation's deadline: a load that cannot finish by it stops, and the next invocation resumes it (load-progress.ts). */
  readonly deadline?: Deadline;
}

export type RosterIngestOutcome =
  | { outcome: 'unchanged'; roster: string; version: string }
  | {
      outcome: 'ingested';
      roster: string;
      version: string;
      previous_version: string | null;
      as_of: string;
      files: readonly string[];
      stats: RosterStats;
      items: number;
      duration_ms: number;
    }
  | { outcome: 'superseded'; roster: string; version: string }
  /** Rows written, the pointer not switched: the version in force keeps answering until an operator accepts (load-review.ts). */
  | { outcome: 'held'; roster: string; version: string; previous_version: string | null; reasons: readonly string[] };

interface Fetched {
  readonly name: string;
  readonly path: string;
  readonly sha256: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
  /** The date the file's metadata gives (Last-Modified, or an operator file's modification time). */
  readonly dated: string | null;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The media type a roster's files are archived (and named in evidence) with, by format. */
const rosterContentTypes: Readonly<Record<RosterDefinition['format']['kind'], string>> = {
  csv: 'text/csv',
  pipe: 'text/csv',
  tab: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

async function fetchFiles(definition: RosterDefinition, dir: string, options: RosterIngestOptions): Promise<Fetched[]> {
  if (options.files?.length) {
    return Promise.all(
      options.files.map(async (from, i) => {
        const path = join(dir, `file-${i}`);
        const sha256 = await copyLocalFile(from, path);
        return { name: basename(from), path, sha256, etag: null, lastModified: null, dated: isoDay((await stat(from)).mtimeMs) };
      }),
    );
  }
  const locate = definition.locate;
  if (locate.kind === 'operator_file') {
    throw new SourceError(definition.displayName, 'rejected', `the roster is loaded from an operator's file (--file): ${locate.howToObtain}`);
  }
  const hosts = rosterHosts(definition);
  const timeouts = listDownloadTimeouts();
  const fetched: Fetched[] = [];
  // One after the other: a publisher's small site is not asked for all its files at once.
  for (const [i, file] of locate.files.entries()) {
    let url = rosterFileUrl(definition, file);
    if (file.linkText) {
      const page = await downloadSourceFile(definition.displayName, hosts, url, { accept: 'text/html' }, timeouts);
      const link = readPage(await boundedText(definition.displayName, page, maxPageBytes, 'the page'), page.url || url).links.find((l) =>
        linkMatches(l, { text: file.linkText }),
      );
      if (!link)
        throw new SourceError(definition.displayName, 'malformed', `the page ${url} has no link like text ${file.linkText} (${file.name}): the page changed`);
      url = link.href;
    }
    const response = await downloadSourceFile(definition.displayName, hosts, url, {}, timeouts);
    const path = join(dir, `file-${i}`);
    const sha256 = await saveResponseBody(definition.displayName, response, path, parseLimits(definition.limits).maxFileBytes);
    const lastModified = response.headers.get('last-modified');
    const dated = lastModified && !Number.isNaN(Date.parse(lastModified)) ? isoDay(Date.parse(lastModified)) : null;
    fetched.push({ name: file.name, path, sha256, etag: response.headers.get('etag'), lastModified, dated });
  }
  return fetched;
}

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A date written with the month's name ("Last update: July 9, 2026"), as an ISO date. */
function namedMonthDate(line: string): string | null {
  const m = /\b(january|february|march|april|may|june|july|august|september|october|november|december)\s+(\d{1,2}),?\s+(\d{4})\b/i.exec(line);
  if (!m) return null;
  const month = months.indexOf(m[1]!.toLowerCase()) + 1;
  return listDate(`${month}/${m[2]}/${m[3]}`);
}

/**
 * A date written in the preamble ("Report date: 10/01/2026", "As of 2026-10-01", "Last update: July 9,
 * 2026", "Last Updated: 6-12-2026", month first), if any; one after today (a publisher's typo) is not taken.
 */
export function preambleDate(preamble: readonly string[], today: Date): string | null {
  for (const line of preamble) {
    const m = /(\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2}|\b\d{1,2}-\d{1,2}-\d{4}\b)/.exec(line);
    const date = m ? listDate(/^\d{1,2}-/.test(m[1]!) ? m[1]!.replaceAll('-', '/') : m[1]!, today) : namedMonthDate(line);
    if (date && date <= isoDay(today.getTime())) return date;
  }
  return null;
}

/** Streams one file into the store; answers its row counts and the date its preamble gives. */
async function parseFile(
  definition: RosterDefinition,
  file: Fetched,
  writes: PipelinedWrites<StoredRosterRow>,
  sequence: { next: number },
  now: Date,
): Promise<{ rows: number; skipped: number; malformed: number; dated: string | null }> {
  const counts = { rows: 0, skipped: 0, malformed: 0 };
  let reader: ReturnType<typeof rowReader> | undefined;
  let readerOf: readonly string[] | undefined;
  checkFileSize((await stat(file.path)).size, parseLimits(definition.limits));
  const { preamble } = await eachRosterRow(definition, columnsOf(definition, file.name), rosterText(definition, file.path), async (cells, line, header) => {
    if (readerOf !== header) {
      reader = rowReader(header);
      readerOf = header;
    }
    const record = cells ? definition.record(reader!(cells), file.name) : null;
    if (record === null) counts.malformed++;
    else if (record === 'skip') counts.skipped++;
    else {
      counts.rows++;
      await writes.push({ record: { ...record, origin: { file: file.name, row: line } }, row: sequence.next++ });
    }
  });
  checkRowCounts(
    `${definition.displayName} (${file.name})`,
    { rows: counts.rows + counts.skipped, malformed_rows: counts.malformed },
    columnsOf(definition, file.name).length,
  );
  return { ...counts, dated: preambleDate(preamble, now) };
}

/** The archived files of a stopped load, restored into `dir` in the order they were read. */
async function restoreFiles(archive: SourceArchive, progress: LoadProgress, dir: string): Promise<Fetched[]> {
  const files: Fetched[] = [];
  for (const [i, archived] of progress.files.entries()) {
    const path = join(dir, `file-${i}`);
    await archive.restore(archived.archive_key, path);
    files.push({
      name: archived.name,
      path,
      sha256: archived.sha256,
      etag: archived.etag,
      lastModified: archived.last_modified,
      dated: archived.dated ?? null,
    });
  }
  return files;
}

export async function ingestRoster(definition: RosterDefinition, store: RosterStore, options: RosterIngestOptions = {}): Promise<RosterIngestOutcome> {
  const started = Date.now();
  const roster = definition.id;
  const resumed = options.files?.length ? undefined : await new LoadProgressStore(roster, store.loads.progress).resumable(options.now?.() ?? new Date());
  const now = resumed ? new Date(resumed.started_at) : (options.now?.() ?? new Date());
  const current = await store.current(roster);
  const conditional = conditionalOn(current, now, refreshAfterDays, options.force);
  const dir = await mkdtemp(join(tmpdir(), `roster-${roster}-`));
  const trigger = options.trigger ?? (options.files?.length ? 'operator' : 'scheduled');
  const day = isoDay(now.getTime());
  const archiveContentType = rosterContentTypes[definition.format.kind];
  const archiveKeyOf = (file: Fetched) => `rosters/${roster}/${day}/${file.sha256.slice(0, 12)}-${file.name.replace(/[^A-Za-z0-9._-]/g, '_')}`;
  const keep = async (file: Fetched) =>
    store.loads.archive.keep(archiveKeyOf(file), file.path, (await stat(file.path)).size, archiveContentType, {
      sha256: file.sha256,
      'source-file': file.name,
      'source-etag': file.etag ?? '',
      'source-last-modified': file.lastModified ?? '',
    });
  let fetched: readonly Fetched[] | undefined;
  try {
    const files = resumed ? await restoreFiles(store.loads.archive, resumed, dir) : await fetchFiles(definition, dir, options);
    fetched = files;
    if (declaredFiles(definition).length > 0) {
      await refuseUndeclaredFiles(
        store.loads,
        roster,
        declaredFiles(definition).map((f) => f.name),
        files.map((f) => ({ name: f.name, sha256: f.sha256, archive: () => keptOrNot(() => keep(f), archiveKeyOf(f)) })),
        trigger,
        now,
      );
    }
    const sha256 = createHash('sha256')
      .update(files.map((f) => `${f.name}:${f.sha256}`).join('\n'))
      .digest('hex');
    if (conditional && sha256 === conditional.sha256) {
      await store.markChecked(roster, conditional.version, now);
      logger.info('Roster unchanged', { roster, version: conditional.version });
      return { outcome: 'unchanged', roster, version: conditional.version };
    }
    const held = await earlierReview(store.loads, roster, sha256, options.rollback);
    if (held) return { outcome: 'held', roster, version: held.version, previous_version: held.previous_version, reasons: held.reasons };

    const version = versionId(now, sha256);
    const archive = async () => {
      for (const file of files) await keep(file);
    };
    const load = new ResumableLoad(
      roster,
      {
        version,
        started_at: now.toISOString(),
        sha256,
        files: files.map((f) => ({ ...fileOf({ fileName: f.name, ...f }, archiveKeyOf(f)), dated: f.dated })),
      },
      resumed,
      archive,
      store.loads.progress,
    );
    let items = 0;
    const parsed: { file: Fetched; rows: number; skipped: number; malformed: number; dated: string | null; bytes: number }[] = [];
    await load.write(async (skipThrough) => {
      const writes = new PipelinedWrites<StoredRosterRow>(async (chunk) => {
        items += await store.write(roster, version, chunk, now);
      });
      writes.track({ skipThrough, stopBy: options.deadline, rowOf: (row) => row.row });
      const sequence = { next: 1 };
      try {
        for (const file of files) parsed.push({ file, ...(await parseFile(definition, file, writes, sequence, now)), bytes: (await stat(file.path)).size });
        await writes.finish();
      } catch (error) {
        await writes.abandon();
        const file = files[parsed.length]?.name ?? '';
        if (error instanceof RosterFormatError || error instanceof CsvFormatError) {
          throw new SourceError(definition.displayName, 'malformed', `${file}: ${error.message}`, { cause: error });
        }
        throw refusalOf(definition.displayName, error instanceof UnsafeFileError ? new UnsafeFileError(error.kind, `${file}: ${error.message}`) : error);
      }
    });
    const stats: RosterStats = {
      rows: parsed.reduce((n, p) => n + p.rows, 0),
      skipped_rows: parsed.reduce((n, p) => n + p.skipped, 0),
      malformed_rows: parsed.reduce((n, p) => n + p.malformed, 0),
      bytes: parsed.reduce((n, p) => n + p.bytes, 0),
    };
    checkNotShrunk(definition.displayName, stats.rows, current, options.force);

    await archive();
    const fileVersions: RosterFileVersion[] = parsed.map((p) => ({
      name: p.file.name,
      sha256: p.file.sha256,
      etag: p.file.etag,
      last_modified: p.file.lastModified,
      bytes: p.bytes,
      archive_key: archiveKeyOf(p.file),
      rows: p.rows,
    }));
    const dates = parsed.map((p) => p.dated ?? p.file.dated ?? day);
    const next: RosterVersion = {
      roster,
      version,
      files: fileVersions,
      sha256,
      as_of: options.asOf ?? dates.sort()[0]!,
      ingested_at: now.toISOString(),
      checked_at: now.toISOString(),
      rows_written_at: now.toISOString(),
      stats,
    };
    const review = await load.judge(() =>
      reviewLoad(store.loads, {
        source: roster,
        budget: definition.changeBudget,
        trigger,
        rollback: options.rollback,
        current,
        next,
        sha256,
        files: fileVersions.map((f) => ({ name: f.name, sha256: f.sha256, archive_key: f.archive_key })),
        rows: stats.rows,
        currentRows: () => archivedRosterDigestRows(store.loads.archive, definition, current!.files),
        nextRows: () => rosterDigestRows(definition, files),
        now,
      }),
    );
    const settled = await load.settle(review, () => store.switchTo(next, current?.version));
    if (settled === 'held') return { outcome: 'held', roster, version, previous_version: current?.version ?? null, reasons: review.decision.reasons };
    if (settled === 'superseded') {
      logger.warn('Another ingest of the roster switched first; this version will expire unused', { roster, version });
      return { outcome: 'superseded', roster, version };
    }
    const outcome: RosterIngestOutcome = {
      outcome: 'ingested',
      roster,
      version,
      previous_version: current?.version ?? null,
      as_of: next.as_of,
      files: fileVersions.map((f) => f.name),
      stats,
      items,
      duration_ms: Date.now() - started,
    };
    logger.info('Roster ingested', { ...outcome });
    return outcome;
  } catch (error) {
    if (error instanceof SourceError) {
      logger.error('Roster refused; the current version stays in use', { roster, current_version: current?.version ?? null, reason: error.message });
    }
    // A refused load is recorded too, with its files archived where they were fetched.
    if (isIngestRefusal(error)) {
      const files: LoadFile[] = [];
      for (const file of fetched ?? [])
        files.push({ name: file.name, sha256: file.sha256, archive_key: await keptOrNot(() => keep(file), archiveKeyOf(file)) });
      await recordRefusedLoad(store.loads, { source: roster, trigger, refusal: error, files, now });
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Rewrites the current version's rows from its archived files with a new expiry, when they are due
 * (`renewalDue`; `force` renews anyway), then records it on the pointer. The files are read in the order
 * they were ingested, so every row keeps its sequence number and partition: items are overwritten in place.
 */
export async function renewRoster(
  definition: RosterDefinition,
  store: RosterStore,
  options: { now?: () => Date; force?: boolean } = {},
): Promise<RenewalOutcome> {
  const started = Date.now();
  const now = options.now?.() ?? new Date();
  const current = await store.current(definition.id);
  if (!current || !(options.force || renewalDue(current, now))) return { outcome: 'not_due', source: definition.id, version: current?.version ?? null };
  const dir = await mkdtemp(join(tmpdir(), `renew-${definition.id}-`));
  try {
    let items = 0;
    const writes = new PipelinedWrites<StoredRosterRow>(async (chunk) => {
      items += await store.write(definition.id, current.version, chunk, now);
    });
    const sequence = { next: 1 };
    try {
      for (const [i, archived] of current.files.entries()) {
        const path = join(dir, `file-${i}`);
        await store.loads.archive.restore(archived.archive_key, path);
        const file: Fetched = { name: archived.name, path, sha256: archived.sha256, etag: archived.etag, lastModified: archived.last_modified, dated: null };
        await parseFile(definition, file, writes, sequence, now);
      }
      await writes.finish();
    } catch (error) {
      await writes.abandon();
      throw refusalOf(definition.displayName, error);
    }
    await store.markRowsWritten(definition.id, current.version, now);
    const outcome: RenewalOutcome = { outcome: 'renewed', source: definition.id, version: current.version, items, duration_ms: Date.now() - started };
    logger.info('Current version rows renewed', { ...outcome });
    return outcome;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
