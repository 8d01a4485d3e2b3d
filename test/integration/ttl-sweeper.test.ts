/**
 * The local stack's TTL deletion (local/runtime/ttl-sweeper.ts) on its timer: a sweep reads small pages and rests
 * between them, so that on a large table it shares the emulator with the requests instead of holding it
 * for the whole table, and still deletes every expired item across all its pages while keeping the rest.
 */
import { BatchWriteCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack({ ttlSweep: { intervalMs: 300 } });
});
afterAll(async () => {
  await t?.stop();
});

async function count(): Promise<{ expired: number; kept: number }> {
  let expired = 0;
  let kept = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamo().send(new ScanCommand({ TableName: tableName('idempotency'), ExclusiveStartKey: start, ConsistentRead: true }));
    for (const item of out.Items ?? []) {
      if (String(item.scope_key).startsWith('ttl-expired#')) expired++;
      if (String(item.scope_key).startsWith('ttl-kept#')) kept++;
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return { expired, kept };
}

it('deletes every expired item of a table over many pages, and keeps the others', async () => {
  const past = Math.floor(Date.now() / 1000) - 3600;
  const future = Math.floor(Date.now() / 1000) + 3600;
  const items = [
    ...Array.from({ length: 1_200 }, (_, i) => ({ scope_key: `ttl-expired#${i}`, expires_at: past, padding: 'x'.repeat(200) })),
    ...Array.from({ length: 30 }, (_, i) => ({ scope_key: `ttl-kept#${i}`, expires_at: future })),
  ];
  for (let i = 0; i < items.length; i += 25) {
    await dynamo().send(
      new BatchWriteCommand({ RequestItems: { [tableName('idempotency')]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
    );
  }
  await waitFor(async () => ((await count()).expired === 0 ? true : undefined), 60_000);
  expect(await count()).toEqual({ expired: 0, kept: 30 });
}, 90_000);
