/**
 * What the monitoring endpoints accept: the bodies of `POST /v1/monitor` and its check, and the queries of
 * `GET /v1/monitors` and `GET /v1/events`. The handlers validate with these schemas and the OpenAPI
 * document is generated from them.
 */
import * as z from 'zod';
import { paginationQuery } from '../../../contract/pagination.ts';
import { eventIdPattern, monitorIdPattern } from '../../../platform/ids.ts';
import { verificationRequestSchema } from '../../verification/verification-request.ts';
import { maxWebhookUrlLength, webhookPorts } from '../../webhooks/webhook-url-guard.ts';
import { deliveryIdPattern } from '../delivery/delivery-list.ts';
import { filteredPageSize, maxFilteredPages } from '../delivery/event-store.ts';
import { defaultOverlapHours, maxOverlapHours } from '../secrets/webhook-secrets.ts';

/** The delivery states `GET /v1/events` filters by. */
export const listableDeliveryStates = ['pending', 'delivered', 'failed', 'cancelled'] as const;

export const defaultAlertDaysBeforeExpiry = 90;

export const createMonitorRequestSchema = verificationRequestSchema
  .pick({ first_name: true, last_name: true, state: true, npi: true })
  .extend({
    webhook_url: z
      .string()
      .min(1)
      .max(maxWebhookUrlLength)
      .meta({
        format: 'uri',
        description: `Where events are POSTed: \`https\`, port ${webhookPorts.join(' or ')} (443 when none is given). A host that resolves to a private, loopback, link-local, shared, documentation, Teredo, local-use NAT64, multicast or reserved address is refused, now and before every delivery. Only a local stack may let test keys post to a loopback receiver (\`WEBHOOK_ALLOW_LOOPBACK\`, over \`http\` or any port); no deployed stack does.`,
      }),
    webhook_secret: z.string().min(16, 'webhook_secret must be at least 16 characters').max(256, 'webhook_secret must be at most 256 characters').meta({
      description:
        'Key of both signatures on every delivery (see Webhooks): the HMAC-SHA256 `Service-Signature` and the Standard Webhooks `webhook-signature`; for a Standard Webhooks library, pass `whsec_` followed by the base64 of this secret’s UTF-8 bytes. Stored sealed, bound to the monitor, and never returned.',
    }),
    alert_days_before_expiry: z
      .number()
      .int()
      .min(1)
      .max(365)
      .default(defaultAlertDaysBeforeExpiry)
      .meta({ description: '`license.expiry_approaching` is sent once the expiry date is this many days away or fewer.' }),
  })
  .meta({ title: 'Monitor request' });

export type CreateMonitorRequest = z.output<typeof createMonitorRequestSchema>;

export const listMonitorsQuerySchema = z.strictObject(paginationQuery(monitorIdPattern, 'a monitor id'));

export const listEventsQuerySchema = z.strictObject({
  ...paginationQuery(eventIdPattern, 'an event id'),
  monitor_id: z
    .string()
    .regex(monitorIdPattern, 'monitor_id must be a monitor id')
    .optional()
    .meta({ description: 'Only the events of this monitor (one of yours).' }),
  delivery_state: z
    .enum(listableDeliveryStates)
    .optional()
    .meta({
      description: `Only the events in this delivery state, e.g. \`failed\` to find the events to redeliver. A page reads at most ${maxFilteredPages * filteredPageSize} events: when fewer match, it can hold fewer than \`limit\` (even none) with \`has_more\`; follow \`next_cursor\` to read on.`,
    }),
});

/**
 * The body of `POST /v1/events/{event_id}/redeliver`, `POST /v1/monitor/{monitor_id}/test-webhook` and
 * `POST /v1/monitor/{monitor_id}/check`: none, or an empty object.
 */
export const emptyRequestSchema = z.strictObject({}).meta({ title: 'Empty request' });

/** The body of `POST /v1/monitor/{monitor_id}/check`: none, or an empty object. */
export const checkMonitorRequestSchema = emptyRequestSchema;

export const rotateSecretRequestSchema = z
  .strictObject({
    webhook_secret: createMonitorRequestSchema.shape.webhook_secret.meta({
      description:
        'The new secret, 16 to 256 characters, chosen by you (as when the monitor was created): it is sealed like the first and never returned or logged. Signs every delivery from now on.',
    }),
    overlap_hours: z
      .number()
      .int()
      .min(0)
      .max(maxOverlapHours)
      .default(defaultOverlapHours)
      .meta({
        description: `How long, in hours, the old secret keeps signing deliveries beside the new one (0 to ${maxOverlapHours}; default ${defaultOverlapHours}): every delivery carries both signatures meanwhile, so a receiver can switch secrets at any moment of the window. 0 drops the old secret at once.`,
      }),
  })
  .meta({ title: 'Secret rotation request' });

export const listDeliveriesQuerySchema = z.strictObject(paginationQuery(deliveryIdPattern, 'a delivery id'));
