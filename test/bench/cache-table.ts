/** The source cache table of the local stack, read and emptied whole: a benchmark makes its next verifications cache misses again. */
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';

export async function cacheItems(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new ScanCommand({ TableName: tableName('cache'), ExclusiveStartKey: start }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function emptyCache(): Promise<void> {
  const keys = (await cacheItems()).map((item) => ({ DeleteRequest: { Key: { cache_key: item.cache_key } } }));
  for (let i = 0; i < keys.length; i += 25) {
    await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName('cache')]: keys.slice(i, i + 25) } }));
  }
}
