/**
 * Fires the scheduled rules locally: at each rule's next time (UTC), the rule's message is sent to its
 * target queue, as the EventBridge rule's SQS target does on AWS.
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { scheduledMessage, schedules, type ScheduleDefinition, type ScheduleId } from '#shared/platform/infra/resources.ts';
import { nextFiring, parseScheduleExpression } from '#shared/platform/infra/schedule-expression.ts';
import { logger } from '#shared/platform/observability/logger.ts';

export interface Scheduler {
  /** Fires a rule now, as if its time had come. */
  fire(id: ScheduleId, at?: Date): Promise<void>;
  stop(): void;
}

export function startScheduler(sqs: SQSClient, queueUrl: (id: ScheduleDefinition['targetQueue']) => string, armTimers = true): Scheduler {
  const timers = new Set<NodeJS.Timeout>();
  const fire = async (schedule: ScheduleDefinition, at: Date) => {
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl(schedule.targetQueue), MessageBody: scheduledMessage(schedule, at) }));
    logger.info('Scheduled rule fired', { rule: schedule.id, at: at.toISOString() });
  };
  const arm = (schedule: ScheduleDefinition) => {
    const at = nextFiring(parseScheduleExpression(schedule.expression), new Date());
    // setTimeout holds at most ~24.8 days; daily and shorter schedules are well within it.
    const timer = setTimeout(() => {
      timers.delete(timer);
      void fire(schedule, at)
        .catch((error: Error) => logger.error('Scheduled rule failed', { rule: schedule.id, error: error.message }))
        .finally(() => arm(schedule));
    }, at.getTime() - Date.now());
    timer.unref();
    timers.add(timer);
  };
  if (armTimers) for (const schedule of Object.values(schedules)) arm(schedule);
  return {
    fire: (id, at = new Date()) => fire(schedules[id], at),
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
