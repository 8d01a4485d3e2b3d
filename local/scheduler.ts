/**
 * Fires the scheduled rules locally: at each rule's next time (UTC), the rule's message is sent to its
 * target queue, as the EventBridge rule's SQS target does on AWS.
 */
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { schedules, type ScheduleDefinition } from '#shared/infra/resources.ts';
import { nextFiring, parseScheduleExpression } from '#shared/infra/schedule-expression.ts';
import { logger } from '#shared/logging.ts';

/** The message a rule sends: its fixed message plus the scheduled time, as the CDK target input does. */
export function scheduledMessage(schedule: ScheduleDefinition, at: Date): string {
  return JSON.stringify({ ...schedule.message, scheduled_at: at.toISOString() });
}

export function startScheduler(sqs: SQSClient, queueUrl: (id: ScheduleDefinition['targetQueue']) => string): { stop(): void } {
  const timers = new Set<NodeJS.Timeout>();
  const arm = (schedule: ScheduleDefinition) => {
    const at = nextFiring(parseScheduleExpression(schedule.expression), new Date());
    // setTimeout holds at most ~24.8 days; daily and shorter schedules are well within it.
    const timer = setTimeout(() => {
      timers.delete(timer);
      void sqs
        .send(new SendMessageCommand({ QueueUrl: queueUrl(schedule.targetQueue), MessageBody: scheduledMessage(schedule, at) }))
        .then(() => logger.info('Scheduled rule fired', { rule: schedule.id, at: at.toISOString() }))
        .catch((error: Error) => logger.error('Scheduled rule failed', { rule: schedule.id, error: error.message }))
        .finally(() => arm(schedule));
    }, at.getTime() - Date.now());
    timer.unref();
    timers.add(timer);
  };
  for (const schedule of Object.values(schedules)) arm(schedule);
  return {
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
