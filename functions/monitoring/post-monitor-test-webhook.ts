import { ApiError } from '#shared/api/http/errors.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { containerValue } from '#shared/platform/container.ts';
import { monitorIdPattern } from '#shared/platform/ids.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { emptyRequestSchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { sealerFromEnvironment } from '#shared/features/monitoring/secrets/sealer-services.ts';
import { sendTestEvent } from '#shared/features/monitoring/delivery/test-event.ts';
import { deliverable } from '#shared/features/monitoring/delivery/delivery-decision.ts';
import { testEventKind } from '#shared/features/monitoring/delivery/webhook-event-schema.ts';
import { publicDeliveryError } from '#shared/features/webhooks/delivery-errors.ts';
import { defaultWebhookTimeoutMs } from '#shared/features/webhooks/deliver-webhook.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ events: new DynamoEventStore(), monitors: new DynamoMonitorStore(), sealer: sealerFromEnvironment() }));

/** Kept from the route's deadline for recording the event and answering. */
const answerReserveMs = 2_000;

/**
 * POST /v1/monitor/{monitor_id}/test-webhook: posts a signed `monitor.test` event to the monitor's URL
 * now and answers how the receiver answered (within the route's time limit, the receiver's 10 s at
 * most); the event and its attempt are recorded.
 */
export const handler = idempotentApiHandler('TestMonitorWebhook', { body: emptyRequestSchema, bodyOptional: true }, async (req) => {
  const id = req.pathParameters.monitor_id ?? '';
  const { accountId, mode } = req.caller;
  const now = req.clock.now();
  const services = dependencies();
  const monitor = monitorIdPattern.test(id) ? await services.monitors.getOwned(id, accountId, mode, now) : undefined;
  if (!monitor) throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
  if (!deliverable(monitor)) throw new ApiError('monitor_deleted', 'This monitor is deleted; nothing is sent to its URL.', { param: 'monitor_id' });
  // Taken once the URL check is done: what is left of the route's time, the receiver's 10 s at most.
  const timeoutMs = () => Math.max(1_000, Math.min(defaultWebhookTimeoutMs, req.deadline(answerReserveMs).remainingMs()));
  const { event, result } = await sendTestEvent(monitor, now, timeoutMs, services);
  return json(200, {
    event_id: event.event_id,
    event: testEventKind,
    monitor_id: monitor.monitor_id,
    ok: result.ok,
    status: result.status,
    error: publicDeliveryError(result.error, result.status),
    duration_ms: Math.round(result.durationMs),
  });
});
