/**
 * Soak: the local stack driven for `BENCH_SOAK_MINUTES` (default 30) by closed-loop clients, each
 * sending its next request when the last is answered (so the rate is the highest the stack sustains),
 * a mix of:
 * - POST /v1/verify answered from the cache (70 %), for providers verified at the start;
 * - POST /v1/verify of a provider never asked for (15 %): a cache miss, every source asked (the board,
 *   the registry, the lists), answered `not_found`;
 * - POST /v1/verify/bulk of 10 cached providers (10 %);
 * - POST /v1/monitor/{id}/check with a test key (5 %): a monitor's check run now, as the daily sweep runs it.
 *
 * The run is cut into equal intervals; for each, the series records the requests answered and their
 * rate, p99 latency of all requests and of the single verifications, the live account item's size (what
 * DynamoDB bills every update of it on), DynamoDB write units per single verification and per request
 * (every call the handlers made, as ConsumedCapacity reports it), and the process's memory (the stack,
 * its emulators' threads and the clients are one process), as found and again after a full garbage
 * collection, which is what the process keeps. Flat means the last intervals' mean is within
 * a few percent of the first's (the first interval is left out: it holds the warm-up).
 */
import { marshall } from '@aws-sdk/util-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { tableName } from '#shared/platform/config.ts';
import { itemSize } from '../../local/runtime/dynamo-capacity.mjs';
import { recordAwsCalls, type AwsCall } from '../support/aws-call-log.ts';
import { fmt, summarise, type Benchmark, type Figure, type SectionResult } from './harness.ts';
import { withLocalApi, type LocalApi } from './local-api.ts';
import { providerPool, sampleProviders, type Provider } from './sample-providers.ts';

const clients = 8;
const intervals = 10;
const cachedProviders = 40;
const bulkSize = 10;
const monitors = 5;

type Kind = 'hit' | 'miss' | 'bulk' | 'check';
/** The mix, per 20 requests of a client. */
const kindOf = (i: number): Kind => {
  const slot = i % 20;
  return slot < 14 ? 'hit' : slot < 17 ? 'miss' : slot < 19 ? 'bulk' : 'check';
};

const writeOperations = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

async function accountItemBytes(accountId: string): Promise<number> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { account_id: accountId }, ConsistentRead: true }));
  return out.Item ? itemSize(marshall(out.Item, { removeUndefinedValues: true, convertClassInstanceToMap: true })) : 0;
}

/**
 * The process's resident memory by kind (Linux): anonymous (heaps, buffers, malloc arenas) and file-backed
 * (mapped files, LevelDB's tables among them, which the kernel may drop at any time); zero elsewhere.
 */
async function residentKinds(): Promise<{ anonymous: number; file: number }> {
  const status = await readFile('/proc/self/status', 'utf8').catch(() => '');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { anonymous: kb('RssAnon'), file: kb('RssFile') };
}

/**
 * A full garbage collection, so that a sample measures what the process keeps rather than what its
 * collector has not yet got round to freeing or returning (V8 keeps a grown heap reserved for a while).
 */
const fullGc = (): (() => void) => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
};

const p99 = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)]!;
};

interface Interval {
  readonly seconds: number;
  readonly requests: number;
  readonly rate: number;
  readonly p99Ms: number;
  readonly verifyP99Ms: number;
  readonly accountItemBytes: number;
  readonly writeUnitsPerVerify: number;
  readonly writeUnitsPerRequest: number;
  readonly rssMb: number;
  readonly heapMb: number;
  readonly dynamoMb: number;
  readonly rssAnonMb: number;
  readonly rssFileMb: number;
  readonly heapTotalMb: number;
  /** After a full garbage collection: the JS heap the process keeps, and its anonymous resident memory. */
  readonly retainedHeapMb: number;
  readonly retainedAnonMb: number;
  readonly externalMb: number;
  readonly errors: number;
}

/** A webhook receiver on this machine for the test monitors (a check that finds no change sends nothing). */
async function startReceiver(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, server };
}

