import { ApiError, invalidParam } from '#shared/http/errors.ts';
import { defaultPageSize, pageBody } from '#shared/contract/pagination.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { EventStore, type EventRecord } from '#shared/monitoring/event-store.ts';
import { eventView } from '#shared/monitoring/event-view.ts';
import { listEventsQuerySchema } from '#shared/monitoring/monitor-requests.ts';
import { MonitorStore, ownerKey } from '#shared/monitoring/monitor-store.ts';
import { containerValue } from '#shared/container.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ events: new EventStore(), monitors: new MonitorStore() }));

/** GET /v1/events: the caller's webhook events with their delivery attempts, newest first. */
export const handler = apiHandler('ListEvents', { query: listEventsQuerySchema }, async (req) => {
  const { events, monitors } = dependencies();
  const caller = req.caller;
  const owner = ownerKey(caller.accountId, caller.mode);
  if (req.query.monitor_id && !(await monitors.getOwned(req.query.monitor_id, caller.accountId, caller.mode, req.clock.now()))) {
    throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
  }
  let after: EventRecord | undefined;
  if (req.query.starting_after) {
    after = await events.get(req.query.starting_after);
    if (!after || after.owner !== owner) throw invalidParam('starting_after', 'starting_after is not one of your events.');
  }
  const page = await events.list(owner, req.query.limit ?? defaultPageSize, { monitorId: req.query.monitor_id, startingAfter: after });
  return json(
    200,
    pageBody(page.items.map(eventView), page.hasMore, (e) => e.event_id),
  );
});
