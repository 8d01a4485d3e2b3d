/**
 * One attempt at writing an export's file (the HistoryExport worker runs one per queue message): it notes
 * that it starts, writes the CSV while noting its progress at most every `progressIntervalMs`
 * (export-progress.ts), and marks the export ready with its row count. An export no longer pending (an
 * earlier attempt finished it) is left as it is. Failing the export after its last attempt is the
 * worker's part: only it knows the queue's receive count.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Deadline } from '../../platform/deadline.ts';
import { errorSummary, logger } from '../../platform/observability/logger.ts';
import { writeExportFile } from './export-file.ts';
import { progressReporter } from './export-progress.ts';
import type { ExportRecord } from './export-record.ts';
import type { ExportFiles, ExportStore, HistoryStore } from './ports.ts';

export interface ExportAttemptServices {
  readonly exports: Pick<ExportStore, 'startWriting' | 'recordProgress' | 'complete'>;
  readonly history: Pick<HistoryStore, 'pages'>;
  readonly files: Pick<ExportFiles, 'write'>;
  readonly clock: Clock;
}

/**
 * `written`: the file holds `rows` rows; `finished` is the export as this attempt left it (ready, with its
 * row count and completion time), absent when another attempt had finished it first.
 */
export type ExportAttemptResult =
  | { readonly outcome: 'written'; readonly rows: number; readonly finished: ExportRecord | undefined }
  | { readonly outcome: 'not_pending' };

/** Writes the file of `record` as attempt `attempt` (1 for the first) within `deadline`. */
export async function runExportAttempt(
  record: ExportRecord,
  attempt: number,
  services: ExportAttemptServices,
  deadline: Deadline,
  options: { readonly progressIntervalMs?: number } = {},
): Promise<ExportAttemptResult> {
  const { exports, history, files, clock } = services;
  const startedAt = clock.now();
  const started = startedAt.toISOString();
  if (!(await exports.startWriting(record.export_id, { attempt, rows_written: 0, started_at: started, updated_at: started }))) {
    return { outcome: 'not_pending' };
  }
  const report = progressReporter(
    (rows, at) => exports.recordProgress(record.export_id, attempt, rows, at.toISOString()),
    () => clock.now(),
    startedAt,
    {
      ...(options.progressIntervalMs === undefined ? {} : { intervalMs: options.progressIntervalMs }),
      onError: (error) => logger.warn('History export progress not recorded', { export_id: record.export_id, error: errorSummary(error) }),
    },
  );
  const rows = await writeExportFile(record, history, files, deadline, report);
  const completedAt = clock.now().toISOString();
  const completed = await exports.complete(record.export_id, rows, completedAt, {
    attempt,
    rows_written: rows,
    started_at: started,
    updated_at: completedAt,
  });
  return { outcome: 'written', rows, finished: completed ? { ...record, status: 'ready', row_count: rows, completed_at: completedAt } : undefined };
}
