/**
 * Monitors in DynamoDB. Each active monitor carries `due_shard` (one of 16, from its id) and
 * `next_check_at`, which put it in the sparse `due` index the sweep queries shard by shard; deleting a
 * monitor removes `due_shard`, so it leaves the index at once. `by_owner` lists an account and mode's
 * monitors newest first.
 *
 * A deleted monitor keeps no secret: deleting removes the sealed webhook secret at once and sets
 * `expires_at` (DynamoDB TTL), 30 days on, when the record with its webhook URL is removed. Active
 * monitors carry no `expires_at` and are never removed. TTL deletion is late (up to days), so a record
 * past `expires_at` is treated as gone on every read.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createHash } from 'node:crypto';
import * as z from 'zod';
import { dynamo } from '../../aws/dynamo.ts';
import { tableName } from '../../config.ts';
import type { KeyMode } from '../../domain/caller.ts';
import { parseStoredItem } from '../../records/stored-item.ts';
import { keyModeSchema } from '../../contract/field-schemas.ts';
import type { EventRecord } from '../delivery/event-record.ts';
import type { MonitorRecord } from './monitor-record.ts';
import { monitorSnapshotSchema, type MonitorSnapshot } from './monitor-snapshot.ts';
import { previousSecretInForce } from '../secrets/webhook-secrets.ts';

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

/** A record as read: undefined when absent or expired. */
const unexpired = (item: Record<string, unknown> | undefined, now: Date) => {
  const record = item && monitorFromItem(item);
  return record && !isExpired(record, now) ? record : undefined;
};

export function dueShard(monitorId: string): string {
  const n = createHash('sha256').update(monitorId).digest()[0]! % dueShards;
  return `shard#${String(n).padStart(2, '0')}`;
}

export class MonitorStore {
  async create(record: MonitorRecord): Promise<void> {
    await dynamo().send(new PutCommand({ TableName: tableName('monitors'), Item: record, ConditionExpression: 'attribute_not_exists(monitor_id)' }));
  }

