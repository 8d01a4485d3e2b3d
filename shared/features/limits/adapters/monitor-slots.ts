/**
 * The cap on active monitors per account and mode (monitor-caps.ts) in DynamoDB: an atomic counter in the usage table (item
 * `monitors#<mode>`), taken by one conditional UpdateItem before a monitor is created and given back
 * when it is deleted or its creation fails, so concurrent creations can never pass the cap. Test mode
 * is capped; live monitors are bounded by the plan's billing, not here.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import type { KeyMode } from '../../../domain/caller.ts';
import { monitorCaps, type MonitorSlotStore } from '../monitor-caps.ts';

const slotKey = (accountId: string, mode: KeyMode) => ({ account_id: accountId, period: `monitors#${mode}` });

export class MonitorSlots implements MonitorSlotStore {
  /** Takes one slot; false when the account already holds `cap` active monitors in this mode. */
  async take(accountId: string, mode: KeyMode): Promise<boolean> {
    const cap = monitorCaps[mode];
    if (cap === undefined) return true;
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: slotKey(accountId, mode),
          UpdateExpression: 'ADD active :one',
          ConditionExpression: 'attribute_not_exists(active) OR active < :cap',
          ExpressionAttributeValues: { ':one': 1, ':cap': cap },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  /** Gives a slot back (a monitor deleted, or a creation that failed after taking it); never below zero. */
  async release(accountId: string, mode: KeyMode): Promise<void> {
    if (monitorCaps[mode] === undefined) return;
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: slotKey(accountId, mode),
          UpdateExpression: 'ADD active :minus',
          ConditionExpression: 'active > :zero',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
