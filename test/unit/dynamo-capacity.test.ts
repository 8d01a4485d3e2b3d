/**
 * The capacity rules of the local DynamoDB (local/runtime/dynamo-capacity.mjs): item sizes as DynamoDB counts
 * them, and the units a write bills on the table and on each index its item is in.
 */
import { describe, expect, it } from 'vitest';
import { indexWriteUnits, itemSize, numberSize, readUnits, writeCapacity, writeUnits, type TableDescription } from '../../local/runtime/dynamo-capacity.mjs';
import { evaluatedPage } from '../../local/runtime/dynamo-front.mjs';

const table: TableDescription = {
  TableName: 'verifications',
  KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
  GlobalSecondaryIndexes: [
    {
      IndexName: 'by_owner',
      KeySchema: [
        { AttributeName: 'owner', KeyType: 'HASH' },
        { AttributeName: 'created', KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'INCLUDE', NonKeyAttributes: ['history'] },
    },
    { IndexName: 'all', KeySchema: [{ AttributeName: 'owner', KeyType: 'HASH' }], Projection: { ProjectionType: 'ALL' } },
  ],
};
const [byOwner, all] = table.GlobalSecondaryIndexes!;

describe('item sizes', () => {
  it('counts names and strings in UTF-8 bytes, numbers by significant digits, lists and maps with their overhead', () => {
    expect(itemSize({ name: { S: 'José' } })).toBe(4 + 5);
    expect(itemSize({ n: { N: '0' } })).toBe(1 + 1);
    // 12345: three digit pairs (1 23 45 in base 100) and 1.
    expect(numberSize('12345')).toBe(4);
    // Leading and trailing zeros do not count.
    expect(numberSize('000123.4500')).toBe(numberSize('1234.5'));
    expect(numberSize('-7')).toBe(3);
    expect(itemSize({ l: { L: [{ S: 'ab' }, { BOOL: true }] } })).toBe(1 + 3 + (1 + 2) + (1 + 1));
    expect(itemSize({ m: { M: { k: { S: 'v' } } } })).toBe(1 + 3 + 1 + (1 + 1));
  });

  it('rounds writes to 1 KB and reads to 4 KB, at least one unit; an eventually consistent read costs half', () => {
    expect(writeUnits(0)).toBe(1);
    expect(writeUnits(1024)).toBe(1);
    expect(writeUnits(1025)).toBe(2);
    expect(readUnits(0, false)).toBe(0.5);
    expect(readUnits(9 * 1024, true)).toBe(3);
  });
});

describe('index writes', () => {
  const item = { id: { S: '1' }, owner: { S: 'a' }, created: { S: 't1' }, history: { S: 'h' }, result: { S: 'x'.repeat(2_000) } };

  it('a new item is put into each index whose keys it has; a delete removes it', () => {
    expect(writeCapacity(table, undefined, item)).toEqual({ table: 2, indexes: { GlobalSecondaryIndexes: { by_owner: 1, all: 2 } } });
    expect(writeCapacity(table, item, undefined)).toEqual({ table: 2, indexes: { GlobalSecondaryIndexes: { by_owner: 1, all: 2 } } });
    const { owner, ...unowned } = item;
    expect(writeCapacity(table, undefined, unowned)).toEqual({ table: 2, indexes: {} });
  });

  it('an index key changed: a delete and a put; a projected attribute changed: one write; nothing it holds changed: none', () => {
    expect(indexWriteUnits(table, byOwner!, item, { ...item, created: { S: 't2' } })).toBe(2);
    expect(indexWriteUnits(table, byOwner!, item, { ...item, history: { S: 'changed' } })).toBe(1);
    expect(indexWriteUnits(table, byOwner!, item, { ...item, result: { S: 'y' } })).toBe(0);
    // An ALL index holds every attribute: any change writes it, on the larger of its items.
    expect(indexWriteUnits(table, all!, item, { ...item, result: { S: 'y' } })).toBe(2);
  });
});

describe('the page a filtered Query evaluated', () => {
  it('drops the filter, the projection and the names and values only they use', () => {
    expect(
      evaluatedPage('Query', {
        TableName: 't',
        KeyConditionExpression: '#o = :o',
        FilterExpression: '#s = :s',
        ProjectionExpression: '#s',
        ExpressionAttributeNames: { '#o': 'owner', '#s': 'status' },
        ExpressionAttributeValues: { ':o': { S: 'a' }, ':s': { S: 'x' } },
        Limit: 10,
        ReturnConsumedCapacity: 'TOTAL',
      }),
    ).toEqual({
      TableName: 't',
      KeyConditionExpression: '#o = :o',
      ExpressionAttributeNames: { '#o': 'owner' },
      ExpressionAttributeValues: { ':o': { S: 'a' } },
      Limit: 10,
    });
  });
});
