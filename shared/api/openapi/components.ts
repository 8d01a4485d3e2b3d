/**
 * The named schemas of the OpenAPI document (`components.schemas`), each the very zod schema the code
 * validates with or builds its bodies to. Request schemas are rendered as the JSON they accept (zod
 * `io: 'input'`), response schemas as the JSON the service sends (`io: 'output'`). Every JSON body an
 * operation takes or answers with is named here, and so is every object that more than one schema
 * holds; enums are named in enums.ts.
 */
import type { z } from 'zod';
import { accountViewSchema } from '../../features/accounts/account-view-schema.ts';
import { apiKeyPageSchema, apiKeySchema, createdApiKeySchema, createKeyRequestSchema, rollKeyRequestSchema } from '../../features/accounts/key-view-schema.ts';
import { limitsSchema, usageViewSchema } from '../../features/limits/usage-view-schema.ts';
import { certificateSchema } from '../../features/certificates/certificate-schema.ts';
import { jwksSchema } from '../../features/certificates/jwks-schema.ts';
import { evidenceRefSchema, sanctionMatchSchema, sanctionsListSchema, sourceReportSchema, unavailableReasonSchema } from '../../contract/field-schemas.ts';
import { errorBodySchema, errorCodeSchema, errorObjectSchema } from '../../contract/error-schema.ts';
import { evidenceBundleSchema, evidenceItemSchema } from '../../features/evidence/evidence-bundle.ts';
import { exportViewSchema } from '../../features/history/export-view.ts';
import { createExportRequestSchema } from '../../features/history/history-query.ts';
import { historyItemSchema, historyPageSchema } from '../../features/history/history-view.ts';
import { checkMonitorResponseSchema } from '../../features/monitoring/checks/check-response-schema.ts';
import { eventPageSchema, eventSchema } from '../../features/monitoring/delivery/event-view.ts';
import { createMonitorRequestSchema, emptyRequestSchema, rotateSecretRequestSchema } from '../../features/monitoring/checks/monitor-requests.ts';
import { monitorPageSchema, monitorSchema } from '../../features/monitoring/checks/monitor-schema.ts';
import {
  eventProviderSchema,
  exportEventKinds,
  exportEventSchemas,
  statusChangeSchema,
  testEventKind,
  testWebhookEventSchema,
  webhookEventSchemas,
} from '../../features/monitoring/delivery/webhook-event-schema.ts';
import { deliveryPageSchema, deliverySchema, secretRotationSchema, testWebhookResponseSchema } from '../../features/monitoring/delivery/delivery-views.ts';
import type { EventKind } from '../../features/monitoring/checks/change-events.ts';
import { publicRecordSchema } from '../../features/records/public-record-schema.ts';
import { coverageSchema } from '../../features/sources/boards/coverage-schema.ts';
import { sourcesReportSchema } from '../../features/sources/health/sources-schema.ts';
import { bulkItemErrorSchema, bulkItemResultSchema, bulkRequestSchema, bulkResponseSchema } from '../../features/verification/bulk-verification.ts';
import { verificationRequestSchema } from '../../features/verification/verification-request.ts';
import { verificationResultSchema } from '../../features/verification/verification-result-schema.ts';
import { healthSchema } from './operations.ts';

/**
 * Names are nouns of the domain. None is an operation id followed by what client generators append to
 * one (`Data`, `Request`, `Response`, `Responses`, `Error`, `Errors`), so a generated client never has to
 * rename one of them (`HealthResponse2`); a test checks it.
 */
export const requestSchemas: Readonly<Record<string, z.ZodType>> = {
  VerificationRequest: verificationRequestSchema,
  BulkVerificationRequest: bulkRequestSchema,
  MonitorRequest: createMonitorRequestSchema,
  SecretRotationRequest: rotateSecretRequestSchema,
  ApiKeyRequest: createKeyRequestSchema,
  ApiKeyRollRequest: rollKeyRequestSchema,
  HistoryExportRequest: createExportRequestSchema,
  EmptyRequest: emptyRequestSchema,
};

/** `license.status_changed` → `LicenseStatusChangedEvent`. */
export function webhookSchemaName(kind: string): string {
  return `${pascalCase(kind)}Event`;
}

/** `license.status_changed` → `LicenseStatusChanged`. */
export function pascalCase(words: string): string {
  return words
    .split(/[._]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export const responseSchemas: Readonly<Record<string, z.ZodType>> = {
  Health: healthSchema,
  VerificationResult: verificationResultSchema,
  SourceReport: sourceReportSchema,
  UnavailableReason: unavailableReasonSchema,
  EvidenceRef: evidenceRefSchema,
  SanctionsList: sanctionsListSchema,
  SanctionMatch: sanctionMatchSchema,
  BulkVerification: bulkResponseSchema,
  BulkItemResult: bulkItemResultSchema,
  BulkItemError: bulkItemErrorSchema,
  Certificate: certificateSchema,
  EvidenceBundle: evidenceBundleSchema,
  EvidenceItem: evidenceItemSchema,
  PublicRecord: publicRecordSchema,
  JsonWebKeySet: jwksSchema,
  Account: accountViewSchema,
  PlanLimits: limitsSchema,
  Usage: usageViewSchema,
  Coverage: coverageSchema,
  Sources: sourcesReportSchema,
  Monitor: monitorSchema,
  MonitorPage: monitorPageSchema,
  MonitorCheck: checkMonitorResponseSchema,
  Event: eventSchema,
  EventPage: eventPageSchema,
  VerificationPage: historyPageSchema,
  VerificationHistoryItem: historyItemSchema,
  HistoryExport: exportViewSchema,
  ApiKey: apiKeySchema,
  CreatedApiKey: createdApiKeySchema,
  ApiKeyPage: apiKeyPageSchema,
  Error: errorBodySchema,
  ErrorObject: errorObjectSchema,
  ErrorCode: errorCodeSchema,
  ...Object.fromEntries(Object.entries(webhookEventSchemas).map(([kind, schema]) => [webhookSchemaName(kind as EventKind), schema])),
  ...Object.fromEntries(exportEventKinds.map((kind) => [webhookSchemaName(kind), exportEventSchemas[kind]])),
  [webhookSchemaName(testEventKind)]: testWebhookEventSchema,
  EventProvider: eventProviderSchema,
  StatusChange: statusChangeSchema,
  Delivery: deliverySchema,
  DeliveryPage: deliveryPageSchema,
  TestWebhookResult: testWebhookResponseSchema,
  SecretRotation: secretRotationSchema,
};
