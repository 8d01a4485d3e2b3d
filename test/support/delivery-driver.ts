/**
 * Drives webhook deliveries by hand for tests that run the stack without its delivery worker: each
 * delivery message of an event on the queue (ready, delayed or in flight) is stepped once, at the time
 * the test chooses, as the worker would step it.
 */
import { dispatchWebhook, type DeliveryMessage, type DispatchOutcome } from '#shared/features/monitoring/delivery/webhook-dispatch.ts';
import { webhookDispatchServices } from '#shared/features/monitoring/delivery/webhook-dispatch-services.ts';
import type { TestStack } from './stack.ts';
import { newId } from '#shared/platform/ids.ts';
import type { DeliveryAttempt } from '#shared/features/monitoring/delivery/event-record.ts';
import type { EventStore } from '#shared/features/monitoring/delivery/event-store.ts';

export interface DeliveryDriver {
  /** The event's messages not stepped yet. */
  pending(eventId: string): DeliveryMessage[];
  /** Steps every such message at `now` (default: its due time); their outcomes, in order. */
  step(eventId: string, now?: Date): Promise<DispatchOutcome[]>;
}

export function deliveryDriver(t: TestStack): DeliveryDriver {
  const stepped = new Map<string, number>();
  const queued = (eventId: string) => {
    const q = t.stack.emulators.sqs.inspectQueue('webhook-delivery')!;
    return [...q.messages.ready, ...q.messages.delayed, ...q.messages.inflight.map((i) => i.message)]
      .map((m) => m.body)
      .filter((body) => (JSON.parse(body) as DeliveryMessage).event_id === eventId);
  };
  const pendingBodies = (eventId: string) => {
    const seen = new Map<string, number>();
    return queued(eventId).filter((body) => {
      const n = (seen.get(body) ?? 0) + 1;
      seen.set(body, n);
      return n > (stepped.get(body) ?? 0);
    });
  };
  return {
    pending: (eventId) => pendingBodies(eventId).map((body) => JSON.parse(body) as DeliveryMessage),
    step: async (eventId, now) => {
      const outcomes: DispatchOutcome[] = [];
      for (const body of pendingBodies(eventId)) {
        stepped.set(body, (stepped.get(body) ?? 0) + 1);
        const message = JSON.parse(body) as DeliveryMessage;
        outcomes.push(await dispatchWebhook(message, now ?? new Date(Math.max(Date.now(), Date.parse(message.due_at))), webhookDispatchServices()));
      }
      return outcomes;
    },
  };
}

/**
 * A minimal `license.status_changed` event of the monitor, stored as a check would store it, created at
 * `start` with the attempts already made (none by default); its id.
 */
export async function storeStatusEvent(
  events: Pick<EventStore, 'createOnce'>,
  monitorId: string,
  start: Date,
  attempts: DeliveryAttempt[] = [],
): Promise<string> {
  const eventId = newId('evt');
  await events.createOnce({
    event_id: eventId,
    owner: 'x',
    monitor_id: monitorId,
    kind: 'license.status_changed',
    created_at: start.toISOString(),
    created_key: `${start.toISOString()}#${eventId}`,
    body: JSON.stringify({ event: 'license.status_changed', event_id: eventId }),
    delivery: { state: 'pending', attempts },
  });
  return eventId;
}
