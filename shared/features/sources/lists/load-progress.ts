/**
 * A load that cannot finish in one invocation (a throttled table, a large file) resumes where it stopped;
 * the same for a sanctions list, the OIG LEIE and a roster of several files.
 * When the invocation's deadline comes near (ingest-steps.ts `LoadOutOfTime`), the load archives the raw
 * files, records in the SourceState item `load#<source>` the version it was writing, the files it was read
 * from and the row up to which every row is written, and fails the message with `LoadInterrupted`; the
 * source's pointer is left as it was, so lookups keep using the current version. The next invocation (the
 * message again after its visibility timeout, or the next scheduled check) restores the archived files,
 * writes the same version from that row on, and switches the pointer only once every row is written.
 * The record is cleared when the load switches, loses the switch, or is refused. A record older than
 * `resumeWithinDays` is not resumed (its rows expire, as a superseded version's do). The records are a port
 * (`LoadProgressRecords`), implemented by adapters/dynamo-load-progress.ts.
 */
import { logger } from '../../../platform/observability/logger.ts';
import { SourceError } from '../errors.ts';
import { isIngestRefusal } from '../ingest-refusal.ts';
import { LoadOutOfTime } from './ingest-steps.ts';

export const resumeWithinDays = 3;

/** One file a stopped load reads, as downloaded and archived. */
export interface ProgressFile {
  readonly name: string;
  readonly sha256: string;
  readonly etag: string | null;
  readonly last_modified: string | null;
  readonly archive_key: string;
  /** The date the file's metadata gave (a roster's Last-Modified day), if any. */
  readonly dated?: string | null;
}

/** Where a stopped load stands: enough to write the rest of the same version from the archived files. */
export interface LoadProgress {
  readonly version: string;
  /** The load's start: the version's time, and its rows' expiry and `rows_written_at`. */
  readonly started_at: string;
  /** The load's content hash (a roster's: of its files' names and hashes). */
  readonly sha256: string;
  /** The files, in the order they are read. */
  readonly files: readonly ProgressFile[];
  /** Every row up to this one (a file line, or a roster's row sequence) is written. */
  readonly rows_done: number;
  /** Invocations that stopped for lack of time. */
  readonly interruptions: number;
  readonly saved_at: string;
}

/** The load of the version stopped for lack of time; the next invocation resumes it. */
export class LoadInterrupted extends Error {
  constructor(
    readonly source: string,
    readonly progress: LoadProgress,
  ) {
    super(`load of ${source} version ${progress.version} stopped for lack of time after row ${progress.rows_done}; the next invocation resumes it`);
    this.name = 'LoadInterrupted';
  }
}

/** The progress records (SourceState `load#<source>`) and the pointer's date each is judged against. */
export interface LoadProgressRecords {
  /** The progress recorded for the source's stopped load, as stored (possibly incomplete), if any. */
  recorded(source: string): Promise<LoadProgress | undefined>;
  /** When the source's current version was ingested (its pointer's `ingested_at`), if it has one. */
  currentSince(source: string): Promise<string | undefined>;
  save(source: string, progress: LoadProgress): Promise<void>;
  /** Forgets the progress of `version` (nothing, if another load recorded its own since). */
  clear(source: string, version: string): Promise<void>;
}

export class LoadProgressStore {
  constructor(
    private readonly source: string,
    private readonly records: LoadProgressRecords,
  ) {}

  /**
   * The progress of a stopped load to resume: one recorded within `resumeWithinDays`, of a load started
   * after the current version's (a version switched since, by an operator's upload say, is not undone).
   */
  async resumable(now: Date): Promise<LoadProgress | undefined> {
    const progress = await this.records.recorded(this.source);
    if (!progress?.version || !Array.isArray(progress.files) || progress.files.length === 0) return undefined;
    if (now.getTime() - Date.parse(progress.started_at) > resumeWithinDays * 86_400_000) return undefined;
    const currentSince = await this.records.currentSince(this.source);
    if (currentSince && Date.parse(currentSince) >= Date.parse(progress.started_at)) return undefined;
    return progress;
  }

  save(progress: LoadProgress): Promise<void> {
    return this.records.save(this.source, progress);
  }

