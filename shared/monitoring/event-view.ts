/**
 * An event as `GET /v1/events` lists it: the exact payload sent and its delivery history; and the
 * schemas it is documented and tested with.
 */
import * as z from 'zod';
import { pageSchema } from '../contract/pagination.ts';
import { eventKinds } from './change-events.ts';
import { deliveryErrorDescriptions, deliveryErrors, publicDeliveryError } from '../webhooks/delivery-errors.ts';
import type { DeliveryAttempt, EventRecord } from './event-store.ts';
import { monitorIdSchema } from './monitor-schema.ts';
import { anyWebhookEventSchema, eventIdSchema } from './webhook-event-schema.ts';

export function eventView(event: EventRecord) {
  return {
    event_id: event.event_id,
    event: event.kind,
    monitor_id: event.monitor_id,
    created_at: event.created_at,
    payload: JSON.parse(event.body) as unknown,
    delivery: { state: event.delivery.state, attempts: event.delivery.attempts.map(attemptView) },
  };
}

/** An attempt as the customer sees it: the failure as a generic kind, never the precise cause. */
function attemptView(attempt: DeliveryAttempt) {
  return {
    at: attempt.at,
    ok: attempt.ok,
    status: attempt.status,
    error: publicDeliveryError(attempt.error, attempt.status),
    duration_ms: attempt.duration_ms,
  };
}

const deliveryAttemptSchema = z.strictObject({
  at: z.iso.datetime().meta({ description: 'When the attempt started.' }),
  ok: z.boolean().meta({ description: 'True when the receiver answered 2xx in time.' }),
  status: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null without an answer." }),
  error: z
    .enum(deliveryErrors)
    .nullable()
    .meta({
      description: `Why the attempt failed, as a generic kind (the precise cause is not shown); null on success. ${deliveryErrors
        .map((kind) => `\`${kind}\`: ${deliveryErrorDescriptions[kind]}`)
        .join(' ')}`,
    }),
  duration_ms: z.number().int().min(0),
});

export const eventSchema = z
  .strictObject({
    event_id: eventIdSchema,
    event: z.enum(eventKinds),
    monitor_id: monitorIdSchema,
    created_at: z.iso.datetime(),
    payload: anyWebhookEventSchema.meta({ description: 'The exact body sent (and signed) on every delivery attempt.' }),
    delivery: z.strictObject({
      state: z.enum(['pending', 'delivered', 'failed', 'cancelled']).meta({
        description: '`pending` (first attempt or a retry to come), `delivered`, `failed` (after the fifth retry) or `cancelled` (the monitor was deleted).',
      }),
      attempts: z.array(deliveryAttemptSchema).meta({ description: 'Every attempt so far, oldest first.' }),
    }),
  })
  .meta({ title: 'Event' });

export const eventPageSchema = pageSchema(eventSchema, 'an event id').meta({ title: 'Page of events' });
