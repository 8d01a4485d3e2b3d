import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#shared/logging.ts';
import { checkMonitor } from '#shared/monitoring/monitor-check.ts';

/** Monitor checks from the check queue; a failed check is retried by the queue (partial batch response). */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const { monitor_id } = JSON.parse(record.body) as { monitor_id: string };
      const outcome = await checkMonitor(monitor_id, new Date());
      logger.info('Monitor checked', { monitor_id, checked: outcome.checked, events: outcome.events.length });
    } catch (error) {
      logger.error('Monitor check failed', { error: (error as Error).message });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