  /** Forgets the progress of `version` (nothing, if another load recorded its own since). */
  clear(version: string): Promise<void> {
    return this.records.clear(this.source, version);
  }
}

/** What a load is writing, as its progress would record it. */
export type LoadSubject = Omit<LoadProgress, 'rows_done' | 'interruptions' | 'saved_at'>;

/** A downloaded file's provenance and archive key, as a progress record keeps it. */
export function fileOf(
  fetched: { readonly fileName: string; readonly sha256: string; readonly etag: string | null; readonly lastModified: string | null },
  archiveKey: string,
): ProgressFile {
  return { name: fetched.fileName, sha256: fetched.sha256, etag: fetched.etag, last_modified: fetched.lastModified, archive_key: archiveKey };
}

/**
 * One load of a version, which may stop for lack of time and resume (`resumed`: the progress it resumes).
 * `write` runs the writing part, given the row after which to write; out of time, it archives the files
 * (`archive`, unless a resumed load's files are archived already), records the progress, and throws
 * `LoadInterrupted`. A refused file (SourceError, or IngestRefusal: past a parse limit, or refused by the
 * plausibility rules run through `judge`) clears a resumed load's progress: resuming it would be refused
 * again. `finished` (after the switch, won or lost, or the version held) clears it too.
 */
export class ResumableLoad {
  private readonly progress: LoadProgressStore;

  constructor(
    private readonly source: string,
    private readonly subject: LoadSubject,
    private readonly resumed: LoadProgress | undefined,
    private readonly archive: () => Promise<unknown>,
    records: LoadProgressRecords,
  ) {
    this.progress = new LoadProgressStore(source, records);
  }

  async write<R>(write: (skipThrough: number) => Promise<R>): Promise<R> {
    try {
      return await write(this.resumed?.rows_done ?? 0);
    } catch (error) {
      if (error instanceof LoadOutOfTime) {
        if (!this.resumed) await this.archive();
        const saved: LoadProgress = {
          ...this.subject,
          rows_done: Math.max(error.rowsDone, this.resumed?.rows_done ?? 0),
          interruptions: (this.resumed?.interruptions ?? 0) + 1,
          saved_at: new Date().toISOString(),
        };
        await this.progress.save(saved);
        logger.warn('Load stopped for lack of time; the next invocation resumes it', {
          source: this.source,
          version: saved.version,
          rows_done: saved.rows_done,
          interruptions: saved.interruptions,
        });
        throw new LoadInterrupted(this.source, saved);
      }
      await this.forgetIfRefused(error);
      throw error;
    }
  }

  /**
   * Runs the judgement of the written version (the plausibility rules, load-review.ts). A refusal there
   * is as final as a refusal while writing: a resumed load's progress is cleared, so the next invocation
   * does not resume the same version only to refuse it again.
   */
  async judge<R>(judgement: () => Promise<R>): Promise<R> {
    try {
      return await judgement();
    } catch (error) {
      await this.forgetIfRefused(error);
      throw error;
    }
  }

  /** A refused file (SourceError, IngestRefusal) would be refused again: a resumed load's progress is cleared. */
  private async forgetIfRefused(error: unknown): Promise<void> {
    if (this.resumed && (error instanceof SourceError || isIngestRefusal(error))) await this.progress.clear(this.subject.version);
  }

  /** The load switched the pointer, or lost the switch to another: its progress is no longer needed. */
  async finished(): Promise<void> {
    if (this.resumed) await this.progress.clear(this.subject.version);
  }

  /**
   * Ends a judged load (load-review.ts): a held version leaves the one in force answering; otherwise the
   * pointer is switched to it (`switchTo`, false when another load switched first) and the review closed
   * with the result. The progress is cleared either way.
   */
  async settle(
    review: { readonly decision: { readonly decision: string }; readonly finish: (switched: boolean) => Promise<void> },
    switchTo: () => Promise<boolean>,
  ): Promise<'held' | 'switched' | 'superseded'> {
    if (review.decision.decision === 'held') {
      await this.finished();
      return 'held';
    }
    const switched = await switchTo();
    await review.finish(switched);
    await this.finished();
    return switched ? 'switched' : 'superseded';
  }
}
