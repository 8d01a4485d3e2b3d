import { ApiError, invalidParam } from '#shared/api/http/errors.ts';
import { defaultPageSize, pageBody } from '#shared/contract/pagination.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { containerValue } from '#shared/platform/container.ts';
import { monitorIdPattern } from '#shared/platform/ids.ts';
import { deliveryPage, parseDeliveryId } from '#shared/features/monitoring/delivery/delivery-list.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { listDeliveriesQuerySchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ events: new DynamoEventStore(), monitors: new DynamoMonitorStore() }));

/**
 * GET /v1/monitor/{monitor_id}/deliveries: every delivery attempt of the monitor's events, newest event
 * first and each event's attempts newest first, with cursor pagination; 400 for a cursor not of this
 * monitor.
 */
export const handler = apiHandler('ListMonitorDeliveries', { query: listDeliveriesQuerySchema }, async (req) => {
  const { events, monitors } = dependencies();
  const id = req.pathParameters.monitor_id ?? '';
  const { accountId, mode } = req.caller;
  const monitor = monitorIdPattern.test(id) ? await monitors.getOwned(id, accountId, mode, req.clock.now()) : undefined;
  if (!monitor) throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
  let after: Parameters<typeof deliveryPage>[4];
  if (req.query.starting_after) {
    const cursor = parseDeliveryId(req.query.starting_after);
    const event = await events.get(cursor.eventId);
    if (!event || event.owner !== monitor.owner || event.monitor_id !== monitor.monitor_id || cursor.index > event.delivery.attempts.length) {
      throw invalidParam('starting_after', 'starting_after is not a delivery of this monitor.');
    }
    after = { event, index: cursor.index };
  }
  const page = await deliveryPage(events, monitor.owner, monitor.monitor_id, req.query.limit ?? defaultPageSize, after);
  const body = pageBody(page.items, page.hasMore, (d) => d.delivery_id);
  // A read stopped by its bound continues after the last event read, with deliveries or not.
  return json(200, page.resumeAfter ? { ...body, next_cursor: page.resumeAfter } : body);
});
