/**
 * Redelivering an event: a new delivery chain (delivery-chain.ts) with the same event id and body and a
 * fresh retry schedule. For a pending event the new chain supersedes the running one (its queued
 * messages become no-ops; an attempt in flight finishes before the new chain's first POST). Refused for
 * an event of a deleted monitor, and after `maxChains` chains.
 *
 * The first message of the new chain is queued (a second ahead) before the chain is started (one
 * conditional write on the event, on the state read): a request that stops in between leaves a message
 * that waits a while for its chain and is then dropped, and no started chain without its message. Of two concurrent
 * redeliveries one starts the chain and the other answers it.
 */
import { chainOf, firstAttemptDue, redeliveryRefusal, type RedeliveryRefusal } from './delivery-chain.ts';
import type { EventStore } from './event-store.ts';
import type { EventRecord } from './event-record.ts';
import type { MonitorStore } from '../checks/monitor-store.ts';
import type { DeliveryQueue } from './delivery-ports.ts';
import { attemptMessage, enqueue } from './webhook-dispatch.ts';
import { deliverable } from './delivery-decision.ts';

export type RedeliveryResult =
  | { readonly outcome: 'started'; readonly event: EventRecord }
  | { readonly outcome: 'refused'; readonly reason: RedeliveryRefusal; readonly event: EventRecord }
  | { readonly outcome: 'not_found' };

/**
 * The new chain's first message is queued this long ahead, so the write that starts the chain, right
 * after, is done when it arrives (one that arrives first waits a little longer; see webhook-dispatch.ts).
 */
export const startDelayMs = 1_000;

/** Reads of the event tried before giving up on a chain that keeps moving (attempts being recorded). */
const maxTries = 5;

export async function redeliverEvent(
  eventId: string,
  owner: string,
  now: Date,
  services: { readonly events: EventStore; readonly monitors: MonitorStore; readonly queue: DeliveryQueue },
): Promise<RedeliveryResult> {
  const { events, monitors, queue } = services;
  let event = await events.get(eventId);
  if (!event || event.owner !== owner) return { outcome: 'not_found' };
  const monitor = await monitors.get(event.monitor_id, now);
  for (let tries = 0; tries < maxTries; tries += 1) {
    const refusal = redeliveryRefusal(event, deliverable(monitor));
    if (refusal) return { outcome: 'refused', reason: refusal, event };
    const position = chainOf(event);
    const due = new Date(Math.max(firstAttemptDue(event, now).getTime(), now.getTime() + startDelayMs));
    await enqueue(queue, attemptMessage(eventId, position.chain + 1, 0, due), now);
    const started = await events.startChain(eventId, position, event.delivery.attempts.length, event.in_flight?.until ?? null);
    if (started) return { outcome: 'started', event: started };
    const again = await events.get(eventId);
    if (!again) return { outcome: 'not_found' };
    // A concurrent redelivery started the next chain after this one read the event: one chain, answered.
    if (chainOf(again).chain > position.chain) return { outcome: 'started', event: again };
    event = again;
  }
  throw new Error(`Event ${eventId} kept changing while a redelivery was starting`);
}
