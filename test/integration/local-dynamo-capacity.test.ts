/**
 * The local DynamoDB answers the capacity units DynamoDB bills an on-demand table (local/runtime/dynamo-front.mjs,
 * local/runtime/dynamo-capacity.mjs), on the service's own tables with their real keys and indexes
 * (shared/platform/infra/resources.ts, provisioned as the local stack provisions them), and runs transactions.
 *
 * Beside it, what dynalite alone answers, the reason for the front: strings counted in characters
 * instead of UTF-8 bytes, no index writes, nothing for a Query that finds nothing, no transactions.
 */
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  ConditionalCheckFailedException,
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  TransactGetItemsCommand,
  TransactionCanceledException,
  TransactWriteItemsCommand,
  UpdateItemCommand,
  type AttributeValue,
  type ConsumedCapacity,
} from '@aws-sdk/client-dynamodb';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '#shared/platform/infra/resources.ts';
import { installDynamoFront } from '../../local/runtime/dynamo-front.mjs';
import { createTableInput, localName } from '../../local/runtime/provision.ts';

type Item = Record<string, AttributeValue>;

interface Emulator {
  readonly client: DynamoDBClient;
  readonly url: string;
  close(): Promise<void>;
}

/** dynalite on this thread, with the front or without, holding the service's tables. */
async function startDynamo(options: { front: boolean; writeCap?: { perSecond: number; burstSeconds?: number } }): Promise<Emulator> {
  const server: Server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  if (options.front) installDynamoFront(server, options.writeCap ? { writeCap: options.writeCap } : {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new DynamoDBClient({ endpoint: url, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  for (const def of Object.values(tables)) await client.send(new CreateTableCommand(createTableInput(def, localName(def.id))));
  return {
    client,
    url,
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const name = {
  cache: localName(tables.cache.id),
  verifications: localName(tables.verifications.id),
  sanctions: localName(tables.sanctions.id),
  accounts: localName(tables.accounts.id),
};

/** A string attribute of `bytes` UTF-8 bytes. */
const text = (bytes: number, char = 'x') => ({ S: char.repeat(Math.floor(bytes / Buffer.byteLength(char))) });

/** A cache item of exactly `bytes` (name and value bytes: `cache_key` + its 8-byte value, `value` + the rest). */
function cacheItem(key: string, bytes: number, char = 'x'): Item {
  const fixed = 'cache_key'.length + key.length + 'value'.length;
  return { cache_key: { S: key }, value: text(bytes - fixed, char) };
}

/** A verification record of about `bytes`, in every history index (each projects `history`, about 300 bytes). */
function verificationItem(id: string, bytes: number, npi = '1234567890'): Item {
  const owner = 'acct_units#live';
  const item: Item = {
    verification_id: { S: id },
    owner: { S: owner },
    owner_npi: { S: `${owner}#${npi}` },
    owner_last_name: { S: `${owner}#SMITH` },
    created_key: { S: `2026-11-28T10:00:00.000Z#${id}` },
    history: { S: 'h'.repeat(300) },
  };
  const used = Object.entries(item).reduce((n, [k, v]) => n + k.length + Buffer.byteLength(v.S!), 0);
  return { ...item, result: text(bytes - used - 'result'.length) };
}

let front: Emulator;
beforeAll(async () => {
  front = await startDynamo({ front: true });
});
afterAll(() => front?.close());

describe('the local DynamoDB bills as DynamoDB bills an on-demand table', () => {
  it('a put: 1 unit per KB of item, rounded up (3.5 KB: 4), strings by their UTF-8 bytes', async () => {
    const ascii = await front.client.send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('put#ascii', 3_584), ReturnConsumedCapacity: 'TOTAL' }));
    expect(ascii.ConsumedCapacity).toEqual({ TableName: name.cache, CapacityUnits: 4 });
    // 3.5 KB of two-byte characters: 1,790 characters, 3,580 bytes.
    const accented = await front.client.send(
      new PutItemCommand({ TableName: name.cache, Item: cacheItem('put#utf8', 3_584, 'é'), ReturnConsumedCapacity: 'TOTAL' }),
    );
    expect(accented.ConsumedCapacity?.CapacityUnits).toBe(4);
  });

  it('an update bills the larger of the item before and after: 1.5 KB grown to 2.5 KB, and 2.5 KB shrunk to 0.5 KB, 3 each', async () => {
    await front.client.send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('update#grow', 1_536) }));
    const grow = await front.client.send(
      new UpdateItemCommand({
        TableName: name.cache,
        Key: { cache_key: { S: 'update#grow' } },
        UpdateExpression: 'SET #v = :v',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':v': cacheItem('update#grow', 2_560).value! },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(grow.ConsumedCapacity?.CapacityUnits).toBe(3);
    const shrink = await front.client.send(
      new UpdateItemCommand({
        TableName: name.cache,
        Key: { cache_key: { S: 'update#grow' } },
        UpdateExpression: 'SET #v = :v',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':v': cacheItem('update#grow', 512).value! },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(shrink.ConsumedCapacity?.CapacityUnits).toBe(3);
  });

  it('a put into a table with indexes bills each index on the item it projects; with INDEXES, per index', async () => {
    const out = await front.client.send(
      new PutItemCommand({ TableName: name.verifications, Item: verificationItem('ver_units1', 3_500), ReturnConsumedCapacity: 'INDEXES' }),
    );
    // The record: 4 units; each history index holds its keys and the 300-byte summary: 1 unit each.
    expect(out.ConsumedCapacity).toEqual({
      TableName: name.verifications,
      CapacityUnits: 7,
      Table: { CapacityUnits: 4 },
      GlobalSecondaryIndexes: { by_owner: { CapacityUnits: 1 }, by_npi: { CapacityUnits: 1 }, by_last_name: { CapacityUnits: 1 } },
    });
    // Without an NPI the record is not in by_npi (a sparse index): that index bills nothing.
    const noNpi = verificationItem('ver_units2', 3_500);
    delete noNpi.owner_npi;
    const sparse = await front.client.send(new PutItemCommand({ TableName: name.verifications, Item: noNpi, ReturnConsumedCapacity: 'TOTAL' }));
    expect(sparse.ConsumedCapacity?.CapacityUnits).toBe(6);
  });

  it('an update that changes an index key bills a delete and a put on that index; one that changes nothing an index holds bills the table alone', async () => {
    await front.client.send(new PutItemCommand({ TableName: name.verifications, Item: verificationItem('ver_units3', 1_500) }));
    const rekey = await front.client.send(
      new UpdateItemCommand({
        TableName: name.verifications,
        Key: { verification_id: { S: 'ver_units3' } },
        UpdateExpression: 'SET owner_npi = :n',
        ExpressionAttributeValues: { ':n': { S: 'acct_units#live#1999999999' } },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(rekey.ConsumedCapacity).toEqual({
      TableName: name.verifications,
      CapacityUnits: 4,
      Table: { CapacityUnits: 2 },
      GlobalSecondaryIndexes: { by_npi: { CapacityUnits: 2 } },
    });
    const untouched = await front.client.send(
      new UpdateItemCommand({
        TableName: name.verifications,
        Key: { verification_id: { S: 'ver_units3' } },
        UpdateExpression: 'SET pdf_key = :k',
        ExpressionAttributeValues: { ':k': { S: 'certificates/ver_units3.pdf' } },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    expect(untouched.ConsumedCapacity).toEqual({ TableName: name.verifications, CapacityUnits: 2, Table: { CapacityUnits: 2 } });
  });

  it('a GetItem of a 9 KB item: 3 units strongly consistent, 1.5 eventually; a projection does not make it cheaper', async () => {
    await front.client.send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('get#9k', 9 * 1024) }));
    const get = (ConsistentRead: boolean, projected = false) =>
      front.client.send(
        new GetItemCommand({
          TableName: name.cache,
          Key: { cache_key: { S: 'get#9k' } },
          ConsistentRead,
          ...(projected ? { ProjectionExpression: 'cache_key' } : {}),
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
    expect((await get(true)).ConsumedCapacity?.CapacityUnits).toBe(3);
    expect((await get(false)).ConsumedCapacity?.CapacityUnits).toBe(1.5);
    expect((await get(false, true)).ConsumedCapacity?.CapacityUnits).toBe(1.5);
    const missing = await front.client.send(
      new GetItemCommand({ TableName: name.cache, Key: { cache_key: { S: 'get#none' } }, ReturnConsumedCapacity: 'TOTAL' }),
    );
    expect(missing.ConsumedCapacity?.CapacityUnits).toBe(0.5);
  });

  it('a Query sums the items it evaluates and rounds once, filtered out or not; one that finds nothing bills the minimum', async () => {
    // 60 rows of 100 bytes: 6,000 bytes, two 4 KB units.
    const rows = Array.from({ length: 60 }, (_, i) => {
      const row: Item = { list_key: { S: 'units#v1#I#SMITH' }, row_id: { S: String(i).padStart(4, '0') } };
      const used = 'list_key'.length + 16 + 'row_id'.length + 4 + 'entry'.length;
      return { ...row, entry: text(100 - used) };
    });
    for (let i = 0; i < rows.length; i += 25) {
      await front.client.send(
        new BatchWriteItemCommand({ RequestItems: { [name.sanctions]: rows.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }),
      );
    }
    const query = (ConsistentRead: boolean, filtered = false) =>
      front.client.send(
        new QueryCommand({
          TableName: name.sanctions,
          KeyConditionExpression: 'list_key = :k',
          ExpressionAttributeValues: { ':k': { S: 'units#v1#I#SMITH' }, ...(filtered ? { ':big': { N: '1000' } } : {}) },
          ...(filtered ? { FilterExpression: 'size(entry) > :big', ProjectionExpression: 'row_id' } : {}),
          ConsistentRead,
          ReturnConsumedCapacity: 'TOTAL',
        }),
      );
    expect((await query(true)).ConsumedCapacity?.CapacityUnits).toBe(2);
    expect((await query(false)).ConsumedCapacity?.CapacityUnits).toBe(1);
    // Every row read and filtered out: billed all the same.
    const filtered = await query(false, true);
    expect(filtered.Items).toHaveLength(0);
    expect(filtered.ConsumedCapacity?.CapacityUnits).toBe(1);
    const none = await front.client.send(
      new QueryCommand({
        TableName: name.sanctions,
        KeyConditionExpression: 'list_key = :k',
        ExpressionAttributeValues: { ':k': { S: 'units#v1#I#NOBODY' } },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(none.ConsumedCapacity?.CapacityUnits).toBe(0.5);
  });

  it('a Query of an index bills the index items it reads, on the index', async () => {
    const out = await front.client.send(
      new QueryCommand({
        TableName: name.verifications,
        IndexName: 'by_owner',
        KeyConditionExpression: '#o = :o',
        ExpressionAttributeNames: { '#o': 'owner' },
        ExpressionAttributeValues: { ':o': { S: 'acct_units#live' } },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    // Three records of this file, each index item well under 1 KB: one 4 KB unit, halved.
    expect(out.Items?.length).toBeGreaterThanOrEqual(3);
    expect(out.ConsumedCapacity).toEqual({
      TableName: name.verifications,
      CapacityUnits: 0.5,
      Table: { CapacityUnits: 0 },
      GlobalSecondaryIndexes: { by_owner: { CapacityUnits: 0.5 } },
    });
  });

  it('BatchGetItem rounds each item on its own (1.5 KB and 6.5 KB: 1 + 2 units), BatchWriteItem bills each put and delete with its indexes', async () => {
    await front.client.send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('batch#small', 1_536) }));
    await front.client.send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('batch#large', 6_656) }));
    const read = await front.client.send(
      new BatchGetItemCommand({
        RequestItems: { [name.cache]: { Keys: [{ cache_key: { S: 'batch#small' } }, { cache_key: { S: 'batch#large' } }], ConsistentRead: true } },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(read.ConsumedCapacity).toEqual([{ TableName: name.cache, CapacityUnits: 3 }]);
    const write = await front.client.send(
      new BatchWriteItemCommand({
        RequestItems: {
          [name.verifications]: [
            { PutRequest: { Item: verificationItem('ver_units4', 900) } },
            { DeleteRequest: { Key: { verification_id: { S: 'ver_units1' } } } },
          ],
        },
        ReturnConsumedCapacity: 'INDEXES',
      }),
    );
    // The put: 1 + 3 index items; the delete of the 3.5 KB record: 4 + its 3 index items.
    expect(write.ConsumedCapacity).toEqual([
      {
        TableName: name.verifications,
        CapacityUnits: 11,
        Table: { CapacityUnits: 5 },
        GlobalSecondaryIndexes: { by_owner: { CapacityUnits: 2 }, by_npi: { CapacityUnits: 2 }, by_last_name: { CapacityUnits: 2 } },
      },
    ]);
  });

  it('a write its condition refuses still bills (the item there; 1 unit for none), said in a header beside the error', async () => {
    await front.client.send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('cond#there', 2_500) }));
    const error = await front.client
      .send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('cond#there', 100), ConditionExpression: 'attribute_not_exists(cache_key)' }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConditionalCheckFailedException);
    const raw = async (item: Item) => {
      const res = await fetch(front.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-amz-json-1.0',
          'x-amz-target': 'DynamoDB_20120810.PutItem',
          'x-amz-date': '20261128T100000Z',
          authorization: 'AWS4-HMAC-SHA256 Credential=local/20261128/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
        },
        body: JSON.stringify({ TableName: name.cache, Item: item, ConditionExpression: 'attribute_exists(cache_key)', ReturnConsumedCapacity: 'TOTAL' }),
      });
      return { status: res.status, units: JSON.parse(res.headers.get('x-local-consumed-capacity') ?? 'null') as ConsumedCapacity | null };
    };
    // attribute_exists holds for the item there: a put of a 1.5 KB item over it succeeds; over nothing it is refused.
    expect(await raw(cacheItem('cond#absent', 1_536))).toEqual({ status: 400, units: { TableName: name.cache, CapacityUnits: 1 } });
  });

  it('a transaction bills twice the units of its items, and a transaction refused by a condition changes nothing', async () => {
    const put = await front.client.send(
      new TransactWriteItemsCommand({
        TransactItems: [
          { Put: { TableName: name.cache, Item: cacheItem('tx#a', 1_536), ConditionExpression: 'attribute_not_exists(cache_key)' } },
          { Put: { TableName: name.cache, Item: cacheItem('tx#b', 500) } },
        ],
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    // (2 + 1) units, prepared and committed.
    expect(put.ConsumedCapacity).toEqual([{ TableName: name.cache, CapacityUnits: 6 }]);
    const read = await front.client.send(
      new TransactGetItemsCommand({
        TransactItems: [
          { Get: { TableName: name.cache, Key: { cache_key: { S: 'tx#a' } } } },
          { Get: { TableName: name.cache, Key: { cache_key: { S: 'tx#b' } } } },
        ],
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(read.Responses?.map((r) => r.Item?.cache_key?.S)).toEqual(['tx#a', 'tx#b']);
    expect(read.ConsumedCapacity).toEqual([{ TableName: name.cache, CapacityUnits: 4 }]);

    const refused = await front.client
      .send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Delete: { TableName: name.cache, Key: { cache_key: { S: 'tx#b' } } } },
            { Put: { TableName: name.cache, Item: cacheItem('tx#a', 100), ConditionExpression: 'attribute_not_exists(cache_key)' } },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TransactionCanceledException);
    expect((refused as TransactionCanceledException).CancellationReasons?.map((r) => r.Code)).toEqual(['None', 'ConditionalCheckFailed']);
    const b = await front.client.send(new GetItemCommand({ TableName: name.cache, Key: { cache_key: { S: 'tx#b' } }, ConsistentRead: true }));
    expect(b.Item?.cache_key?.S).toBe('tx#b');
  });
});

describe('the write cap charges the units the calls bill', () => {
  let capped: Emulator;
  beforeAll(async () => {
    capped = await startDynamo({ front: true, writeCap: { perSecond: 1_000, burstSeconds: 1 } });
  });
  afterAll(() => capped?.close());

  it('takes a put with its index writes, an update on the larger item and a refused conditional write', async () => {
    const taken = async () => ((await (await fetch(`${capped.url}/write-cap`)).json()) as { unitsTaken: number }).unitsTaken;
    await capped.client.send(new PutItemCommand({ TableName: name.verifications, Item: verificationItem('ver_cap1', 3_500) }));
    expect(await taken()).toBe(7);
    await capped.client.send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('cap#grow', 1_536) }));
    await capped.client.send(
      new UpdateItemCommand({
        TableName: name.cache,
        Key: { cache_key: { S: 'cap#grow' } },
        UpdateExpression: 'SET #v = :v',
        ExpressionAttributeNames: { '#v': 'value' },
        ExpressionAttributeValues: { ':v': cacheItem('cap#grow', 2_560).value! },
      }),
    );
    expect(await taken()).toBe(7 + 2 + 3);
    await capped.client
      .send(new PutItemCommand({ TableName: name.cache, Item: cacheItem('cap#grow', 100), ConditionExpression: 'attribute_not_exists(cache_key)' }))
      .catch(() => undefined);
    expect(await taken()).toBe(7 + 2 + 3 + 3);
  });
});

describe('what dynalite alone answers', () => {
  let bare: Emulator;
  beforeAll(async () => {
    bare = await startDynamo({ front: false });
  });
  afterAll(() => bare?.close());

  it('counts characters, not UTF-8 bytes; leaves out index writes; bills nothing for a Query that finds nothing; has no transactions', async () => {
    const accented = await bare.client.send(
      new PutItemCommand({ TableName: name.cache, Item: cacheItem('put#utf8', 3_584, 'é'), ReturnConsumedCapacity: 'TOTAL' }),
    );
    expect(accented.ConsumedCapacity?.CapacityUnits).toBe(2);
    const indexed = await bare.client.send(
      new PutItemCommand({ TableName: name.verifications, Item: verificationItem('ver_bare', 3_500), ReturnConsumedCapacity: 'INDEXES' }),
    );
    expect(indexed.ConsumedCapacity).toEqual({ TableName: name.verifications, CapacityUnits: 4, Table: { CapacityUnits: 4 } });
    const none = await bare.client.send(
      new QueryCommand({
        TableName: name.sanctions,
        KeyConditionExpression: 'list_key = :k',
        ExpressionAttributeValues: { ':k': { S: 'nobody' } },
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    expect(none.ConsumedCapacity?.CapacityUnits).toBe(0);
    const tx = await bare.client
      .send(new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: name.cache, Item: cacheItem('tx#bare', 100) } }] }))
      .catch((e: { name?: string }) => e);
    expect((tx as { name?: string }).name).toBe('UnknownOperationException');
  });
});
