/**
 * What the OpenAPI document says about each route, keyed by the route's id in the route table. Method,
 * path, summary and authentication come from the route table itself; the errors every route of a kind
 * can return (authentication, limits, body parsing, idempotency, outages) are added by the generator.
 * Here stays only what is particular to an operation: its description, the schemas of what it accepts
 * and answers with (the same zod schemas the handler validates with or builds its body to), examples,
 * and its own error codes. A route of the table without an entry fails the contract tests.
 */
import * as z from 'zod';
import { bulkRequestSchema, bulkResponseSchema, maxBulkProviders } from '../../features/verification/bulk-verification.ts';
import { verificationRequestSchema } from '../../features/verification/verification-request.ts';
import { verificationResultSchema } from '../../features/verification/verification-result-schema.ts';
import { accountViewSchema } from '../../features/accounts/account-view-schema.ts';
import {
  apiKeyPageSchema,
  apiKeySchema,
  createdApiKeySchema,
  createKeyRequestSchema,
  listKeysQuerySchema,
  rollKeyRequestSchema,
} from '../../features/accounts/key-view-schema.ts';
import { defaultGraceHours, maxGraceHours, usableKeyLimit } from '../../features/accounts/key-rules.ts';
import { usageQuerySchema, usageViewSchema } from '../../features/limits/usage-view-schema.ts';
import { certificateSchema } from '../../features/certificates/certificate-schema.ts';
import { jwksSchema } from '../../features/certificates/jwks-schema.ts';
import type { ErrorCode } from '../../contract/error-catalogue.ts';
import { checkMonitorResponseSchema } from '../../features/monitoring/checks/check-response-schema.ts';
import { eventPageSchema } from '../../features/monitoring/delivery/event-view.ts';
import {
  checkMonitorRequestSchema,
  createMonitorRequestSchema,
  emptyRequestSchema,
  listDeliveriesQuerySchema,
  listEventsQuerySchema,
  listMonitorsQuerySchema,
  rotateSecretRequestSchema,
} from '../../features/monitoring/checks/monitor-requests.ts';
import { eventSchema } from '../../features/monitoring/delivery/event-view.ts';
import { deliveryPageSchema, secretRotationSchema, testWebhookResponseSchema } from '../../features/monitoring/delivery/delivery-views.ts';
import { maxChains } from '../../features/monitoring/delivery/delivery-chain.ts';
import { defaultOverlapHours, maxOverlapHours } from '../../features/monitoring/secrets/webhook-secrets.ts';
import { monitorPageSchema, monitorSchema } from '../../features/monitoring/checks/monitor-schema.ts';
import { publicRecordSchema } from '../../features/records/public-record-schema.ts';
import { evidenceBundleSchema, inlineBudgetBytes } from '../../features/evidence/evidence-bundle.ts';
import { coverageSchema } from '../../features/sources/boards/coverage-schema.ts';
import { sourcesQuerySchema, sourcesReportSchema } from '../../features/sources/health/sources-schema.ts';
import * as examples from './examples.ts';
import { createExportRequestSchema, listVerificationsQuerySchema } from '../../features/history/history-query.ts';
import { historyPageSchema } from '../../features/history/history-view.ts';
import { exportViewSchema } from '../../features/history/export-view.ts';

export type Tag = 'Verification' | 'Certificates' | 'Monitoring' | 'History' | 'Account' | 'Service';

/** Tags in the order the reference shows them, with what each groups. */
export const tags: readonly { readonly name: Tag; readonly description: string }[] = [
  { name: 'Verification', description: 'License checks, one provider or up to 100, and the coverage they run against.' },
  { name: 'Certificates', description: 'The signed certificate of every verification, its PDF, its public record and the signing keys.' },
  { name: 'Monitoring', description: 'Daily re-checks of registered providers, with signed webhook events.' },
  { name: 'History', description: 'Every verification you ran, filtered and paged, and CSV exports of it for audits.' },
  { name: 'Account', description: 'The calling key’s account, plan, limits and usage.' },
  { name: 'Service', description: 'Health, this contract and its reference.' },
];

export interface Example {
  readonly summary: string;
  readonly value: unknown;
}

export interface JsonContent {
  readonly schema: z.ZodType;
  readonly examples: Readonly<Record<string, Example>>;
}

