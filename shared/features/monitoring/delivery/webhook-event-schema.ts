/**
 * The webhook event bodies as `webhookPayload` and `detectChanges` (change-events.ts) build them: the
 * fields every kind carries (docs/api-guide.md, "Monitoring"), plus `event_id` and the kind's `data`.
 * The integration tests parse real deliveries with these schemas, and the OpenAPI `webhooks` are
 * generated from them.
 */
import * as z from 'zod';
import { eventIdPattern, historyExportIdPattern } from '../../../platform/ids.ts';
import { exclusionBases, sanctionBases } from '../../../domain/match-basis.ts';
import { certificateHashSchema, npiSchema, verificationIdSchema } from '../../../contract/field-schemas.ts';
import { eventKinds, type EventKind } from '../checks/change-events.ts';
import { monitorIdSchema } from '../checks/monitor-schema.ts';
import { answeredStatuses } from '../checks/monitor-snapshot.ts';

export const eventIdSchema = z
  .string()
  .regex(eventIdPattern)
  .meta({ description: 'Event id, `evt_` and 24 base62 characters; the same on every delivery attempt.' });

const answeredStatus = z.enum(answeredStatuses as readonly [string, ...string[]]);
const expiryDate = z.iso.date().nullable();

/** The `data` of each kind. */
const eventData = {
  'license.status_changed': z.strictObject({
    previous_status: answeredStatus,
    status: answeredStatus,
    verified: z.boolean(),
    expiry_date: expiryDate,
  }),
  'license.reinstated': z.strictObject({
    reinstated_from: z.enum(['suspended', 'revoked']),
    expiry_date: expiryDate,
  }),
  'license.expired': z.strictObject({
    expiry_date: expiryDate,
    days_until_expiry: z.number().int().nullable().meta({ description: 'Negative: days since expiry; null without an expiry date.' }),
  }),
  'license.expiry_approaching': z.strictObject({
    expiry_date: z.iso.date(),
    days_until_expiry: z.number().int().min(0),
    alert_days_before_expiry: z.number().int().min(1).max(365),
  }),
  'license.disciplinary_flag_added': z.strictObject({
    disciplinary_flags: z.literal(true),
    license_number: z.string().nullable(),
  }),
  'license.oig_exclusion_added': z.strictObject({
    oig_excluded: z.literal(true),
    match: z.enum(exclusionBases).nullable(),
    exclusion_type: z.string().nullable(),
    exclusion_date: z.iso.date().nullable(),
    waiver_state: z.string().nullable(),
    waiver_date: z.iso.date().nullable(),
  }),
  'license.sanction_added': z.strictObject({
    list: z.string().meta({ description: 'Id of the sanctions list, as in `sanctions.lists` of a verification result.' }),
    basis: z.enum(sanctionBases).meta({ description: 'How the row matched; `name_only` is a finding to review.' }),
    name: z.string().meta({ description: 'The name as the list publishes it; `NPI <npi>` for a row that names nobody.' }),
    action: z.string(),
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable(),
  }),
  'license.sanction_removed': z.strictObject({
    list: z.string(),
    action: z.string(),
    start_date: z.iso.date().nullable(),
  }),
} as const satisfies Record<EventKind, z.ZodType>;

const eventDescriptions: Record<EventKind, string> = {
  'license.status_changed': 'The license status changed from any value to any other (`not_found` after a found status included).',
  'license.reinstated': 'A suspended or revoked license is active again; sent after its `license.status_changed`.',
  'license.expired': 'The expiry date has passed, or the board reports the license expired; once per expiry date.',
  'license.expiry_approaching': 'The expiry date is within `alert_days_before_expiry` days; once per expiry date.',
  'license.disciplinary_flag_added': 'A disciplinary action appeared on the record.',
  'license.oig_exclusion_added': 'The provider appeared on the OIG exclusion list.',
  'license.sanction_added':
    'An action against the provider appeared on a sanctions list other than the OIG list (which has its own event); one event per action.',
  'license.sanction_removed': 'An action on a sanctions list other than the OIG list is no longer listed (ended, reinstated or withdrawn).',
};

/** The monitored provider, as every change event names it. */
export const eventProviderSchema = z
  .strictObject({
    name: z.string(),
    npi: npiSchema.nullable(),
    state: z.string().meta({ description: 'Full state name.' }),
  })
  .meta({ title: 'Event provider' });

/** The license status before and after the check, as every change event gives it. */
export const statusChangeSchema = z
  .strictObject({ from: answeredStatus, to: answeredStatus })
  .meta({ title: 'Status change', description: 'License status before and after this check (equal when the status did not change).' });

