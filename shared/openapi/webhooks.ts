/**
 * The `webhooks` of the OpenAPI document: one POST per event kind, with the signature headers every
 * delivery carries, the payload schema of the kind, an example, and what the receiver's answer means.
 */
import { eventIdPattern } from '../ids.ts';
import { eventKinds, type EventKind } from '../monitoring/change-events.ts';
import { webhookEventSchemas } from '../monitoring/webhook-event-schema.ts';
import { eventIdHeader, timestampHeader, webhookUserAgent, defaultWebhookTimeoutMs } from '../webhooks/deliver-webhook.ts';
import { retryDelaysMs } from '../webhooks/retry-schedule.ts';
import { signatureHeader } from '../webhooks/webhook-signature.ts';
import { webhookSchemaName } from './components.ts';
import { webhookEventExamples } from './examples.ts';
import { schemaRef } from './json-schema.ts';

export const webhookHeaderParameters = [
  {
    name: signatureHeader,
    in: 'header',
    required: true,
    description:
      'Lowercase hex HMAC-SHA256 of the raw request body, keyed with the monitor’s `webhook_secret`. Compute it over the bytes received (before parsing) and compare in constant time; reject the request on a mismatch.',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  {
    name: eventIdHeader,
    in: 'header',
    required: true,
    description: 'The event id (`event_id` of the body). The same id and body go out on every attempt: de-duplicate on it.',
    schema: { type: 'string', pattern: eventIdPattern.source },
  },
  {
    name: timestampHeader,
    in: 'header',
    required: true,
    description: 'When this attempt was sent (ISO 8601, UTC).',
    schema: { type: 'string', format: 'date-time' },
  },
  {
    name: 'User-Agent',
    in: 'header',
    required: true,
    description: 'Names the sender.',
    schema: { const: webhookUserAgent },
  },
] as const;

function duration(ms: number): string {
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} min`;
}

export const retryPolicy = `Any 2xx within ${defaultWebhookTimeoutMs / 1000} seconds is success. Anything else (another status, a time-out, a refused connection, a redirect, which is never followed) is retried after ${retryDelaysMs.map(duration).join(', ')}. After the last retry fails the event is marked failed and one e-mail goes to the account’s address.`;

function webhook(kind: EventKind) {
  const schema = webhookEventSchemas[kind];
  return {
    post: {
      operationId: `webhook.${kind}`,
      tags: ['Webhooks'],
      summary: kind,
      description: `${schema.description ?? ''} Sent to the monitor’s \`webhook_url\`. Return 200 also for kinds you ignore; acknowledge first and process asynchronously.`,
      security: [],
      parameters: webhookHeaderParameters,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: schemaRef(webhookSchemaName(kind)) }, examples: { default: { summary: kind, value: webhookEventExamples[kind] } } } },
      },
      responses: {
        '2XX': { description: `Received. ${retryPolicy}` },
        default: { description: 'Not received: the delivery is retried (see the 2XX response).' },
      },
    },
  };
}

export function webhooksObject(): Record<string, ReturnType<typeof webhook>> {
  return Object.fromEntries(eventKinds.map((kind) => [kind, webhook(kind)]));
}
