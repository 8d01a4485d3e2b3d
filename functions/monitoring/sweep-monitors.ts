import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '#shared/aws/sqs.ts';
import { queueUrl } from '#shared/config.ts';
import { logger } from '#shared/logging.ts';
import { sweepDueMonitors, type SweepPosition } from '#shared/monitoring/monitor-sweep.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';

/**
 * The daily sweep (scheduled message on the sweep queue): queues a check for every monitor due, and
 * before its time limit queues its own continuation.
 */
export const handler = queueWorker<{ kind: string; resume?: SweepPosition }>('MonitorSweep', async (message, _record, context) => {
  const result = await sweepDueMonitors(new Date(), () => context.getRemainingTimeInMillis(), message.resume);
  logger.info('Monitor sweep', { enqueued: result.enqueued, resumed: message.resume !== undefined, continues: result.resume !== undefined });
  if (result.resume) {
    await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl('monitorSweep'), MessageBody: JSON.stringify({ kind: 'monitor_sweep', resume: result.resume }) }));
  }
});
