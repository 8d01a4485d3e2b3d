import { containerValue } from '#shared/platform/container.ts';
import { historyOwner } from '#shared/features/verification/history-attributes.ts';
import { S3ExportFiles } from '#shared/features/history/adapters/export-files.ts';
import { DynamoExportStore } from '#shared/features/history/adapters/export-store.ts';
import { pollSeconds } from '#shared/features/history/export-progress.ts';
import { exportRetryHeader, isExpired } from '#shared/features/history/export-view.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import type { HttpResponse } from '#shared/api/http/response.ts';
import { historyExportIdPattern } from '#shared/platform/ids.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ exports: new DynamoExportStore(), files: new S3ExportFiles() }));

/**
 * GET /v1/verifications/exports/{export_id}/download: the file of a ready export of the caller's account
 * and mode, as `302 Found` to a presigned link signed now and valid a minute, so the download works at any
 * time until the export expires whatever the signing credentials' life. A pending export is 409
 * `export_not_ready` with the `Retry-After` its GET gives, a failed one 409 `export_failed`; an expired
 * export is gone (404), as is another account's or mode's.
 */
export const handler = apiHandler('GetHistoryExportDownload', {}, async (req): Promise<HttpResponse> => {
  const id = req.pathParameters.export_id ?? '';
  const owner = historyOwner(req.caller.accountId, req.caller.mode);
  const record = historyExportIdPattern.test(id) ? await dependencies().exports.getOwned(id, owner) : undefined;
  if (!record) throw new ApiError('resource_not_found', 'No export with this id for this account and mode.', { param: 'export_id' });
  const now = req.clock.now();
  if (isExpired(record, now)) {
    const expiredAt = new Date(record.expires_at * 1000).toISOString();
    throw new ApiError('resource_not_found', `The export expired at ${expiredAt}: its file is no longer served. Ask for a new export.`, {
      param: 'export_id',
    });
  }
  if (record.status === 'failed') {
    throw new ApiError('export_failed', 'The export could not be written; it has no file. Ask for a new export.', { param: 'export_id' });
  }
  if (record.status !== 'ready') {
    const headers = exportRetryHeader(record, now);
    const retryAfter = Number(headers['retry-after'] ?? pollSeconds);
    throw new ApiError(
      'export_not_ready',
      `The export is still being written; look again in ${retryAfter} seconds.`,
      { param: 'export_id', retry_after: retryAfter },
      { 'retry-after': String(retryAfter) },
    );
  }
  const link = await dependencies().files.fileLink(record, now);
  return { statusCode: 302, headers: { location: link.url, 'cache-control': 'no-store' }, body: '' };
});
