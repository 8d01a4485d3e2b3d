import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { putAll } from '#shared/sources/lists/batch-write.ts';

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

  it('fails when DynamoDB keeps items unprocessed', async () => {
    documents.on(BatchWriteCommand).callsFake((input: { RequestItems: Record<string, unknown[]> }) => ({ UnprocessedItems: { T: input.RequestItems.T } }));
    await expect(putAll('T', items(3))).rejects.toThrow(/kept returning unprocessed items/);
    expect(sent()).toHaveLength(9);
  }, 30_000);
});
