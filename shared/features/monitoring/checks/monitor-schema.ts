/**
 * The Monitor object as `monitorView` (monitor-store.ts) builds it, and a page of them. The integration
 * tests parse real responses with these schemas, and the OpenAPI document is generated from them.
 */
import * as z from 'zod';
import { pageSchema } from '../../../contract/pagination.ts';
import { monitorIdPattern } from '../../../platform/ids.ts';
import { outcomeStatuses } from '../../../domain/license-status.ts';
import { keyModeSchema, npiSchema } from '../../../contract/field-schemas.ts';

export const monitorIdSchema = z.string().regex(monitorIdPattern).meta({ description: 'Monitor id: `mon_` and 24 base62 characters.' });

/** A rotation of the monitor's webhook secret in progress (`POST /v1/monitor/{monitor_id}/rotate-secret`). */
export const secretRotationStateSchema = z
  .strictObject({
    rotated_at: z.iso.datetime().nullable().meta({
      description:
        'When the rotation was made: since then every delivery is signed with the new secret. Null only for a rotation made before this time was recorded (API 1.2.0); such an overlap ends at most 168 hours after it.',
    }),
    previous_secret_expires_at: z.iso.datetime().meta({
      description: 'Until when deliveries also carry the signatures of the old secret; after it only the new secret signs, and the old one is erased.',
    }),
  })
  .nullable()
  .meta({
    title: 'Secret rotation in progress',
    description:
      'The overlap window of the last rotation of the webhook secret, while the old secret still signs beside the new one; null outside one (never rotated, the window has ended, rotated with `overlap_hours: 0`, or deleted). Never a secret.',
  });

export const monitorSchema = z
  .strictObject({
    monitor_id: monitorIdSchema,
    status: z.enum(['active', 'deleted']).meta({ description: '`active` from registration; `deleted` once monitoring stopped.' }),
    provider: z.strictObject({
      name: z.string().nullable().meta({ description: 'Full name as in the board record.' }),
      npi: npiSchema.nullable(),
      state: z.string().meta({ description: 'Full state name.' }),
      current_status: z.enum(outcomeStatuses).meta({ description: 'Status at the last check the board answered.' }),
      expiry_date: z.iso.date().nullable(),
    }),
    webhook_url: z.string().meta({ format: 'uri' }),
    alert_days_before_expiry: z.number().int().min(1).max(365),
    secret_rotation: secretRotationStateSchema,
    next_check_at: z.iso.datetime().nullable().meta({ description: 'Next scheduled check (every 24 hours); null once deleted.' }),
    created_at: z.iso.datetime(),
    deleted_at: z.iso.datetime().optional().meta({ description: 'When monitoring stopped; only on deleted monitors.' }),
    mode: keyModeSchema,
  })
  .meta({ title: 'Monitor' });

export const monitorPageSchema = pageSchema(monitorSchema, 'a monitor id').meta({ title: 'Page of monitors' });
