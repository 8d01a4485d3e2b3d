/**
 * The front of the local DynamoDB: it takes every request dynalite's server receives, on the emulator's
 * thread, and adds what dynalite lacks, calling dynalite's own request handler in-process for the rest
 * (no second server, no extra round trip).
 *
 * **What a call bills.** dynalite's ConsumedCapacity counts characters where DynamoDB counts UTF-8 bytes,
 * leaves out every index write, nothing for a write its condition refused, and 0 for a Query that finds
 * nothing. When a request asks for ReturnConsumedCapacity (TOTAL or INDEXES), the front answers the units
 * DynamoDB bills an on-demand table instead (dynamo-capacity.mjs), per table and, with INDEXES, per
 * index. For that it reads what dynalite does not say: the item before a write (a strongly consistent
 * GetItem under the item's lock, so no other write comes between), the item after an update, the whole
 * item behind a projected read, the items a filtered Query or Scan evaluated (the same page again,
 * without its filter and projection). A write its condition refused answers DynamoDB's error as DynamoDB
 * does, without ConsumedCapacity; the units it billed are in the response header
 * `x-local-consumed-capacity` (JSON), for tools that count them. Requests that ask for no units pass
 * through with nothing read beside them.
 *
 * **Transactions.** dynalite has no TransactWriteItems or TransactGetItems; the front runs them over
 * dynalite's single-item calls with the items' locks held: each action in order, and on a refused
 * condition (or any error) the ones done undone from the items as they were before, answered
 * TransactionCanceledException with a reason per action. Every write and every GetItem takes its item's
 * lock, so they never see a transaction half done. Not reproduced: the idempotency of
 * ClientRequestToken, and Query, Scan and BatchGetItem may see a transaction that is later undone.
 *
 * **A write-throughput cap** (optional, `writeCap: { perSecond, burstSeconds }`), as a new on-demand
 * table behaves on AWS: each table, and each of its indexes, takes at most `perSecond` write units a
 * second, plus a burst of `burstSeconds` of unused capacity, charged the same units the call bills.
 * Beyond the cap the answers are DynamoDB's: a BatchWriteItem takes the items that fit, in order, and
 * returns the others in `UnprocessedItems` (refused whole with 400 `ThrottlingException` when not one
 * fits); PutItem, UpdateItem and DeleteItem are refused with `ThrottlingException`; a transaction is
 * cancelled with a `ThrottlingError` reason. An update is admitted on the units of the item before it
 * and charged what it billed after. `GET /write-cap` answers what the cap did so far: write units taken,
 * calls refused whole, batches taken in part and the items they left unprocessed.
 */
import { EventEmitter } from 'node:events';
import { crc32 } from 'node:zlib';
import {
  addCapacity,
  consumedCapacity,
  failedWriteCapacity,
  keyOf,
  keyString,
  readCapacity,
  scanCapacity,
  timesTable,
  writeCapacity,
} from './dynamo-capacity.mjs';

const errorType = (name) => `com.amazonaws.dynamodb.v20120810#${name}`;
const throttled = {
  __type: errorType('ThrottlingException'),
  message:
    'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot partition.',
};
const conditionFailed = 'ConditionalCheckFailedException';

/** One table's (or index's) write capacity: a bucket refilled at `perSecond`, holding at most `burst`. */
class Bucket {
  constructor(perSecond, burst) {
    this.perSecond = perSecond;
    this.burst = burst;
    this.tokens = burst;
    this.at = performance.now();
    this.taken = 0;
  }

  refill() {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
  }

  has(units) {
    this.refill();
    return this.tokens >= units;
  }

  /** Takes `units` whether or not they are there (an update billed more than it was admitted on). */
  charge(units) {
    this.refill();
    this.tokens -= units;
    this.taken += units;
  }
}

/** Per-key locks: `run(keys, fn)` runs `fn` once no other holder of any of `keys` is running. */
class Locks {
  constructor() {
    this.tails = new Map();
  }

