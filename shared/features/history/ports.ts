/**
 * The ports of the history area: what its use cases read and write, typed here and implemented by the
 * adapters (adapters/), which the composition roots choose.
 */
import type { VerificationResult } from '../verification/verification-result.ts';
import type { HistorySummary } from '../verification/history-attributes.ts';
import type { ExportProgress } from './export-progress.ts';
import type { ExportRecord } from './export-record.ts';
import type { HistoryPlan } from './history-query.ts';

/** One entry of a history index: the verification's id, the index's keys and the summary. */
export interface HistoryEntry {
  readonly verification_id: string;
  /** In `by_owner` entries; the NPI and surname indexes carry their own key instead. */
  readonly owner?: string;
  readonly created_key: string;
  readonly owner_npi?: string;
  readonly owner_last_name?: string;
  readonly history: HistorySummary;
}

/** Where a page of the history starts: after this verification of the owner, in time order. */
export type HistoryPosition = Pick<HistoryEntry, 'verification_id' | 'created_key'>;

export interface HistoryPage {
  readonly entries: HistoryEntry[];
  /** More entries may follow `last`. */
  readonly hasMore: boolean;
  /** The last entry examined: the page's last one, or one a filter passed over when the read budget ran out. */
  readonly last?: HistoryPosition;
}

/** The verification history, read through its indexes (adapters/history-store.ts). */
export interface HistoryStore {
  /**
   * Up to `limit` entries of the plan after `after`, newest first; a page that ran out of its read budget
   * says so (`hasMore`, `last`: where the next page resumes) with what it found.
   */
  page(plan: HistoryPlan, limit: number, after?: HistoryPosition): Promise<HistoryPage>;
  /** Every entry of the plan, newest first, an index page at a time. */
  pages(plan: HistoryPlan): AsyncGenerator<HistoryEntry[]>;
  /** The entry of a verification of `owner`, to page after it; undefined for anyone else's or none. */
  position(verificationId: string, owner: string): Promise<HistoryPosition | undefined>;
  /** The stored results of `ids` (at most 100), by id, read strongly consistent. */
  results(ids: readonly string[]): Promise<Map<string, VerificationResult>>;
}

/** The exports and their progress (adapters/export-store.ts). */
export interface ExportStore {
  create(record: ExportRecord): Promise<void>;
  get(exportId: string): Promise<ExportRecord | undefined>;
  /** The export, only for its owner; anyone else gets undefined. */
  getOwned(exportId: string, owner: string): Promise<ExportRecord | undefined>;
  /** Marks the export ready with its row count (and the progress of the attempt that wrote it), once. */
  complete(exportId: string, rowCount: number, completedAt: string, progress?: ExportProgress): Promise<boolean>;
  /** Marks a pending export failed (its last attempt failed): ask for a new one. */
  fail(exportId: string, failedAt: string): Promise<boolean>;
  /** Notes that an attempt starts writing the file. False when the export is no longer pending. */
  startWriting(exportId: string, progress: ExportProgress): Promise<boolean>;
  /** Records the rows attempt `attempt` has written by `at`, while it is the latest attempt of a pending export. */
  recordProgress(exportId: string, attempt: number, rowsWritten: number, at: string): Promise<boolean>;
}

/** Where the export files are kept (adapters/export-files.ts). */
export interface ExportFiles {
  /** Writes the file of `record` from `body`, streamed; a retried export writes the same object again. */
  write(record: ExportRecord, body: AsyncIterable<Buffer>): Promise<void>;
  /** A link to the file, valid `downloadLinkSeconds` or less; `expiresAt` is when it stops working. */
  downloadLink(record: ExportRecord, now: Date): Promise<{ url: string; expiresAt: string }>;
  /** A link to the file to follow at once, valid `fileLinkSeconds` or less; `expiresAt` is when it stops working. */
  fileLink(record: ExportRecord, now: Date): Promise<{ url: string; expiresAt: string }>;
}

/** The queue of exports to write (adapters/export-queue.ts). */
export interface ExportQueue {
  /** Queues the writing of export `exportId`, due in `delaySeconds`. */
  queueExport(exportId: string, delaySeconds: number): Promise<void>;
}
