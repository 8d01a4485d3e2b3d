/**
 * Ingests the OIG LEIE full file (UPDATED.csv). The source changes monthly and is checked daily:
 * 1. conditional GET (If-None-Match / If-Modified-Since): 304 means nothing to do;
 * 2. the body is streamed to a temporary file while hashed; same SHA-256 as the current list: nothing to do;
 * 3. the file is stream-parsed (never held in memory whole) into a new list version, rows written in batches;
 * 4. the raw file is archived in S3 under its date; 5. the pointer switches to the new version atomically.
 * A malformed file, or one with under half the rows of the current list, is refused and nothing switches;
 * before the switch the load goes through the plausibility rules (plausibility/load-review.ts): a file
 * older than the version in force (by its Last-Modified day) is refused, one beyond the budget held;
 * a file past the parse limits (`leieLimits`) is an IngestRefusal, final and never retried. A load that
 * cannot finish before the invocation's deadline stops and is resumed by the next (load-progress.ts).
 * The current list is re-ingested after 30 days even if unchanged, and `renewLeie` rewrites its rows from
 * the archived file once they are 45 days old (checks that keep failing), so they never reach their TTL.
 */
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logger } from '../../../platform/observability/logger.ts';
import { SourceError } from '../errors.ts';
import { leieCsvUrl } from '../../../platform/config.ts';
import { leieDownloadTimeouts, leieHosts, sourceNames } from '../source-config.ts';
import { CsvFormatError } from '../lists/csv-parser.ts';
import { downloadSourceFile, saveResponseBody } from '../lists/download.ts';
import { checkNotShrunk, checkRowCounts, conditionalOn, eachCsvRow, PipelinedWrites, refusalOf, versionId } from '../lists/ingest-steps.ts';
import type { LoadPosition } from '../lists/ingest-steps.ts';
import { fileOf, LoadProgressStore, ResumableLoad } from '../lists/load-progress.ts';
import type { Deadline } from '../../../platform/deadline.ts';
import { checkFileSize, parseLimits } from '../parse-limits.ts';
import { type RenewalOutcome, renewalDue } from '../lists/list-ingest.ts';
import type { ChangeBudget } from '../plausibility/load-plausibility.ts';
import { earlierReview, keptOrNot, type LoadTrigger, recordRefusedLoad, reviewLoad } from '../plausibility/load-review.ts';
import { isIngestRefusal } from '../ingest-refusal.ts';
import { archivedLeieDigestRows, leieDigestRows } from '../plausibility/row-digests.ts';
import { type ExclusionStore, refreshAfterDays, type IngestStats, type LeieListVersion } from './exclusion-store.ts';
import { checkHeader, leieHeader, leieRecord, LeieFormatError, type LeieRecord } from './leie-record.ts';

const source = sourceNames.leie;

/**
 * The LEIE's parse limits (parse-limits.ts). The real UPDATED.csv is about 15 MB with 83,464 rows of
 * 18 quoted fields (2026-06), each row under 400 characters, and the list has hovered around 80,000
 * rows for years: 256 MiB and 1,000,000 rows leave room for it to grow many times over while keeping
 * a file of endless rows from occupying the worker.
 */
export const leieLimits = parseLimits({ maxFileBytes: 256 * 1024 * 1024, maxRows: 1_000_000, maxColumns: 64 });
export interface IngestOptions {
  readonly url?: string;
  /** Ingest even if the file has not changed. */
  readonly force?: boolean;
  readonly now?: () => Date;
  /** Who started the load (recorded); `scheduled` by default. */
  readonly trigger?: LoadTrigger;
  /** The operator's reason for loading this file on purpose, older or beyond the change budget (`--rollback --reason`). */
  readonly rollback?: string;
  /** The invocation's deadline: a load that cannot finish by it stops, and the next invocation resumes it (load-progress.ts). */
  readonly deadline?: Deadline;
}

/**
 * The LEIE's change budget (plausibility/load-plausibility.ts): monthly, about 80,000 rows; a month adds
 * and reinstates a few hundred to a few thousand.
 */
export const leieChangeBudget: ChangeBudget = { share: 0.05, minRows: 25 };

/** The date a version stands for: its own, else its Last-Modified day, else the day it was read. */
function asOfOf(version: Pick<LeieListVersion, 'as_of' | 'last_modified' | 'ingested_at'>): string {
  if (version.as_of) return version.as_of;
  const modified = version.last_modified ? Date.parse(version.last_modified) : Number.NaN;
  return (Number.isNaN(modified) ? version.ingested_at : new Date(modified).toISOString()).slice(0, 10);
}

