/**
 * The rows of ingested versions in the Sanctions table (`VersionedRows`, versioned-rows.ts): one item per
 * lookup key of a row, partition `list_key` = `<source>#<version>#<key>`, sort key `row_id` (the row's
 * number, zero-padded), the row as JSON in `entry`, `expires_at` its TTL; written with BatchWriteItem
 * (batch-write.ts), read with Query page by page.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';
import { rowTtlDays, type VersionedRow, type VersionedRows } from '../versioned-rows.ts';
import { type Item, putAll } from './batch-write.ts';

export class DynamoVersionedRows implements VersionedRows {
  async write<T>(
    source: string,
    version: string,
    rows: readonly (VersionedRow<T> & { readonly keys: readonly string[] })[],
    now: Date,
    rowIdDigits: number,
  ): Promise<number> {
    const expiresAt = Math.floor(now.getTime() / 1000) + rowTtlDays * 86_400;
    const items: Item[] = [];
    for (const { value, row, keys } of rows) {
      const json = JSON.stringify(value);
      const rowId = String(row).padStart(rowIdDigits, '0');
      for (const key of new Set(keys)) items.push({ list_key: `${source}#${version}#${key}`, row_id: rowId, expires_at: expiresAt, entry: json });
    }
    await putAll(tableName('sanctions'), items);
    return items.length;
  }

  async query<T>(partition: string): Promise<VersionedRow<T>[]> {
    const found: VersionedRow<T>[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo().send(
        new QueryCommand({
          TableName: tableName('sanctions'),
          KeyConditionExpression: 'list_key = :k',
          ExpressionAttributeValues: { ':k': partition },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) found.push({ value: JSON.parse(item.entry as string) as T, row: Number(item.row_id) });
      start = out.LastEvaluatedKey;
    } while (start);
    return found;
  }
}
