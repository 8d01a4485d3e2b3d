import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { containerValue } from '#shared/platform/container.ts';
import { eventIdPattern } from '#shared/platform/ids.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { eventView } from '#shared/features/monitoring/delivery/event-view.ts';
import { ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import type { Caller } from '#shared/domain/caller.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ events: new DynamoEventStore() }));

/** The owner's event of this id (read strongly consistent); undefined for a malformed id and another account's or mode's. */
async function ownedEvent(id: string, owner: Caller) {
  if (!eventIdPattern.test(id)) return undefined;
  const event = await dependencies().events.get(id);
  return event?.owner === ownerKey(owner.accountId, owner.mode) ? event : undefined;
}

/**
 * GET /v1/events/{event_id}: one webhook event of the caller's account and mode, as `GET /v1/events`
 * lists it: the exact payload sent and every delivery attempt. The event is read beside the account's
 * admission.
 */
export const handler = apiHandler('GetEvent', { prefetch: ({ pathParameters, key }) => ownedEvent(pathParameters.event_id ?? '', key) }, async (req) => {
  const event = await (req.prefetched ?? ownedEvent(req.pathParameters.event_id ?? '', req.caller));
  if (!event) throw new ApiError('resource_not_found', 'No event with this id for this account and mode.', { param: 'event_id' });
  return json(200, eventView(event));
});
