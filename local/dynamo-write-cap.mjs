/**
 * A write-throughput cap in front of the local DynamoDB (dynalite never throttles), as a new on-demand
 * table behaves on AWS: each table takes at most `perSecond` write capacity units a second, plus a burst
 * of `burstSeconds` of unused capacity. A write unit is 1 KB of item, rounded up, per item written
 * (each item of a BatchWriteItem counts on its own). Beyond the cap the answers are DynamoDB's:
 *
 * - BatchWriteItem takes the items that fit, in order, and returns the others in `UnprocessedItems`;
 *   when not one fits, the whole call is refused with 400 `ThrottlingException`;
 * - PutItem, UpdateItem and DeleteItem are refused with 400 `ThrottlingException`.
 *
 * Reads and table management pass through untouched. Runs on the emulator's thread (emulator-thread.mjs)
 * as an HTTP server that forwards each request to dynalite listening on another port of 127.0.0.1.
 * `GET /write-cap` answers what the cap did so far: write units taken, calls refused whole, batches
 * taken in part and the items they left unprocessed.
 */
import { Agent, createServer, request } from 'node:http';
import { crc32 } from 'node:zlib';

const throttled = {
  __type: 'com.amazonaws.dynamodb.v20120810#ThrottlingException',
  message:
    'Throughput exceeds the current capacity of your table or index. DynamoDB is automatically scaling your table or index so please try again shortly. If exceptions persist, check if you have a hot partition.',
};

/** The size DynamoDB counts for an attribute value (its type's encoding), in bytes. */
function valueSize(value) {
  if ('S' in value) return Buffer.byteLength(value.S);
  if ('N' in value)
    return (
      Math.ceil(
        String(value.N)
          .replace(/e.*$/i, '')
          .replace(/[^0-9]/g, '')
          .replace(/^0+/, '').length / 2,
      ) + 1
    );
  if ('B' in value) return Buffer.byteLength(value.B, 'base64');
  if ('BOOL' in value || 'NULL' in value) return 1;
  if ('SS' in value) return value.SS.reduce((n, s) => n + Buffer.byteLength(s), 0);
  if ('NS' in value) return value.NS.reduce((n, s) => n + valueSize({ N: s }), 0);
  if ('BS' in value) return value.BS.reduce((n, s) => n + Buffer.byteLength(s, 'base64'), 0);
  if ('L' in value) return 3 + value.L.reduce((n, v) => n + 1 + valueSize(v), 0);
  if ('M' in value) return 3 + itemSize(value.M) + Object.keys(value.M).length;
  return 0;
}

/** An item's size as DynamoDB counts it: each attribute's name and value. */
export function itemSize(item) {
  let size = 0;
  for (const [name, value] of Object.entries(item ?? {})) size += Buffer.byteLength(name) + valueSize(value);
  return size;
}

/** Write capacity units of writing `item`: 1 per KB, rounded up, at least 1. */
export function writeUnits(item) {
  return Math.max(1, Math.ceil(itemSize(item) / 1024));
}

/** One table's write capacity: a bucket refilled at `perSecond`, holding at most `burst`. */
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

  /** Takes `units` if they are there. */
  take(units) {
    this.refill();
    if (this.tokens < units) return false;
    this.tokens -= units;
    this.taken += units;
    return true;
  }
}

/**
 * Starts the cap in front of dynalite at `upstreamPort`; answers `{ port, close }`. `perSecond`: write
 * units a second per table; `burstSeconds`: unused capacity kept for a burst (default 1 s).
 */
export async function startWriteCap(upstreamPort, { perSecond, burstSeconds = 1 }) {
  const buckets = new Map();
  const stats = { perSecond, burstSeconds, callsRefused: 0, batchesTakenInPart: 0, itemsLeftUnprocessed: 0 };
  const bucketOf = (table) => {
    let bucket = buckets.get(table);
    if (!bucket) {
      bucket = new Bucket(perSecond, Math.max(perSecond * burstSeconds, 1));
      buckets.set(table, bucket);
    }
    return bucket;
  };

  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const forward = (req, body) =>
    new Promise((resolve, reject) => {
      const headers = { ...req.headers, 'content-length': String(Buffer.byteLength(body)) };
      const out = request({ agent, host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 500, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      });
      out.on('error', reject);
      out.end(body);
    });

  const send = (res, status, headers, body) => {
    const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
    const out = { ...headers, 'content-length': String(buffer.length) };
    delete out['transfer-encoding'];
    delete out.connection;
    delete out['keep-alive'];
    res.writeHead(status, out);
    res.end(buffer);
  };

  const json = (res, status, value) => {
    const body = JSON.stringify(value);
    send(res, status, { 'content-type': 'application/x-amz-json-1.0', 'x-amz-crc32': String(crc32(body)) }, body);
  };

  const server = createServer(async (req, res) => {
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      const body = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'GET' && req.url === '/write-cap') {
        const unitsTaken = [...buckets.values()].reduce((n, b) => n + b.taken, 0);
        return send(res, 200, { 'content-type': 'application/json' }, JSON.stringify({ ...stats, unitsTaken }));
      }
      const action = String(req.headers['x-amz-target'] ?? '').split('.')[1];
      let input;
      try {
        input = action && body ? JSON.parse(body) : undefined;
      } catch {
        input = undefined;
      }

      if (input && (action === 'PutItem' || action === 'UpdateItem' || action === 'DeleteItem')) {
        const units = writeUnits(action === 'PutItem' ? input.Item : { ...input.Key, ...input.ExpressionAttributeValues });
        if (!bucketOf(input.TableName).take(units)) {
          stats.callsRefused++;
          return json(res, 400, throttled);
        }
      }

      if (input && action === 'BatchWriteItem' && input.RequestItems) {
        const accepted = {};
        const unprocessed = {};
        let any = false;
        for (const [table, requests] of Object.entries(input.RequestItems)) {
          const bucket = bucketOf(table);
          for (const r of requests) {
            const units = writeUnits(r.PutRequest ? r.PutRequest.Item : r.DeleteRequest?.Key);
            const into = bucket.take(units) ? accepted : unprocessed;
            if (into === accepted) any = true;
            if (into[table]) into[table].push(r);
            else into[table] = [r];
          }
        }
        if (!any) {
          stats.callsRefused++;
          return json(res, 400, throttled);
        }
        if (Object.keys(unprocessed).length > 0) {
          stats.batchesTakenInPart++;
          stats.itemsLeftUnprocessed += Object.values(unprocessed).reduce((n, list) => n + list.length, 0);
          const answer = await forward(req, JSON.stringify({ ...input, RequestItems: accepted }));
          if (answer.status !== 200) return send(res, answer.status, answer.headers, answer.body);
          const out = JSON.parse(answer.body.toString('utf8'));
          out.UnprocessedItems = { ...(out.UnprocessedItems ?? {}), ...unprocessed };
          const text = JSON.stringify(out);
          return send(res, 200, { ...answer.headers, 'x-amz-crc32': String(crc32(text)) }, text);
        }
      }

      const answer = await forward(req, body);
      send(res, answer.status, answer.headers, answer.body);
    } catch (error) {
      if (!res.headersSent) json(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: String(error) });
      else res.destroy();
    }
  });
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: server.address().port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
        agent.destroy();
      }),
  };
}