  async run(keys, fn) {
    const unique = [...new Set(keys)];
    const previous = unique.map((k) => this.tails.get(k)).filter(Boolean);
    let release;
    const mine = new Promise((resolve) => {
      release = resolve;
    });
    for (const k of unique) this.tails.set(k, mine);
    try {
      await Promise.all(previous);
      return await fn();
    } finally {
      release();
      for (const k of unique) if (this.tails.get(k) === mine) this.tails.delete(k);
    }
  }
}

const countingModes = new Set(['TOTAL', 'INDEXES']);
const internalHeaders = {
  'content-type': 'application/x-amz-json-1.0',
  authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local',
  'x-amz-date': '20260101T000000Z',
};

/**
 * Puts the front before dynalite on its HTTP server (`server`, as `dynalite()` returns it). `writeCap`:
 * `{ perSecond, burstSeconds = 1 }` write units a second per table and index; none when omitted.
 */
export function installDynamoFront(server, { writeCap } = {}) {
  const [dynalite] = server.listeners('request');
  if (typeof dynalite !== 'function') throw new Error('dynalite server has no request handler');
  server.removeAllListeners('request');

  const locks = new Locks();
  const schemas = new Map();
  const buckets = new Map();
  const stats = writeCap
    ? { perSecond: writeCap.perSecond, burstSeconds: writeCap.burstSeconds ?? 1, callsRefused: 0, batchesTakenInPart: 0, itemsLeftUnprocessed: 0 }
    : undefined;

  /** A request through dynalite's own handler, in this thread: `{ status, headers, text }`. */
  const raw = (method, url, headers, body) =>
    new Promise((resolve, reject) => {
      const req = new EventEmitter();
      Object.assign(req, { method, url, headers });
      const out = {};
      const res = {
        statusCode: 200,
        setHeader: (name, value) => {
          out[name.toLowerCase()] = value;
        },
        end: (text) => resolve({ status: res.statusCode, headers: out, text: text === undefined ? '' : String(text) }),
      };
      try {
        dynalite(req, res);
      } catch (error) {
        reject(error);
        return;
      }
      setImmediate(() => {
        if (body.length > 0) req.emit('data', body);
        req.emit('end');
      });
    });

  /** A DynamoDB call to dynalite: `{ ok, status, json, text, headers }`. */
  const call = async (operation, input) => {
    const body = Buffer.from(JSON.stringify(input));
    const answer = await raw(
      'POST',
      '/',
      { ...internalHeaders, 'x-amz-target': `DynamoDB_20120810.${operation}`, 'content-length': String(body.length) },
      body,
    );
    let json;
    try {
      json = answer.text ? JSON.parse(answer.text) : {};
    } catch {
      json = {};
    }
    return { ...answer, ok: answer.status === 200, json };
  };
  const errorName = (answer) => String(answer.json?.__type ?? '').split('#')[1];

  /** DescribeTable's Table, remembered until the table is created, deleted or updated again. */
  const schemaOf = async (tableName) => {
    if (typeof tableName !== 'string') return undefined;
    let schema = schemas.get(tableName);
    if (!schema) {
      const answer = await call('DescribeTable', { TableName: tableName });
      if (!answer.ok || !answer.json.Table) return undefined;
      schema = answer.json.Table;
      schemas.set(tableName, schema);
    }
    return schema;
  };

  const bucketOf = (name) => {
    let bucket = buckets.get(name);
    if (!bucket) {
      bucket = new Bucket(writeCap.perSecond, Math.max(writeCap.perSecond * (writeCap.burstSeconds ?? 1), 1));
      buckets.set(name, bucket);
    }
    return bucket;
  };
  /** The buckets a capacity draws on (the table's and each index's), with the units of each. */
  const draws = (tableName, capacity) => {
    const out = [[`${tableName}`, capacity.table]];
    for (const byName of Object.values(capacity.indexes)) for (const [name, units] of Object.entries(byName)) out.push([`${tableName}/${name}`, units]);
    return out;
  };
  /** Takes the units of several tables' capacities if every bucket has them; false (nothing taken) otherwise. */
  const take = (byTable) => {
    if (!writeCap) return true;
    const all = [...byTable].flatMap(([table, capacity]) => draws(table, capacity));
    if (!all.every(([name, units]) => bucketOf(name).has(units))) return false;
    for (const [name, units] of all) bucketOf(name).charge(units);
    return true;
  };
  /** Charges units without asking (what an update billed beyond what it was admitted on). */
  const charge = (table, capacity) => {
    if (!writeCap) return;
    for (const [name, units] of draws(table, capacity)) if (units !== 0) bucketOf(name).charge(units);
  };

  const json = (status, value, extra = {}) => {
    const text = JSON.stringify(value);
    return { status, headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-crc32': String(crc32(text)), ...extra }, text };
  };
  /** dynalite's answer with its body replaced. */
  const rewrite = (answer, value) => {
    const text = JSON.stringify(value);
    return { status: answer.status, headers: { ...answer.headers, 'x-amz-crc32': String(crc32(text)) }, text };
  };
  const send = (res, answer) => {
    const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(answer.text)) };
    delete headers['transfer-encoding'];
    res.writeHead(answer.status, headers);
    res.end(answer.text);
  };
  const readBody = async (req) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    return Buffer.concat(chunks);
  };

  const itemAt = async (tableName, key) => {
    const answer = await call('GetItem', { TableName: tableName, Key: key, ConsistentRead: true });
    if (!answer.ok) throw new Error(`GetItem for capacity: ${answer.text}`);
    return answer.json.Item;
  };

  /** PutItem, UpdateItem, DeleteItem: under the item's lock; billed when asked or capped. */
  const singleWrite = async (operation, input, pass, mode) => {
    const table = await schemaOf(input.TableName);
    const key = table && keyOf(table.KeySchema, operation === 'PutItem' ? input.Item : input.Key);
    if (!table || !key) return pass();
    return locks.run([keyString(table, key)], async () => {
      if (!mode && !writeCap) return pass();
      const before = await itemAt(table.TableName, key);
      // Admitted on what is known before the write: exact for a put and a delete, the item before for an update.
      const estimate = writeCapacity(table, before, operation === 'PutItem' ? input.Item : operation === 'DeleteItem' ? undefined : before);
      if (!take([[table.TableName, estimate]])) {
        stats.callsRefused++;
        return json(400, throttled);
      }
      const answer = await pass();
      let capacity;
      if (answer.status === 200) {
        const after = operation === 'PutItem' ? input.Item : operation === 'DeleteItem' ? undefined : await itemAt(table.TableName, key);
        capacity = operation === 'UpdateItem' ? writeCapacity(table, before, after) : estimate;
        if (operation === 'UpdateItem') {
          const extra = addCapacity(capacity, { table: -estimate.table, indexes: negate(estimate.indexes) });
          charge(table.TableName, extra);
        }
      } else {
        let name;
        try {
          name = String(JSON.parse(answer.text).__type ?? '').split('#')[1];
        } catch {
          name = undefined;
        }
        // What the write was admitted on goes back (a refused write bills only its own figure).
        charge(table.TableName, { table: -estimate.table, indexes: negate(estimate.indexes) });
        if (name !== conditionFailed) return answer;
        capacity = failedWriteCapacity(before, operation === 'PutItem' ? input.Item : undefined);
        charge(table.TableName, capacity);
        if (!mode) return answer;
        return { ...answer, headers: { ...answer.headers, 'x-local-consumed-capacity': JSON.stringify(consumedCapacity(table.TableName, capacity, mode)) } };
      }
      if (!mode) return answer;
      return rewrite(answer, { ...JSON.parse(answer.text), ConsumedCapacity: consumedCapacity(table.TableName, capacity, mode) });
    });
  };

  /** BatchWriteItem: under every item's lock; each put or delete billed as on its own; capped item by item. */
  const batchWrite = async (input, pass, mode) => {
    const requests = [];
    for (const [tableName, list] of Object.entries(input.RequestItems ?? {})) {
      const table = await schemaOf(tableName);
      if (!table || !Array.isArray(list)) return pass();
      for (const r of list) {
        const key = keyOf(table.KeySchema, r?.PutRequest ? r.PutRequest.Item : r?.DeleteRequest?.Key);
        if (!key) return pass();
        requests.push({ table, tableName, request: r, key, id: keyString(table, key) });
      }
    }
    if (requests.length === 0) return pass();
    return locks.run(
      requests.map((r) => r.id),
      async () => {
        if (!mode && !writeCap) return pass();
        const befores = await itemsAt(requests);
        for (const r of requests) r.capacity = writeCapacity(r.table, befores.get(r.id), r.request.PutRequest ? r.request.PutRequest.Item : undefined);
        const accepted = {};
        const unprocessed = {};
        let any = false;
        for (const r of requests) {
          const into = take([[r.tableName, r.capacity]]) ? accepted : unprocessed;
          if (into === accepted) any = true;
          else r.unprocessed = true;
          into[r.tableName] = [...(into[r.tableName] ?? []), r.request];
        }
        if (!any) {
          stats.callsRefused++;
          return json(400, throttled);
        }
        const partly = Object.keys(unprocessed).length > 0;
        if (partly) {
          stats.batchesTakenInPart++;
          stats.itemsLeftUnprocessed += Object.values(unprocessed).reduce((n, list) => n + list.length, 0);
        }
        const answer = partly ? await call('BatchWriteItem', { ...input, RequestItems: accepted }) : await pass();
        if (answer.status !== 200) {
          for (const r of requests) if (!r.unprocessed) charge(r.tableName, { table: -r.capacity.table, indexes: negate(r.capacity.indexes) });
          return answer;
        }
        const out = JSON.parse(answer.text);
        // Items dynalite itself left unprocessed bill nothing.
        const leftByDynalite = new Set();
        for (const [tableName, list] of Object.entries(out.UnprocessedItems ?? {})) {
          const table = requests.find((r) => r.tableName === tableName)?.table;
          for (const r of list) leftByDynalite.add(keyString(table, keyOf(table.KeySchema, r.PutRequest ? r.PutRequest.Item : r.DeleteRequest?.Key)));
        }
        const billed = new Map();
        for (const r of requests) {
          if (r.unprocessed) continue;
          if (leftByDynalite.has(r.id)) {
            charge(r.tableName, { table: -r.capacity.table, indexes: negate(r.capacity.indexes) });
            continue;
          }
          billed.set(r.tableName, addCapacity(billed.get(r.tableName) ?? empty(), r.capacity));
        }
        if (partly) out.UnprocessedItems = mergeLists(out.UnprocessedItems ?? {}, unprocessed);
        if (mode) out.ConsumedCapacity = [...billed].map(([tableName, capacity]) => consumedCapacity(tableName, capacity, mode));
        return mode || partly ? rewrite(answer, out) : answer;
      },
    );
  };

  /** The items at the keys of `requests` (`{ tableName, key, id }`), strongly consistent, by id. */
  const itemsAt = async (requests) => {
    const out = new Map();
    const byTable = new Map();
    for (const r of requests) byTable.set(r.tableName, [...(byTable.get(r.tableName) ?? []), r]);
    for (const [tableName, list] of byTable) {
      const table = list[0].table;
      for (let i = 0; i < list.length; i += 100) {
        let keys = list.slice(i, i + 100).map((r) => r.key);
        while (keys.length > 0) {
          const answer = await call('BatchGetItem', { RequestItems: { [tableName]: { Keys: keys, ConsistentRead: true } } });
          if (!answer.ok) throw new Error(`BatchGetItem for capacity: ${answer.text}`);
          for (const item of answer.json.Responses?.[tableName] ?? []) out.set(keyString(table, keyOf(table.KeySchema, item)), item);
          keys = answer.json.UnprocessedKeys?.[tableName]?.Keys ?? [];
        }
      }
    }
    return out;
  };

  /** GetItem: under the item's lock (a transaction is never seen half done); billed on the whole item. */
  const getItem = async (input, pass, mode) => {
    const table = await schemaOf(input.TableName);
    const key = table && keyOf(table.KeySchema, input.Key);
    if (!table || !key) return pass();
    return locks.run([keyString(table, key)], async () => {
      const answer = await pass();
      if (!mode || answer.status !== 200) return answer;
      const out = JSON.parse(answer.text);
      const projected = input.ProjectionExpression !== undefined || input.AttributesToGet !== undefined;
      const whole = projected
        ? (await call('GetItem', { TableName: input.TableName, Key: key, ConsistentRead: input.ConsistentRead === true })).json.Item
        : out.Item;
      out.ConsumedCapacity = consumedCapacity(input.TableName, readCapacity(whole, input.ConsistentRead === true), mode);
      return rewrite(answer, out);
    });
  };

  /** BatchGetItem: each item read billed on its own, whole; unprocessed keys bill nothing. */
  const batchGet = async (input, pass, mode) => {
    const answer = await pass();
    if (!mode || answer.status !== 200) return answer;
    const out = JSON.parse(answer.text);
    const consumed = [];
    for (const [tableName, request] of Object.entries(input.RequestItems ?? {})) {
      const table = await schemaOf(tableName);
      if (!table) continue;
      const left = new Set((out.UnprocessedKeys?.[tableName]?.Keys ?? []).map((k) => keyString(table, k)));
      const read = (request.Keys ?? []).filter((k) => !left.has(keyString(table, k)));
      const projected = request.ProjectionExpression !== undefined || request.AttributesToGet !== undefined;
      const whole = projected
        ? await itemsAt(read.map((key) => ({ table, tableName, key, id: keyString(table, key) })))
        : new Map((out.Responses?.[tableName] ?? []).map((item) => [keyString(table, keyOf(table.KeySchema, item)), item]));
      let capacity = empty();
      for (const key of read) capacity = addCapacity(capacity, readCapacity(whole.get(keyString(table, key)), request.ConsistentRead === true));
      consumed.push(consumedCapacity(tableName, capacity, mode));
    }
    out.ConsumedCapacity = consumed;
    return rewrite(answer, out);
  };

  /** Query and Scan: the items evaluated (before the filter, whole), summed and rounded once. */
  const queryOrScan = async (operation, input, pass, mode) => {
    const answer = await pass();
    if (!mode || answer.status !== 200) return answer;
    const table = await schemaOf(input.TableName);
    if (!table) return answer;
    const out = JSON.parse(answer.text);
    const narrowed =
      input.FilterExpression !== undefined ||
      input.QueryFilter !== undefined ||
      input.ScanFilter !== undefined ||
      input.ProjectionExpression !== undefined ||
      input.AttributesToGet !== undefined ||
      (input.Select !== undefined && input.Select !== 'ALL_ATTRIBUTES' && input.Select !== 'ALL_PROJECTED_ATTRIBUTES');
    let evaluated = out.Items ?? [];
    if (narrowed) {
      const again = await call(operation, evaluatedPage(operation, input));
      if (!again.ok) throw new Error(`${operation} for capacity: ${again.text}`);
      evaluated = again.json.Items ?? [];
    }
    out.ConsumedCapacity = consumedCapacity(input.TableName, scanCapacity(table, input.IndexName, evaluated, input.ConsistentRead === true), mode);
    return rewrite(answer, out);
  };

  /** TransactGetItems: every item read strongly under its lock; twice the units. */
  const transactGet = async (input, mode) => {
    const gets = (input.TransactItems ?? []).map((t) => t?.Get);
    if (gets.length === 0 || gets.length > 100 || gets.some((g) => !g)) return json(400, validation('TransactItems must hold 1 to 100 Get actions'));
    const targets = [];
    for (const g of gets) {
      const table = await schemaOf(g.TableName);
      if (!table) return json(400, { __type: errorType('ResourceNotFoundException'), message: 'Requested resource not found' });
      const key = keyOf(table.KeySchema, g.Key);
      if (!key) return json(400, validation('The provided key element does not match the schema'));
      targets.push({ g, table, key, id: keyString(table, key) });
    }
    if (new Set(targets.map((t) => t.id)).size !== targets.length)
      return json(400, validation('Transaction request cannot include multiple operations on one item'));
    return locks.run(
      targets.map((t) => t.id),
      async () => {
        const responses = [];
        const billed = new Map();
        for (const { g, table, key } of targets) {
          const whole = await call('GetItem', { TableName: g.TableName, Key: key, ConsistentRead: true });
          if (!whole.ok) return whole;
          let item = whole.json.Item;
          if (g.ProjectionExpression !== undefined && item) {
            const projected = await call('GetItem', {
              TableName: g.TableName,
              Key: key,
              ConsistentRead: true,
              ProjectionExpression: g.ProjectionExpression,
              ...(g.ExpressionAttributeNames ? { ExpressionAttributeNames: g.ExpressionAttributeNames } : {}),
            });
            if (!projected.ok) return projected;
            item = projected.json.Item;
          }
          responses.push(item ? { Item: item } : {});
          billed.set(table.TableName, addCapacity(billed.get(table.TableName) ?? empty(), timesTable(readCapacity(whole.json.Item, true), 2)));
        }
        return json(200, {
          Responses: responses,
          ...(mode ? { ConsumedCapacity: [...billed].map(([tableName, capacity]) => consumedCapacity(tableName, capacity, mode)) } : {}),
        });
      },
    );
  };

  /** TransactWriteItems: every action in order under the items' locks; all undone when one fails. */
  const transactWrite = async (input, mode) => {
    const items = input.TransactItems ?? [];
    if (!Array.isArray(items) || items.length === 0 || items.length > 100) return json(400, validation('TransactItems must hold 1 to 100 actions'));
    const actions = [];
    for (const t of items) {
      const kinds = ['Put', 'Update', 'Delete', 'ConditionCheck'].filter((k) => t?.[k]);
      if (kinds.length !== 1) return json(400, validation('Each TransactItem must hold exactly one of Put, Update, Delete, ConditionCheck'));
      const kind = kinds[0];
      const a = t[kind];
      const table = await schemaOf(a.TableName);
      if (!table) return json(400, { __type: errorType('ResourceNotFoundException'), message: 'Requested resource not found' });
      const key = keyOf(table.KeySchema, kind === 'Put' ? a.Item : a.Key);
      if (!key) return json(400, validation('The provided key element does not match the schema'));
      actions.push({ kind, a, table, key, id: keyString(table, key) });
    }
    if (new Set(actions.map((x) => x.id)).size !== actions.length)
      return json(400, validation('Transaction request cannot include multiple operations on one item'));
    return locks.run(
      actions.map((x) => x.id),
      async () => {
        for (const x of actions) x.before = await itemAt(x.table.TableName, x.key);
        // Admitted on what is known before: the items as they are, and the items put.
        const estimate = new Map();
        for (const x of actions) {
          const c = timesTable(writeCapacity(x.table, x.before, x.kind === 'Put' ? x.a.Item : x.kind === 'Delete' ? undefined : x.before), 2);
          estimate.set(x.table.TableName, addCapacity(estimate.get(x.table.TableName) ?? empty(), c));
        }
        if (!take(estimate)) {
          stats.callsRefused++;
          return cancelled(actions.map(() => ({ Code: 'ThrottlingError', Message: throttled.message })));
        }
        for (const [tableName, c] of estimate) charge(tableName, { table: -c.table, indexes: negate(c.indexes) });
        const done = [];
        let failure;
        for (const [i, x] of actions.entries()) {
          const answer = await apply(x);
          if (answer.ok) {
            done.push(x);
            continue;
          }
          failure = { i, x, answer };
          break;
        }
        if (failure) {
          for (const x of done.reverse()) await restore(x);
          const name = errorName(failure.answer);
          const billed = new Map();
          // The prepare pass: one write of each item, as a refused conditional write bills it.
          for (const x of actions) {
            const c = failedWriteCapacity(x.before, x.kind === 'Put' ? x.a.Item : undefined);
            billed.set(x.table.TableName, addCapacity(billed.get(x.table.TableName) ?? empty(), c));
          }
          for (const [tableName, c] of billed) charge(tableName, c);
          if (name !== conditionFailed) return failure.answer;
          const reasons = actions.map((x, i) =>
            i === failure.i
              ? {
                  Code: 'ConditionalCheckFailed',
                  Message: 'The conditional request failed',
                  ...(x.a.ReturnValuesOnConditionCheckFailure === 'ALL_OLD' && x.before ? { Item: x.before } : {}),
                }
              : { Code: 'None' },
          );
          const headers = mode
            ? { 'x-local-consumed-capacity': JSON.stringify([...billed].map(([tableName, c]) => consumedCapacity(tableName, c, mode))) }
            : {};
          return cancelled(reasons, headers);
        }
        const billed = new Map();
        for (const x of actions) {
          const after = x.kind === 'Put' ? x.a.Item : x.kind === 'Delete' ? undefined : x.kind === 'Update' ? await itemAt(x.table.TableName, x.key) : x.before;
          const written = writeCapacity(x.table, x.before, after);
          const c = x.kind === 'ConditionCheck' ? { table: written.table * 2, indexes: {} } : timesTable(written, 2);
          billed.set(x.table.TableName, addCapacity(billed.get(x.table.TableName) ?? empty(), c));
        }
        for (const [tableName, c] of billed) charge(tableName, c);
        return json(200, mode ? { ConsumedCapacity: [...billed].map(([tableName, c]) => consumedCapacity(tableName, c, mode)) } : {});
      },
    );
  };

  const expressionParts = (a) => ({
    ...(a.ConditionExpression !== undefined ? { ConditionExpression: a.ConditionExpression } : {}),
    ...(a.ExpressionAttributeNames ? { ExpressionAttributeNames: a.ExpressionAttributeNames } : {}),
    ...(a.ExpressionAttributeValues ? { ExpressionAttributeValues: a.ExpressionAttributeValues } : {}),
  });
  /** One action of a transaction through dynalite. */
  const apply = async (x) => {
    const { a } = x;
    switch (x.kind) {
      case 'Put':
        return call('PutItem', { TableName: a.TableName, Item: a.Item, ...expressionParts(a) });
      case 'Update':
        return call('UpdateItem', { TableName: a.TableName, Key: x.key, UpdateExpression: a.UpdateExpression, ...expressionParts(a) });
      case 'Delete':
        return call('DeleteItem', { TableName: a.TableName, Key: x.key, ...expressionParts(a) });
      default: {
        // A condition alone: written back unchanged under the condition; an item not there is put and removed again.
        const answer = await call('PutItem', { TableName: a.TableName, Item: x.before ?? x.key, ...expressionParts(a) });
        if (answer.ok && !x.before) await call('DeleteItem', { TableName: a.TableName, Key: x.key });
        return answer;
      }
    }
  };
  /** Puts an item of a transaction back as it was before it. */
  const restore = (x) =>
    x.before ? call('PutItem', { TableName: x.table.TableName, Item: x.before }) : call('DeleteItem', { TableName: x.table.TableName, Key: x.key });
  const cancelled = (reasons, headers = {}) =>
    json(
      400,
      {
        __type: errorType('TransactionCanceledException'),
        Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
        CancellationReasons: reasons,
      },
      headers,
    );

  server.on('request', async (req, res) => {
    try {
      const body = await readBody(req);
      if (req.method === 'GET' && req.url === '/write-cap') {
        const unitsTaken = [...buckets.values()].reduce((n, b) => n + b.taken, 0);
        const text = JSON.stringify({ ...(stats ?? { perSecond: null }), unitsTaken });
        return send(res, { status: 200, headers: { 'content-type': 'application/json' }, text });
      }
      const pass = () => raw(req.method, req.url, req.headers, body);
      const operation = String(req.headers['x-amz-target'] ?? '').split('.')[1];
      if (req.method !== 'POST' || !handled.has(operation)) {
        if (operation === 'CreateTable' || operation === 'DeleteTable' || operation === 'UpdateTable') schemas.clear();
        return send(res, await pass());
      }
      let input;
      try {
        input = JSON.parse(body.toString('utf8'));
      } catch {
        return send(res, await pass());
      }
      if (!input || typeof input !== 'object') return send(res, await pass());
      const mode = countingModes.has(input.ReturnConsumedCapacity) ? input.ReturnConsumedCapacity : undefined;
      switch (operation) {
        case 'PutItem':
        case 'UpdateItem':
        case 'DeleteItem':
          return send(res, await singleWrite(operation, input, pass, mode));
        case 'BatchWriteItem':
          return send(res, await batchWrite(input, pass, mode));
        case 'GetItem':
          return send(res, await getItem(input, pass, mode));
        case 'BatchGetItem':
          return send(res, await batchGet(input, pass, mode));
        case 'Query':
        case 'Scan':
          return send(res, await queryOrScan(operation, input, pass, mode));
        case 'TransactGetItems':
          return send(res, await transactGet(input, mode));
        default:
          return send(res, await transactWrite(input, mode));
      }
    } catch (error) {
      if (!res.headersSent) send(res, json(500, { __type: errorType('InternalServerError'), message: String(error) }));
      else res.destroy();
    }
  });
}

