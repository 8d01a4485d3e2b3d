import { ApiError, invalidParam } from '#shared/api/http/errors.ts';
import { defaultPageSize, pageBody } from '#shared/contract/pagination.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import type { EventRecord } from '#shared/features/monitoring/delivery/event-record.ts';
import { eventView } from '#shared/features/monitoring/delivery/event-view.ts';
import { listEventsQuerySchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { containerValue } from '#shared/platform/container.ts';
import type { Caller } from '#shared/domain/caller.ts';
import type * as z from 'zod';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ events: new DynamoEventStore(), monitors: new DynamoMonitorStore() }));

/**
 * The owner's page of events the query asks for; 404 for a monitor and 400 for a `starting_after` not
 * theirs, or not of the monitor asked for.
 */
async function eventPage(caller: Caller, query: z.output<typeof listEventsQuerySchema>, now: Date) {
  const { events, monitors } = dependencies();
  const owner = ownerKey(caller.accountId, caller.mode);
  if (query.monitor_id && !(await monitors.getOwned(query.monitor_id, caller.accountId, caller.mode, now))) {
    throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
  }
  let after: EventRecord | undefined;
  if (query.starting_after) {
    after = await events.get(query.starting_after);
    if (!after || after.owner !== owner) throw invalidParam('starting_after', 'starting_after is not one of your events.');
    // The cursor is the start key of the monitor's Query: one of another monitor is outside its key condition.
    if (query.monitor_id && after.monitor_id !== query.monitor_id) {
      throw invalidParam('starting_after', 'starting_after is not one of the events of monitor_id.');
    }
  }
  return events.list(owner, query.limit ?? defaultPageSize, {
    monitorId: query.monitor_id,
    startingAfter: after,
    ...(query.delivery_state ? { state: query.delivery_state } : {}),
  });
}

/**
 * GET /v1/events: the caller's webhook events with their delivery attempts, newest first, optionally of
 * one monitor and one delivery state (a bounded read: see EventStore.list). The page is
 * read beside the account's admission and answered (or refused) once the caller is admitted.
 */
export const handler = apiHandler(
  'ListEvents',
  { query: listEventsQuerySchema, prefetch: ({ query, key, now }) => eventPage(key, query, now) },
  async (req) => {
    const page = await (req.prefetched ?? eventPage(req.caller, req.query, req.clock.now()));
    const body = pageBody(page.items.map(eventView), page.hasMore, (e) => e.event_id);
    // A filtered read stopped by its bound continues after the last event read, matching or not.
    return json(200, page.resumeAfter ? { ...body, next_cursor: page.resumeAfter } : body);
  },
);
