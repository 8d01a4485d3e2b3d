/**
 * Webhook events: the exact body sent (the same bytes and id on every attempt) and the delivery
 * history. Listed per owner or per monitor, newest first. Kept one year.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';
import type { ChainPosition } from '../delivery-chain.ts';
import type { DeliveryAttempt, EventRecord } from '../event-record.ts';
import { AttemptConflict, eventRetentionDays, filteredPageSize, maxFilteredPages, type EventStore } from '../event-store.ts';

/** The condition that the event is still in chain `chain` (events stored before chains have no `chain`: chain 0). */
function inChain(chain: number): { condition: string; values: Record<string, number> } {
  return chain === 0
    ? { condition: '(attribute_not_exists(#chain) OR #chain = :chain)', values: { ':chain': 0 } }
    : { condition: '#chain = :chain', values: { ':chain': chain } };
}

export class DynamoEventStore implements EventStore {
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
   * Records attempt number `number` of the chain at `position` and sets the delivery state, in one
   * conditional UpdateItem: only while the event is pending, in that chain, with exactly `number` of
   * the chain's attempts recorded, so each attempt of each chain is recorded once however often its
   * message is delivered. Throws `AttemptConflict` otherwise.
   */
  async recordAttempt(
    eventId: string,
    position: ChainPosition,
    number: number,
    attempt: DeliveryAttempt,
    state: EventRecord['delivery']['state'],
  ): Promise<void> {
    const chain = inChain(position.chain);
    const recorded = await this.updateIf(eventId, {
      UpdateExpression: 'SET delivery.attempts = list_append(delivery.attempts, :a), delivery.#state = :s',
      ConditionExpression: `size(delivery.attempts) = :n AND delivery.#state = :pending AND ${chain.condition}`,
      ExpressionAttributeNames: { '#state': 'state', '#chain': 'chain' },
      ExpressionAttributeValues: { ':a': [attempt], ':s': state, ':n': position.start + number, ':pending': 'pending', ...chain.values },
    });
    if (!recorded) throw new AttemptConflict(eventId, number);
  }

  /**
   * Notes, just before attempt `number` of the chain at `position` is posted at `now`, that a POST may be
   * under way until `until`: an exclusive lease. Only while the event is pending, in that chain, with
   * the attempt not yet recorded, and with no other note open: none, one lapsed by `now`, one of an
   * earlier chain (a redelivery starts its chain's first attempt only after the old chain's open note,
   * delivery-chain.ts), or one of an earlier attempt of this chain (recorded, so its POST is over).
   * False otherwise (nothing may be posted): so of two copies of one message, only one posts.
   */
  notePost(eventId: string, position: ChainPosition, number: number, now: Date, until: Date): Promise<boolean> {
    const chain = inChain(position.chain);
    return this.updateIf(eventId, {
      UpdateExpression: 'SET in_flight = :note',
      ConditionExpression: `size(delivery.attempts) = :n AND delivery.#state = :pending AND ${chain.condition} AND (attribute_not_exists(in_flight) OR in_flight.#until <= :now OR in_flight.#chain < :noteChain OR (in_flight.#chain = :noteChain AND in_flight.#attempt < :attempt))`,
      ExpressionAttributeNames: { '#state': 'state', '#chain': 'chain', '#until': 'until', '#attempt': 'attempt' },
      ExpressionAttributeValues: {
        ':note': { chain: position.chain, attempt: number, until: until.toISOString() },
        ':n': position.start + number,
        ':pending': 'pending',
        ':now': now.toISOString(),
        ':noteChain': position.chain,
        ':attempt': number,
        ...chain.values,
      },
    });
  }

