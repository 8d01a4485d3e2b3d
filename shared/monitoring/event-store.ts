/**
 * Webhook events: the exact body sent (the same bytes and id on every attempt) and the delivery
 * history. Listed per owner or per monitor, newest first. Kept one year.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';

export const eventRetentionDays = 365;

export interface DeliveryAttempt {
  readonly at: string;
  readonly ok: boolean;
  readonly status: number | null;
  /**
   * A generic kind (delivery-errors.ts); attempts recorded before errors were generic hold the precise
   * text, which the API view maps to its kind.
   */
  readonly error: string | null;
  readonly duration_ms: number;
}

export interface EventRecord {
  readonly event_id: string;
  readonly owner: string;
  readonly monitor_id: string;
  readonly kind: string;
  readonly created_at: string;
  readonly created_key: string;
  /** The raw JSON body, signed and sent as is. */
  readonly body: string;
  readonly delivery: { state: 'pending' | 'delivered' | 'failed' | 'cancelled'; attempts: DeliveryAttempt[] };
  /**
   * The e-mail owed to the account once the last attempt failed: `pending` from the moment that
   * attempt is recorded (the event stays `pending`) until the e-mail went out, then `sent`, or `none`
   * when there was no one to send it to; only then is the event `failed`. Not part of the API's view.
   */
  readonly failure_alert?: 'pending' | 'sent' | 'none';
  /** The highest attempt number whose delivery message is known to be queued (retries only; internal). */
  readonly queued_attempt?: number;
}

/**
 * Attempt `attempt` of an event cannot be recorded: it is recorded already (by an earlier delivery of
 * the same message, or a duplicate of it), or the event is no longer pending (delivered, failed,
 * cancelled).
 */
export class AttemptConflict extends Error {
  constructor(
    readonly eventId: string,
    readonly attempt: number,
  ) {
    super(`Attempt ${attempt} of event ${eventId} is already recorded, or the event is no longer pending`);
    this.name = 'AttemptConflict';
  }
}

export class EventStore {
  /** Stores a new event; storing the same event again leaves the first copy (and its delivery state) as it is. */
  async createOnce(record: EventRecord): Promise<void> {
    const expires = Math.floor(Date.parse(record.created_at) / 1000) + eventRetentionDays * 86_400;
    try {
      await dynamo().send(
        new PutCommand({ TableName: tableName('events'), Item: { ...record, expires_at: expires }, ConditionExpression: 'attribute_not_exists(event_id)' }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Records attempt number `number` (0 for the first attempt) and sets the delivery state, in one
   * conditional UpdateItem: only while the event is pending with exactly `number` attempts recorded, so
   * each attempt number is recorded once however often its message is delivered. Throws
   * `AttemptConflict` otherwise.
   */
  async recordAttempt(eventId: string, number: number, attempt: DeliveryAttempt, state: EventRecord['delivery']['state']): Promise<void> {
    const recorded = await this.updateIf(eventId, {
      UpdateExpression: 'SET delivery.attempts = list_append(delivery.attempts, :a), delivery.#state = :s',
      ConditionExpression: 'size(delivery.attempts) = :n AND delivery.#state = :pending',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':a': [attempt], ':s': state, ':n': number, ':pending': 'pending' },
    });
    if (!recorded) throw new AttemptConflict(eventId, number);
  }

  /** Notes that the message of attempt `number` is queued; never lowers the mark. */
  async markQueued(eventId: string, number: number): Promise<void> {
    await this.updateIf(eventId, {
      UpdateExpression: 'SET queued_attempt = :n',
      ConditionExpression: 'attribute_exists(event_id) AND (attribute_not_exists(queued_attempt) OR queued_attempt < :n)',
      ExpressionAttributeValues: { ':n': number },
    });
  }

  /**
   * Records the last attempt, which failed, and that the failure e-mail is owed; the event stays
   * `pending` until `completeFailure`. False when another delivery of the same step got there first.
   */
  recordFinalAttempt(eventId: string, number: number, attempt: DeliveryAttempt): Promise<boolean> {
    return this.updateIf(eventId, {
      UpdateExpression: 'SET delivery.attempts = list_append(delivery.attempts, :a), failure_alert = :owed',
      ConditionExpression: 'size(delivery.attempts) = :n AND delivery.#state = :pending AND attribute_not_exists(failure_alert)',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':a': [attempt], ':owed': 'pending', ':pending': 'pending', ':n': number },
    });
  }

  /**
   * Marks the event `failed` once its e-mail went out (`sent`) or could go to no one (`none`). Only one
   * caller wins: false when the event was already completed.
   */
  completeFailure(eventId: string, alert: 'sent' | 'none'): Promise<boolean> {
    return this.updateIf(eventId, {
      UpdateExpression: 'SET delivery.#state = :failed, failure_alert = :alert',
      ConditionExpression: 'delivery.#state = :pending AND failure_alert = :owed',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':failed': 'failed', ':alert': alert, ':pending': 'pending', ':owed': 'pending' },
    });
  }

  /** One conditional UpdateItem on an event: true when written, false when its condition did not hold. */
  private async updateIf(
    eventId: string,
    update: Pick<UpdateCommandInput, 'UpdateExpression' | 'ConditionExpression' | 'ExpressionAttributeNames' | 'ExpressionAttributeValues'>,
  ): Promise<boolean> {
    try {
      await dynamo().send(new UpdateCommand({ TableName: tableName('events'), Key: { event_id: eventId }, ...update }));
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async setState(eventId: string, state: EventRecord['delivery']['state']): Promise<void> {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('events'),
        Key: { event_id: eventId },
        UpdateExpression: 'SET delivery.#state = :s',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':s': state },
      }),
    );
  }

  /** Newest first, for one owner (account#mode), optionally one of their monitors. */
  async list(
    owner: string,
    limit: number,
    options: { monitorId?: string; startingAfter?: EventRecord } = {},
  ): Promise<{ items: EventRecord[]; hasMore: boolean }> {
    const byMonitor = options.monitorId !== undefined;
    const after = options.startingAfter;
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('events'),
        IndexName: byMonitor ? 'by_monitor' : 'by_owner',
        KeyConditionExpression: byMonitor ? 'monitor_id = :k' : '#owner = :k',
        ...(byMonitor ? {} : { ExpressionAttributeNames: { '#owner': 'owner' } }),
        ExpressionAttributeValues: { ':k': byMonitor ? options.monitorId : owner },
        ScanIndexForward: false,
        Limit: limit + 1,
        ...(after
          ? {
              ExclusiveStartKey: {
                event_id: after.event_id,
                created_key: after.created_key,
                ...(byMonitor ? { monitor_id: after.monitor_id } : { owner: after.owner }),
              },
            }
          : {}),
      }),
    );
    const items = ((out.Items ?? []) as EventRecord[]).filter((e) => e.owner === owner);
    return { items: items.slice(0, limit), hasMore: items.length > limit };
  }

  async get(eventId: string): Promise<EventRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('events'), Key: { event_id: eventId }, ConsistentRead: true }));
    return out.Item as EventRecord | undefined;
  }
}
