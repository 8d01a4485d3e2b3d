/**
 * The response schemas of the webhook self-service endpoints: a monitor's deliveries, the outcome of a
 * test event and of a secret rotation. The handlers build their bodies to these, and the OpenAPI
 * document is generated from them.
 */
import * as z from 'zod';
import { pageSchema } from '../../../contract/pagination.ts';
import { deliveryErrors } from '../../webhooks/delivery-errors.ts';
import { deliveryIdPattern } from './delivery-list.ts';
import { deliveryAttemptFields } from './event-view.ts';
import { monitorIdSchema } from '../checks/monitor-schema.ts';
import { eventIdSchema, storedEventKinds, testEventKind } from './webhook-event-schema.ts';

export const deliverySchema = z
  .strictObject({
    delivery_id: z.string().regex(deliveryIdPattern).meta({ description: 'The event id and the position of the attempt among its attempts.' }),
    event_id: eventIdSchema,
    event: z.enum(storedEventKinds).meta({ description: 'The kind of the event delivered.' }),
    ...deliveryAttemptFields,
  })
  .meta({ title: 'Delivery' });

export const deliveryPageSchema = pageSchema(deliverySchema, 'a delivery id').meta({
  title: 'Page of deliveries',
  description: "A monitor's delivery attempts: its events newest first, each event's attempts newest first.",
});

export const testWebhookResponseSchema = z
  .strictObject({
    event_id: eventIdSchema,
    event: z.literal(testEventKind),
    monitor_id: monitorIdSchema,
    ok: z.boolean().meta({ description: 'True when the receiver answered 2xx in time.' }),
    status: z.number().int().nullable().meta({ description: "The receiver's HTTP status; null without an answer." }),
    error: z
      .enum(deliveryErrors)
      .nullable()
      .meta({ description: 'Why it failed, as a generic kind (as in the attempts of `GET /v1/events`); null on success.' }),
    duration_ms: z.number().int().min(0),
  })
  .meta({ title: 'Test webhook result' });

export const secretRotationSchema = z
  .strictObject({
    monitor_id: monitorIdSchema,
    rotated_at: z.iso.datetime().meta({ description: 'From now on every delivery is signed with the new secret.' }),
    previous_secret_expires_at: z.iso.datetime().nullable().meta({
      description: 'Until when deliveries also carry the signatures of the old secret; null when it was dropped immediately, with `overlap_hours: 0`.',
    }),
  })
  .meta({ title: 'Secret rotation' });
