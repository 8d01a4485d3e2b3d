/**
 * The local DynamoDB closes the LevelDB iterator of every Query and Scan that stops at its Limit
 * (local/runtime/level-iterator-return.mjs): without it each such read left one open, and a long-running stack's
 * memory grew with its paged reads.
 */
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { CreateTableCommand, DynamoDBClient, PutItemCommand, QueryCommand, ScanCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, expect, it } from 'vitest';
import '../../local/runtime/level-iterator-return.mjs';

const require = createRequire(createRequire(import.meta.url).resolve('classic-level'));
const { AbstractIterator } = require('abstract-level/abstract-iterator.js') as { AbstractIterator: { prototype: object } };
const common = Object.getPrototypeOf(AbstractIterator.prototype) as { close: () => Promise<void> };

let closed = 0;
const close = common.close;
let server: import('node:http').Server;
let client: DynamoDBClient;

beforeAll(async () => {
  common.close = function (this: unknown) {
    closed++;
    return close.call(this);
  };
  const { default: dynalite } = await import('dynalite');
  server = dynalite({ createTableMs: 0 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await client.send(
    new CreateTableCommand({
      TableName: 'paged',
      AttributeDefinitions: [
        { AttributeName: 'p', AttributeType: 'S' },
        { AttributeName: 's', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'p', KeyType: 'HASH' },
        { AttributeName: 's', KeyType: 'RANGE' },
      ],
      ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 5 },
    }),
  );
  for (let i = 0; i < 20; i++) await client.send(new PutItemCommand({ TableName: 'paged', Item: { p: { S: 'a' }, s: { S: String(i).padStart(3, '0') } } }));
});
afterAll(async () => {
  common.close = close;
  client?.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

it('closes the iterator of each Query and Scan that stops at its Limit', async () => {
  const before = closed;
  for (let i = 0; i < 15; i++) {
    const query = await client.send(
      new QueryCommand({ TableName: 'paged', KeyConditionExpression: 'p = :p', ExpressionAttributeValues: { ':p': { S: 'a' } }, Limit: 1 }),
    );
    expect(query.LastEvaluatedKey).toBeDefined();
    const scan = await client.send(new ScanCommand({ TableName: 'paged', Limit: 2 }));
    expect(scan.Items).toHaveLength(2);
  }
  // Closing is asynchronous: the last reads' iterators close just after their answers.
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(closed - before).toBeGreaterThanOrEqual(30);
});
