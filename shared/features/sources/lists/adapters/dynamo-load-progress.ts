/** The progress of stopped loads in the SourceState table (`LoadProgressRecords`, load-progress.ts): item `load#<source>`. */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';
import type { LoadProgress, LoadProgressRecords } from '../load-progress.ts';

const keyOf = (source: string) => ({ source: `load#${source}` });

export class DynamoLoadProgress implements LoadProgressRecords {
  async recorded(source: string): Promise<LoadProgress | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: keyOf(source), ConsistentRead: true }));
    if (!out.Item) return undefined;
    const { source: _, ...progress } = out.Item as LoadProgress & { source: string };
    return progress;
  }

  async currentSince(source: string): Promise<string | undefined> {
    const pointer = await dynamo().send(
      new GetCommand({ TableName: tableName('sourceState'), Key: { source }, ConsistentRead: true, ProjectionExpression: 'ingested_at' }),
    );
    return pointer.Item?.ingested_at as string | undefined;
  }

  async save(source: string, progress: LoadProgress): Promise<void> {
    await dynamo().send(new PutCommand({ TableName: tableName('sourceState'), Item: { ...keyOf(source), ...progress } }));
  }

  async clear(source: string, version: string): Promise<void> {
    try {
      await dynamo().send(
        new UpdateCommand({
          TableName: tableName('sourceState'),
          Key: keyOf(source),
          UpdateExpression: 'REMOVE version, started_at, sha256, files, file_name, etag, last_modified, archive_key, rows_done, interruptions, saved_at',
          ConditionExpression: 'version = :v',
          ExpressionAttributeValues: { ':v': version },
        }),
      );
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
