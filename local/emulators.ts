/**
 * The AWS emulators of the local stack, all in this Node process: DynamoDB (dynalite, persisted with
 * LevelDB), S3 (s3rver, files on disk), SQS (fauxqs, snapshotted to disk so queued messages survive a
 * restart) and SES v2 (aws-ses-v2-local). Each listens on an ephemeral port on 127.0.0.1.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { join } from 'node:path';
import dynalite from 'dynalite';
import S3rver from 's3rver';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import sesModule from 'aws-ses-v2-local';

export interface Endpoints {
  readonly dynamodb: string;
  readonly s3: string;
  readonly sqs: string;
  readonly ses: string;
}

export interface Emulators {
  readonly endpoints: Endpoints;
  readonly sqs: FauxqsServer;
  /** Writes queued messages to disk (also done periodically and on stop). */
  snapshotQueues(): Promise<void>;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  /** Directory for persisted state; omit for a purely in-memory set (tests). */
  readonly stateDir?: string;
}

interface QueuedMessage {
  readonly queue: string;
  readonly body: string;
  readonly attributes: Record<string, { DataType: string; StringValue?: string; BinaryValue?: string }>;
  readonly delayUntil?: number;
}

// The package is CommonJS with `exports.default`; under ESM its default import is the exports object.
const sesServer = ((sesModule as unknown as { default?: typeof sesModule }).default ?? sesModule) as typeof sesModule;

const url = (server: { address(): AddressInfo | string | null }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}

function close(server: { close(cb: (err?: Error) => void): unknown }): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startEmulators(options: EmulatorOptions = {}): Promise<Emulators> {
  const { stateDir } = options;
  if (stateDir) await mkdir(stateDir, { recursive: true });

  const dynamo: Server = dynalite({
    ...(stateDir ? { path: join(stateDir, 'dynamodb') } : {}),
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
  });
  // Node's servers close a keep-alive connection after 5 s idle; a client that picks that socket at the
  // same moment gets ECONNRESET (the SDK's TimeoutError). On a loaded machine, with this process's event
  // loop busy (a list being parsed beside the emulator), that race is hit often enough to fail an
  // ingest. Two minutes leaves the race only to a socket idle that long.
  dynamo.keepAliveTimeout = 120_000;
  dynamo.headersTimeout = 121_000;
  await listen(dynamo);

  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: stateDir ? join(stateDir, 's3') : join((await import('node:os')).tmpdir(), `s3rver-${process.pid}-${Date.now()}`),
  });
  const s3Address = (await s3.run()) as AddressInfo;

  const sqs = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
  const ses = await sesServer({ host: '127.0.0.1', port: 0 });

  const endpoints: Endpoints = {
    dynamodb: url(dynamo),
    s3: `http://127.0.0.1:${s3Address.port}`,
    sqs: `http://127.0.0.1:${sqs.port}`,
    ses: url(ses),
  };

  const snapshotFile = stateDir ? join(stateDir, 'sqs-messages.json') : undefined;
  let lastSnapshot = '';
  let writes = 0;
  const writeSnapshot = async () => {
    if (!snapshotFile) return;
    const text = JSON.stringify(queuedMessages(sqs));
    if (text === lastSnapshot) return;
    const temporary = `${snapshotFile}.${process.pid}.${++writes}.tmp`;
    await writeFile(temporary, text);
    await rename(temporary, snapshotFile);
    lastSnapshot = text;
  };
  // Snapshots run one after another (the timer's and the one on stop never overlap).
  let chain: Promise<void> = Promise.resolve();
  const snapshotQueues = () => (chain = chain.then(writeSnapshot, writeSnapshot));
  const timer = snapshotFile ? setInterval(() => void snapshotQueues().catch(() => undefined), 2_000) : undefined;
  timer?.unref();

  return {
    endpoints,
    sqs,
    snapshotQueues,
    stop: async () => {
      if (timer) clearInterval(timer);
      await snapshotQueues();
      await Promise.all([close(dynamo), s3.close(), sqs.stop(), close(ses)]);
    },
  };
}

/** Every message still held by a queue: ready, delayed and in flight (in flight ones would be redelivered). */
function queuedMessages(sqs: FauxqsServer): QueuedMessage[] {
  const out: QueuedMessage[] = [];
  for (const name of listQueueNames(sqs)) {
    const q = sqs.inspectQueue(name);
    if (!q) continue;
    const all = [...q.messages.ready, ...q.messages.delayed, ...q.messages.inflight.map((i) => i.message)];
    for (const m of all) {
      out.push({
        queue: name,
        body: m.body,
        attributes: m.messageAttributes,
        ...(m.delayUntil ? { delayUntil: m.delayUntil } : {}),
      });
    }
  }
  return out;
}

const knownQueues = new WeakMap<FauxqsServer, Set<string>>();

/** Tells the emulators which queues exist (fauxqs has no list call on its programmatic API). */
export function registerQueueName(sqs: FauxqsServer, name: string): void {
  let names = knownQueues.get(sqs);
  if (!names) {
    names = new Set();
    knownQueues.set(sqs, names);
  }
  names.add(name);
}

function listQueueNames(sqs: FauxqsServer): string[] {
  return [...(knownQueues.get(sqs) ?? [])];
}

/** Messages saved by the last run, to be sent again once the queues exist. */
export async function savedQueueMessages(stateDir: string | undefined): Promise<QueuedMessage[]> {
  if (!stateDir) return [];
  try {
    return JSON.parse(await readFile(join(stateDir, 'sqs-messages.json'), 'utf8')) as QueuedMessage[];
  } catch {
    return [];
  }
}
