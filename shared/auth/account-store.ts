/**
 * Accounts and their API keys in DynamoDB. Keys are addressed by their SHA-256 hash; the key itself is
 * never written anywhere.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';
import type { PlanName } from '../limits/plans.ts';
import type { KeyMode } from './api-keys.ts';

export interface Account {
  readonly account_id: string;
  readonly plan: PlanName;
  readonly email?: string;
  /** Per-minute limit override (Enterprise accounts). */
  readonly minute_limit?: number;
  readonly created_at: string;
}

export interface ApiKeyRecord {
  readonly key_hash: string;
  readonly account_id: string;
  readonly mode: KeyMode;
  readonly key_hint: string;
  readonly created_at: string;
  readonly expires_at?: string;
  readonly revoked_at?: string;
}

export type KeyState = 'active' | 'revoked' | 'expired';

export function keyState(record: ApiKeyRecord, now: Date): KeyState {
  if (record.revoked_at && Date.parse(record.revoked_at) <= now.getTime()) return 'revoked';
  if (record.expires_at && Date.parse(record.expires_at) <= now.getTime()) return 'expired';
  return 'active';
}

export interface AccountStore {
  getAccount(accountId: string): Promise<Account | undefined>;
  /** The account as this container last read it, re-read after `maxAgeMs` (plans change rarely). */
  getAccountRemembered(accountId: string, maxAgeMs?: number): Promise<Account | undefined>;
  createAccount(account: Account): Promise<void>;
  getKey(keyHash: string): Promise<ApiKeyRecord | undefined>;
  createKey(record: ApiKeyRecord): Promise<void>;
  /** Marks a key revoked; returns the record as it now stands, or undefined if no such key. */
  revokeKey(keyHash: string, at: Date): Promise<ApiKeyRecord | undefined>;
  listKeys(accountId: string): Promise<ApiKeyRecord[]>;
}

export class DynamoAccountStore implements AccountStore {
  private readonly remembered = new Map<string, { at: number; account: Account }>();

  async getAccountRemembered(accountId: string, maxAgeMs = 60_000): Promise<Account | undefined> {
    const hit = this.remembered.get(accountId);
    if (hit && Date.now() - hit.at < maxAgeMs) return hit.account;
    const account = await this.getAccount(accountId);
    if (account) {
      if (this.remembered.size > 10_000) this.remembered.clear();
      this.remembered.set(accountId, { at: Date.now(), account });
    }
    return account;
  }

  async getAccount(accountId: string): Promise<Account | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { account_id: accountId } }));
    return out.Item as Account | undefined;
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
    const out = await dynamo().send(new GetCommand({ TableName: tableName('apiKeys'), Key: { key_hash: keyHash } }));
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

  async revokeKey(keyHash: string, at: Date): Promise<ApiKeyRecord | undefined> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('apiKeys'),
          Key: { key_hash: keyHash },
          UpdateExpression: 'SET revoked_at = if_not_exists(revoked_at, :at)',
          ConditionExpression: 'attribute_exists(key_hash)',
          ExpressionAttributeValues: { ':at': at.toISOString() },
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
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('apiKeys'),
        IndexName: 'by_account',
        KeyConditionExpression: 'account_id = :a',
        ExpressionAttributeValues: { ':a': accountId },
      }),
    );
    return (out.Items ?? []) as ApiKeyRecord[];
  }
}
