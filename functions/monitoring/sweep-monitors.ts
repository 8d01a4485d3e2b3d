import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '#shared/aws/sqs.ts';
import { queueUrl } from '#shared/config.ts';
import { logger } from '#shared/observability/logger.ts';
import { sweepDueMonitors, sweepMessageSchema, type SweepMessage } from '#shared/monitoring/checks/monitor-sweep.ts';
import { MonitorStore } from '#shared/monitoring/checks/monitor-store.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';
import { containerValue } from '#shared/container.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ monitors: new MonitorStore() }));

/**
 * The daily sweep (scheduled message on the sweep queue): queues a check for every monitor due, and
 * before its time limit queues its own continuation, which keeps the same cut-off time.
 */
export const handler = queueWorker('MonitorSweep', sweepMessageSchema, async (message, _record, context) => {
  const asOf = message.as_of ? new Date(message.as_of) : new Date();
  const result = await sweepDueMonitors(dependencies().monitors, asOf, () => context.getRemainingTimeInMillis(), message.resume);
  logger.info('Monitor sweep', {
    as_of: asOf.toISOString(),
    enqueued: result.enqueued,
    resumed: message.resume !== undefined,
    continues: result.resume !== undefined,
  });
  if (result.resume) {
    const next: SweepMessage = { kind: 'monitor_sweep', as_of: asOf.toISOString(), resume: result.resume };
    await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl('monitorSweep'), MessageBody: JSON.stringify(next) }));
  }
});
