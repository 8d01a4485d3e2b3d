import { containerValue } from '#shared/platform/container.ts';
import { newId } from '#shared/platform/ids.ts';
import { historyOwner } from '#shared/features/verification/history-attributes.ts';
import { createExportRequestSchema, HistoryFilterError, planHistoryQuery } from '#shared/features/history/history-query.ts';
import { SqsExportQueue } from '#shared/features/history/adapters/export-queue.ts';
import { exportsPerDay, releaseExport, takeExport } from '#shared/features/history/adapters/export-quota.ts';
import { DynamoExportStore } from '#shared/features/history/adapters/export-store.ts';
import { exportObjectKey, exportRetentionSeconds } from '#shared/features/history/export-record.ts';
import { settleSeconds } from '#shared/features/history/export-queue.ts';
import { exportLocation, exportRetryHeader, exportView } from '#shared/features/history/export-view.ts';
import { ApiError, invalidParam } from '#shared/api/http/errors.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { longestVerificationSeconds } from '#shared/platform/infra/routes.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { deliverable } from '#shared/features/monitoring/delivery/delivery-decision.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ exports: new DynamoExportStore(), queue: new SqsExportQueue(), monitors: new DynamoMonitorStore() }));

/**
 * POST /v1/verifications/exports: a CSV export of the caller's history with the filters of
 * `GET /v1/verifications`, of the verifications created before now (the snapshot). Answers 202 with the
 * export, its `Location` and a `Retry-After` of when its writing is due; a worker writes the file and
 * `GET /v1/verifications/exports/{export_id}` links to it. With `notify_monitor_id`, that monitor (the
 * caller's, active) is sent `export.ready` or `export.failed` when the export ends.
 */
export const handler = idempotentApiHandler('CreateHistoryExport', { body: createExportRequestSchema, bodyOptional: true }, async (req) => {
  const owner = historyOwner(req.caller.accountId, req.caller.mode);
  const { notify_monitor_id: notifyMonitorId, ...filters } = req.body;
  try {
    planHistoryQuery(owner, filters);
  } catch (error) {
    if (error instanceof HistoryFilterError) throw invalidParam(error.param, error.message);
    throw error;
  }
  const now = req.clock.now();
  if (notifyMonitorId !== undefined) {
    const monitor = await dependencies().monitors.getOwned(notifyMonitorId, req.caller.accountId, req.caller.mode, now);
    if (!deliverable(monitor))
      throw invalidParam('notify_monitor_id', 'No active monitor with this id for this account and mode: nothing could be told of the export.');
  }
  const taken = await takeExport(req.caller.accountId, req.caller.mode, now);
  if (!taken.ok) {
    const retryAfter = Math.max(1, Math.ceil((taken.resetAt.getTime() - now.getTime()) / 1000));
    throw new ApiError(
      'export_limit_reached',
      `At most ${exportsPerDay} exports a day (UTC) per account and mode; the count starts again at ${taken.resetAt.toISOString()}.`,
      { retry_after: retryAfter, reset_at: taken.resetAt.toISOString() },
      { 'Retry-After': String(retryAfter) },
    );
  }
  const exportId = newId('exp');
  const delaySeconds = settleSeconds(longestVerificationSeconds);
  const record = {
    export_id: exportId,
    owner,
    status: 'pending' as const,
    filters,
    created_at: now.toISOString(),
    snapshot_at: now.toISOString(),
    expires_at: Math.floor(now.getTime() / 1000) + exportRetentionSeconds,
    object_key: exportObjectKey(exportId),
    write_after: new Date(now.getTime() + delaySeconds * 1000).toISOString(),
    ...(notifyMonitorId === undefined ? {} : { notify: { monitor_id: notifyMonitorId, event_id: newId('evt') } }),
  };
  await dependencies().exports.create(record);
  try {
    await dependencies().queue.queueExport(exportId, delaySeconds);
  } catch (error) {
    // Nothing would ever write it: the export is failed at once and not counted, and the caller is told to retry.
    await Promise.allSettled([dependencies().exports.fail(exportId, now.toISOString()), releaseExport(req.caller.accountId, req.caller.mode, now)]);
    throw error;
  }
  return json(202, exportView(record, now), { location: exportLocation(exportId), ...exportRetryHeader(record, now) });
});
