import { containerValue } from '#shared/platform/container.ts';
import { runExportAttempt } from '#shared/features/history/export-attempt.ts';
import { exportMessageSchema } from '#shared/features/history/export-queue.ts';
import { S3ExportFiles } from '#shared/features/history/adapters/export-files.ts';
import { DynamoExportStore } from '#shared/features/history/adapters/export-store.ts';
import { isExpired } from '#shared/features/history/export-view.ts';
import { DynamoHistoryStore } from '#shared/features/history/adapters/history-store.ts';
import { noticeExportEnd } from '#shared/features/history/export-notice.ts';
import type { ExportRecord } from '#shared/features/history/export-record.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { SqsDeliveryQueue } from '#shared/features/monitoring/delivery/adapters/delivery-queue.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { errorSummary, logger } from '#shared/platform/observability/logger.ts';
import { queues } from '#shared/platform/infra/resources.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({
  exports: new DynamoExportStore(),
  history: new DynamoHistoryStore(),
  files: new S3ExportFiles(),
  monitors: new DynamoMonitorStore(),
  events: new DynamoEventStore(),
  deliveries: new SqsDeliveryQueue(),
  clock: systemClock,
}));

/**
 * Writes the CSV of a requested export and marks it ready, noting its progress every few seconds
 * (export-attempt.ts). A redelivered message of a finished export does nothing; one whose writing was
 * cut short (a crash, a time-out) writes the same object again, as a new attempt. Writing stops, as a
 * failed attempt, while there is still time to record it: a history too large to write within the
 * worker's limit ends `failed`, never `pending` until it expires. The last attempt the queue allows
 * marks the export failed when it fails too (the message then goes to the dead-letter queue), so its
 * owner is told to ask again rather than wait. An export requested with `notify_monitor_id` sends
 * `export.ready` or `export.failed` to that monitor's URL once it ends (export-notice.ts).
 */
export const handler = queueWorker('HistoryExport', exportMessageSchema, async (message, sqsRecord, _context, deadline) => {
  const services = dependencies();
  const record = await services.exports.get(message.export_id);
  if (!record || isExpired(record, services.clock.now())) return;
  // A finished export whose message comes again: its notice (stored and first attempted once) is sent again,
  // in case the run that finished it stopped before.
  if (record.status !== 'pending') return void (await noticeExportEnd(record, services, services.clock.now()));
  const attempt = Number(sqsRecord.attributes?.ApproximateReceiveCount ?? 1);
  let finished: ExportRecord | undefined;
  try {
    const result = await runExportAttempt(record, attempt, services, deadline);
    if (result.outcome === 'written') {
      finished = result.finished;
      logger.info('History export written', { export_id: record.export_id, rows: result.rows, completed: finished !== undefined });
    }
  } catch (error) {
    if (attempt >= queues.historyExport.maxReceiveCount && (await services.exports.fail(record.export_id, services.clock.now().toISOString()))) {
      // The message goes to the dead-letter queue with this error; the notice of the failure is the last chance.
      await noticeEnd(record).catch((noticeError: unknown) =>
        logger.error('History export failure not notified', { export_id: record.export_id, error: errorSummary(noticeError) }),
      );
    }
    throw error;
  }
  // This attempt finished it: told from the record it wrote; otherwise (another attempt finished it) as stored.
  if (finished) await noticeExportEnd(finished, services, services.clock.now());
  else await noticeEnd(record);
});

/**
 * Sends the notice of the export's end, as stored now (ready or failed), to the monitor it names; an
 * export that names none is not read again.
 */
async function noticeEnd(record: ExportRecord): Promise<void> {
  if (!record.notify) return;
  const services = dependencies();
  const finished = await services.exports.get(record.export_id);
  if (finished) await noticeExportEnd(finished, services, services.clock.now());
}
