import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { maxInFlight, putAll, stallLimitMs, WriteStalledError } from '#shared/features/sources/lists/adapters/batch-write.ts';

const documents = mockClient(DynamoDBDocumentClient);
afterEach(() => documents.reset());

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ list_key: `k${i}`, row_id: String(i) }));
const sent = () => documents.commandCalls(BatchWriteCommand).map((c) => c.args[0].input.RequestItems!.T!.map((r) => r.PutRequest!.Item!.list_key as string));

describe('putAll', () => {
  it('writes in batches of 25 and sends again what DynamoDB left unprocessed', async () => {
    let first = true;
    documents.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> }) => {
      const requests = input.RequestItems.T!;
      // The first batch is accepted only in part, as a throttled partition answers.
      if (first && requests.length === 25) {
        first = false;
        return { UnprocessedItems: { T: requests.slice(20) } };
      }
      return { UnprocessedItems: {} };
    });
    await putAll('T', items(60));
    const calls = sent();
    expect(calls.slice(0, 3).map((c) => c.length)).toEqual([25, 25, 10]);
    expect(calls[3]).toEqual(['k20', 'k21', 'k22', 'k23', 'k24']);
    expect(new Set(calls.flat()).size).toBe(60);
  });

  it('sends again a batch refused whole for throttling, and fails at once on any other error', async () => {
    let calls = 0;
    documents.on(BatchWriteCommand).callsFake(() => {
      calls++;
      if (calls <= 3) throw Object.assign(new Error('Throughput exceeds the current capacity of your table'), { name: 'ThrottlingException' });
      return { UnprocessedItems: {} };
    });
    await putAll('T', items(10));
    expect(calls).toBe(4);

    documents.reset();
    documents.on(BatchWriteCommand).rejects(Object.assign(new Error('One or more parameter values were invalid'), { name: 'ValidationException' }));
    await expect(putAll('T', items(10))).rejects.toMatchObject({ name: 'ValidationException' });
    expect(sent()).toHaveLength(1);
  });

  it('keeps at most a window of calls in flight, however many batches', async () => {
    let inFlight = 0;
    let most = 0;
    documents.on(BatchWriteCommand).callsFake(async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      return { UnprocessedItems: {} };
    });
    await putAll('T', items(25 * 100));
    expect(sent()).toHaveLength(100);
    expect(most).toBeLessThanOrEqual(maxInFlight);
  });

  it('fails when DynamoDB takes nothing for the stall limit, and not before', async () => {
    vi.useFakeTimers();
    try {
      documents.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => ({ UnprocessedItems: { T: input.RequestItems.T } }));
      const write = putAll('T', items(3));
      const failed = write.then(
        () => undefined,
        (e: unknown) => e,
      );
      await vi.advanceTimersByTimeAsync(stallLimitMs - 5_000);
      expect(sent().length).toBeGreaterThan(10);
      await vi.advanceTimersByTimeAsync(10_000);
      expect(await failed).toBeInstanceOf(WriteStalledError);
    } finally {
      vi.useRealTimers();
    }
  });
});
