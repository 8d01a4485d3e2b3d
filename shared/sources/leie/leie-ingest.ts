/**
 * Ingests the OIG LEIE full file (UPDATED.csv). The source changes monthly and is checked daily:
 * 1. conditional GET (If-None-Match / If-Modified-Since): 304 means nothing to do;
 * 2. the body is streamed to a temporary file while hashed; same SHA-256 as the current list: nothing to do;
 * 3. the file is stream-parsed (never held in memory whole) into a new list version, rows written in batches;
 * 4. the raw file is archived in S3 under its date; 5. the pointer switches to the new version atomically.
 * A malformed file, or one with under half the rows of the current list, is refused and nothing switches.
 * The current list is re-ingested after 30 days even if unchanged, so its rows never reach their TTL.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { s3 } from '../../aws/s3.ts';
import { bucketName } from '../../config.ts';
import { logger } from '../../observability/logger.ts';
import { SourceError } from '../errors.ts';
import { observeSourceCall } from '../source-telemetry.ts';
import { leieCsvUrl, leieDownloadTimeouts, sourceNames } from '../source-config.ts';
import { CsvFormatError, csvRowBatches } from './csv-parser.ts';
import { type ExclusionStore, refreshAfterDays, type IngestStats, type LeieListVersion } from './exclusion-store.ts';
import { checkHeader, leieRecord, LeieFormatError, type LeieRecord } from './leie-record.ts';

const source = sourceNames.leie;
const writeChunk = 500;

export interface IngestOptions {
  readonly url?: string;
  /** Ingest even if the file has not changed. */
  readonly force?: boolean;
  readonly now?: () => Date;
}

export type IngestOutcome =
  | { outcome: 'unchanged'; reason: 'not_modified' | 'same_content'; version: string }
  | { outcome: 'ingested'; version: string; previous_version: string | null; stats: IngestStats; archive_key: string; duration_ms: number }
  | { outcome: 'superseded'; version: string };

export async function ingestLeie(store: ExclusionStore, options: IngestOptions = {}): Promise<IngestOutcome> {
  const started = Date.now();
  const now = options.now?.() ?? new Date();
  const current = await store.current();
  const refreshDue = !current || now.getTime() - Date.parse(current.ingested_at) > refreshAfterDays * 86_400_000;
  const conditional = current && !refreshDue && !options.force;

  const headers: Record<string, string> = {};
  if (conditional && current.etag) headers['if-none-match'] = current.etag;
  if (conditional && current.last_modified) headers['if-modified-since'] = current.last_modified;
  const response = await download(options.url ?? leieCsvUrl(), headers);
  if (response.status === 304) {
    await store.markChecked(current!.version, now);
    return { outcome: 'unchanged', reason: 'not_modified', version: current!.version };
  }

  const dir = await mkdtemp(join(tmpdir(), 'leie-'));
  const file = join(dir, 'UPDATED.csv');
  try {
    const hash = createHash('sha256');
    try {
      await pipeline(
        Readable.fromWeb(response.body as WebReadableStream<Uint8Array>),
        new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            done(null, chunk);
          },
        }),
        createWriteStream(file),
      );
    } catch (error) {
      throw new SourceError(source, 'connection', `download interrupted (${(error as Error).message})`, { cause: error });
    }
    const sha256 = hash.digest('hex');
    if (conditional && sha256 === current.sha256) {
      await store.markChecked(current.version, now);
      return { outcome: 'unchanged', reason: 'same_content', version: current.version };
    }

    const version = `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z-${sha256.slice(0, 12)}`;
    const stats = await parseInto(file, version, store, now);
    if (current && !options.force && stats.rows < current.stats.rows / 2) {
      throw new SourceError(source, 'malformed', `new list has ${stats.rows} rows against ${current.stats.rows}: refusing to switch`);
    }
    const day = now.toISOString().slice(0, 10);
    const archiveKey = `leie/${day}/UPDATED-${sha256.slice(0, 12)}.csv`;
    await s3().send(
      new PutObjectCommand({
        Bucket: bucketName('sourceArchive'),
        Key: archiveKey,
        Body: createReadStream(file),
        ContentLength: (await stat(file)).size,
        ContentType: 'text/csv',
        Metadata: { sha256, 'source-etag': response.headers.get('etag') ?? '', 'source-last-modified': response.headers.get('last-modified') ?? '' },
      }),
    );
    const next: LeieListVersion = {
      version,
      etag: response.headers.get('etag'),
      last_modified: response.headers.get('last-modified'),
      sha256,
      ingested_at: now.toISOString(),
      checked_at: now.toISOString(),
      archive_key: archiveKey,
      stats,
    };
    if (!(await store.switchTo(next, current?.version))) {
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
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A fetch that gives up when the response does not start in time, or the whole download takes too long. */
async function fetchWithTimeouts(url: string, headers: Record<string, string>): Promise<Response> {
  const { responseMs, totalMs } = leieDownloadTimeouts();
  const controller = new AbortController();
  const timedOut = () => controller.abort(new DOMException('The LEIE download timed out', 'TimeoutError'));
  const responseTimer = setTimeout(timedOut, responseMs);
  // Left armed for the body, read after this returns; unref so it never keeps a process alive.
  setTimeout(timedOut, totalMs).unref();
  try {
    return await fetch(url, { headers, signal: controller.signal });
  } finally {
    clearTimeout(responseTimer);
  }
}

function download(url: string, headers: Record<string, string>): Promise<Response> {
  return observeSourceCall(source, () => downloadWithRetries(url, headers));
}

async function downloadWithRetries(url: string, headers: Record<string, string>): Promise<Response> {
  let last: SourceError | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.random() * 500 * 2 ** attempt));
    try {
      const response = await fetchWithTimeouts(url, headers);
      if (response.status === 304 || response.ok) return response;
      await response.body?.cancel();
      last = new SourceError(source, response.status >= 500 ? 'server_error' : 'rejected', `HTTP ${response.status}`, { status: response.status });
      if (response.status < 500 && response.status !== 429) break;
    } catch (error) {
      const timeout = (error as Error).name === 'TimeoutError';
      last = new SourceError(source, timeout ? 'timeout' : 'connection', timeout ? 'download timed out' : 'connection failed', { cause: error });
    }
  }
  throw last!;
}

