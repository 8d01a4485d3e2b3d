/**
 * The `webhooks` of the OpenAPI document: one POST per event kind, with the signature headers every
 * delivery carries (`Service-Signature` and the Standard Webhooks trio, docs/api-guide.md "Webhooks"),
 * the payload schema of the kind, an example, and what the receiver's answer means.
 */
import { eventIdPattern } from '../../platform/ids.ts';
import { eventKinds, type EventKind } from '../../features/monitoring/checks/change-events.ts';
import {
  exportEventKinds,
  exportEventSchemas,
  testEventKind,
  testWebhookEventSchema,
  webhookEventSchemas,
} from '../../features/monitoring/delivery/webhook-event-schema.ts';
import { eventIdHeader, timestampHeader, webhookUserAgent, defaultWebhookTimeoutMs } from '../../features/webhooks/deliver-webhook.ts';
import { retryDelaysMs } from '../../features/webhooks/retry-schedule.ts';
import {
  signatureHeader,
  standardIdHeader,
  standardSignatureHeader,
  standardTimestampHeader,
  standardToleranceSeconds,
} from '../../features/webhooks/webhook-signature.ts';
import { webhookSamples } from './code-samples.ts';
import { pascalCase, webhookSchemaName } from './components.ts';
import { exportEventExamples, testEventExample, webhookEventExamples } from './examples.ts';
import { schemaRef } from './json-schema.ts';

export const webhookHeaderParameters = [
  {
    name: signatureHeader,
    in: 'header',
    required: true,
    description:
      'Lowercase hex HMAC-SHA256 of the raw request body, keyed with the monitor’s `webhook_secret`. Always exactly one value: compute it over the bytes received (before parsing), compare the whole header in constant time, and reject the request when it does not match. During a secret rotation’s overlap (`POST /v1/monitor/{monitor_id}/rotate-secret`) it is signed with the previous secret, so a receiver that has not switched keeps verifying; a receiver holding both secrets accepts it when it matches either. After the overlap it is signed with the new secret.',
    schema: { type: 'string', pattern: '^[0-9a-f]{64}$' },
  },
  {
    name: standardIdHeader,
    in: 'header',
    required: true,
    description: 'Standard Webhooks message id: the event id, as `Service-Event-Id`. Covered by `webhook-signature`.',
    schema: { type: 'string', pattern: eventIdPattern.source },
  },
  {
    name: standardTimestampHeader,
    in: 'header',
    required: true,
    description: `Standard Webhooks timestamp: when this attempt was sent, in unix seconds (the instant of \`${timestampHeader}\`). Covered by \`webhook-signature\`: refuse a request whose timestamp is more than ${standardToleranceSeconds / 60} minutes from your clock, so a captured request cannot be replayed later.`,
    schema: { type: 'string', pattern: '^[0-9]{1,12}$' },
  },
  {
    name: standardSignatureHeader,
    in: 'header',
    required: true,
    description:
      'Standard Webhooks signature: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the UTF-8 bytes of the monitor’s `webhook_secret` (the same key as `Service-Signature`). A Standard Webhooks library verifies it given the secret `whsec_` + base64(UTF-8 bytes of `webhook_secret`). Compare in constant time; the header may list several space-separated signatures (during a rotation’s overlap, the new secret’s and the previous one’s, the new first), any `v1` one matching a secret you hold is enough.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]{43}=( v1,[A-Za-z0-9+/]{43}=)*$' },
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
    description: 'When this attempt was sent (ISO 8601, UTC). Not signed: use `webhook-timestamp` to refuse replays.',
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

export const retryPolicy = `Any 2xx within ${defaultWebhookTimeoutMs / 1000} seconds is success. Anything else (another status, a time-out, a failed connection or TLS handshake, a redirect, which is never followed) is retried after ${retryDelaysMs.map(duration).join(', ')}. After the last retry fails the event is marked failed and one e-mail goes to the account’s address. \`GET /v1/events\` shows each attempt’s failure as a generic kind (\`connection_failed\`, \`timeout\`, \`tls_error\`, \`http_status\` with the status, \`blocked_destination\`).`;

/**
 * How a receiver authenticates a delivery, shown with every webhook: both signatures, and why the
 * second one matters (replays).
 */
export const signatureSchemes = `Every delivery carries two signatures, both keyed with the monitor’s \`webhook_secret\`. (1) \`${signatureHeader}\`: lowercase hex HMAC-SHA256 of the raw body, keyed with the secret’s UTF-8 bytes (the spec’s scheme). It does not cover the time, so a captured request can be replayed. (2) Standard Webhooks: \`${standardSignatureHeader}\` is \`v1,\` + base64 HMAC-SHA256 of \`{${standardIdHeader}}.{${standardTimestampHeader}}.{raw body}\` with the same key; refuse a timestamp more than ${standardToleranceSeconds / 60} minutes from your clock and de-duplicate on \`${standardIdHeader}\`. A stock Standard Webhooks library verifies it when given the secret \`whsec_\` + base64(UTF-8 bytes of \`webhook_secret\`). Verify at least one; the second also refuses replays.`;

function webhook(kind: string, schema: { readonly description?: string | undefined }, example: { readonly event_id: string }) {
  return {
    post: {
      // `license.status_changed` → `LicenseStatusChanged`: generators add `WebhookPayload`, `WebhookRequest`.
      operationId: pascalCase(kind),
      tags: ['Webhooks'],
      summary: kind,
      description: `${schema.description ?? ''} Sent to the monitor’s \`webhook_url\`. Return 200 also for kinds you ignore; acknowledge first and process asynchronously. ${signatureSchemes}`,
      security: [],
      parameters: webhookHeaderParameters,
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: { $ref: schemaRef(webhookSchemaName(kind)) },
            examples: { default: { summary: kind, value: example } },
          },
        },
      },
      'x-codeSamples': webhookSamples(kind, example),
      responses: {
        '2XX': { description: `Received. ${retryPolicy}` },
        default: { description: 'Not received: the delivery is retried (see the 2XX response).' },
      },
    },
  };
}

export function webhooksObject(): Record<string, ReturnType<typeof webhook>> {
  return {
    ...Object.fromEntries(eventKinds.map((kind: EventKind) => [kind, webhook(kind, webhookEventSchemas[kind], webhookEventExamples[kind])])),
    ...Object.fromEntries(exportEventKinds.map((kind) => [kind, webhook(kind, exportEventSchemas[kind], exportEventExamples[kind])])),
    [testEventKind]: webhook(testEventKind, testWebhookEventSchema, testEventExample),
  };
}
