import { ApiError } from '#shared/api/http/errors.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { containerValue } from '#shared/platform/container.ts';
import { eventIdPattern } from '#shared/platform/ids.ts';
import { maxChains } from '#shared/features/monitoring/delivery/delivery-chain.ts';
import { SqsDeliveryQueue } from '#shared/features/monitoring/delivery/adapters/delivery-queue.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { eventView } from '#shared/features/monitoring/delivery/event-view.ts';
import { emptyRequestSchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { redeliverEvent } from '#shared/features/monitoring/delivery/redeliver-event.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ events: new DynamoEventStore(), monitors: new DynamoMonitorStore(), queue: new SqsDeliveryQueue() }));

/**
 * POST /v1/events/{event_id}/redeliver: a new delivery chain for one of the caller's events (same id and
 * body, a fresh retry schedule); 202 with the event. A pending event's running chain is superseded.
 */
export const handler = idempotentApiHandler('RedeliverEvent', { body: emptyRequestSchema, bodyOptional: true }, async (req) => {
  const id = req.pathParameters.event_id ?? '';
  const owner = ownerKey(req.caller.accountId, req.caller.mode);
  const result = eventIdPattern.test(id) ? await redeliverEvent(id, owner, req.clock.now(), dependencies()) : { outcome: 'not_found' as const };
  if (result.outcome === 'not_found') throw new ApiError('resource_not_found', 'No event with this id for this account and mode.', { param: 'event_id' });
  if (result.outcome === 'refused') {
    throw result.reason === 'monitor_inactive'
      ? new ApiError('monitor_deleted', 'The monitor of this event is deleted; its events are not delivered again.', { param: 'event_id' })
      : new ApiError('redelivery_limit_reached', `This event has been delivered in ${maxChains} chains, the most allowed.`, { param: 'event_id' });
  }
  return json(202, eventView(result.event));
});
