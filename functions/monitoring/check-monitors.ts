import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#shared/logging.ts';
import { checkMonitor, type CheckMessage } from '#shared/monitoring/monitor-check.ts';

/** Monitor checks from the check queue; a failed check is retried by the queue (partial batch response). */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const message = JSON.parse(record.body) as CheckMessage;
      const outcome = await checkMonitor(message, new Date());
      logger.info('Monitor checked', { monitor_id: message.monitor_id, checked: outcome.checked, skipped: outcome.skipped, events: outcome.events.length });
    } catch (error) {
      logger.error('Monitor check failed', { error: (error as Error).message });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
