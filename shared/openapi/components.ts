/**
 * The named schemas of the OpenAPI document (`components.schemas`), each the very zod schema the code
 * validates with or builds its bodies to. Request schemas are rendered as the JSON they accept (zod
 * `io: 'input'`), response schemas as the JSON the service sends (`io: 'output'`). A schema an operation
 * uses that is not named here gets a name from its route id.
 */
import type { z } from 'zod';
import { accountViewSchema } from '../auth/account-view-schema.ts';
import { apiKeyPageSchema, apiKeySchema, createdApiKeySchema, createKeyRequestSchema, rollKeyRequestSchema } from '../auth/key-view-schema.ts';
import { usageViewSchema } from '../limits/usage-view-schema.ts';
import { certificateSchema } from '../certificates/certificate-schema.ts';
import { jwksSchema } from '../certificates/jwks-schema.ts';
import { errorBodySchema, errorCodeSchema, errorObjectSchema } from '../contract/error-schema.ts';
import { eventPageSchema, eventSchema } from '../monitoring/event-view.ts';
import { createMonitorRequestSchema, rotateSecretRequestSchema } from '../monitoring/monitor-requests.ts';
import { monitorPageSchema, monitorSchema } from '../monitoring/monitor-schema.ts';
import { testEventKind, testWebhookEventSchema, webhookEventSchemas } from '../monitoring/webhook-event-schema.ts';
import { deliveryPageSchema, deliverySchema, secretRotationSchema, testWebhookResponseSchema } from '../monitoring/delivery-views.ts';
import type { EventKind } from '../monitoring/change-events.ts';
import { publicRecordSchema } from '../records/public-record-schema.ts';
import { coverageSchema } from '../sources/boards/coverage-schema.ts';
import { sourcesReportSchema } from '../sources/health/sources-schema.ts';
import { bulkRequestSchema, bulkResponseSchema } from '../verification/bulk-verification.ts';
import { verificationRequestSchema } from '../verification/verification-request.ts';
import { verificationResultSchema } from '../verification/verification-result-schema.ts';

export const requestSchemas: Readonly<Record<string, z.ZodType>> = {
  VerificationRequest: verificationRequestSchema,
  BulkVerificationRequest: bulkRequestSchema,
  MonitorRequest: createMonitorRequestSchema,
  SecretRotationRequest: rotateSecretRequestSchema,
  CreateApiKeyRequest: createKeyRequestSchema,
  RollApiKeyRequest: rollKeyRequestSchema,
};

/** `license.status_changed` → `LicenseStatusChangedEvent`. */
export function webhookSchemaName(kind: string): string {
  const words = kind.split(/[._]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return `${words.join('')}Event`;
}

export const responseSchemas: Readonly<Record<string, z.ZodType>> = {
  VerificationResult: verificationResultSchema,
  BulkVerificationResponse: bulkResponseSchema,
  Certificate: certificateSchema,
  PublicRecord: publicRecordSchema,
  JsonWebKeySet: jwksSchema,
  Account: accountViewSchema,
  Usage: usageViewSchema,
  Coverage: coverageSchema,
  Sources: sourcesReportSchema,
  Monitor: monitorSchema,
  MonitorPage: monitorPageSchema,
  Event: eventSchema,
  EventPage: eventPageSchema,
  ApiKey: apiKeySchema,
  CreatedApiKey: createdApiKeySchema,
  ApiKeyPage: apiKeyPageSchema,
  Error: errorBodySchema,
  ErrorObject: errorObjectSchema,
  ErrorCode: errorCodeSchema,
  ...Object.fromEntries(Object.entries(webhookEventSchemas).map(([kind, schema]) => [webhookSchemaName(kind as EventKind), schema])),
  [webhookSchemaName(testEventKind)]: testWebhookEventSchema,
  Delivery: deliverySchema,
  DeliveryPage: deliveryPageSchema,
  TestWebhookResult: testWebhookResponseSchema,
  SecretRotation: secretRotationSchema,
};
