import { containerValue } from '#shared/platform/container.ts';
import { runExportAttempt } from '#shared/features/history/export-attempt.ts';
import { exportMessageSchema } from '#shared/features/history/export-queue.ts';
import { S3ExportFiles } from '#shared/features/history/adapters/export-files.ts';
import { DynamoExportStore } from '#shared/features/history/adapters/export-store.ts';
import { isExpired } from '#shared/features/history/export-view.ts';
import { DynamoHistoryStore } from '#shared/features/history/adapters/history-store.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { queues } from '#shared/platform/infra/resources.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({
  exports: new DynamoExportStore(),
  history: new DynamoHistoryStore(),
  files: new S3ExportFiles(),
  clock: systemClock,
}));

/**
 * Writes the CSV of a requested export and marks it ready, noting its progress every few seconds
 * (export-attempt.ts). A redelivered message of a finished export does nothing; one whose writing was
 * cut short (a crash, a time-out) writes the same object again, as a new attempt. Writing stops, as a
 * failed attempt, while there is still time to record it: a history too large to write within the
 * worker's limit ends `failed`, never `pending` until it expires. The last attempt the queue allows
 * marks the export failed when it fails too (the message then goes to the dead-letter queue), so its
 * owner is told to ask again rather than wait.
 */
export const handler = queueWorker('HistoryExport', exportMessageSchema, async (message, sqsRecord, _context, deadline) => {
  const services = dependencies();
  const record = await services.exports.get(message.export_id);
  if (record?.status !== 'pending' || isExpired(record, services.clock.now())) return;
  const attempt = Number(sqsRecord.attributes?.ApproximateReceiveCount ?? 1);
  try {
    const result = await runExportAttempt(record, attempt, services, deadline);
    if (result.outcome === 'written') logger.info('History export written', { export_id: record.export_id, rows: result.rows, completed: result.completed });
  } catch (error) {
    if (attempt >= queues.historyExport.maxReceiveCount) {
      await services.exports.fail(record.export_id, services.clock.now().toISOString());
    }
    throw error;
  }
});
