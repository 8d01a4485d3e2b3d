/**
 * A monitor's delivery attempts, as `GET /v1/monitor/{monitor_id}/deliveries` lists them: the events of
 * the monitor newest first (as they were created), each event's attempts newest first, every chain
 * included. A delivery's id is its event's id and its position among the event's attempts
 * (`evt_….3`): the cursor of the next page, which continues with the deliveries before that position
 * (`evt_….0`: none of that event's, on to the older events).
 */
import { numberedAttempts } from './delivery-chain.ts';
import type { EventStore } from './event-store.ts';
import type { EventRecord } from './event-record.ts';

export const deliveryIdPattern = /^evt_[0-9A-Za-z]{24}\.\d{1,4}$/;

export const deliveryId = (eventId: string, index: number) => `${eventId}.${index}`;

export function parseDeliveryId(id: string): { eventId: string; index: number } {
  const dot = id.lastIndexOf('.');
  return { eventId: id.slice(0, dot), index: Number(id.slice(dot + 1)) };
}

/** Event pages read at most for one page of deliveries (events not yet attempted have none). */
export const maxEventPages = 5;

/** The deliveries of one event, newest first; with `before`, only those before that position. */
export function eventDeliveries(event: EventRecord, before = Number.POSITIVE_INFINITY) {
  return numberedAttempts(event)
    .map((attempt, index) => ({ index, attempt }))
    .filter(({ index }) => index < before)
    .reverse()
    .map(({ index, attempt }) => ({
      delivery_id: deliveryId(event.event_id, index),
      event_id: event.event_id,
      event: event.kind,
      ...attempt,
    }));
}

export type Delivery = ReturnType<typeof eventDeliveries>[number];

/**
 * A page of a monitor's deliveries after `after` (the event of the cursor and the position in it). When
 * the bounded read of events ends with events left unread and the page not full, `hasMore` with
 * `resumeAfter`: the cursor continuing after the last event read (its position 0: none of its deliveries
 * are left), which a page of no deliveries needs too.
 */
export async function deliveryPage(
  events: EventStore,
  owner: string,
  monitorId: string,
  limit: number,
  after?: { event: EventRecord; index: number },
): Promise<{ items: Delivery[]; hasMore: boolean; resumeAfter?: string }> {
  const found: Delivery[] = after ? eventDeliveries(after.event, after.index) : [];
  let cursor = after?.event;
  for (let page = 0; page < maxEventPages && found.length <= limit; page += 1) {
    const { items, hasMore } = await events.list(owner, limit + 1, { monitorId, ...(cursor ? { startingAfter: cursor } : {}) });
    for (const event of items) found.push(...eventDeliveries(event));
    if (!hasMore) return { items: found.slice(0, limit), hasMore: found.length > limit };
    cursor = items.at(-1) ?? cursor;
  }
  if (found.length > limit) return { items: found.slice(0, limit), hasMore: true };
  return { items: found, hasMore: true, ...(cursor ? { resumeAfter: deliveryId(cursor.event_id, 0) } : {}) };
}
