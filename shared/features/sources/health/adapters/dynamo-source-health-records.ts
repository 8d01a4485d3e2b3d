/**
 * What the source health report reads (`SourceHealthRecords`, source-health.ts): the pointers' dates and
 * the review items in the SourceState table, one GetItem each, all at once; the counts of an hour in the
 * SourceHealth table, one Query (each hour's partition holds every source's item).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';
import type { HeldSummary, Pointer, SourceHealthRecords } from '../source-health.ts';

export class DynamoSourceHealthRecords implements SourceHealthRecords {
  async pointers(ids: readonly string[]): Promise<Map<string, Pointer>> {
    const items = await Promise.all(
      ids.map(async (source) => {
        const out = await dynamo().send(
          new GetCommand({
            TableName: tableName('sourceState'),
            Key: { source },
            ProjectionExpression: '#s, version, ingested_at, checked_at, as_of, rows_written_at, last_modified',
            ExpressionAttributeNames: { '#s': 'source' },
          }),
        );
        return out.Item;
      }),
    );
    return new Map(items.filter((item) => item !== undefined).map((item) => [item.source as string, item as unknown as Pointer]));
  }

  async held(ids: readonly string[]): Promise<Map<string, HeldSummary | undefined>> {
    const items = await Promise.all(
      ids.map(async (source) => {
        const out = await dynamo().send(
          new GetCommand({ TableName: tableName('sourceState'), Key: { source: `${source}#review` }, ProjectionExpression: 'held' }),
        );
        return [source, out.Item?.held as HeldSummary | undefined] as const;
      }),
    );
    return new Map(items);
  }

  async hour(hour: string): Promise<Record<string, unknown>[]> {
    const items: Record<string, unknown>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo().send(
        new QueryCommand({
          TableName: tableName('sourceHealth'),
          KeyConditionExpression: '#h = :h',
          ExpressionAttributeNames: { '#h': 'hour' },
          ExpressionAttributeValues: { ':h': hour },
          ExclusiveStartKey: start,
        }),
      );
      items.push(...(out.Items ?? []));
      start = out.LastEvaluatedKey;
    } while (start);
    return items;
  }
}
