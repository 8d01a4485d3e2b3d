/**
 * The rows of an ingested file version in the Sanctions table, for sanctions lists and board rosters
 * alike: one item per lookup key of a row, partition `<source>#<version>#<key>`, sort key the row's
 * number in the file (zero-padded), the row as JSON, expiring `rowTtlDays` after it was written.
 *
 * Retention: a superseded version's rows simply expire. The current version's rows are rewritten in
 * place from the archived file (same partitions and sort keys, a new `expires_at`) once they are
 * `renewAfterDays` old (source-renewal.ts), whether or not the publisher could be reached, so they never
 * reach their TTL while current; the pointer's `rows_written_at` says when they were last written, and
 * readers refuse a version whose rows may have expired (freshness.ts `rowsReadable`).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { type Item, putAll } from './batch-write.ts';

export const rowTtlDays = 90;
/**
 * The current version's rows are rewritten once they are this old: half their TTL, leaving 45 daily
 * attempts before they could expire. A downloaded list that keeps being checked is re-ingested after
 * 30 days anyway (`refreshAfterDays`), so only failing downloads and operator uploads are renewed.
 */
export const renewAfterDays = 45;

export interface VersionedRow<T> {
  readonly value: T;
  /** The row's number in the file. */
  readonly row: number;
}

/** Writes rows of a version being built, one item per distinct key of each row; answers the items written. */
export async function writeVersionedRows<T>(
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

/** Every row stored under one partition (`<source>#<version>#<key>`), page by page. */
export async function queryVersionedRows<T>(partition: string): Promise<VersionedRow<T>[]> {
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

/** The rows of several partitions, each row once (a row is under each of its keys), in file order. */
export function distinctRows<R extends { readonly row: number }>(parts: readonly (readonly R[])[]): R[] {
  const seen = new Set<number>();
  const rows: R[] = [];
  for (const found of parts.flat()) {
    if (seen.has(found.row)) continue;
    seen.add(found.row);
    rows.push(found);
  }
  return rows.sort((a, b) => a.row - b.row);
}
