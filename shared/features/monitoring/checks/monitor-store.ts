/**
 * Monitors as stored (adapters/monitor-store.ts, DynamoDB) and as shown: the record's keys, expiry and
 * view, and the `MonitorStore` port the use cases take.
 */
import * as z from 'zod';
import type { KeyMode } from '../../../domain/caller.ts';
import { parseStoredItem } from '../../records/stored-item.ts';
import { keyModeSchema } from '../../../contract/field-schemas.ts';
import type { EventRecord } from '../delivery/event-record.ts';
import type { MonitorRecord } from './monitor-record.ts';
import { monitorSnapshotSchema, type MonitorSnapshot } from './monitor-snapshot.ts';
import { previousSecretInForce } from '../secrets/webhook-secrets.ts';
import { createHash } from 'node:crypto';

export const dueShards = 16;

/** How long a deleted monitor (and its webhook URL) is kept, for the customer's list and the failure e-mail owed. */
export const deletedMonitorRetentionDays = 30;

export interface CheckUpdate {
  readonly snapshot: MonitorSnapshot;
  readonly provider: MonitorRecord['provider'];
  readonly nextCheckAt: Date;
  readonly verificationId: string;
  readonly pendingEvents: readonly EventRecord[];
}

/** When a monitor deleted at `at` expires: epoch seconds, `deletedMonitorRetentionDays` later. */
export function deletedMonitorExpiry(at: Date): number {
  return Math.floor(at.getTime() / 1000) + deletedMonitorRetentionDays * 86_400;
}

export const ownerKey = (accountId: string, mode: KeyMode) => `${accountId}#${mode}`;

/** Past its expiry: gone, whether or not DynamoDB has removed it yet. */
export function isExpired(record: Pick<MonitorRecord, 'expires_at'>, now: Date): boolean {
  return record.expires_at !== undefined && record.expires_at * 1000 <= now.getTime();
}

const pendingEventSchema = z.custom<EventRecord>(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { event_id?: unknown }).event_id === 'string' &&
    typeof (value as { body?: unknown }).body === 'string',
  'an event record with its event_id and body',
);

/** A monitor item as read. Attributes it does not know are dropped; `request` keeps what the verification reads. */
export const monitorRecordSchema: z.ZodType<MonitorRecord, unknown> = z.object({
  monitor_id: z.string(),
  owner: z.string(),
  account_id: z.string(),
  mode: keyModeSchema,
  status: z.enum(['active', 'deleted']),
  created_at: z.string(),
  created_key: z.string(),
  request: z.looseObject({ first_name: z.string(), last_name: z.string(), state: z.string(), npi: z.string().optional() }),
  provider: z.object({
    name: z.string().nullable(),
    npi: z.string().nullable(),
    state: z.string(),
    current_status: z.string(),
    expiry_date: z.string().nullable(),
  }),
  webhook_url: z.string(),
  webhook_secret_sealed: z.string().optional(),
  previous_webhook_secret_sealed: z.string().optional(),
  previous_secret_expires_at: z.string().optional(),
  secret_rotated_at: z.string().optional(),
  alert_days_before_expiry: z.number(),
  next_check_at: z.string(),
  due_shard: z.string().optional(),
  last_verification_id: z.string(),
  snapshot: monitorSnapshotSchema,
  deleted_at: z.string().optional(),
  expires_at: z.number().optional(),
  pending_events: z.array(pendingEventSchema).optional(),
});

/** A stored monitor item, parsed (a `StoredItemError` naming the monitor when it does not match). */
export function monitorFromItem(item: Record<string, unknown>): MonitorRecord {
  return parseStoredItem('monitor', String(item.monitor_id ?? '(no id)'), monitorRecordSchema, item);
}

export function dueShard(monitorId: string): string {
  const n = createHash('sha256').update(monitorId).digest()[0]! % dueShards;
  return `shard#${String(n).padStart(2, '0')}`;
}

/** The monitors (adapters/monitor-store.ts). */
export interface MonitorStore {
  create(record: MonitorRecord): Promise<void>;
  /**
   * The monitor, only for its owner (account and mode); anyone else gets undefined. `consistent` reads it
   * strongly consistent (what a request just wrote is seen), at twice the read's cost.
   */
  getOwned(monitorId: string, accountId: string, mode: KeyMode, now?: Date, options?: { readonly consistent?: boolean }): Promise<MonitorRecord | undefined>;
  /** Newest first; `startingAfter` is the last monitor id of the previous page. Expired records are left out. */
  list(accountId: string, mode: KeyMode, limit: number, startingAfter?: MonitorRecord, now?: Date): Promise<{ items: MonitorRecord[]; hasMore: boolean }>;
  get(monitorId: string, now?: Date): Promise<MonitorRecord | undefined>;
  /**
   * Records a check: new snapshot, provider facts, next check time and the events still to publish.
   * Only while the monitor is active and still due at `expectedNextCheckAt`; false when this one lost.
   */
  recordCheck(monitorId: string, expectedNextCheckAt: string, update: CheckUpdate): Promise<boolean>;
  /** Forgets published events, unless a newer check has put its own there meanwhile. */
  clearPendingEvents(monitorId: string, eventIds: readonly string[]): Promise<void>;
  /** Active monitors of one due shard whose check time has come, a page at a time. */
  due(
    shard: string,
    now: Date,
    limit: number,
    start?: Record<string, unknown>,
  ): Promise<{ items: { monitorId: string; dueAt: string }[]; next: Record<string, unknown> | undefined }>;
  /**
   * Replaces an active monitor's sealed secret with `sealed` at `at`, keeping the one replaced as the
   * previous secret until `previousUntil` (null: dropped now), only while the secret is still the one read.
   */
  rotateSecret(record: MonitorRecord, sealed: string, previousUntil: Date | null, at: Date): Promise<boolean>;
  /** Removes the previous secret once its overlap has ended (`now` past it); a newer rotation's is left alone. */
  dropExpiredPreviousSecret(monitorId: string, now: Date): Promise<void>;
  /** Marks a monitor deleted (out of the due index, its secret removed, expiring later); deleting twice returns it unchanged. */
  markDeleted(monitorId: string, accountId: string, mode: KeyMode, at: Date): Promise<MonitorRecord | undefined>;
}

/**
 * A rotation of the webhook secret in progress at `now`: the old secret still signs beside the new one
 * until `previous_secret_expires_at` (webhook-secrets.ts); null outside an overlap window. No secret.
 */
export function secretRotationView(record: MonitorRecord, now: Date) {
  if (record.status !== 'active' || !previousSecretInForce(record, now)) return null;
  return { rotated_at: record.secret_rotated_at ?? null, previous_secret_expires_at: record.previous_secret_expires_at! };
}

/**
 * The Monitor object of the API (the OpenAPI `Monitor` schema: plus the webhook URL, alert window and a
 * secret rotation in progress at `now`; never a secret).
 */
export function monitorView(record: MonitorRecord, now: Date) {
  return {
    monitor_id: record.monitor_id,
    status: record.status,
    provider: {
      name: record.provider.name,
      npi: record.provider.npi,
      state: record.provider.state,
      current_status: record.provider.current_status,
      expiry_date: record.provider.expiry_date,
    },
    webhook_url: record.webhook_url,
    alert_days_before_expiry: record.alert_days_before_expiry,
    secret_rotation: secretRotationView(record, now),
    next_check_at: record.status === 'active' ? record.next_check_at : null,
    created_at: record.created_at,
    ...(record.deleted_at ? { deleted_at: record.deleted_at } : {}),
    mode: record.mode,
  };
}
