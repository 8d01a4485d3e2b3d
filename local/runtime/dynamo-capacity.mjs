/**
 * What DynamoDB bills an on-demand table for a call, in capacity units, from the items the call reads and
 * writes (Amazon DynamoDB Developer Guide: "Capacity unit consumption for read and write operations",
 * "Item sizes and formats", the write costs of global secondary indexes, transactions). Pure functions
 * over items in DynamoDB JSON and a table as DescribeTable describes it (KeySchema, indexes); the local
 * DynamoDB's front (dynamo-front.mjs) applies them to every call.
 *
 * - Sizes: attribute names and strings by their UTF-8 bytes, binaries by their bytes, numbers by their
 *   significant digits (about 1 byte per two, plus 1: the formula dynalite measured against DynamoDB),
 *   booleans and nulls 1 byte, lists and maps 3 bytes plus 1 byte per element.
 * - Writes: 1 unit per KB of item, rounded up, at least 1. A put that replaces an item and an update bill
 *   the larger of the item before and after; a delete bills the deleted item (1 unit when there was none).
 * - A failed conditional write still bills: the item's size (a put: the larger of the item there and the
 *   one it would have written), 1 unit when there is no item; it writes no index.
 * - Each index a write changes bills its own units on its own item (the projection): putting or removing
 *   an index item bills that item; changing an index key bills a delete of the old index item and a put
 *   of the new one; changing only projected attributes bills one write of the larger; an index the write
 *   leaves as it was bills nothing.
 * - Reads: 1 unit per 4 KB, rounded up, at least 1, halved when eventually consistent. A Query or Scan
 *   sums the items it evaluated (before any filter; index items for an index) and rounds once per call;
 *   a BatchGetItem rounds each item. Reading an item that is not there bills the minimum.
 * - Transactions: two underlying reads or writes of every item (prepare and commit), so twice the table's
 *   units; index writes follow the commit and bill once.
 */

/** Bytes of a number: its significant digits, two a byte, plus 1 (and 1 for a sign; dynalite's formula). */
export function numberSize(text) {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(String(text).trim());
  if (!m) return 1 + Math.ceil(String(text).length / 2);
  let digits = (m[2] ?? '') + (m[3] ?? '');
  let point = (m[2] ?? '').length + Number(m[4] ?? 0);
  const leading = /^0*/.exec(digits)[0].length;
  digits = digits.slice(leading).replace(/0+$/, '');
  point -= leading;
  if (digits.length === 0) return 1;
  const n = digits.length;
  const exponent = point - 1;
  return 1 + Math.ceil(n / 2) + (n % 2 || exponent % 2 ? 0 : 1) + (m[1] === '-' ? 1 : 0);
}

/** Bytes of an attribute value, its name not included. */
export function valueSize(value) {
  if (!value || typeof value !== 'object') return 0;
  if ('S' in value) return Buffer.byteLength(value.S, 'utf8');
  if ('N' in value) return numberSize(value.N);
  if ('B' in value) return Buffer.byteLength(value.B, 'base64');
  if ('BOOL' in value || 'NULL' in value) return 1;
  if ('SS' in value) return value.SS.reduce((n, s) => n + Buffer.byteLength(s, 'utf8'), 0);
  if ('NS' in value) return value.NS.reduce((n, s) => n + numberSize(s), 0);
  if ('BS' in value) return value.BS.reduce((n, b) => n + Buffer.byteLength(b, 'base64'), 0);
  if ('L' in value) return 3 + value.L.reduce((n, v) => n + 1 + valueSize(v), 0);
  if ('M' in value) return 3 + Object.keys(value.M).length + itemSize(value.M);
  return 0;
}

/** An item's size as DynamoDB counts it: each attribute's name and value. 0 for no item. */
export function itemSize(item) {
  let size = 0;
  for (const [name, value] of Object.entries(item ?? {})) size += Buffer.byteLength(name, 'utf8') + valueSize(value);
  return size;
}

/** Write units of writing `bytes`: 1 per KB, rounded up, at least 1. */
export function writeUnits(bytes) {
  return Math.max(1, Math.ceil(bytes / 1024));
}

/** Read units of reading `bytes`: 1 per 4 KB, rounded up, at least 1; half when eventually consistent. */
export function readUnits(bytes, consistent) {
  return Math.max(1, Math.ceil(bytes / 4096)) * (consistent ? 1 : 0.5);
}

/** The key attributes of `item` under `keySchema` (DescribeTable's), or undefined when one is missing. */
export function keyOf(keySchema, item) {
  if (!item) return undefined;
  const key = {};
  for (const { AttributeName } of keySchema) {
    if (item[AttributeName] === undefined) return undefined;
    key[AttributeName] = item[AttributeName];
  }
  return key;
}

/** A key as one string, its attributes in key-schema order. */
export function keyString(table, key) {
  return JSON.stringify([table.TableName, ...table.KeySchema.map((k) => key?.[k.AttributeName] ?? null)]);
}

