/**
 * Accounts and their API keys in DynamoDB. Keys are addressed by their SHA-256 hash; the key itself is
 * never written anywhere. The operator revokes keys by hash (or all of an account's at once) and
 * suspends accounts; authentication reads both the key and its account strongly consistent, so either
 * takes effect on the very next request.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';
import type { PlanName } from '../limits/plans.ts';
import { isCounterAttribute } from '../limits/usage-store.ts';
import type { KeyMode } from '../domain/caller.ts';

export interface Account {
  readonly account_id: string;
  readonly plan: PlanName;
  readonly email?: string;
  /** Per-minute limit override (Enterprise accounts). */
  readonly minute_limit?: number;
  readonly created_at: string;
  /** Set while the operator has the account suspended: every key of it is refused (403 `account_suspended`). */
  readonly suspended_at?: string;
  /** The operator's note on why; for operators only, never shown to the caller. */
  readonly suspension_reason?: string;
}

export interface ApiKeyRecord {
  readonly key_hash: string;
  readonly account_id: string;
  readonly mode: KeyMode;
  readonly key_hint: string;
  readonly created_at: string;
  readonly expires_at?: string;
  readonly revoked_at?: string;
  /** Public id (`key_…`); keys stored before ids existed have one derived from the hash (key-rules.ts `keyIdOf`). */
  readonly key_id?: string;
  /** `admin` or `standard` (key-rules.ts); absent on keys stored before roles existed, which are standard. */
  readonly role?: 'admin' | 'standard';
  /** The customer's label. */
  readonly name?: string;
  /** When the key was rolled; its `expires_at` is then the end of the grace period. */
  readonly rolled_at?: string;
  /** The id of the key that replaced this one in a roll. */
  readonly replaced_by?: string;
  /** The id of the key this one replaced in a roll. */
  readonly replaces?: string;
  /** A revoked key's last use (the minute, ISO), moved here from the account item when it was revoked (key-use.ts). */
  readonly last_used_at?: string;
}

/** What a roll writes on the old key: its end, and the key that replaces it. */
export interface RollMark {
  readonly at: Date;
  readonly expiresAt: Date;
  readonly replacedBy: string;
  /** The `expires_at` the roll read (undefined: none): the mark applies only if it is still the same. */
  readonly seenExpiresAt: string | undefined;
}

export type KeyState = 'active' | 'revoked' | 'expired';

/** The account's own fields of a stored account item, without the usage counters it also carries (limits/usage-store.ts). */
export function accountOf(item: Record<string, unknown>): Account {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !isCounterAttribute(name))) as unknown as Account;
}

/**
 * Whether a key may be used now. A set `revoked_at` means revoked whatever time it holds: revocation is
 * never scheduled, and a writer's clock running ahead of this one must not leave a revoked key working.
 * Expiry is a time (keys issued with `expires_at`).
 */
export function keyState(record: ApiKeyRecord, now: Date): KeyState {
  if (record.revoked_at !== undefined && record.revoked_at !== null) return 'revoked';
  if (record.expires_at && Date.parse(record.expires_at) <= now.getTime()) return 'expired';
  return 'active';
}

export interface Suspension {
  readonly at: Date;
  readonly reason?: string;
}

export interface AccountStore {
  /** The account as stored now (a strongly consistent read): a suspension is seen by the next request. */
  getAccount(accountId: string): Promise<Account | undefined>;
  createAccount(account: Account): Promise<void>;
  /**
   * Suspends the account (a repeat keeps the first `suspended_at` and replaces the reason), or lifts its
   * suspension (`undefined`); returns the account as it now stands, or undefined if no such account.
   */
  setSuspension(accountId: string, suspension: Suspension | undefined): Promise<Account | undefined>;
  /** The key with this hash as stored now (a strongly consistent read): a revocation is seen by the next request. */
  getKey(keyHash: string): Promise<ApiKeyRecord | undefined>;
  createKey(record: ApiKeyRecord): Promise<void>;
  /**
   * Marks a key revoked; returns the record as it now stands, or undefined if no such key. `lastUsedAt`:
   * the key's last use, kept on its item (the account item forgets it, key-use.ts).
   */
  revokeKey(keyHash: string, at: Date, lastUsedAt?: string | null): Promise<ApiKeyRecord | undefined>;
  /** Every key of the account, oldest first, revoked and expired ones included. */
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
  /**
   * Marks a usable, never-rolled key rolled, in one conditional UpdateItem: of concurrent rolls of one
   * key exactly one gets the record back; the others (and a roll of a revoked, expired or rolled key)
   * get undefined.
   */
  markRolled(keyHash: string, mark: RollMark): Promise<ApiKeyRecord | undefined>;
}

