/**
 * The AWS emulators of the local stack, in this Node process: DynamoDB (dynalite, persisted with
 * LevelDB) and S3 (s3rver, files on disk), each on a thread of its own (emulator-thread.mjs), and on
 * the main thread SQS (fauxqs, snapshotted to disk so queued messages survive a restart) and SES v2
 * (aws-ses-v2-local). Each listens on an ephemeral port on 127.0.0.1.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
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
  /** Memory of the DynamoDB and S3 emulators' threads (JS heap and buffers), in bytes: not in the process's `heapUsed`. */
  memory(): Promise<{ readonly dynamodb: number; readonly s3: number }>;
  stop(): Promise<void>;
}

export interface EmulatorOptions {
  /** Directory for persisted state; omit for a purely in-memory set (tests). */
  readonly stateDir?: string;
  /**
   * Throttle DynamoDB writes beyond this throughput per table, as a new on-demand table on AWS does
   * (dynamo-front.mjs); default `dynamoWriteCapFromEnv()`, which is none unless LOCAL_DYNAMODB_WRITE_CAP is set.
   */
  readonly dynamoWriteCap?: DynamoWriteCap;
}

/** A write-throughput cap of the local DynamoDB: write capacity units a second per table, and the seconds of unused capacity kept for a burst (default 1). */
export interface DynamoWriteCap {
  readonly perSecond: number;
  readonly burstSeconds?: number;
}

/** The cap LOCAL_DYNAMODB_WRITE_CAP (units a second per table) and LOCAL_DYNAMODB_WRITE_BURST_SECONDS set; undefined when unset. */
export function dynamoWriteCapFromEnv(env: NodeJS.ProcessEnv = process.env): DynamoWriteCap | undefined {
  const perSecond = Number(env.LOCAL_DYNAMODB_WRITE_CAP);
  if (!env.LOCAL_DYNAMODB_WRITE_CAP || !Number.isFinite(perSecond) || perSecond <= 0) return undefined;
  const burst = Number(env.LOCAL_DYNAMODB_WRITE_BURST_SECONDS);
  return { perSecond, ...(env.LOCAL_DYNAMODB_WRITE_BURST_SECONDS && Number.isFinite(burst) && burst >= 0 ? { burstSeconds: burst } : {}) };
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

function close(server: { close(cb: (err?: Error) => void): unknown }): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startEmulators(options: EmulatorOptions = {}): Promise<Emulators> {
  const { stateDir } = options;
  if (stateDir) await mkdir(stateDir, { recursive: true });

  const dynamo = await startOnThread('dynamodb', stateDir ? join(stateDir, 'dynamodb') : undefined, options.dynamoWriteCap ?? dynamoWriteCapFromEnv());

  const s3 = await startOnThread('s3', stateDir ? join(stateDir, 's3') : join(tmpdir(), `s3rver-${process.pid}-${Date.now()}`));

  const sqs = await startFauxqs({ port: 0, host: '127.0.0.1', logger: false });
  const ses = await sesServer({ host: '127.0.0.1', port: 0 });

  const endpoints: Endpoints = {
    dynamodb: `http://127.0.0.1:${dynamo.port}`,
    s3: `http://127.0.0.1:${s3.port}`,
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
    memory: async () => {
      const [d, s] = await Promise.all([dynamo.memory(), s3.memory()]);
      return { dynamodb: d, s3: s };
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await snapshotQueues();
      await Promise.all([dynamo.close(), s3.close(), sqs.stop(), close(ses)]);
    },
  };
}

/** An emulator on its own thread (emulator-thread.mjs), listening on an ephemeral port. */
async function startOnThread(
  kind: 'dynamodb' | 's3',
  directory: string | undefined,
  writeCap?: DynamoWriteCap,
): Promise<{ readonly port: number; memory(): Promise<number>; close(): Promise<void> }> {
  const worker = new Worker(new URL('./emulator-thread.mjs', import.meta.url), { workerData: { kind, directory, writeCap } });
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { port: number }) => resolve(m.port));
  });
  // The thread never keeps the process alive on its own.
  worker.unref();
  return {
    port,
    memory: () =>
      new Promise<number>((resolve) => {
        const answer = (m: { memory?: number }) => {
          if (m.memory === undefined) return;
          worker.off('message', answer);
          resolve(m.memory);
        };
        worker.on('message', answer);
        worker.postMessage('memory');
      }),
    close: async () => {
      const closed = new Promise<void>((resolve) => {
        const answer = (m: { closed?: boolean }) => {
          if (!m.closed) return;
          worker.off('message', answer);
          resolve();
        };
        worker.on('message', answer);
      });
      worker.postMessage('close');
      await closed;
      await worker.terminate();
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
