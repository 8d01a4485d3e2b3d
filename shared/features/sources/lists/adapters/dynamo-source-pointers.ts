/**
 * The pointers to the current versions of the ingested lists (`SourcePointers`, source-pointer.ts): one
 * item of the SourceState table per source, read strongly consistent, switched with one conditional PutItem.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';

import type { PointedVersion, SourcePointers } from '../source-pointer.ts';

export class DynamoSourcePointers implements SourcePointers {
  async current<V extends PointedVersion>(source: string): Promise<V | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source }, ConsistentRead: true }));
    return out.Item as V | undefined;
  }

  async markChecked(source: string, version: string, at: Date): Promise<void> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('sourceState'),
          Key: { source },
          UpdateExpression: 'SET checked_at = :at',
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':at': at.toISOString(), ':v': version },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  async markRowsWritten(source: string, version: string, at: Date): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('sourceState'),
          Key: { source },
          UpdateExpression: 'SET rows_written_at = :at',
          ConditionExpression: 'version = :v AND (attribute_not_exists(rows_written_at) OR rows_written_at < :at)',
          ExpressionAttributeValues: { ':at': at.toISOString(), ':v': version },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  async switchTo<V extends PointedVersion>(source: string, next: V, previousVersion: string | undefined): Promise<boolean> {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName('sourceState'),
          Item: { source, ...next },
          ConditionExpression: previousVersion === undefined ? 'attribute_not_exists(version)' : 'version = :prev',
          ...(previousVersion === undefined ? {} : { ExpressionAttributeValues: { ':prev': previousVersion } }),
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }
}
