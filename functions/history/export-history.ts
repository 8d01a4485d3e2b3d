import { containerValue } from '#shared/container.ts';
import { writeExportFile } from '#shared/history/export-file.ts';
import { exportMessageSchema } from '#shared/history/export-queue.ts';
import { ExportStore } from '#shared/history/export-store.ts';
import { isExpired } from '#shared/history/export-view.ts';
import { HistoryStore } from '#shared/history/history-store.ts';
import { systemClock } from '#shared/clock.ts';
import { logger } from '#shared/observability/logger.ts';
import { queues } from '#shared/infra/resources.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ exports: new ExportStore(), history: new HistoryStore() }));

/**
 * Writes the CSV of a requested export and marks it ready. A redelivered message of a finished export
 * does nothing; one whose writing was cut short (a crash, a time-out) writes the same object again. Writing
 * stops, as a failed attempt, while there is still time to record it: a history too large to write within
 * the worker's limit ends `failed`, never `pending` until it expires. The
 * last attempt the queue allows marks the export failed when it fails too (the message then goes to
 * the dead-letter queue), so its owner is told to ask again rather than wait.
 */
export const handler = queueWorker('HistoryExport', exportMessageSchema, async (message, sqsRecord, _context, deadline) => {
  const { exports, history } = dependencies();
  const record = await exports.get(message.export_id);
  if (record?.status !== 'pending' || isExpired(record, systemClock.now())) return;
  try {
    const rows = await writeExportFile(record, history, deadline);
    const completed = await exports.complete(record.export_id, rows, systemClock.now().toISOString());
    logger.info('History export written', { export_id: record.export_id, rows, completed });
  } catch (error) {
    if (Number(sqsRecord.attributes?.ApproximateReceiveCount ?? 1) >= queues.historyExport.maxReceiveCount) {
      await exports.fail(record.export_id, systemClock.now().toISOString());
    }
    throw error;
  }
});