  /**
   * Starts chain `position.chain + 1` of an event read with `attempts` attempts and the POST note
   * `noteUntil` (null: none; see notePost): pending again, attempts numbered from 0, the failure e-mail no longer
   * owed. One conditional UpdateItem: only if nothing changed since that read, so of two concurrent
   * redeliveries one starts the chain. The event as written, or undefined when the condition failed.
   */
  async startChain(eventId: string, position: ChainPosition, attempts: number, noteUntil: string | null): Promise<EventRecord | undefined> {
    const chain = inChain(position.chain);
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('events'),
          Key: { event_id: eventId },
          UpdateExpression: 'SET #chain = :next, chain_start = :size, delivery.#state = :pending, queued_attempt = :zero REMOVE failure_alert',
          ConditionExpression: `size(delivery.attempts) = :size AND ${chain.condition} AND ${noteUntil === null ? 'attribute_not_exists(in_flight)' : 'in_flight.#until = :until'}`,
          ExpressionAttributeNames: { '#state': 'state', '#chain': 'chain', ...(noteUntil === null ? {} : { '#until': 'until' }) },
          ExpressionAttributeValues: {
            ':next': position.chain + 1,
            ':size': attempts,
            ':pending': 'pending',
            ':zero': 0,
            ...(noteUntil === null ? {} : { ':until': noteUntil }),
            ...chain.values,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as EventRecord;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  /** Notes that the message of attempt `number` of chain `chain` is queued; never lowers the mark, never marks another chain. */
  async markQueued(eventId: string, chain: number, number: number): Promise<void> {
    const current = inChain(chain);
    await this.updateIf(eventId, {
      UpdateExpression: 'SET queued_attempt = :n',
      ConditionExpression: `attribute_exists(event_id) AND (attribute_not_exists(queued_attempt) OR queued_attempt < :n) AND ${current.condition}`,
      ExpressionAttributeNames: { '#chain': 'chain' },
      ExpressionAttributeValues: { ':n': number, ...current.values },
    });
  }

  /**
   * Records the last attempt, which failed, and that the failure e-mail is owed; the event stays
   * `pending` until `completeFailure`. False when another delivery of the same step got there first.
   */
  recordFinalAttempt(eventId: string, position: ChainPosition, number: number, attempt: DeliveryAttempt): Promise<boolean> {
    const chain = inChain(position.chain);
    return this.updateIf(eventId, {
      UpdateExpression: 'SET delivery.attempts = list_append(delivery.attempts, :a), failure_alert = :owed',
      ConditionExpression: `size(delivery.attempts) = :n AND delivery.#state = :pending AND attribute_not_exists(failure_alert) AND ${chain.condition}`,
      ExpressionAttributeNames: { '#state': 'state', '#chain': 'chain' },
      ExpressionAttributeValues: { ':a': [attempt], ':owed': 'pending', ':pending': 'pending', ':n': position.start + number, ...chain.values },
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

  /**
   * Newest first, for one owner (account#mode), optionally one of their monitors and one delivery
   * state. Without a state, one Query of `limit + 1` items. With one, the state is a FilterExpression,
   * which DynamoDB applies after reading (a discarded event still costs its read, and a page stops at
   * 1 MB): pages of `filteredPageSize` events are read until `limit + 1` match or `maxFilteredPages`
   * pages were read. Stopped by that bound, the result may hold fewer than `limit` events and
   * `hasMore` with `resumeAfter`, the last event read, as the cursor to continue from.
   */
  async list(
    owner: string,
    limit: number,
    options: { monitorId?: string; startingAfter?: EventRecord; state?: EventRecord['delivery']['state'] } = {},
  ): Promise<{ items: EventRecord[]; hasMore: boolean; resumeAfter?: string }> {
    const byMonitor = options.monitorId !== undefined;
    const startKey = (after: Pick<EventRecord, 'event_id' | 'created_key' | 'monitor_id' | 'owner'>) => ({
      event_id: after.event_id,
      created_key: after.created_key,
      ...(byMonitor ? { monitor_id: after.monitor_id } : { owner: after.owner }),
    });
    const query = (exclusiveStartKey: Record<string, unknown> | undefined, pageSize: number) =>
      dynamo().send(
        new QueryCommand({
          TableName: tableName('events'),
          IndexName: byMonitor ? 'by_monitor' : 'by_owner',
          KeyConditionExpression: byMonitor ? 'monitor_id = :k' : '#owner = :k',
          ...(byMonitor && !options.state
            ? {}
            : { ExpressionAttributeNames: { ...(byMonitor ? {} : { '#owner': 'owner' }), ...(options.state ? { '#state': 'state' } : {}) } }),
          ...(options.state ? { FilterExpression: 'delivery.#state = :state' } : {}),
          ExpressionAttributeValues: { ':k': byMonitor ? options.monitorId : owner, ...(options.state ? { ':state': options.state } : {}) },
          ScanIndexForward: false,
          Limit: pageSize,
          ...(exclusiveStartKey ? { ExclusiveStartKey: exclusiveStartKey } : {}),
        }),
      );
    const mine = (items: Record<string, unknown>[] | undefined) => ((items ?? []) as unknown as EventRecord[]).filter((e) => e.owner === owner);
    let start: Record<string, unknown> | undefined = options.startingAfter ? startKey(options.startingAfter) : undefined;
    if (!options.state) {
      const out = await query(start, limit + 1);
      const items = mine(out.Items);
      // A page cut short by DynamoDB's 1 MB limit has more after it, too.
      return { items: items.slice(0, limit), hasMore: items.length > limit || (items.length > 0 && out.LastEvaluatedKey !== undefined) };
    }
    const found: EventRecord[] = [];
    for (let page = 0; page < maxFilteredPages; page += 1) {
      const out = await query(start, filteredPageSize);
      found.push(...mine(out.Items));
      if (found.length > limit) return { items: found.slice(0, limit), hasMore: true };
      if (!out.LastEvaluatedKey) return { items: found, hasMore: false };
      start = out.LastEvaluatedKey;
    }
    return { items: found, hasMore: true, resumeAfter: String(start?.event_id) };
  }

  async get(eventId: string): Promise<EventRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('events'), Key: { event_id: eventId }, ConsistentRead: true }));
    return out.Item as EventRecord | undefined;
  }
}