function webhookEventSchema<K extends EventKind>(kind: K) {
  return z
    .strictObject({
      event: z.literal(kind),
      event_id: eventIdSchema,
      monitor_id: monitorIdSchema,
      occurred_at: z.iso.datetime().meta({ description: 'When the check that found the change ran.' }),
      provider: eventProviderSchema,
      change: statusChangeSchema,
      verification_id: verificationIdSchema.meta({ description: 'The verification made by this check.' }),
      certificate_hash: certificateHashSchema,
      data: eventData[kind],
    })
    .meta({ title: kind, description: eventDescriptions[kind] });
}

/** One schema per event kind, in the order events of one check are listed. */
export const webhookEventSchemas = Object.fromEntries(eventKinds.map((kind) => [kind, webhookEventSchema(kind)])) as {
  readonly [K in EventKind]: ReturnType<typeof webhookEventSchema<K>>;
};

/** Any webhook event body, told apart by `event`. */
export const anyWebhookEventSchema = z.discriminatedUnion(
  'event',
  eventKinds.map((kind) => webhookEventSchemas[kind]) as [(typeof webhookEventSchemas)[EventKind], ...(typeof webhookEventSchemas)[EventKind][]],
);

/** The kind of the test event a customer sends to a monitor's URL on request (POST /v1/monitor/{monitor_id}/test-webhook). */
export const testEventKind = 'monitor.test';

export const testEventDescription =
  'A test event, sent only on request (`POST /v1/monitor/{monitor_id}/test-webhook`) to check a receiver: signed like every event, no license changed. Listed with the events and deliveries; never retried by itself.';

/** The body of the test event: the fields every event has, without a provider check, and what it is. */
export const testWebhookEventSchema = z
  .strictObject({
    event: z.literal(testEventKind),
    event_id: eventIdSchema,
    monitor_id: monitorIdSchema,
    occurred_at: z.iso.datetime().meta({ description: 'When the test was requested.' }),
    data: z.strictObject({
      test: z.literal(true),
      message: z.string(),
    }),
  })
  .meta({ title: testEventKind, description: testEventDescription });

/** The kinds of the events that tell an export's end to the monitor named when it was requested (`notify_monitor_id`). */
export const exportEventKinds = ['export.ready', 'export.failed'] as const;
export type ExportEventKind = (typeof exportEventKinds)[number];

const exportEventDescriptions: Record<ExportEventKind, string> = {
  'export.ready':
    'A history export asked with `notify_monitor_id` is written: its file can be downloaded from `file_url` (with your API key) until `expires_at`. Sent to that monitor’s URL, signed and retried like every event.',
  'export.failed':
    'A history export asked with `notify_monitor_id` could not be written after its three attempts: ask for a new export. Sent to that monitor’s URL, signed and retried like every event.',
};

function exportEventSchema<K extends ExportEventKind>(kind: K) {
  const ready = kind === 'export.ready';
  return z
    .strictObject({
      event: z.literal(kind),
      event_id: eventIdSchema,
      monitor_id: monitorIdSchema.meta({ description: 'The monitor named by `notify_monitor_id` when the export was requested.' }),
      occurred_at: z.iso.datetime().meta({ description: ready ? 'When the file was written.' : 'When the export was marked failed.' }),
      data: z.strictObject({
        export_id: z.string().regex(historyExportIdPattern).meta({ description: 'The export, as `POST /v1/verifications/exports` answered it.' }),
        status: z.literal(ready ? 'ready' : 'failed'),
        row_count: ready
          ? z.number().int().min(0).meta({ description: 'Rows of the CSV (verifications).' })
          : z.null().meta({ description: 'Null: no file was written.' }),
        export_url: z.string().meta({ description: 'The export: `GET /v1/verifications/exports/{export_id}`.' }),
        file_url: ready
          ? z
              .string()
              .meta({ description: 'The file: `GET /v1/verifications/exports/{export_id}/download` with your API key answers 302 to a link valid 60 seconds.' })
          : z.null(),
        expires_at: z.iso.datetime().meta({ description: 'When the export expires and its file is no longer served.' }),
      }),
    })
    .meta({ title: kind, description: exportEventDescriptions[kind] });
}

/** One schema per export event kind. */
export const exportEventSchemas = {
  'export.ready': exportEventSchema('export.ready'),
  'export.failed': exportEventSchema('export.failed'),
} as const;

/** Every kind an event may have: the change kinds, the export kinds and the test event. */
export const storedEventKinds = [...eventKinds, ...exportEventKinds, testEventKind] as const;

/** Any body the service sends, change, export or test event, told apart by `event`. */
export const anyEventBodySchema = z.discriminatedUnion('event', [
  ...anyWebhookEventSchema.options,
  exportEventSchemas['export.ready'],
  exportEventSchemas['export.failed'],
  testWebhookEventSchema,
]);
