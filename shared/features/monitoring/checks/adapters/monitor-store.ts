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
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';
import type { KeyMode } from '../../../../domain/caller.ts';
import type { MonitorRecord } from '../monitor-record.ts';
import { deletedMonitorExpiry, isExpired, monitorFromItem, ownerKey, type CheckUpdate, type MonitorStore } from '../monitor-store.ts';

/** A record as read: undefined when absent or expired. */
const unexpired = (item: Record<string, unknown> | undefined, now: Date) => {
  const record = item && monitorFromItem(item);
  return record && !isExpired(record, now) ? record : undefined;
};

export class DynamoMonitorStore implements MonitorStore {
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
