import { logger } from '#shared/platform/observability/logger.ts';
import { sweepDueMonitors, sweepMessageSchema, type SweepMessage } from '#shared/features/monitoring/checks/monitor-sweep.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { SqsCheckQueue } from '#shared/features/monitoring/checks/adapters/check-queue.ts';
import { SqsSweepQueue } from '#shared/features/monitoring/checks/adapters/sweep-queue.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';
import { containerValue } from '#shared/platform/container.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ monitors: new DynamoMonitorStore(), checks: new SqsCheckQueue(), sweeps: new SqsSweepQueue() }));

/**
 * The daily sweep (scheduled message on the sweep queue): queues a check for every monitor due, and
 * before its time limit queues its own continuation, which keeps the same cut-off time.
 */
export const handler = queueWorker('MonitorSweep', sweepMessageSchema, async (message, _record, context) => {
  const asOf = message.as_of ? new Date(message.as_of) : new Date();
  const result = await sweepDueMonitors(dependencies().monitors, dependencies().checks, asOf, () => context.getRemainingTimeInMillis(), message.resume);
  logger.info('Monitor sweep', {
    as_of: asOf.toISOString(),
    enqueued: result.enqueued,
    resumed: message.resume !== undefined,
    continues: result.resume !== undefined,
  });
  if (result.resume) {
    const next: SweepMessage = { kind: 'monitor_sweep', as_of: asOf.toISOString(), resume: result.resume };
    await dependencies().sweeps.send(next);
  }
});