export type IngestOutcome =
  | { outcome: 'unchanged'; reason: 'not_modified' | 'same_content'; version: string }
  | { outcome: 'ingested'; version: string; previous_version: string | null; stats: IngestStats; archive_key: string; duration_ms: number }
  | { outcome: 'superseded'; version: string }
  /** Rows written, the pointer not switched: the version in force keeps answering until an operator accepts (load-review.ts). */
  | { outcome: 'held'; version: string; previous_version: string | null; reasons: readonly string[] };

/** The LEIE file as downloaded (or restored from the archive, for a resumed load). */
interface Fetched {
  readonly sha256: string;
  readonly etag: string | null;
  readonly lastModified: string | null;
}

export async function ingestLeie(store: ExclusionStore, options: IngestOptions = {}): Promise<IngestOutcome> {
  const started = Date.now();
  const resumed = await new LoadProgressStore('leie', store.loads.progress).resumable(options.now?.() ?? new Date());
  const now = resumed ? new Date(resumed.started_at) : (options.now?.() ?? new Date());
  const current = await store.current();
  const conditional = conditionalOn(current, now, refreshAfterDays, options.force);

  const dir = await mkdtemp(join(tmpdir(), 'leie-'));
  const file = join(dir, 'UPDATED.csv');
  const day = now.toISOString().slice(0, 10);
  const archiveKeyOf = (sha256: string) => `leie/${day}/UPDATED-${sha256.slice(0, 12)}.csv`;
  const keep = async (fetched: Fetched) =>
    store.loads.archive.keep(archiveKeyOf(fetched.sha256), file, (await stat(file)).size, 'text/csv', {
      sha256: fetched.sha256,
      'source-etag': fetched.etag ?? '',
      'source-last-modified': fetched.lastModified ?? '',
    });
  const trigger = options.trigger ?? 'scheduled';
  let fetched: Fetched | undefined;
  try {
    if (resumed) {
      const [archived] = resumed.files;
      await store.loads.archive.restore(archived!.archive_key, file);
      fetched = { sha256: archived!.sha256, etag: archived!.etag, lastModified: archived!.last_modified };
    } else {
      const headers: Record<string, string> = {};
      if (conditional?.etag) headers['if-none-match'] = conditional.etag;
      if (conditional?.last_modified) headers['if-modified-since'] = conditional.last_modified;
      const response = await download(options.url ?? leieCsvUrl(), headers);
      if (response.status === 304) {
        await store.markChecked(current!.version, now);
        return { outcome: 'unchanged', reason: 'not_modified', version: current!.version };
      }
      const sha256 = await saveResponseBody(source, response, file, leieLimits.maxFileBytes);
      fetched = { sha256, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
    }
    const sha256 = fetched.sha256;
    if (conditional && sha256 === conditional.sha256) {
      await store.markChecked(conditional.version, now);
      return { outcome: 'unchanged', reason: 'same_content', version: conditional.version };
    }
    const held = await earlierReview(store.loads, 'leie', sha256, options.rollback);
    if (held) return { outcome: 'held', version: held.version, previous_version: held.previous_version, reasons: held.reasons };

    const version = versionId(now, sha256);
    const archiveKey = archiveKeyOf(sha256);
    const loaded = fetched;
    const archive = () => keep(loaded);
    const load = new ResumableLoad(
      'leie',
      { version, started_at: now.toISOString(), sha256, files: [fileOf({ fileName: 'UPDATED.csv', ...fetched }, archiveKey)] },
      resumed,
      archive,
      store.loads.progress,
    );
    const stats = await load.write(async (skipThrough) => {
      const parsed = await parseInto(file, version, store, now, { skipThrough, stopBy: options.deadline });
      checkNotShrunk(source, parsed.rows, current, options.force);
      return parsed;
    });
    await archive();
    const next: LeieListVersion = {
      version,
      etag: fetched.etag,
      last_modified: fetched.lastModified,
      sha256,
      ingested_at: now.toISOString(),
      checked_at: now.toISOString(),
      rows_written_at: now.toISOString(),
      archive_key: archiveKey,
      stats,
    };
    const dated: LeieListVersion = { ...next, as_of: asOfOf(next) };
    const review = await load.judge(() =>
      reviewLoad(store.loads, {
        source: 'leie',
        budget: leieChangeBudget,
        trigger,
        rollback: options.rollback,
        current: current && { ...current, as_of: asOfOf(current) },
        next: { ...dated, as_of: dated.as_of! },
        sha256,
        files: [{ name: 'UPDATED.csv', sha256, archive_key: archiveKey }],
        rows: stats.rows,
        currentRows: () => archivedLeieDigestRows(store.loads.archive, current!.archive_key),
        nextRows: () => leieDigestRows(file),
        now,
      }),
    );
    const settled = await load.settle(review, () => store.switchTo(dated, current?.version));
    if (settled === 'held') return { outcome: 'held', version, previous_version: current?.version ?? null, reasons: review.decision.reasons };
    if (settled === 'superseded') {
      logger.warn('Another LEIE ingest switched first; this version will expire unused', { version });
      return { outcome: 'superseded', version };
    }
    const outcome: IngestOutcome = {
      outcome: 'ingested',
      version,
      previous_version: current?.version ?? null,
      stats,
      archive_key: archiveKey,
      duration_ms: Date.now() - started,
    };
    logger.info('LEIE list ingested', { ...outcome });
    return outcome;
  } catch (error) {
    // A refused load is recorded too, with its file archived where it was fetched.
    if (isIngestRefusal(error)) {
      const refusedFile = fetched;
      const files = refusedFile
        ? [{ name: 'UPDATED.csv', sha256: refusedFile.sha256, archive_key: await keptOrNot(() => keep(refusedFile), archiveKeyOf(refusedFile.sha256)) }]
        : [];
      await recordRefusedLoad(store.loads, { source: 'leie', trigger, refusal: error, files, now });
    }
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Rewrites the current version's rows from its archived file with a new expiry when they are due
 * (`renewalDue`; `force` renews anyway), then records it on the pointer; the same file gives the same
 * items, overwritten in place.
 */
export async function renewLeie(store: ExclusionStore, options: { now?: () => Date; force?: boolean } = {}): Promise<RenewalOutcome> {
  const started = Date.now();
  const now = options.now?.() ?? new Date();
  const current = await store.current();
  if (!current?.archive_key || !(options.force || renewalDue(current, now))) return { outcome: 'not_due', source: 'leie', version: current?.version ?? null };
  const dir = await mkdtemp(join(tmpdir(), 'leie-renew-'));
  try {
    const file = join(dir, 'UPDATED.csv');
    await store.loads.archive.restore(current.archive_key, file);
    const stats = await parseInto(file, current.version, store, now);
    await store.markRowsWritten(current.version, now);
    const outcome: RenewalOutcome = { outcome: 'renewed', source: 'leie', version: current.version, items: stats.rows, duration_ms: Date.now() - started };
    logger.info('Current version rows renewed', { ...outcome });
    return outcome;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function download(url: string, headers: Record<string, string>): Promise<Response> {
  return downloadSourceFile(source, leieHosts(url), url, headers, leieDownloadTimeouts());
}

/**
 * Streams the file into the store under `version`; throws SourceError('malformed') on a bad file. With a
 * `position`, the rows up to `skipThrough` are read but not written and the load stops before `stopBy`.
 */
async function parseInto(
  file: string,
  version: string,
  store: ExclusionStore,
  now: Date,
  position: Omit<LoadPosition<unknown>, 'rowOf'> = {},
): Promise<IngestStats> {
  const stats = { rows: 0, individuals: 0, entities: 0, with_npi: 0, with_dob: 0, with_waiver: 0, malformed_rows: 0, bytes: (await stat(file)).size };
  try {
    checkFileSize(stats.bytes, leieLimits);
  } catch (error) {
    throw refusalOf(source, error);
  }
  const writes = new PipelinedWrites<{ record: LeieRecord; row: number }>((chunk) => store.write(version, chunk, now));
  writes.track({ ...position, rowOf: (item) => item.row });
  try {
    await eachCsvRow(
      source,
      createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }),
      checkHeader,
      async (row, line) => {
        const record = leieRecord(row);
        if (!record) {
          stats.malformed_rows++;
          return;
        }
        stats.rows++;
        if (record.kind === 'entity') stats.entities++;
        else stats.individuals++;
        if (record.npi) stats.with_npi++;
        if (record.dob) stats.with_dob++;
        if (record.waiverState) stats.with_waiver++;
        await writes.push({ record, row: line });
      },
      leieLimits,
    );
    await writes.finish();
  } catch (error) {
    await writes.abandon();
    if (error instanceof CsvFormatError || error instanceof LeieFormatError) {
      throw new SourceError(source, 'malformed', error.message, { cause: error });
    }
    throw refusalOf(source, error);
  }
  checkRowCounts(source, stats, leieHeader.length);
  return stats;
}
