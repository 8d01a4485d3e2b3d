/**
 * The file of an export: the CSV of every entry the export's plan selects, streamed from the history
 * index pages into the export's file (adapters/export-files.ts: an S3 multipart upload), so memory stays
 * flat whatever the row count.
 */
import { Deadline } from '../../platform/deadline.ts';
import { publicRecordUrl } from '../records/record-url.ts';
import { csvHeader, csvRow } from './csv.ts';
import type { ExportRecord } from './export-record.ts';
import { planHistoryQuery } from './history-query.ts';
import type { ExportFiles, HistoryStore } from './ports.ts';

/**
 * Time kept, when the next index page would be read, for the parts in flight to finish and the export's
 * state to be written: past it the writing stops with `ExportOutOfTime`, so the attempt is recorded as
 * failed (and the export marked failed on the last one) rather than cut off by the function's time-out.
 */
export const exportFinishMs = 20_000;

export class ExportOutOfTime extends Error {
  constructor(rows: number) {
    super(`The export could not be written within the worker's time limit (${rows} rows written)`);
    this.name = 'ExportOutOfTime';
  }
}

/**
 * Writes the export's CSV; answers its row count. Stops with `ExportOutOfTime` when `deadline` is near.
 * `onProgress` is awaited with the running row count after each page of the history (export-progress.ts
 * decides which counts are written).
 */
export async function writeExportFile(
  record: ExportRecord,
  history: Pick<HistoryStore, 'pages'>,
  files: Pick<ExportFiles, 'write'>,
  deadline: Deadline = Deadline.none(),
  onProgress?: (rowsWritten: number) => Promise<void>,
): Promise<number> {
  const plan = planHistoryQuery(record.owner, record.filters, record.snapshot_at);
  let rows = 0;
  async function* lines(): AsyncGenerator<Buffer> {
    if (deadline.remainingMs() < exportFinishMs) throw new ExportOutOfTime(rows);
    yield Buffer.from(csvHeader, 'utf8');
    for await (const entries of history.pages(plan)) {
      if (deadline.remainingMs() < exportFinishMs) throw new ExportOutOfTime(rows);
      rows += entries.length;
      yield Buffer.from(entries.map((e) => csvRow(e.verification_id, e.history, publicRecordUrl(e.verification_id))).join(''), 'utf8');
      await onProgress?.(rows);
    }
  }
  await files.write(record, lines());
  return rows;
}
