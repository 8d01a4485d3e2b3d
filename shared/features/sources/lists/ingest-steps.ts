/**
 * The steps every list ingest shares (the OIG LEIE ingest and the sanctions lists alike): when a check
 * may be conditional, the version id, the streamed row loop, writes pipelined in chunks, the refusals
 * of a bad or shrunken file, and the archive of the raw file (`SourceArchive`).
 */
import type { Deadline } from '../../../platform/deadline.ts';
import { SourceError } from '../errors.ts';
import { IngestRefusal } from '../ingest-refusal.ts';
import { UnsafeFileError } from '../parse-limits.ts';
import { type CsvLimits, csvRowBatches } from './csv-parser.ts';

/**
 * The current version when this check may be conditional (an unchanged file is left alone); undefined
 * when there is none, when `force` is set, or when the version is older than `refreshAfterDays` (it is
 * then rewritten so its rows never reach their TTL).
 */
export function conditionalOn<V extends { readonly ingested_at: string }>(
  current: V | undefined,
  now: Date,
  refreshAfterDays: number,
  force = false,
): V | undefined {
  if (!current || force) return undefined;
  return now.getTime() - Date.parse(current.ingested_at) > refreshAfterDays * 86_400_000 ? undefined : current;
}

/** `20261101T093000Z-<12 hex of the file's SHA-256>`: sorts by time, names the content. */
export function versionId(now: Date, sha256: string): string {
  return `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z-${sha256.slice(0, 12)}`;
}

/**
 * Where a load that may not finish in one invocation stands: rows up to `skipThrough` were written by an
 * earlier invocation (they are read again, for the statistics, but not written); when `stopBy` leaves
 * less than `loadStopReserveMs`, the load stops (`LoadOutOfTime`) with the row up to which every row
 * is written. Items must come in increasing row order.
 */
export interface LoadPosition<T> {
  readonly rowOf: (item: T) => number;
  readonly skipThrough?: number;
  readonly stopBy?: Deadline;
}

/** Time kept, once a load stops for lack of time, to finish the writes under way, archive the file and record where it stopped. */
export const loadStopReserveMs = 120_000;

/** A load stopped before the invocation's deadline; every row up to `rowsDone` is written. */
export class LoadOutOfTime extends Error {
  constructor(readonly rowsDone: number) {
    super(`load stopped for lack of time; rows up to ${rowsDone} written`);
    this.name = 'LoadOutOfTime';
  }
}

/**
 * Items written in chunks, at most `inFlight` chunks at once: parsing goes on while earlier chunks
 * are written, and waits when the writes fall behind. Tracking a `LoadPosition`, rows already written
 * are skipped, and the load stops before its deadline.
 */
export class PipelinedWrites<T> {
  private pending: T[] = [];
  private readonly writes: Promise<void>[] = [];
  /** Chunks written or being written, in order, with their last row (with a `position`). */
  private readonly chunks: { last: number; done: boolean }[] = [];
  private through = 0;
  private position: LoadPosition<T> | undefined;

  constructor(
    private readonly write: (chunk: T[]) => Promise<void>,
    private readonly chunkSize = 500,
    private readonly inFlight = 4,
  ) {}

  /** Skips the rows already written and stops before the deadline (`LoadPosition`); before the first `push`. */
  track(position: LoadPosition<T>): void {
    this.position = position;
    this.through = position.skipThrough ?? 0;
  }

  async push(item: T): Promise<void> {
    if (this.position) {
      if (this.position.rowOf(item) <= (this.position.skipThrough ?? 0)) return;
      if (this.position.stopBy && this.position.stopBy.remainingMs() < loadStopReserveMs) {
        await this.abandon();
        throw new LoadOutOfTime(this.writtenThrough());
      }
    }
    this.pending.push(item);
    if (this.pending.length >= this.chunkSize) await this.flush();
  }

  /** The row up to which every row is written (`position` only). */
  writtenThrough(): number {
    while (this.chunks[0]?.done) this.through = this.chunks.shift()!.last;
    return this.through;
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const write = this.write(this.pending);
    if (this.position) {
      const chunk = { last: this.position.rowOf(this.pending[this.pending.length - 1]!), done: false };
      this.chunks.push(chunk);
      write.then(
        () => {
          chunk.done = true;
        },
        () => undefined,
      );
    }
    write.catch(() => undefined); // awaited in finish(); this only keeps an early rejection from going unhandled
    this.writes.push(write);
    this.pending = [];
    this.writtenThrough(); // drops the chunks written
    if (this.writes.length >= this.inFlight) await this.writes.shift();
  }

  /** Writes what is left and waits for every write; throws the first failure. */
  async finish(): Promise<void> {
    await this.flush();
    await Promise.all(this.writes);
  }

  /** Waits for the writes under way (after a failure elsewhere), ignoring their outcome. */
  async abandon(): Promise<void> {
    await Promise.allSettled(this.writes);
  }
}

/**
 * Streams the CSV rows of `text`: the first to `header`, each other with its line number (the header
 * is line 1) to `row`. Throws SourceError('malformed') when there is no row at all, UnsafeFileError when
 * a row, a field or the number of rows is past the limits.
 */
export async function eachCsvRow(
  source: string,
  text: AsyncIterable<string>,
  header: (row: string[]) => void,
  row: (row: string[], line: number) => Promise<void>,
  limits: Partial<CsvLimits> = {},
): Promise<void> {
  let line = 0;
  for await (const batch of csvRowBatches(text, limits)) {
    for (const cells of batch) {
      line++;
      if (line === 1) header(cells);
      else await row(cells, line);
    }
  }
  if (line === 0) throw new SourceError(source, 'malformed', 'the file is empty');
}

/** A file past the parse limits, or an archive that cannot be read safely, as the source's refusal; any other error as it is. */
export function refusalOf(source: string, error: unknown): unknown {
  return error instanceof UnsafeFileError ? new IngestRefusal(source, error.kind, error.message) : error;
}

/** Refuses a file that had no usable rows, or too many it could not read. */
export function checkRowCounts(source: string, stats: { readonly rows: number; readonly malformed_rows: number }, columns: number): void {
  if (stats.rows === 0) throw new SourceError(source, 'malformed', 'the file has no rows');
  if (stats.malformed_rows > Math.max(10, stats.rows / 1000)) {
    throw new SourceError(source, 'malformed', `${stats.malformed_rows} rows without ${columns} columns`);
  }
}

/** Refuses a list with under half the rows of the current one (a truncated or partial publication), unless forced. */
export function checkNotShrunk(source: string, rows: number, current: { readonly stats: { readonly rows: number } } | undefined, force = false): void {
  if (current && !force && rows < current.stats.rows / 2) {
    throw new SourceError(source, 'malformed', `new list has ${rows} rows against ${current.stats.rows}: refusing to switch`);
  }
}

/**
 * The source archive (a bucket: adapters/s3-source-archive.ts): the raw files of every version, kept
 * to renew, resume and compare it, and the record of every load (plausibility/load-review.ts).
 */
export interface SourceArchive {
  /** Keeps the raw file `file` (of `size` bytes) under `key`, with its content type and metadata. */
  keep(key: string, file: string, size: number, contentType: string, metadata: Record<string, string>): Promise<void>;
  /** Copies the archived raw file `key` into `file` (to rewrite a version's rows from it). */
  restore(key: string, file: string): Promise<void>;
  /** Keeps a JSON document under `key`. */
  keepJson(key: string, body: string): Promise<void>;
}
