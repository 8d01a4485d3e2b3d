/**
 * What the monitoring endpoints accept: the body of `POST /v1/monitor` and the queries of
 * `GET /v1/monitors` and `GET /v1/events`. The handlers validate with these schemas and the OpenAPI
 * document is generated from them.
 */
import * as z from 'zod';
import { paginationQuery } from '../http/pagination.ts';
import { eventIdPattern, monitorIdPattern } from '../ids.ts';
import { verificationRequestSchema } from '../verification/verification-request.ts';
import { maxWebhookUrlLength } from '../webhooks/webhook-url-guard.ts';

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
        description:
          'Where events are POSTed. `https` on live keys; test keys may use `http` to the hosts the deployment allows. A host that resolves to a private, loopback or link-local address is refused.',
      }),
    webhook_secret: z
      .string()
      .min(16, 'webhook_secret must be at least 16 characters')
      .max(256, 'webhook_secret must be at most 256 characters')
      .meta({ description: 'Key of the HMAC-SHA256 `Service-Signature` on every delivery. Stored sealed and never returned.' }),
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
});
