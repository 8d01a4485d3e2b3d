import { logger } from '#shared/platform/observability/logger.ts';
import { deliveryMessageSchema, dispatchWebhook } from '#shared/features/monitoring/delivery/webhook-dispatch.ts';
import { webhookDispatchServices } from '#shared/features/monitoring/delivery/webhook-dispatch-services.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';

/**
 * Webhook deliveries and their retry chain; a step that errors is redelivered by the queue. The batch's
 * deliveries run all at once, so a batch takes about as long as its slowest receiver (10 s at most); a
 * delivery is started only while that and its records still fit before the function's time limit.
 */
export const handler = queueWorker(
  'WebhookDelivery',
  deliveryMessageSchema,
  async (message) => {
    const outcome = await dispatchWebhook(message, new Date(), webhookDispatchServices());
    logger.info('Webhook step', { event_id: message.event_id, chain: message.chain ?? 0, attempt: message.attempt, outcome });
  },
  { concurrency: 10, minStartMs: 15_000 },
);
