import { logger } from '#shared/platform/observability/logger.ts';
import { checkMessageSchema, checkMonitor } from '#shared/features/monitoring/checks/monitor-check.ts';
import { monitorCheckServices } from '#shared/features/monitoring/checks/monitor-services.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';

/**
 * Monitor checks from the check queue, 5 at a time; a failed check is retried by the queue (partial batch
 * response). Every check's source calls end by the invocation's deadline, and a check not started while
 * 15 s are left is returned to the queue, so the batch always answers before the function's time-out.
 */
export const handler = queueWorker(
  'MonitorCheck',
  checkMessageSchema,
  async (message, _record, _context, deadline) => {
    const outcome = await checkMonitor(message, new Date(), monitorCheckServices(), { deadline });
    logger.info('Monitor checked', { monitor_id: message.monitor_id, checked: outcome.checked, skipped: outcome.skipped, events: outcome.events.length });
  },
  { concurrency: 5, minStartMs: 15_000 },
);