const handled = new Set([
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'BatchWriteItem',
  'GetItem',
  'BatchGetItem',
  'Query',
  'Scan',
  'TransactGetItems',
  'TransactWriteItems',
]);

const empty = () => ({ table: 0, indexes: {} });

function negate(indexes) {
  return Object.fromEntries(Object.entries(indexes).map(([kind, byName]) => [kind, Object.fromEntries(Object.entries(byName).map(([n, u]) => [n, -u]))]));
}

function validation(message) {
  return { __type: 'com.amazon.coral.validate#ValidationException', message };
}

function mergeLists(a, b) {
  const out = { ...a };
  for (const [table, list] of Object.entries(b)) out[table] = [...(out[table] ?? []), ...list];
  return out;
}

/**
 * The same page of a Query or Scan with every item whole: no filter, no projection, no Select, and only
 * the expression names and values its key condition uses.
 */
export function evaluatedPage(operation, input) {
  const {
    FilterExpression,
    QueryFilter,
    ScanFilter,
    ConditionalOperator,
    ProjectionExpression,
    AttributesToGet,
    Select,
    ReturnConsumedCapacity,
    ExpressionAttributeNames,
    ExpressionAttributeValues,
    ...rest
  } = input;
  if (operation === 'Query' && typeof rest.KeyConditionExpression === 'string') {
    const names = new Set(rest.KeyConditionExpression.match(/#[A-Za-z0-9_]+/g) ?? []);
    const values = new Set(rest.KeyConditionExpression.match(/:[A-Za-z0-9_]+/g) ?? []);
    const pick = (map, used) => Object.fromEntries(Object.entries(map ?? {}).filter(([k]) => used.has(k)));
    if (names.size > 0) rest.ExpressionAttributeNames = pick(ExpressionAttributeNames, names);
    if (values.size > 0) rest.ExpressionAttributeValues = pick(ExpressionAttributeValues, values);
  }
  return rest;
}