/** Streams the file into the store under `version`; throws SourceError('malformed') on a bad file. */
async function parseInto(file: string, version: string, store: ExclusionStore, now: Date): Promise<IngestStats> {
  const stats = { rows: 0, individuals: 0, entities: 0, with_npi: 0, with_dob: 0, with_waiver: 0, malformed_rows: 0, bytes: (await stat(file)).size };
  let header = true;
  let pending: { record: LeieRecord; row: number }[] = [];
  const writes: Promise<void>[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const write = store.write(version, pending, now);
    write.catch(() => undefined); // awaited below; this only keeps an early rejection from going unhandled
    writes.push(write);
    pending = [];
    if (writes.length >= 4) await writes.shift();
  };
  try {
    let line = 0;
    for await (const batch of csvRowBatches(createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }))) {
      for (const row of batch) {
        line++;
        if (header) {
          checkHeader(row);
          header = false;
          continue;
        }
        const record = leieRecord(row);
        if (!record) {
          stats.malformed_rows++;
          continue;
        }
        stats.rows++;
        if (record.kind === 'entity') stats.entities++;
        else stats.individuals++;
        if (record.npi) stats.with_npi++;
        if (record.dob) stats.with_dob++;
        if (record.waiverState) stats.with_waiver++;
        pending.push({ record, row: line });
        if (pending.length >= writeChunk) await flush();
      }
    }
    await flush();
    await Promise.all(writes);
  } catch (error) {
    await Promise.allSettled(writes);
    if (error instanceof CsvFormatError || error instanceof LeieFormatError) {
      throw new SourceError(source, 'malformed', error.message, { cause: error });
    }
    throw error;
  }
  if (header) throw new SourceError(source, 'malformed', 'the file is empty');
  if (stats.rows === 0) throw new SourceError(source, 'malformed', 'the file has no rows');
  if (stats.malformed_rows > Math.max(10, stats.rows / 1000)) {
    throw new SourceError(source, 'malformed', `${stats.malformed_rows} rows without 18 columns`);
  }
  return stats;
}
