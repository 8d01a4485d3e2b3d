/**
 * The pointer to the current version of an ingested list: one item of the SourceState table, keyed by
 * the source (`leie`, `sam`, …). Lookups read it once and query that version only; an ingest switches
 * it with one conditional PutItem, so readers see the old version or the new one, never a mix.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';

/** What every version pointer holds; each list adds its own statistics and provenance. */
export interface PointedVersion {
  readonly version: string;
  /** When the version's rows were last written (its ingest, then each renewal). */
  readonly rows_written_at?: string;
}

export class SourcePointer<V extends PointedVersion> {
  constructor(private readonly source: string) {}

  /** The version lookups currently follow. */
  async current(): Promise<V | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: this.source }, ConsistentRead: true }));
    return out.Item as V | undefined;
  }

  /** Records a check that found the list unchanged (nothing, if another ingest switched meanwhile). */
  async markChecked(version: string, at: Date): Promise<void> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('sourceState'),
          Key: { source: this.source },
          UpdateExpression: 'SET checked_at = :at',
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':at': at.toISOString(), ':v': version },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }

  /**
   * Records that the rows of `version` were rewritten at `at` (renewal), unless another ingest switched
   * meanwhile or a later renewal recorded a later time; answers whether it was recorded.
   */
  async markRowsWritten(version: string, at: Date): Promise<boolean> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('sourceState'),
          Key: { source: this.source },
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

  /**
   * Makes `next` the current version in one conditional write; false if another ingest switched first
   * (the rows of `next` then simply expire).
   */
  async switchTo(next: V, previousVersion: string | undefined): Promise<boolean> {
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName('sourceState'),
          Item: { source: this.source, ...next },
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
