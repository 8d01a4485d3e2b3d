/**
 * The usable-key slots of accounts in DynamoDB (the `KeySlotTable` port, accounts.ts; the design is in
 * key-slots.ts): items `api_key_slot#00` … of the usage table, partition the account, each taken with one
 * conditional PutItem.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import type { KeySlotTable, SlotItem } from '../accounts.ts';

const slotPrefix = 'api_key_slot#';
const slotName = (index: number) => `${slotPrefix}${String(index).padStart(2, '0')}`;

export class DynamoKeySlotTable implements KeySlotTable {
  async read(accountId: string): Promise<Map<number, SlotItem>> {
    const out = await dynamo().send(
      new QueryCommand({
        TableName: tableName('usage'),
        KeyConditionExpression: 'account_id = :a AND begins_with(#p, :prefix)',
        ExpressionAttributeNames: { '#p': 'period' },
        ExpressionAttributeValues: { ':a': accountId, ':prefix': slotPrefix },
        // Strongly consistent: a slot taken a moment ago by another creator is seen.
        ConsistentRead: true,
      }),
    );
    const slots = new Map<number, SlotItem>();
    for (const item of (out.Items ?? []) as SlotItem[]) slots.set(Number(item.period.slice(slotPrefix.length)), item);
    return slots;
  }

  async claim(accountId: string, index: number, seen: SlotItem | undefined, keyHash: string, now: Date, prevHash?: string): Promise<boolean> {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName('usage'),
          Item: {
            account_id: accountId,
            period: slotName(index),
            key_hash: keyHash,
            taken_at: now.toISOString(),
            ...(prevHash ? { prev_hash: prevHash } : {}),
          } satisfies SlotItem,
          ConditionExpression: seen ? 'key_hash = :seen AND taken_at = :takenAt' : 'attribute_not_exists(#p)',
          ...(seen ? { ExpressionAttributeValues: { ':seen': seen.key_hash, ':takenAt': seen.taken_at } } : { ExpressionAttributeNames: { '#p': 'period' } }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