async function run(api: LocalApi): Promise<SectionResult> {
  const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 30);
  const intervalMs = (minutes * 60_000) / intervals;
  const providers = providerPool(await sampleProviders({ states: ['WA'], distinctBy: 'surname' }))(cachedProviders);
  for (const p of providers) await api.ok('POST', '/v1/verify', p); // into the cache

  const receiver = await startReceiver();
  const testKey = (await issueKey(new DynamoAccountStore(), { plan: 'enterprise', mode: 'test', minuteLimit: 1_000_000 }, systemClock)).api_key;
  const asTest = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${testKey}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
    return json;
  };
  const monitorIds: string[] = [];
  for (let i = 0; i < monitors; i++) {
    const made = await asTest('POST', '/v1/monitor', {
      first_name: 'Amelia',
      last_name: 'Brightwater',
      state: 'WA',
      webhook_url: `${receiver.url}/${i}`,
      webhook_secret: 'soak-secret-0123456789',
    });
    monitorIds.push(String(made.monitor_id));
  }

  let missSeq = 0;
  const letters = (n: number) =>
    Array.from({ length: 6 }, (_, k) => String.fromCharCode(65 + (Math.floor(n / 26 ** k) % 26)))
      .join('')
      .toLowerCase();
  const send = async (kind: Kind, i: number): Promise<void> => {
    if (kind === 'hit') {
      const { json } = await api.ok('POST', '/v1/verify', providers[i % providers.length]);
      if (!json.cached) throw new Error('expected a cache hit');
    } else if (kind === 'miss') {
      await api.ok('POST', '/v1/verify', { first_name: 'Pat', last_name: `Soak${letters(missSeq++)}`, state: 'WA' });
    } else if (kind === 'bulk') {
      const from = i % (providers.length - bulkSize);
      await api.ok('POST', '/v1/verify/bulk', { providers: providers.slice(from, from + bulkSize) as Provider[] });
    } else {
      await asTest('POST', `/v1/monitor/${monitorIds[i % monitorIds.length]}/check`, {});
    }
  };

  const collect = fullGc();
  const log = recordAwsCalls();
  const calls = log.calls as AwsCall[];
  const series: Interval[] = [];
  try {
    const started = performance.now();
    const end = started + minutes * 60_000;
    let latencies: number[] = [];
    let verifyLatencies: number[] = [];
    let done = 0;
    let verifies = 0;
    let errors = 0;
    let firstError: unknown;
    const client = async (c: number) => {
      for (let i = c * 7; performance.now() < end; i++) {
        const kind = kindOf(i);
        const t0 = performance.now();
        try {
          await send(kind, i);
        } catch (error) {
          errors++;
          firstError ??= error;
          continue;
        }
        const ms = performance.now() - t0;
        latencies.push(ms);
        done++;
        if (kind === 'hit' || kind === 'miss') {
          verifyLatencies.push(ms);
          verifies++;
        }
      }
    };
    const sampler = (async () => {
      for (let k = 1; k <= intervals; k++) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + k * intervalMs - performance.now())));
        const taken = calls.splice(0);
        const verifyUnits = taken.filter((x) => x.functionId === 'Verify' && writeOperations.has(x.operation)).reduce((n, x) => n + (x.capacityUnits ?? 0), 0);
        const allUnits = taken.filter((x) => writeOperations.has(x.operation)).reduce((n, x) => n + (x.capacityUnits ?? 0), 0);
        const memory = process.memoryUsage();
        const emulators = await api.stack.emulators.memory();
        const resident = await residentKinds();
        collect();
        const retainedHeap = process.memoryUsage().heapUsed;
        const retained = await residentKinds();
        series.push({
          seconds: Math.round((k * intervalMs) / 1000),
          requests: done,
          rate: done / (intervalMs / 1000),
          p99Ms: p99(latencies),
          verifyP99Ms: p99(verifyLatencies),
          accountItemBytes: await accountItemBytes(api.accountId),
          writeUnitsPerVerify: verifies > 0 ? verifyUnits / verifies : 0,
          writeUnitsPerRequest: done > 0 ? allUnits / done : 0,
          rssMb: memory.rss / 1024 / 1024,
          heapMb: memory.heapUsed / 1024 / 1024,
          dynamoMb: emulators.dynamodb / 1024 / 1024,
          rssAnonMb: resident.anonymous / 1024 / 1024,
          rssFileMb: resident.file / 1024 / 1024,
          heapTotalMb: memory.heapTotal / 1024 / 1024,
          retainedHeapMb: retainedHeap / 1024 / 1024,
          retainedAnonMb: retained.anonymous / 1024 / 1024,
          externalMb: memory.external / 1024 / 1024,
          errors,
        });
        latencies = [];
        verifyLatencies = [];
        done = 0;
        verifies = 0;
        errors = 0;
      }
    })();
    await Promise.all([...Array.from({ length: clients }, (_, c) => client(c)), sampler]);
    if (firstError) console.error(`soak: requests failed, the first: ${(firstError as Error).message}`);
  } finally {
    log.stop();
    await new Promise((resolve) => receiver.server.close(resolve));
  }

  const steady = series.slice(1);
  const drift = (pick: (x: Interval) => number) => {
    const third = Math.max(1, Math.floor(steady.length / 3));
    const mean = (xs: Interval[]) => xs.reduce((n, x) => n + pick(x), 0) / xs.length;
    const first = mean(steady.slice(0, third));
    return first === 0 ? 1 : mean(steady.slice(-third)) / first;
  };
  const figure = (name: string, unit: string, pick: (x: Interval) => number, note?: string): Figure => ({
    ...summarise(name, unit, steady.map(pick)),
    ...(note ? { note } : {}),
  });
  const drifts: Figure[] = (
    [
      ['Account item size', (x: Interval) => x.accountItemBytes],
      ['Write units per single verification', (x: Interval) => x.writeUnitsPerVerify],
      ['p99 latency, single verifications', (x: Interval) => x.verifyP99Ms],
      ['JS heap kept (after a full collection)', (x: Interval) => x.retainedHeapMb],
      ['Anonymous memory kept (after a full collection)', (x: Interval) => x.retainedAnonMb],
    ] as const
  ).map(([name, pick]) => ({ ...summarise(`${name}: last third ÷ first third`, '×', [drift(pick)]), target: { op: '<=', value: 1.1 } }));
  // The whole resident set also counts LevelDB's table files mapped by the DynamoDB emulator, which grow
  // with the data stored on disk (on AWS, DynamoDB's, not the function's) and which the kernel drops
  // when it needs the memory: reported, not held to the target.
  drifts.push({
    ...summarise('Process memory (RSS, mapped database files included): last third ÷ first third', '×', [drift((x) => x.rssMb)]),
    note: 'informative: includes the emulated database files mapped into memory',
  });
  const errors = series.reduce((n, x) => n + x.errors, 0);
  return {
    intro: `${minutes} minutes of mixed traffic from ${clients} closed-loop clients (70 % verify cache hits, 15 % verify misses answered by every source, 10 % bulk of ${bulkSize} cached providers, 5 % monitor checks with a test key), cut into ${intervals} intervals of ${fmt(intervalMs / 1000)} s; the first interval (warm-up) is left out of the figures. DynamoDB is kept ${process.env.BENCH_SOAK_STORE === 'memory' ? "in the emulator thread's memory (BENCH_SOAK_STORE=memory), where every stored item adds to the process" : "in LevelDB on disk, as `npm start` keeps it, so the process's memory is the stack's, not the stored items'"}. ${errors} request(s) failed in all. Load average at the end: ${(
      await import('node:os')
    )
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}.`,
    figures: [
      figure('Requests answered a second', 'requests/s', (x) => x.rate),
      figure('p99 latency, all requests', 'ms', (x) => x.p99Ms),
      figure('p99 latency, single verifications', 'ms', (x) => x.verifyP99Ms),
      figure('Live account item size', 'bytes', (x) => x.accountItemBytes),
      figure('DynamoDB write units per single verification', 'WCU', (x) => x.writeUnitsPerVerify),
      figure('DynamoDB write units per request', 'WCU', (x) => x.writeUnitsPerRequest),
      figure('Process memory (RSS)', 'MiB', (x) => x.rssMb),
      figure('JS heap used', 'MiB', (x) => x.heapMb),
      figure('JS heap kept (after a full collection)', 'MiB', (x) => x.retainedHeapMb),
      figure('Anonymous memory kept (after a full collection)', 'MiB', (x) => x.retainedAnonMb),
      figure('DynamoDB emulator thread (heap and buffers)', 'MiB', (x) => x.dynamoMb),
      ...drifts,
    ],
    more: [
      {
        heading: 'Soak series',
        intro: 'Each row is one interval: what was answered in it, and the state at its end.',
        table: {
          columns: [
            'at (s)',
            'requests',
            'requests/s',
            'p99 ms',
            'verify p99 ms',
            'account item B',
            'WCU / verify',
            'WCU / request',
            'RSS MiB',
            'of it anonymous',
            'of it files',
            'heap MiB',
            'heap total MiB',
            'heap kept MiB',
            'anonymous kept MiB',
            'external MiB',
            'DynamoDB emulator MiB',
            'errors',
          ],
          rows: series.map((x) => [
            String(x.seconds),
            String(x.requests),
            fmt(x.rate),
            fmt(x.p99Ms),
            fmt(x.verifyP99Ms),
            String(x.accountItemBytes),
            fmt(x.writeUnitsPerVerify),
            fmt(x.writeUnitsPerRequest),
            fmt(x.rssMb),
            fmt(x.rssAnonMb),
            fmt(x.rssFileMb),
            fmt(x.heapMb),
            fmt(x.heapTotalMb),
            fmt(x.retainedHeapMb),
            fmt(x.retainedAnonMb),
            fmt(x.externalMb),
            fmt(x.dynamoMb),
            String(x.errors),
          ]),
        },
      },
    ],
  };
}

export const soakBenchmark: Benchmark = {
  id: 'soak',
  title: 'Soak: mixed traffic for 30 minutes, its series flat',
  run: async () => {
    // DynamoDB as `npm start` keeps it, in LevelDB on disk (BENCH_SOAK_STORE=memory: in memory, as tests do).
    if (process.env.BENCH_SOAK_STORE === 'memory') return withLocalApi(run);
    const stateDir = await mkdtemp(join(tmpdir(), 'lvs-soak-'));
    try {
      return await withLocalApi(run, { stateDir });
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  },
};
