import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#shared/logging.ts';
import { dispatchWebhook, type DeliveryMessage } from '#shared/monitoring/webhook-dispatch.ts';

/** Webhook deliveries and their retry chain; a step that errors is redelivered by the queue. */
export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      const message = JSON.parse(record.body) as DeliveryMessage;
      const outcome = await dispatchWebhook(message, new Date());
      logger.info('Webhook step', { event_id: message.event_id, outcome });
    } catch (error) {
      logger.error('Webhook step failed', { error: (error as Error).message });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
}
