/**
 * The export files in S3: each written by a multipart upload (5 MB parts, two in flight) under the
 * export's own key, so a retried export writes the same object again, and read through presigned links.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { presignedGet } from '../../../platform/aws/presign.ts';
import { s3 } from '../../../platform/aws/s3.ts';
import { bucketName } from '../../../platform/config.ts';
import type { ExportRecord } from '../export-record.ts';
import { downloadLinkSecondsAt, fileLinkSeconds } from '../export-view.ts';
import type { ExportFiles } from '../ports.ts';

const partSize = 5 * 1024 * 1024;

export class S3ExportFiles implements ExportFiles {
  async write(record: ExportRecord, body: AsyncIterable<Buffer>): Promise<void> {
    const upload = new Upload({
      client: s3(),
      params: { Bucket: bucketName('historyExports'), Key: record.object_key, Body: Readable.from(body), ContentType: 'text/csv; charset=utf-8' },
      partSize,
      queueSize: 2,
      // An upload cut short is left to the bucket's lifecycle rule; the retry writes the object anew.
      leavePartsOnError: true,
    });
    await upload.done();
  }

  /**
   * A presigned link to the export's CSV, valid `downloadLinkSeconds`, or until the export expires or
   * shortly before the signing credentials expire, whichever comes first (export-view.ts
   * `downloadLinkSecondsAt`, aws/presign.ts); `expiresAt` is when it stops working.
   */
  downloadLink(record: ExportRecord, now: Date): Promise<{ url: string; expiresAt: string }> {
    return presignedGet(getFile(record), now, downloadLinkSecondsAt(record, now));
  }

  /**
   * A presigned link to the export's CSV signed now, to be followed at once (the redirect of
   * `GET /v1/verifications/exports/{export_id}/download`): valid `fileLinkSeconds`, never past the export's
   * expiry. Signed at the moment it is used, it needs the signing credentials to last only that minute
   * (aws/presign.ts still shortens it should they end sooner).
   */
  fileLink(record: ExportRecord, now: Date): Promise<{ url: string; expiresAt: string }> {
    return presignedGet(getFile(record), now, downloadLinkSecondsAt(record, now, fileLinkSeconds));
  }
}

/** The GetObject of an export's file, served as a CSV attachment. */
function getFile(record: ExportRecord): GetObjectCommand {
  return new GetObjectCommand({
    Bucket: bucketName('historyExports'),
    Key: record.object_key,
    ResponseContentDisposition: `attachment; filename="verifications-${record.export_id}.csv"`,
    ResponseContentType: 'text/csv; charset=utf-8',
  });
}
