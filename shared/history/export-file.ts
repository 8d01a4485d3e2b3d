/**
 * The file of an export: the CSV of every entry the export's plan selects, streamed from the history
 * index pages into an S3 multipart upload (5 MB parts, two in flight), so memory stays flat whatever the
 * row count. The object key is the export's own, so a retried export writes the same object again.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { presignedGet } from '../aws/presign.ts';
import { s3 } from '../aws/s3.ts';
import { Deadline } from '../deadline.ts';
import { bucketName } from '../config.ts';
import { publicRecordUrl } from '../records/record-url.ts';
import { csvHeader, csvRow } from './csv.ts';
import type { ExportRecord } from './export-store.ts';
import { planHistoryQuery } from './history-query.ts';
import type { HistoryStore } from './history-store.ts';
import { downloadLinkSeconds } from './export-view.ts';

const partSize = 5 * 1024 * 1024;

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
  const upload = new Upload({
    client: s3(),
    params: { Bucket: bucketName('historyExports'), Key: record.object_key, Body: Readable.from(lines()), ContentType: 'text/csv; charset=utf-8' },
    partSize,
    queueSize: 2,
    // An upload cut short is left to the bucket's lifecycle rule; the retry writes the object anew.
    leavePartsOnError: true,
  });
  await upload.done();
  return rows;
}

/**
 * A presigned link to the export's CSV, valid `downloadLinkSeconds` or until shortly before the signing
 * credentials expire, whichever comes first (aws/presign.ts); `expiresAt` is when it stops working.
 */
export function downloadLink(record: ExportRecord, now: Date): Promise<{ url: string; expiresAt: string }> {
  const command = new GetObjectCommand({
    Bucket: bucketName('historyExports'),
    Key: record.object_key,
    ResponseContentDisposition: `attachment; filename="verifications-${record.export_id}.csv"`,
    ResponseContentType: 'text/csv; charset=utf-8',
  });
  return presignedGet(command, now, downloadLinkSeconds);
}
