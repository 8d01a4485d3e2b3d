import { logger } from '#shared/logging.ts';
import { dispatchWebhook, type DeliveryMessage } from '#shared/monitoring/webhook-dispatch.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';

/** Webhook deliveries and their retry chain; a step that errors is redelivered by the queue. */
export const handler = queueWorker<DeliveryMessage>('WebhookDelivery', async (message) => {
  const outcome = await dispatchWebhook(message, new Date());
  logger.info('Webhook step', { event_id: message.event_id, outcome });
});