  /**
   * The monitor, only for its owner (account and mode); anyone else gets undefined. `consistent` reads it
   * strongly consistent (what a request just wrote is seen), at twice the read's cost.
   */
  async getOwned(
    monitorId: string,
    accountId: string,
    mode: KeyMode,
    now: Date = new Date(),
    options: { readonly consistent?: boolean } = {},
  ): Promise<MonitorRecord | undefined> {
    const out = await dynamo().send(
      new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: monitorId }, ...(options.consistent ? { ConsistentRead: true } : {}) }),
    );
    const item = unexpired(out.Item, now);
    return item && item.owner === ownerKey(accountId, mode) ? item : undefined;
  }

  /** Newest first; `startingAfter` is the last monitor id of the previous page. Expired records are left out. */
  async list(
    accountId: string,
    mode: KeyMode,
    limit: number,
    startingAfter?: MonitorRecord,
    now: Date = new Date(),
  ): Promise<{ items: MonitorRecord[]; hasMore: boolean }> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('monitors'),
        IndexName: 'by_owner',
        KeyConditionExpression: '#owner = :o',
        ExpressionAttributeNames: { '#owner': 'owner' },
        ExpressionAttributeValues: { ':o': ownerKey(accountId, mode) },
        ScanIndexForward: false,
        Limit: limit + 1,
        ...(startingAfter
          ? { ExclusiveStartKey: { monitor_id: startingAfter.monitor_id, owner: startingAfter.owner, created_key: startingAfter.created_key } }
          : {}),
      }),
    );
    const items = (out.Items ?? []).map(monitorFromItem);
    return { items: items.filter((item) => !isExpired(item, now)).slice(0, limit), hasMore: items.length > limit };
  }

  async get(monitorId: string, now: Date = new Date()): Promise<MonitorRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: monitorId }, ConsistentRead: true }));
    return unexpired(out.Item, now);
  }

  /**
   * Records a check: new snapshot, provider facts, next check time and the events still to publish.
   * Only while the monitor is active and still due at `expectedNextCheckAt`, so of two checks of the same
   * due time only one is recorded; false when this one lost.
   */
  async recordCheck(monitorId: string, expectedNextCheckAt: string, update: CheckUpdate): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('monitors'),
          Key: { monitor_id: monitorId },
          UpdateExpression:
            update.pendingEvents.length > 0
              ? 'SET #snapshot = :s, #provider = :p, next_check_at = :n, last_verification_id = :v, pending_events = :e'
              : 'SET #snapshot = :s, #provider = :p, next_check_at = :n, last_verification_id = :v',
          ConditionExpression: '#status = :active AND next_check_at = :expected',
          ExpressionAttributeNames: { '#status': 'status', '#snapshot': 'snapshot', '#provider': 'provider' },
          ExpressionAttributeValues: {
            ':s': update.snapshot,
            ':p': update.provider,
            ':n': update.nextCheckAt.toISOString(),
            ':v': update.verificationId,
            ':active': 'active',
            ':expected': expectedNextCheckAt,
            ...(update.pendingEvents.length > 0 ? { ':e': update.pendingEvents } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** Forgets published events, unless a newer check has put its own there meanwhile. */
  async clearPendingEvents(monitorId: string, eventIds: readonly string[]): Promise<void> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('monitors'),
          Key: { monitor_id: monitorId },
          UpdateExpression: 'REMOVE pending_events',
          ConditionExpression: 'pending_events[0].event_id = :first',
          ExpressionAttributeValues: { ':first': eventIds[0] },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /** Active monitors of one due shard whose check time has come, a page at a time. */
  async due(shard: string, now: Date, limit: number, start?: Record<string, unknown>) {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('monitors'),
        IndexName: 'due',
        KeyConditionExpression: 'due_shard = :s AND next_check_at <= :now',
        ExpressionAttributeValues: { ':s': shard, ':now': now.toISOString() },
        ProjectionExpression: 'monitor_id, next_check_at',
        Limit: limit,
        ExclusiveStartKey: start,
      }),
    );
    const items = (out.Items ?? []).map((i) => ({ monitorId: i.monitor_id as string, dueAt: i.next_check_at as string }));
    return { items, next: out.LastEvaluatedKey };
  }

  /**
   * Replaces an active monitor's sealed secret with `sealed` at `at`, keeping the one replaced as the
   * previous secret until `previousUntil` (null: dropped now). Only while the secret is still `expected`
   * (the one read), so of two concurrent rotations one wins: false for the other, and for a monitor
   * deleted meanwhile. A previous secret of an earlier rotation is replaced.
   */
  async rotateSecret(record: MonitorRecord, sealed: string, previousUntil: Date | null, at: Date): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('monitors'),
          Key: { monitor_id: record.monitor_id },
          UpdateExpression: previousUntil
            ? 'SET webhook_secret_sealed = :new, secret_rotated_at = :at, previous_webhook_secret_sealed = :old, previous_secret_expires_at = :until'
            : 'SET webhook_secret_sealed = :new, secret_rotated_at = :at REMOVE previous_webhook_secret_sealed, previous_secret_expires_at',
          ConditionExpression: '#owner = :o AND #status = :active AND webhook_secret_sealed = :old',
          ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':new': sealed,
            ':at': at.toISOString(),
            ':old': record.webhook_secret_sealed,
            ':o': record.owner,
            ':active': 'active',
            ...(previousUntil ? { ':until': previousUntil.toISOString() } : {}),
          },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** Removes the previous secret once its overlap has ended (`now` past it); a newer rotation's is left alone. */
  async dropExpiredPreviousSecret(monitorId: string, now: Date): Promise<void> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('monitors'),
          Key: { monitor_id: monitorId },
          UpdateExpression: 'REMOVE previous_webhook_secret_sealed, previous_secret_expires_at',
          ConditionExpression: 'previous_secret_expires_at <= :now',
          ExpressionAttributeValues: { ':now': now.toISOString() },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Marks a monitor deleted: out of the due index, its sealed secret removed, the record set to expire
   * `deletedMonitorRetentionDays` on. Deleting twice returns it unchanged (until it expires: then it is
   * not found).
   */
  async markDeleted(monitorId: string, accountId: string, mode: KeyMode, at: Date): Promise<MonitorRecord | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('monitors'),
          Key: { monitor_id: monitorId },
          UpdateExpression:
            'SET #status = :deleted, deleted_at = :at, expires_at = :expires REMOVE due_shard, webhook_secret_sealed, previous_webhook_secret_sealed, previous_secret_expires_at',
          ConditionExpression: '#owner = :o AND #status = :active',
          ExpressionAttributeNames: { '#status': 'status', '#owner': 'owner' },
          ExpressionAttributeValues: {
            ':deleted': 'deleted',
            ':active': 'active',
            ':at': at.toISOString(),
            ':expires': deletedMonitorExpiry(at),
            ':o': ownerKey(accountId, mode),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return monitorFromItem(out.Attributes ?? {});
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      return this.getOwned(monitorId, accountId, mode, at);
    }
  }
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
