import { logger } from '#shared/logging.ts';
import { checkMonitor } from '#shared/monitoring/monitor-check.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';

/** Monitor checks from the check queue; a failed check is retried by the queue (partial batch response). */
export const handler = queueWorker<{ monitor_id: string }>('MonitorCheck', async ({ monitor_id }) => {
  const outcome = await checkMonitor(monitor_id, new Date());
  logger.info('Monitor checked', { monitor_id, checked: outcome.checked, events: outcome.events.length });
});