export class DynamoAccountStore implements AccountStore {
  async getAccount(accountId: string): Promise<Account | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { account_id: accountId }, ConsistentRead: true }));
    return out.Item ? accountOf(out.Item) : undefined;
  }

  async setSuspension(accountId: string, suspension: Suspension | undefined): Promise<Account | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('accounts'),
          Key: { account_id: accountId },
          ...(suspension
            ? {
                UpdateExpression: suspension.reason
                  ? 'SET suspended_at = if_not_exists(suspended_at, :at), suspension_reason = :reason'
                  : 'SET suspended_at = if_not_exists(suspended_at, :at) REMOVE suspension_reason',
                ExpressionAttributeValues: {
                  ':at': suspension.at.toISOString(),
                  ...(suspension.reason ? { ':reason': suspension.reason } : {}),
                },
              }
            : { UpdateExpression: 'REMOVE suspended_at, suspension_reason' }),
          ConditionExpression: 'attribute_exists(account_id)',
          ReturnValues: 'ALL_NEW',
        }),
      );
      return accountOf(out.Attributes ?? {});
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async createAccount(account: Account): Promise<void> {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('accounts'),
        Item: account,
        ConditionExpression: 'attribute_not_exists(account_id)',
      }),
    );
  }

  async getKey(keyHash: string): Promise<ApiKeyRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('apiKeys'), Key: { key_hash: keyHash }, ConsistentRead: true }));
    return out.Item as ApiKeyRecord | undefined;
  }

  async createKey(record: ApiKeyRecord): Promise<void> {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('apiKeys'),
        Item: record,
        ConditionExpression: 'attribute_not_exists(key_hash)',
      }),
    );
  }

  async revokeKey(keyHash: string, at: Date, lastUsedAt?: string | null): Promise<ApiKeyRecord | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('apiKeys'),
          Key: { key_hash: keyHash },
          UpdateExpression: `SET revoked_at = if_not_exists(revoked_at, :at)${lastUsedAt ? ', last_used_at = if_not_exists(last_used_at, :used)' : ''}`,
          ConditionExpression: 'attribute_exists(key_hash)',
          ExpressionAttributeValues: { ':at': at.toISOString(), ...(lastUsedAt ? { ':used': lastUsedAt } : {}) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as ApiKeyRecord;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async markRolled(keyHash: string, mark: RollMark): Promise<ApiKeyRecord | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('apiKeys'),
          Key: { key_hash: keyHash },
          UpdateExpression: 'SET rolled_at = :at, expires_at = :exp, replaced_by = :by',
          ConditionExpression: [
            'attribute_exists(key_hash)',
            'attribute_not_exists(rolled_at)',
            'attribute_not_exists(revoked_at)',
            mark.seenExpiresAt === undefined ? 'attribute_not_exists(expires_at)' : 'expires_at = :seen AND expires_at > :now',
          ].join(' AND '),
          ExpressionAttributeValues: {
            ':at': mark.at.toISOString(),
            ':exp': mark.expiresAt.toISOString(),
            ':by': mark.replacedBy,
            ...(mark.seenExpiresAt === undefined ? {} : { ':seen': mark.seenExpiresAt, ':now': mark.at.toISOString() }),
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return out.Attributes as ApiKeyRecord;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }

  async listKeys(accountId: string): Promise<ApiKeyRecord[]> {
    const keys: ApiKeyRecord[] = [];
    let start: QueryCommandOutput['LastEvaluatedKey'];
    do {
      const out = await dynamo().send(
        new QueryCommand({
          TableName: tableName('apiKeys'),
          IndexName: 'by_account',
          KeyConditionExpression: 'account_id = :a',
          ExpressionAttributeValues: { ':a': accountId },
          ...(start ? { ExclusiveStartKey: start } : {}),
        }),
      );
      keys.push(...((out.Items ?? []) as ApiKeyRecord[]));
      start = out.LastEvaluatedKey;
    } while (start);
    return keys;
  }
}
