/**
 * One AWS emulator on a thread of its own: DynamoDB (dynalite, persisted with LevelDB) or S3 (s3rver,
 * files on disk). DynamoDB and S3 are remote services: their work must not run on the event loop of the
 * functions that call them, or every call of the local stack would count the emulator's own CPU time in
 * the caller's latency. Started by emulators.ts with `{ kind, directory }`; answers `{ port }` once
 * listening, `{ memory }` (bytes) to the message `memory`, and closes on the message `close`.
 *
 * One behaviour of S3 that s3rver lacks is added in front of it: a PutObject with `If-None-Match: *` on
 * a key that exists is answered 412 PreconditionFailed (s3rver ignores the header and overwrites).
 * Checked and written on this one thread, one write at a time per key, as S3's own check is atomic.
 *
 * DynamoDB answers through a front on the same server (dynamo-front.mjs): the capacity units a call
 * consumes as DynamoDB bills them, and transactions, which dynalite lacks. It may be started with
 * `writeCap: { perSecond, burstSeconds }`: writes beyond that throughput per table are then throttled as
 * on a new on-demand table; without it nothing is.
 */
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';

const started = workerData.kind === 'dynamodb' ? await startDynamo(workerData.directory, workerData.writeCap) : await startS3(workerData.directory);
parentPort.postMessage({ port: started.port });
parentPort.on('message', async (message) => {
  // This thread's own memory, its JS heap and the buffers it holds, which the process's `heapUsed` does
  // not include (an in-memory DynamoDB holds its items there).
  if (message === 'memory') {
    const heap = getHeapStatistics();
    return parentPort.postMessage({ memory: heap.total_physical_size + heap.external_memory });
  }
  if (message !== 'close') return;
  await started.close();
  parentPort.postMessage({ closed: true });
  parentPort.close();
});

async function startDynamo(directory, writeCap) {
  // Before dynalite: its paged reads close their LevelDB iterators (level-iterator-return.mjs).
  await import('./level-iterator-return.mjs');
  const { default: dynalite } = await import('dynalite');
  const server = dynalite({ ...(directory ? { path: directory } : {}), createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  // Node's servers close a keep-alive connection after 5 s idle; a client that picks that socket at the
  // same moment gets ECONNRESET (the SDK's TimeoutError). Two minutes leaves the race only to a socket
  // idle that long.
  server.keepAliveTimeout = 120_000;
  server.headersTimeout = 121_000;
  // Every request goes through the front: units billed as DynamoDB bills them, transactions, and the
  // write cap when one is set (dynamo-front.mjs).
  const { installDynamoFront } = await import('./dynamo-front.mjs');
  installDynamoFront(server, { writeCap });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return { port: server.address().port, close: () => closeServer(server, () => new Promise((resolve) => server.close(() => resolve()))) };
}

async function startS3(directory) {
  const { default: S3rver } = await import('s3rver');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  /** Keys whose conditional write is under way: a second one waits for the first. */
  const writing = new Map();
  server.middleware.unshift(async (ctx, next) => {
    if (ctx.method !== 'PUT' || ctx.get('if-none-match') !== '*' || ctx.querystring.includes('partNumber')) return next();
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (!bucket || !key) return next();
    const id = `${bucket}/${key}`;
    while (writing.has(id)) await writing.get(id);
    const done = (async () => {
      if (await server.store.existsObject(bucket, key)) {
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body =
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>';
        return;
      }
      await next();
    })();
    writing.set(id, done);
    try {
      await done;
    } finally {
      writing.delete(id);
    }
  });
  const address = await server.run();
  // As for DynamoDB: a connection idle longer than Node's 5 s default (a load writing its rows before
  // it archives the file) must not be closed under a client that picks it up at that moment.
  server.httpServer.keepAliveTimeout = 120_000;
  server.httpServer.headersTimeout = 121_000;
  return { port: address.port, close: () => closeServer(server.httpServer, () => server.close()) };
}

/**
 * Closes an emulator's server without waiting out its two-minute keep-alive: `close` stops new
 * connections and closes those Node counts as idle, but a keep-alive connection it still counts as
 * active held the close (and the operator CLI's exit) for the whole keep-alive, about one close in ten
 * on a busy machine. A call still under way gets a grace period to finish; whatever connection is left
 * after it is closed.
 */
async function closeServer(httpServer, close, graceMs = 2_000) {
  const closing = close();
  httpServer.closeIdleConnections();
  const grace = setTimeout(() => httpServer.closeAllConnections(), graceMs);
  try {
    await closing;
  } finally {
    clearTimeout(grace);
  }
}