/** A raw JSON Schema, for bodies that are not JSON (PDF, HTML). */
export type RawSchema = Readonly<Record<string, unknown>>;

/** Names of the headers in `components.headers` a success response may carry, besides the rate-limit ones. */
export type ResponseHeader = 'Idempotent-Replayed' | 'ETag' | 'Cache-Control' | 'Content-Security-Policy' | 'Vary' | 'Location' | 'Retry-After';

export interface SuccessResponse {
  readonly status: number;
  readonly description: string;
  readonly json?: JsonContent;
  /** Other representations: media type → schema. */
  readonly other?: Readonly<Record<string, RawSchema>>;
  readonly headers?: readonly ResponseHeader[];
}

export interface OperationDoc {
  readonly tag: Tag;
  readonly description: string;
  /** The JSON body it accepts; `optional` when the body may be left out. */
  readonly body?: JsonContent & { readonly optional?: true };
  /** The query schema the handler validates; `ignored` when the handler ignores the query string. */
  readonly query?: z.ZodObject | 'ignored';
  /** A query the code samples send (required with a query schema; the handler's schema must accept it). */
  readonly queryExample?: Readonly<Record<string, string | number | boolean>>;
  readonly responses: readonly SuccessResponse[];
  /** Error codes particular to this operation (the generator adds the ones every route of its kind has). */
  readonly errors?: readonly ErrorCode[];
  /** Other representations of an error status than the JSON error body: status → media type → schema. */
  readonly errorContent?: Readonly<Record<number, Readonly<Record<string, RawSchema>>>>;
  /** Only test keys may call it. */
  readonly testKeysOnly?: true;
}

const ok = (description: string, schema: z.ZodType, example: Example | Readonly<Record<string, Example>>): SuccessResponse => ({
  status: 200,
  description,
  json: { schema, examples: 'summary' in example ? { default: example as Example } : (example as Record<string, Example>) },
});

const notModified: SuccessResponse = {
  status: 304,
  description: 'Not modified: `If-None-Match` named the current `ETag`.',
  headers: ['ETag', 'Cache-Control'],
};

/** Binary bodies are `format: binary` (what generators read as a Blob) with their media type (what JSON Schema 2020-12 says). */
const pdf: RawSchema = { type: 'string', format: 'binary', contentMediaType: 'application/pdf', description: 'A one-page PDF with a PAdES signature.' };
const html: RawSchema = { type: 'string', contentMediaType: 'text/html', description: 'A self-contained HTML page.' };

/** The body of `GET /health`. */
export const healthSchema = z.strictObject({ status: z.literal('ok') }).meta({ title: 'Health' });

