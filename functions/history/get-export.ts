import { containerValue } from '#shared/platform/container.ts';
import { historyOwner } from '#shared/features/verification/history-attributes.ts';
import { S3ExportFiles } from '#shared/features/history/adapters/export-files.ts';
import { DynamoExportStore } from '#shared/features/history/adapters/export-store.ts';
import { exportRetryHeader, exportView, isExpired } from '#shared/features/history/export-view.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { historyExportIdPattern } from '#shared/platform/ids.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ exports: new DynamoExportStore(), files: new S3ExportFiles() }));

/**
 * GET /v1/verifications/exports/{export_id}: the export's state and progress, with `Retry-After` while it
 * is pending, and once ready a 15-minute download link.
 */
export const handler = apiHandler('GetHistoryExport', {}, async (req) => {
  const id = req.pathParameters.export_id ?? '';
  const owner = historyOwner(req.caller.accountId, req.caller.mode);
  const record = historyExportIdPattern.test(id) ? await dependencies().exports.getOwned(id, owner) : undefined;
  if (!record) throw new ApiError('resource_not_found', 'No export with this id for this account and mode.', { param: 'export_id' });
  const now = req.clock.now();
  const ready = record.status === 'ready' && !isExpired(record, now);
  const download = ready ? await dependencies().files.downloadLink(record, now) : undefined;
  return json(200, exportView(record, now, download), exportRetryHeader(record, now));
});
