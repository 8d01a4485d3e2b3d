/**
 * Accounts and their API keys in DynamoDB (the `AccountStore` port, accounts.ts). Keys are addressed by
 * their SHA-256 hash; the key itself is never written anywhere. The operator revokes keys by hash (or
 * all of an account's at once) and suspends accounts; authentication reads both the key and its account
 * strongly consistent, so either takes effect on the very next request.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { accountOf, type Account, type AccountStore, type ApiKeyRecord, type RollMark, type Suspension } from '../accounts.ts';
import { DynamoKeySlotTable } from './key-slot-table.ts';

export class DynamoAccountStore implements AccountStore {
  readonly keySlots = new DynamoKeySlotTable();

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