export const operationDocs: Readonly<Record<string, OperationDoc>> = {
  Health: {
    tag: 'Service',
    description: 'Answers 200 while the service runs. Needs no key.',
    responses: [ok('The service is up.', healthSchema, { summary: 'Up', value: { status: 'ok' } })],
  },
  GetAccount: {
    tag: 'Account',
    description:
      'The account of the calling key: plan, the limits in force, and this month’s live usage (`included` within the quota, `overage` past it, `remaining`). Test keys see the account’s live quota, which they never consume.',
    responses: [ok('The account.', accountViewSchema, { summary: 'A Production account', value: examples.accountExample })],
  },
  GetUsage: {
    tag: 'Account',
    description:
      'The account’s verifications per month and per day (UTC), the same counters the quota charges and enforces: `included` within the quota, `overage` past it, and each day split `live` and `test`. A key of either mode sees its account’s usage in both modes (test verifications are counted but never charged), never another account’s. `months` (1 to 12, default 2) goes back from the current month; a past month lists every day, the current one the days so far.',
    query: usageQuerySchema,
    queryExample: { months: 3 },
    responses: [ok('The usage.', usageViewSchema, { summary: 'A Production account, this month and the previous', value: examples.usageExample })],
  },
  ListApiKeys: {
    tag: 'Account',
    description:
      'The API keys the calling key may manage, newest first, with cursor pagination: an admin key sees every key of its account, both modes; a standard key sees the standard keys of its own mode. Each key has its public id, label, hint, mode, role, dates (`last_used_at` to the minute) and state; never the key itself, which is shown only when made. A key made a moment ago may take a second to be listed.',
    query: listKeysQuerySchema,
    queryExample: { limit: 20 },
    responses: [ok('A page of keys.', apiKeyPageSchema, { summary: 'A standard key and an admin key', value: examples.apiKeyPageExample })],
  },
  GetApiKey: {
    tag: 'Account',
    description:
      'One API key the calling key may manage, as `GET /v1/keys` lists it: public id, label, hint, mode, role, dates (`last_used_at` to the minute) and state; never the key itself. The key is read as stored, so a roll or revocation a moment ago shows. A key the caller may not manage (another account’s, the other mode’s for a standard key, an admin key for a standard key) is 404, as if it did not exist; so is a malformed id. A key made a moment ago may take a second to be found.',
    responses: [
      ok('The key.', apiKeySchema, {
        active: { summary: 'A standard key', value: examples.apiKeyExample },
        expiring: { summary: 'A rolled key in its grace period', value: examples.expiringApiKeyExample },
      }),
    ],
    errors: ['resource_not_found'],
  },
  CreateApiKey: {
    tag: 'Account',
    description: `Makes a key of the caller's account, 201 with the key in \`api_key\`, shown this once: only its hash is stored. \`mode\` defaults to the calling key's; a standard key makes standard keys of its own mode only, an admin key any (403 \`api_key_permission_denied\`). An account holds at most ${usableKeyLimit} usable (neither revoked nor expired) keys, both modes together (403 \`api_key_limit_reached\`), exactly so under concurrent requests. With an \`Idempotency-Key\`, a retry makes no second key: it answers the first one with \`api_key: null\`.`,
    body: {
      schema: createKeyRequestSchema,
      optional: true,
      examples: { default: { summary: 'A labelled key of the caller’s mode', value: examples.createKeyRequestExample } },
    },
    responses: [
      {
        status: 201,
        description: 'The new key, with the key itself this once.',
        json: { schema: createdApiKeySchema, examples: { default: { summary: 'Created', value: examples.createdApiKeyExample } } },
      },
    ],
    errors: ['api_key_permission_denied', 'api_key_limit_reached'],
  },
  RollApiKey: {
    tag: 'Account',
    description: `Replaces a key without downtime: a new key of the same mode, role and name, 201 with the key in \`api_key\` this once. The old key keeps working for \`grace_period_hours\` (0 to ${maxGraceHours}, default ${defaultGraceHours}; never past an earlier expiry of its own), then gets 401 \`authentication_failed\`. A key is rolled once (409 \`api_key_already_rolled\`; of concurrent rolls exactly one succeeds); a revoked or expired key cannot be (409 \`api_key_inactive\`). The new key needs a free place under the ${usableKeyLimit}-key limit while the old one works (403 \`api_key_limit_reached\`; a roll with no grace period frees the old key's). A key the caller may not manage is 404.`,
    body: { schema: rollKeyRequestSchema, optional: true, examples: { default: { summary: 'A day of grace', value: examples.rollKeyRequestExample } } },
    responses: [
      {
        status: 201,
        description: 'The new key, with the key itself this once.',
        json: { schema: createdApiKeySchema, examples: { default: { summary: 'Rolled', value: examples.rolledApiKeyExample } } },
      },
    ],
    errors: ['resource_not_found', 'api_key_already_rolled', 'api_key_inactive', 'api_key_limit_reached'],
  },
  RevokeApiKey: {
    tag: 'Account',
    description:
      'Revokes a key at once: its next request gets 401, in every region and container (keys are never cached). Revoking again answers the same. The account’s last admin key that stays (usable, no end set; a rolled one in its grace period does not count) cannot be revoked (409 `last_admin_key`), even by admin keys revoking each other at once. A key may revoke itself. A key the caller may not manage is 404.',
    responses: [ok('The key, `state: revoked`.', apiKeySchema, { summary: 'Revoked', value: examples.revokedApiKeyExample })],
    errors: ['resource_not_found', 'last_admin_key'],
  },
  Verify: {
    tag: 'Verification',
    description:
      'Checks one provider: the licensing board of `state`, the OIG exclusion list and the NPPES registry. Every result, whatever its `status`, has a verification id and a signed certificate. Counts one verification against the monthly quota on live keys; a 503 is never charged. An unknown field is a 400 naming it; an unrecognised `profession` is a 422 listing the accepted values.',
    body: {
      schema: verificationRequestSchema,
      examples: {
        default: { summary: 'With an NPI', value: examples.verificationRequestExample },
        sandbox: { summary: 'Reserved test name (test keys only)', value: { first_name: 'Pat', last_name: 'test-excluded', state: 'TX', npi: '1662571706' } },
      },
    },
    responses: [
      ok('The verification result.', verificationResultSchema, {
        default: { summary: 'Active and verified', value: examples.verificationResultExample },
        sandbox: { summary: 'Sandbox: excluded by OIG', value: examples.sandboxExcludedResultExample },
        ambiguous: { summary: 'Not found: two people share the name (an NPI tells them apart)', value: examples.ambiguousResultExample },
      }),
    ],
    errors: ['invalid_profession', 'sources_unavailable'],
  },
  VerifyBulk: {
    tag: 'Verification',
    description: `Verifies 1 to ${maxBulkProviders} providers, on the Production, Scale and Enterprise plans. Each item is validated and verified on its own: a bad item gets an error entry (\`param\` prefixed \`providers[i].\`) and never fails the batch. A hard quota that cannot cover every valid item refuses the batch whole, before any work; the batch is charged for the results issued (like one verify call each), not for item errors. The whole batch shares one deadline within the gateway's time limit: a source still silent by then is unavailable for the items waiting on it, which come back \`source_unavailable\` (or as a \`sources_unavailable\` item error when every source of that item is out and nothing is cached).`,
    body: { schema: bulkRequestSchema, examples: { default: { summary: 'Two providers, one invalid', value: examples.bulkRequestExample } } },
    responses: [
      ok('One entry per provider, in input order, and a summary.', bulkResponseSchema, {
        summary: 'One result, one error',
        value: examples.bulkResponseExample,
      }),
    ],
    errors: ['plan_upgrade_required'],
  },
  GetCoverage: {
    tag: 'Verification',
    description:
      'Every supported state with its board source, the datasets read and the professions it verifies. Another real state answers `unsupported_state`.',
    responses: [ok('The coverage matrix.', coverageSchema, { summary: 'Coverage (one state shown)', value: examples.coverageExample })],
  },
  GetSources: {
    tag: 'Verification',
    description:
      'The health of every source verifications answer from, the same for every account: for an ingested source (the OIG LEIE, the sanctions lists, the board rosters) its current version, the date it stands for, its last successful refresh and its freshness policy; for every source its state and, over the last 24 hours, its failure rate, median latency and the values it answered that could not be read. A source past its stale age is not answered from: a sanctions list is then reported `unavailable` in `sanctions.lists`, never as checked and clear, and a roster’s state answers `source_unavailable`. Counts reach the report within about two minutes. An unknown `kind` or another query parameter is a 400.',
    query: sourcesQuerySchema,
    queryExample: { kind: 'sanctions_list' },
    responses: [ok('Every source’s health.', sourcesReportSchema, { summary: 'Sources (a few shown)', value: examples.sourcesExample })],
  },
  GetCertificate: {
    tag: 'Certificates',
    description:
      'The signed certificate of a verification, to the account and mode that made it (anyone else gets 404). Check it offline: `certificate_hash` is `sha256_` + SHA-256 of the canonical JSON (sorted keys, no whitespace, UTF-8) without `certificate_hash`; `signature` verifies with the key `signing_key_id` of `GET /v1/signing-keys`, whose `mode` must be the certificate’s `mode`.',
    responses: [ok('The certificate.', certificateSchema, { summary: 'A live certificate', value: examples.certificateExample })],
    errors: ['resource_not_found'],
  },
  GetCertificatePdf: {
    tag: 'Certificates',
    description:
      'The certificate as a signed PDF (PAdES baseline): letterhead, every detail, a QR code to the public record, and a TEST mark in test mode. Made on the first request and stored; every later request gets the same bytes and `ETag`, and `If-None-Match` is answered 304.',
    responses: [{ status: 200, description: 'The PDF.', other: { 'application/pdf': pdf }, headers: ['ETag', 'Cache-Control'] }, notModified],
    errors: ['resource_not_found'],
  },
  GetCertificateEvidence: {
    tag: 'Certificates',
    description: `What each source said, for auditors: the evidence the certificate names in \`sources[].evidence\`, to the account and mode that made the verification (anyone else gets 404, as for the certificate). For a live answer, each HTTP response of the board or registry it was read from, exactly as received, with when it was received, its media type and size: inline in \`content_base64\` while the bundle holds at most ${inlineBudgetBytes / 1024 / 1024} MiB of raw bytes, and always through a \`download_url\` valid until \`download_expires_at\` (15 minutes, less when the service's signing credentials end sooner). For an ingested list, the SHA-256 of the file the answer was read from (archived at ingest). Check each item: SHA-256 of its bytes equals \`sha256\`, which the signed certificate names. Responses are stored write-once and kept at least seven years after every certificate naming them. A cached answer names the responses it was made from. Test-mode certificates name none (the sandbox makes no source call); certificates issued before evidence was kept name none either.`,
    responses: [ok('The evidence bundle.', evidenceBundleSchema, { summary: 'A live verification', value: examples.evidenceBundleExample })],
    errors: ['resource_not_found'],
  },
  GetRecord: {
    tag: 'Certificates',
    description:
      'The public record a certificate’s QR code opens. Needs no key: the unguessable id is the capability. An accessible HTML page, or JSON when `Accept` prefers `application/json`; it leads with what was found (`result`, whose `standing` is `clear` only for a verified license with nothing adverse) and carries whether the certificate’s signature verifies as its own fact (`signature_valid`); it shows only what the printed certificate shows. The query string is ignored.',
    query: 'ignored',
    responses: [
      {
        status: 200,
        description: 'The record.',
        json: {
          schema: publicRecordSchema,
          examples: {
            default: { summary: 'A verified record', value: examples.publicRecordExample },
            adverse: { summary: 'An excluded provider (test mode)', value: examples.adversePublicRecordExample },
          },
        },
        other: { 'text/html': html },
        headers: ['Cache-Control', 'Vary', 'Content-Security-Policy'],
      },
    ],
    errors: ['resource_not_found'],
    // An unknown id is a page too, unless `Accept` prefers JSON.
    errorContent: { 404: { 'text/html': { ...html, description: 'A self-contained HTML page saying that no record has this id.' } } },
  },
  GetSigningKeys: {
    tag: 'Certificates',
    description:
      'The public keys that sign certificates, as a JSON Web Key Set. Live and test certificates are signed with different keys, and each key says in `mode` which certificates it signs: accept a certificate only when the key named by its `signing_key_id` has the certificate’s `mode`, and only low-S signatures (s ≤ n/2). The live keys come first (the current key, then retired keys whose certificates stay verifiable), then the test keys in the same order. Needs no key; cacheable for five minutes.',
    responses: [{ ...ok('The key set.', jwksSchema, { summary: 'The live key and the test key', value: examples.jwksExample }), headers: ['Cache-Control'] }],
  },
  CreateMonitor: {
    tag: 'Monitoring',
    description:
      'Registers a provider for a re-check every 24 hours; each change is sent to `webhook_url` as a signed event (see Webhooks). Runs an initial verification, which counts as one. A state outside the coverage is a 400. Test keys may hold at most 100 active monitors per account (403 `monitor_limit_reached`).',
    body: { schema: createMonitorRequestSchema, examples: { default: { summary: 'A monitor', value: examples.monitorRequestExample } } },
    responses: [ok('The monitor, `status: active`.', monitorSchema, { summary: 'Registered', value: examples.monitorExample })],
    errors: ['sources_unavailable', 'monitor_limit_reached'],
  },
  ListMonitors: {
    tag: 'Monitoring',
    description: 'Your monitors (this account and mode), newest first, with cursor pagination.',
    query: listMonitorsQuerySchema,
    queryExample: { limit: 50 },
    responses: [ok('A page of monitors.', monitorPageSchema, { summary: 'First page', value: examples.monitorPageExample })],
  },
  GetMonitor: {
    tag: 'Monitoring',
    description:
      'One of your monitors (this account and mode), as the list and the create answer show it, read strongly consistent. `secret_rotation` shows a rotation of the webhook secret in progress: when it was made and until when the old secret still signs beside the new one; null outside an overlap window. No secret is ever shown. A deleted monitor is answered, `status: deleted`, for the 30 days it stays listed, then 404. Another account’s or mode’s monitor, and a malformed id, are 404.',
    responses: [
      ok('The monitor.', monitorSchema, {
        active: { summary: 'Active', value: examples.monitorExample },
        rotating: { summary: 'During a secret rotation’s overlap', value: examples.rotatingMonitorExample },
        deleted: { summary: 'Deleted', value: examples.deletedMonitorExample },
      }),
    ],
    errors: ['resource_not_found'],
  },
  DeleteMonitor: {
    tag: 'Monitoring',
    description:
      'Stops monitoring: no further checks or webhooks, and pending deliveries are cancelled. The sealed webhook secret is erased at once; the deleted monitor, with its webhook URL, is listed for 30 days and then removed. Deleting again answers the same until then, and 404 after.',
    responses: [ok('The monitor, `status: deleted`.', monitorSchema, { summary: 'Deleted', value: examples.deletedMonitorExample })],
    errors: ['resource_not_found'],
  },
  CheckMonitor: {
    tag: 'Monitoring',
    description:
      "Test keys: runs the monitor's check now, exactly as the daily sweep would, and answers the monitor after it with the events the check produced (their deliveries are already queued). Takes no body, or `{}`. With the sandbox names `test-flapping` (suspended and active in turn) and `test-expiring` it exercises a webhook receiver.",
    testKeysOnly: true,
    body: { schema: checkMonitorRequestSchema, optional: true, examples: { empty: { summary: 'An empty object', value: {} } } },
    responses: [
      ok('The monitor after the check, and the events it produced.', checkMonitorResponseSchema, {
        summary: 'A test-flapping monitor suspended by the check',
        value: examples.checkMonitorExample,
      }),
    ],
    errors: ['test_mode_only', 'resource_not_found'],
  },
  ListEvents: {
    tag: 'Monitoring',
    description:
      'Your webhook events, newest first, each with the exact payload sent and every delivery attempt; `monitor_id` narrows to one monitor, `delivery_state` to one delivery state (e.g. `failed`, to find the events to redeliver). A page filtered by state reads a bounded number of events: it may hold fewer than `limit` with `has_more`; follow `next_cursor`.',
    query: listEventsQuerySchema,
    queryExample: { delivery_state: 'failed', limit: 20 },
    responses: [ok('A page of events.', eventPageSchema, { summary: 'One event, delivered on the first retry', value: examples.eventPageExample })],
  },
  GetEvent: {
    tag: 'Monitoring',
    description:
      'One of your webhook events (this account and mode), as `GET /v1/events` lists it: the exact payload sent (and signed) on every attempt, its delivery state and every attempt of every chain, read strongly consistent. Events are kept a year, events of deleted monitors included. Another account’s or mode’s event, and a malformed id, are 404.',
    responses: [ok('The event.', eventSchema, { summary: 'Delivered on the first retry', value: examples.eventExample })],
    errors: ['resource_not_found'],
  },
  RedeliverEvent: {
    tag: 'Monitoring',
    description: `Delivers one of your events again, as a new attempt chain: the same \`event_id\` and the exact same body bytes, signed afresh, with a fresh retry schedule (the first attempt now, then the five retries). Works for \`failed\` and \`delivered\` events; for a \`pending\` one the new chain supersedes the running one (its queued retries are dropped; an attempt being sent at that moment finishes first). Earlier chains stay in \`delivery.attempts\` with their \`chain\` number. Refused for an event of a deleted monitor (\`monitor_deleted\`) and after ${maxChains} chains. Two concurrent requests start one chain; an \`Idempotency-Key\` makes a retried request answer the first. Takes no body, or \`{}\`.`,
    body: { schema: emptyRequestSchema, optional: true, examples: { empty: { summary: 'An empty object', value: {} } } },
    responses: [
      {
        status: 202,
        description: 'The new chain is started: the event, `pending`, with its new `chain` number and every attempt so far.',
        json: { schema: eventSchema, examples: { default: { summary: 'A failed event redelivered', value: examples.redeliveredEventExample } } },
      },
    ],
    errors: ['resource_not_found', 'monitor_deleted', 'redelivery_limit_reached'],
  },
  TestMonitorWebhook: {
    tag: 'Monitoring',
    description:
      "Sends one `monitor.test` event (see Webhooks) to the monitor's `webhook_url` now, signed like every event (during a rotation's overlap, `Service-Signature` by the old secret and `webhook-signature` by both), and answers how the receiver answered: `ok`, its HTTP `status`, `duration_ms`, and the generic `error` kind on failure. The URL is checked as before every delivery. Waits for the receiver at most 10 s. The event and its one attempt are recorded (they show in `GET /v1/events` and the monitor's deliveries); it is not retried. A receiver's refusal is still a 200 with `ok: false`. Takes no body, or `{}`.",
    body: { schema: emptyRequestSchema, optional: true, examples: { empty: { summary: 'An empty object', value: {} } } },
    responses: [
      ok('How the receiver answered.', testWebhookResponseSchema, {
        accepted: { summary: 'The receiver accepted it', value: examples.testWebhookResultExample },
        refused: { summary: 'The receiver refused the signature', value: examples.failedTestWebhookResultExample },
      }),
    ],
    errors: ['resource_not_found', 'monitor_deleted'],
  },
  RotateMonitorSecret: {
    tag: 'Monitoring',
    description: `Replaces the monitor's \`webhook_secret\` with the one you send (sealed like the first, never returned or logged). For \`overlap_hours\` (default ${defaultOverlapHours}, at most ${maxOverlapHours}) \`Service-Signature\` stays one value, signed with the old secret, and \`webhook-signature\` carries both \`v1,\` signatures separated by a space, the new one first. To rotate without a failed delivery, add the new secret to the secrets your receiver accepts at any moment of the window (\`Service-Signature\` matching either secret, any \`webhook-signature\` entry matching either), and drop the old one once the window has ended. After the window only the new secret signs and the old one is erased. Rotating again during a window replaces the old secret with the current one.`,
    body: {
      schema: rotateSecretRequestSchema,
      examples: {
        default: { summary: 'A new secret, 24 hours of overlap', value: { webhook_secret: 'whsec-new-7d1f0c2a9b8e4f36', overlap_hours: 24 } },
        immediate: { summary: 'No overlap: the old secret stops at once', value: { webhook_secret: 'whsec-new-7d1f0c2a9b8e4f36', overlap_hours: 0 } },
      },
    },
    responses: [ok('The secret is replaced.', secretRotationSchema, { summary: 'Rotated with 24 hours of overlap', value: examples.secretRotationExample })],
    errors: ['resource_not_found', 'monitor_deleted', 'rotation_conflict'],
  },
  ListMonitorDeliveries: {
    tag: 'Monitoring',
    description:
      "Every webhook delivery attempt of one of your monitors, with the event it delivered, its chain and attempt number, time, HTTP status, duration and outcome (the generic `error` kind on failure): the monitor's events newest first, each event's attempts newest first. Paginated with `limit` and `starting_after` (a `delivery_id`). Deleted monitors are listed until they are removed.",
    query: listDeliveriesQuerySchema,
    queryExample: { limit: 20 },
    responses: [
      ok('A page of deliveries.', deliveryPageSchema, { summary: 'A redelivery that succeeded after a failed chain', value: examples.deliveryPageExample }),
    ],
    errors: ['resource_not_found'],
  },
  ListVerifications: {
    tag: 'History',
    description:
      'Your verifications (this account and mode), newest first: what was asked (names, state, NPI; a date of birth is never stored) and the result exactly as the verification returned it. Filters combine: `created_from` (inclusive) and `created_to` (exclusive), `state`, `status`, `verified`, `npi`, `last_name` (matched as verifications match names: case, accents and punctuation ignored). A verification shows here within about a second of being made (the history is an eventually consistent index). A page reads a bounded share of the history: with narrow filters it may hold fewer than `limit` items, even none, and still `has_more`; follow `next_cursor` until `has_more` is false.',
    query: listVerificationsQuerySchema,
    queryExample: { state: 'WA', verified: false, limit: 50 },
    responses: [ok('A page of verifications.', historyPageSchema, { summary: 'First page', value: examples.historyPageExample })],
  },
  CreateHistoryExport: {
    tag: 'History',
    description:
      "Starts a CSV export of your history with the filters of `GET /v1/verifications` (all optional; no body exports everything). The export holds exactly the matching verifications created before the request (`snapshot_at`), none made after. A worker writes the file, starting about half a minute after the request (once every verification of the snapshot is stored), at thousands of rows a second. Poll the export at `Location` (`GET /v1/verifications/exports/{export_id}`), waiting the `Retry-After` seconds each answer gives while it is `pending`. Columns: verification_id, created_at, mode, first_name, last_name, state, npi, license_name, license_number, status, verified, expiry_date, disciplinary_action, oig_excluded, sanctioned, record_url; UTF-8 with a byte-order mark, CRLF, cells a spreadsheet would run as a formula prefixed with `'`. Not charged.",
    body: {
      schema: createExportRequestSchema,
      optional: true,
      examples: {
        default: { summary: 'Last month’s unverified results', value: examples.historyExportRequestExample },
        all: { summary: 'Everything', value: {} },
      },
    },
    responses: [
      {
        status: 202,
        description:
          'The export, `status: pending`. `Location` is its URL to poll (kept by an `Idempotency-Key` replay); `Retry-After` the seconds until a second after its writing is due to start.',
        json: { schema: exportViewSchema, examples: { default: { summary: 'Accepted', value: examples.pendingHistoryExportExample } } },
        headers: ['Location', 'Retry-After'],
      },
    ],
    errors: ['export_limit_reached'],
  },
  GetHistoryExport: {
    tag: 'History',
    description:
      'An export of yours: `pending`, then `ready` with `row_count`, `file_url` (its stable download URL, `GET /v1/verifications/exports/{export_id}/download`, which works until `expires_at`) and a presigned `download_url` signed when this answer was made, valid until `download_expires_at` (up to 15 minutes, possibly less: when the export expires or the credentials that signed it end sooner; ask again for a fresh one, or use `file_url`), or `failed` when three attempts could not write it (ask for a new export); `expired` a day after the request, when it stops giving links and no link it gave works any more (S3 deletes the file within about a day after). While it is written, `progress` says which attempt writes it, since when, and how many rows it has written (updated at most every 5 seconds); a new attempt starts again from 0. A `pending` answer carries `Retry-After`: the seconds to wait before looking again (until a second after its writing is due to start, then 10 while it is written); a finished one carries none. Another account’s or mode’s export is a 404.',
    responses: [
      {
        ...ok('The export; `Retry-After` while it is `pending`.', exportViewSchema, {
          ready: { summary: 'Ready', value: examples.readyHistoryExportExample },
          writing: { summary: 'Being written', value: examples.writingHistoryExportExample },
          pending: { summary: 'Waiting for its writing to start', value: examples.pendingHistoryExportExample },
        }),
        headers: ['Retry-After'],
      },
    ],
    errors: ['resource_not_found'],
  },
  GetHistoryExportDownload: {
    tag: 'History',
    description:
      'The file of a `ready` export of yours (its `file_url`): answers `302 Found` with `Location`, a presigned HTTPS link to the CSV signed at this moment and valid 60 seconds, to follow straight away (without your API key: the link carries its own signature). Call it again for each download: it works at any time until the export’s `expires_at`, unlike a `download_url` read earlier. A `pending` export is 409 `export_not_ready` with `Retry-After` (the seconds its GET would say to wait); a `failed` one 409 `export_failed` (ask for a new export). An expired export is a 404, as is another account’s or mode’s: its file is no longer served.',
    responses: [
      {
        status: 302,
        description:
          'Found: `Location` is a presigned link to the CSV (`text/csv; charset=utf-8`, as an attachment), valid 60 seconds, never past the export’s `expires_at`. `Cache-Control: no-store`: ask again for each download.',
        headers: ['Location', 'Cache-Control'],
      },
    ],
    errors: ['resource_not_found', 'export_not_ready', 'export_failed'],
  },
  GetOpenApi: {
    tag: 'Service',
    description: 'This contract as an OpenAPI 3.1 document, generated from the schemas the service validates with. Needs no key; cacheable, with an `ETag`.',
    responses: [
      {
        status: 200,
        description: 'The OpenAPI document.',
        other: { 'application/json': { type: 'object', description: 'An OpenAPI 3.1 document.' } },
        headers: ['ETag', 'Cache-Control'],
      },
      notModified,
    ],
  },
  GetApiReference: {
    tag: 'Service',
    description:
      'This reference: one accessible HTML page rendered from the OpenAPI document, with no scripts and nothing loaded from elsewhere. Needs no key. The query string is ignored.',
    query: 'ignored',
    responses: [
      { status: 200, description: 'The page.', other: { 'text/html': html }, headers: ['ETag', 'Cache-Control', 'Content-Security-Policy'] },
      notModified,
    ],
  },
};