/** The table's indexes with the name of their ConsumedCapacity map (`GlobalSecondaryIndexes`, `LocalSecondaryIndexes`). */
export function indexesOf(table) {
  return [
    ...(table.GlobalSecondaryIndexes ?? []).map((index) => ({ index, kind: 'GlobalSecondaryIndexes' })),
    ...(table.LocalSecondaryIndexes ?? []).map((index) => ({ index, kind: 'LocalSecondaryIndexes' })),
  ];
}

/** The item an index holds for `item`: its projection, or undefined when the item lacks a key of the index. */
export function indexItem(table, index, item) {
  if (!item || !keyOf(index.KeySchema, item)) return undefined;
  const projection = index.Projection ?? { ProjectionType: 'ALL' };
  if (projection.ProjectionType === 'ALL') return item;
  const names = [...table.KeySchema, ...index.KeySchema].map((k) => k.AttributeName);
  if (projection.ProjectionType === 'INCLUDE') names.push(...(projection.NonKeyAttributes ?? []));
  const out = {};
  for (const name of names) if (item[name] !== undefined) out[name] = item[name];
  return out;
}

const same = (a, b) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(value) {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical(value[k])]),
    );
  return value;
}

/** Write units an index bills when its table's item goes from `before` to `after` (either may be undefined). */
export function indexWriteUnits(table, index, before, after) {
  const old = indexItem(table, index, before);
  const next = indexItem(table, index, after);
  if (!old && !next) return 0;
  if (!next) return writeUnits(itemSize(old));
  if (!old) return writeUnits(itemSize(next));
  if (!same(keyOf(index.KeySchema, old), keyOf(index.KeySchema, next))) return writeUnits(itemSize(old)) + writeUnits(itemSize(next));
  if (same(old, next)) return 0;
  return writeUnits(Math.max(itemSize(old), itemSize(next)));
}

/**
 * What a write that took the item from `before` to `after` bills: `{ table, indexes: { kind: { name:
 * units } } }`. A put of a new item has no `before`; a delete has no `after`.
 */
export function writeCapacity(table, before, after) {
  const out = { table: writeUnits(Math.max(itemSize(before), itemSize(after))), indexes: {} };
  for (const { index, kind } of indexesOf(table)) {
    const units = indexWriteUnits(table, index, before, after);
    if (units > 0) out.indexes[kind] = { ...out.indexes[kind], [index.IndexName]: units };
  }
  return out;
}

/** What a conditional write refused by its condition bills: the item there (a put: or the one it would have written, whichever is larger); 1 unit when there is none. */
export function failedWriteCapacity(existing, attempted) {
  return { table: existing ? writeUnits(Math.max(itemSize(existing), itemSize(attempted))) : 1, indexes: {} };
}

/** What reading one item bills (1 unit per 4 KB, the minimum when it is not there). */
export function readCapacity(item, consistent) {
  return { table: readUnits(itemSize(item), consistent), indexes: {} };
}

/** What a Query or Scan that evaluated `items` bills: their sizes summed, rounded once; on an index, the index's. */
export function scanCapacity(table, indexName, items, consistent) {
  const units = readUnits(
    items.reduce((n, item) => n + itemSize(item), 0),
    consistent,
  );
  if (!indexName) return { table: units, indexes: {} };
  const found = indexesOf(table).find(({ index }) => index.IndexName === indexName);
  return { table: 0, indexes: { [found?.kind ?? 'GlobalSecondaryIndexes']: { [indexName]: units } } };
}

/** Sum of capacities (of one table). */
export function addCapacity(a, b) {
  const out = { table: a.table + b.table, indexes: {} };
  for (const source of [a.indexes, b.indexes]) {
    for (const [kind, byName] of Object.entries(source)) {
      for (const [name, units] of Object.entries(byName)) {
        out.indexes[kind] = { ...out.indexes[kind], [name]: (out.indexes[kind]?.[name] ?? 0) + units };
      }
    }
  }
  return out;
}

/** The table's units multiplied (a transaction's two passes); index writes are not. */
export function timesTable(capacity, factor) {
  return { table: capacity.table * factor, indexes: capacity.indexes };
}

/** Every unit of a capacity: the table's and its indexes'. */
export function totalUnits(capacity) {
  let total = capacity.table;
  for (const byName of Object.values(capacity.indexes)) for (const units of Object.values(byName)) total += units;
  return total;
}

/** DynamoDB's ConsumedCapacity for one table: the total, and with INDEXES the table's and each index's share. */
export function consumedCapacity(tableName, capacity, mode) {
  const out = { TableName: tableName, CapacityUnits: totalUnits(capacity) };
  if (mode !== 'INDEXES') return out;
  out.Table = { CapacityUnits: capacity.table };
  for (const [kind, byName] of Object.entries(capacity.indexes)) {
    out[kind] = Object.fromEntries(Object.entries(byName).map(([name, units]) => [name, { CapacityUnits: units }]));
  }
  return out;
}
