/**
 * Puts items in BatchWriteItem calls of 25 (DynamoDB's limit), all batches at once. DynamoDB may
 * accept part of a batch and return the rest as UnprocessedItems (throttling, a hot partition): those
 * are sent again with jittered back-off, up to 8 retries, before the write fails.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../aws/dynamo.ts';

export type Item = Record<string, unknown>;

export const batchSize = 25;
const maxRetries = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function putAll(table: string, items: readonly Item[]): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += batchSize) batches.push(items.slice(i, i + batchSize));
  await Promise.all(batches.map((batch) => putBatch(table, batch)));
}

async function putBatch(table: string, items: Item[]): Promise<void> {
  let pending = items;
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > maxRetries) throw new Error('DynamoDB kept returning unprocessed items');
    if (attempt > 0) await sleep(Math.random() * 50 * 2 ** attempt);
    const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending.map((Item) => ({ PutRequest: { Item } })) } }));
    pending = (out.UnprocessedItems?.[table] ?? []).map((r) => r.PutRequest!.Item as Item);
  }
}
