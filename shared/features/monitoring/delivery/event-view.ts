/**
 * An event as `GET /v1/events` lists it: the exact payload sent and its delivery history; and the
 * schemas it is documented and tested with.
 */
import * as z from 'zod';
import { pageSchema } from '../../../contract/pagination.ts';
import { deliveryErrorDescriptions, deliveryErrors, publicDeliveryError } from '../../webhooks/delivery-errors.ts';
import type { EventRecord } from './event-record.ts';
import { monitorIdSchema } from '../checks/monitor-schema.ts';
import { anyEventBodySchema, eventIdSchema, storedEventKinds } from './webhook-event-schema.ts';
import { chainOf, numberedAttempts, type NumberedAttempt } from './delivery-chain.ts';

export function eventView(event: EventRecord) {
  return {
    event_id: event.event_id,
    event: event.kind,
    monitor_id: event.monitor_id,
    created_at: event.created_at,
    payload: JSON.parse(event.body) as unknown,
    delivery: { state: event.delivery.state, chain: chainOf(event).chain, attempts: numberedAttempts(event).map(attemptView) },
  };
}

/** An attempt as the customer sees it: the failure as a generic kind, never the precise cause. */
export function attemptView(attempt: NumberedAttempt) {
  return {
    chain: attempt.chain,
    attempt: attempt.attempt,
    at: attempt.at,
    ok: attempt.ok,
    status: attempt.status,
    error: publicDeliveryError(attempt.error, attempt.status),
    duration_ms: attempt.duration_ms,
  };
}

export const deliveryAttemptFields = {
  chain: z
    .number()
    .int()
    .min(0)
    .meta({ description: 'The delivery chain of the attempt: 0 for the first, one more for each redelivery (`POST /v1/events/{event_id}/redeliver`).' }),
  attempt: z.number().int().min(0).meta({ description: 'The attempt in its chain: 0 for the first, 1 to 5 for the retries.' }),
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
};

const deliveryAttemptSchema = z.strictObject(deliveryAttemptFields);

export const eventSchema = z
  .strictObject({
    event_id: eventIdSchema,
    event: z.enum(storedEventKinds),
    monitor_id: monitorIdSchema,
    created_at: z.iso.datetime(),
    payload: anyEventBodySchema.meta({ description: 'The exact body sent (and signed) on every delivery attempt.' }),
    delivery: z.strictObject({
      state: z.enum(['pending', 'delivered', 'failed', 'cancelled']).meta({
        description:
          '`pending` (first attempt or a retry to come), `delivered`, `failed` (after the fifth retry) or `cancelled` (the monitor was deleted); the state of the current chain.',
      }),
      chain: z.number().int().min(0).meta({ description: 'The current delivery chain: 0, or the number of redeliveries.' }),
      attempts: z.array(deliveryAttemptSchema).meta({ description: 'Every attempt so far, of every chain, oldest first.' }),
    }),
  })
  .meta({ title: 'Event' });

export const eventPageSchema = pageSchema(eventSchema, 'an event id').meta({ title: 'Page of events' });
