import { logger } from '#shared/logging.ts';
import { checkMonitor, type CheckMessage } from '#shared/monitoring/monitor-check.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';

/** Monitor checks from the check queue; a failed check is retried by the queue (partial batch response). */
export const handler = queueWorker<CheckMessage>('MonitorCheck', async (message) => {
  const outcome = await checkMonitor(message, new Date());
  logger.info('Monitor checked', { monitor_id: message.monitor_id, checked: outcome.checked, skipped: outcome.skipped, events: outcome.events.length });
});
