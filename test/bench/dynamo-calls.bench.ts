/**
 * AWS calls per verification, counted through the real handlers against the emulators: DynamoDB calls,
 * the capacity units they consume (as DynamoDB bills an on-demand table, history index writes included)
 * and how many of them a request waits for one after another (its sequential depth), S3 calls, and the
 * KMS calls certificate signing makes, for a cache miss, a cache hit and an item of a bulk of 100; the
 * write units again for an account with two years of usage history beside a new one; the bytes the
 * handlers log; then what that costs on AWS (cost-model.ts).
 *
 * Every call is recorded by an SDK plugin on the container clients (test/support/aws-call-log.ts).
 * Certificates are signed by the KMS signer through a KMS endpoint on this machine (test/support/
 * kms-endpoint.ts), so its Sign and GetPublicKey calls are recorded as they are made on AWS.
 */
import './deployed-telemetry.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { signingEnv } from '#shared/features/certificates/signing-env.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { newContainer } from '#shared/platform/container.ts';
import { buckets, tables } from '#shared/platform/infra/resources.ts';
import { routes } from '#shared/platform/infra/routes.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { dayWindow, monthWindow } from '#shared/features/limits/windows.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { accessLogFormat } from '../../lib/service-stack.ts';
import { itemSize } from '../../local/runtime/dynamo-capacity.mjs';
import { sampleDataDir, startLocalStack } from '../../local/runtime/stack.ts';
import { depthLevels, recordAwsCalls, sequentialDepth, type AwsCall } from '../support/aws-call-log.ts';
import { startKmsEndpoint } from '../support/kms-endpoint.ts';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName, tableName } from '#shared/platform/config.ts';
import {
  accessLogLineBytes,
  archiveKeptDays,
  awsRoundTripMs,
  costed,
  evidenceRetentionYears,
  evidenceStoragePerThousandYear,
  listPrices,
  logAssumptions,
  monthlyAtRest,
  sourceArchiveGbPerMonth,
  storagePerThousandMonth,
  usd,
  usdMonth,
  type CostInputs,
  type MeasuredKind,
  type MeasuredUse,
} from './cost-model.ts';
import { fmt, median, summarise, type Benchmark, type Figure, type SectionResult } from './harness.ts';
import { providerPool, sampleProviders } from './sample-providers.ts';
import { emptyCache } from './cache-table.ts';
import { stackAtRest } from './stack-at-rest.ts';
import { ingestServedLists } from '../../local/runtime/ingest-lists.ts';
import { dynamoExclusionStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const singles = 5;
const bulkSize = 100;
const hitTarget = { calls: 5, depth: 2 };

/** Days of usage history written on the older account before it is measured. */
const historyDays = 730;

interface Counted {
  readonly dynamo: AwsCall[];
  readonly s3: number;
  readonly s3Put: number;
  readonly readUnits: number;
  readonly writeUnits: number;
  /** Of the write units, those of index writes and those of writes of the account item. */
  readonly indexWriteUnits: number;
  readonly accountWriteUnits: number;
  readonly kmsSign: number;
  readonly kmsPublicKey: number;
  /** What the handlers wrote to stdout and stderr meanwhile: bytes (newlines not counted) and lines. */
  readonly logBytes: number;
  readonly logEvents: number;
  readonly depth: number;
  readonly ms: number;
}

/**
 * Counts, and keeps off the terminal, what this process writes to stdout and stderr while the benchmark
 * runs: the handlers' log records and EMF documents, as Lambda would ship them to CloudWatch Logs (one
 * event a line).
 */
function captureOutput(): { totals(): { bytes: number; lines: number }; tail(): string; restore(): void } {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((s) => s.write);
  let bytes = 0;
  let lines = 0;
  // The last lines written, to show with an error.
  const last: string[] = [];
  for (const stream of streams) {
    stream.write = ((chunk: string | Uint8Array, encoding?: unknown, callback?: unknown) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const newlines = text.split('\n').length - 1;
      bytes += Buffer.byteLength(text) - newlines;
      lines += newlines;
      last.push(text);
      if (last.length > 40) last.shift();
      const done = typeof encoding === 'function' ? encoding : callback;
      if (typeof done === 'function') done();
      return true;
    }) as typeof stream.write;
  }
  return {
    totals: () => ({ bytes, lines }),
    tail: () => last.join(''),
    restore: () =>
      streams.forEach((stream, i) => {
        stream.write = originals[i]!;
      }),
  };
}

/**
 * Writes two years of usage history on an account the way the service writes it, through the usage
 * store's own functions with past windows: each past day's live verifications charged to its month and
 * day, its test verifications counted on the day. Whatever layout the store keeps its history in, the
 * account then holds what two years of use leave.
 */
async function writeUsageHistory(accountId: string, now: Date, days: number): Promise<void> {
  const store = new DynamoUsageStore();
  for (let back = days; back >= 1; back--) {
    const day = new Date(now.getTime() - back * 86_400_000);
    await store.chargeMonth(accountId, monthWindow(day), 40, null, false, dayWindow(day));
    await store.countTestVerifications(accountId, dayWindow(day), 8);
  }
}

/** Total size of the objects in the evidence bucket (gzip bytes). */
async function evidenceBytes(): Promise<number> {
  let total = 0;
  let token: string | undefined;
  do {
    const out = await s3().send(new ListObjectsV2Command({ Bucket: bucketName('evidence'), ContinuationToken: token }));
    for (const o of out.Contents ?? []) total += o.Size ?? 0;
    token = out.NextContinuationToken;
  } while (token);
  return total;
}

export const dynamoCallsBenchmark: Benchmark = {
  id: 'dynamo-calls',
  title: 'AWS calls per verification: DynamoDB calls and their sequential depth, S3 and KMS',
  async run() {
    // What the handlers (and the stack's loads) write meanwhile is counted, not shown.
    const output = captureOutput();
    try {
      return await measureCalls(output);
    } catch (error) {
      output.restore();
      console.error(`The last lines the stack wrote:\n${output.tail()}`);
      throw error;
    } finally {
      output.restore();
    }
  },
};

async function measureCalls(output: ReturnType<typeof captureOutput>): Promise<SectionResult> {
  const stack = await startLocalStack({ sourceDataDir: sampleDataDir, schedules: false, ingestOnStart: false, workers: [] });
  const kmsKeys = { live: 'certificate-signing-live', test: 'certificate-signing-test' };
  const kms = await startKmsEndpoint([kmsKeys.live, kmsKeys.test]);
  const signingSettings = { AWS_ENDPOINT_URL_KMS: kms.url, [signingEnv.live.kmsKeyId]: kmsKeys.live, [signingEnv.test.kmsKeyId]: kmsKeys.test };
  const before = Object.fromEntries(Object.keys(signingSettings).map((name) => [name, process.env[name]]));
  Object.assign(process.env, signingSettings);
  const log = recordAwsCalls();
  const raw = new DynamoDBClient({ endpoint: stack.endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    await ingestLeie(dynamoExclusionStore());
    // Every sanctions list a verification screens, as on a stage that has ingested them.
    await ingestServedLists(dynamoSanctionsStore());
    const keyRequest = { plan: 'enterprise', mode: 'live', minuteLimit: 1_000_000 } as const;
    const fresh = await issueKey(new DynamoAccountStore(), keyRequest, systemClock);
    const aged = await issueKey(new DynamoAccountStore(), keyRequest, systemClock);
    await writeUsageHistory(aged.account_id, new Date(), historyDays);
    const tableOf = new Map(Object.entries(tables).map(([id, t]) => [stack.names.tables[t.envVar]!, id]));
    const bucketOf = new Map(Object.entries(buckets).map(([id, b]) => [stack.names.buckets[b.envVar]!, id]));
    const accountsTable = stack.names.tables[tables.accounts.envVar]!;
    const post = async (apiKey: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${stack.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(json)}`);
      return json;
    };
    const isRead = (c: AwsCall) => ['GetItem', 'BatchGetItem', 'Query', 'Scan', 'TransactGetItems'].includes(c.operation);
    /** One request, with what it called and logged. */
    const counted = async (
      apiKey: string,
      path: string,
      body: unknown,
      headers?: Record<string, string>,
    ): Promise<Counted & { json: Record<string, unknown> }> => {
      const logged = output.totals();
      const started = performance.now();
      const { value: json, calls } = await log.during(() => post(apiKey, path, body, headers));
      const ms = performance.now() - started;
      const after = output.totals();
      const kmsCalls = calls.filter((c) => c.client === 'KMSClient');
      const dynamo = calls.filter((c) => c.client === 'DynamoDBClient');
      const sum = (list: AwsCall[], units: (c: AwsCall) => number) => list.reduce((n, c) => n + units(c), 0);
      const writes = dynamo.filter((c) => !isRead(c));
      const s3 = calls.filter((c) => c.client === 'S3Client');
      return {
        json,
        dynamo,
        s3: s3.length,
        s3Put: s3.filter((c) => c.operation === 'PutObject').length,
        readUnits: sum(dynamo.filter(isRead), (c) => c.capacityUnits ?? 0),
        writeUnits: sum(writes, (c) => c.capacityUnits ?? 0),
        indexWriteUnits: sum(writes, (c) => Object.values(c.indexUnits ?? {}).reduce((n, u) => n + u, 0)),
        accountWriteUnits: sum(
          writes.filter((c) => c.resource === accountsTable),
          (c) => c.capacityUnits ?? 0,
        ),
        kmsSign: kmsCalls.filter((c) => c.operation === 'Sign').length,
        kmsPublicKey: kmsCalls.filter((c) => c.operation === 'GetPublicKey').length,
        logBytes: after.bytes - logged.bytes,
        logEvents: after.lines - logged.lines,
        depth: sequentialDepth(dynamo),
        ms,
      };
    };
    /** The calls by depth level: `1: GetItem apiKeys ‖ … → 2: …`. */
    const shape = (calls: readonly AwsCall[]): string => {
      const levels = depthLevels(calls);
      const byLevel = new Map<number, string[]>();
      calls.forEach((c, i) => {
        const where = c.resource ? (tableOf.get(c.resource) ?? bucketOf.get(c.resource) ?? c.resource) : '';
        byLevel.set(levels[i]!, [...(byLevel.get(levels[i]!) ?? []), `${c.operation} ${where}`.trim()]);
      });
      return [...byLevel.keys()]
        .sort((a, b) => a - b)
        .map((level) => `${level}: ${byLevel.get(level)!.join(' ‖ ')}`)
        .join(' → ');
    };

    const take = providerPool(await sampleProviders({ distinctBy: 'surname' }));
    // Warm-up: modules loaded, the public keys fetched, connections open; each account's first request made.
    for (const apiKey of [fresh.api_key, aged.api_key]) {
      for (const p of take(3)) {
        await post(apiKey, '/v1/verify', p);
        await post(apiKey, '/v1/verify', p);
      }
      await post(apiKey, '/v1/verify/bulk', { providers: take(5) });
    }

    // Both accounts verify the same providers (the cache emptied in between), so what differs between
    // them is the account's age alone, not the providers (an NPI on the record adds a by_npi index write).
    const singleProviders = take(singles);
    const bulkProviders = take(bulkSize);

    /** Single misses and hits (and with an Idempotency-Key), and a bulk of misses then of hits, for one account. */
    const measure = async (apiKey: string, idempotent: boolean) => {
      await emptyCache();
      const miss: Counted[] = [];
      const hit: Counted[] = [];
      const hitIdempotent: Counted[] = [];
      const evidenceBefore = await evidenceBytes();
      for (const p of singleProviders) {
        const first = await counted(apiKey, '/v1/verify', p);
        if (first.json.cached) throw new Error('expected a cache miss');
        miss.push(first);
        const again = await counted(apiKey, '/v1/verify', p);
        if (!again.json.cached) throw new Error('expected a cache hit');
        hit.push(again);
        if (idempotent) hitIdempotent.push(await counted(apiKey, '/v1/verify', p, { 'idempotency-key': `calls-${crypto.randomUUID()}` }));
      }
      // Gzip bytes of evidence a single miss stores (a hit stores none).
      const evidencePerMiss = ((await evidenceBytes()) - evidenceBefore) / singles;
      const providers = bulkProviders;
      const bulkMiss = await counted(apiKey, '/v1/verify/bulk', { providers });
      const bulkHit = await counted(apiKey, '/v1/verify/bulk', { providers });
      for (const b of [bulkMiss, bulkHit]) {
        const results = b.json.results as { error?: { code?: string; message?: string } }[] | undefined;
        if (results?.length !== bulkSize) throw new Error(`bulk answered ${results?.length ?? 'no'} results`);
        // An item answered with an error (the batch out of time on a loaded machine) did not do a verification's work.
        const failed = results.filter((r) => r.error);
        if (failed.length > 0)
          throw new Error(`bulk answered ${failed.length} items with an error, first ${failed[0]!.error!.code}: ${failed[0]!.error!.message}`);
      }
      return { miss, hit, hitIdempotent, bulkMiss, bulkHit, evidencePerMiss };
    };
    const young = await measure(fresh.api_key, true);
    const old = await measure(aged.api_key, false);
    const { miss, hit, hitIdempotent, bulkMiss, bulkHit, evidencePerMiss } = young;
    const accountBytes = async (accountId: string) =>
      itemSize((await raw.send(new GetItemCommand({ TableName: tableName('accounts'), Key: { account_id: { S: accountId } }, ConsistentRead: true }))).Item);
    const accountKb = { fresh: (await accountBytes(fresh.account_id)) / 1024, aged: (await accountBytes(aged.account_id)) / 1024 };

    const figures: Figure[] = [];
    const rows: string[][] = [];
    const kinds: { label: string; key: string; samples: Counted[]; per: number; target?: boolean }[] = [
      { label: 'Verify, cache miss (a provider new to the stack)', key: 'miss', samples: miss, per: 1 },
      { label: 'Verify, cache hit (the same provider again)', key: 'hit', samples: hit, per: 1, target: true },
      { label: 'Verify, cache hit with an Idempotency-Key', key: 'hit-idempotent', samples: hitIdempotent, per: 1 },
      { label: `Bulk of ${bulkSize}, every item a miss (per item)`, key: 'bulk-miss', samples: [bulkMiss], per: bulkSize },
      { label: `Bulk of ${bulkSize}, every item a hit (per item)`, key: 'bulk-hit', samples: [bulkHit], per: bulkSize },
    ];
    const per = (samples: Counted[], n: number, value: (c: Counted) => number) => median(samples.map((c) => value(c) / n));
    for (const kind of kinds) {
      const calls = kind.samples.map((s) => s.dynamo.length / kind.per);
      const depths = kind.samples.map((s) => s.depth);
      const callFigure = summarise(`${kind.label}: DynamoDB calls`, 'calls', calls, kind.target ? { target: { op: '<=', value: hitTarget.calls } } : {});
      const depthFigure = summarise(
        `${kind.label}: DynamoDB calls in sequence${kind.per > 1 ? ' (whole request)' : ''}`,
        'levels',
        depths,
        kind.target ? { target: { op: '<=', value: hitTarget.depth } } : {},
      );
      const typical = kind.samples[Math.floor(kind.samples.length / 2)]!;
      const why = kind.target ? `the hit makes ${shape(typical.dynamo)}` : undefined;
      figures.push(
        why && callFigure.median > hitTarget.calls ? { ...callFigure, note: why } : callFigure,
        why && depthFigure.median > hitTarget.depth
          ? {
              ...depthFigure,
              note:
                `levels of calls waited for one after another: ${shape(typical.dynamo)}. Three is the floor for a request that may be refused: ` +
                'the key must be read before its account is known, and the record may not be written before the account is admitted (suspension, per-minute limit). ' +
                "Two would need reading and counting an account the caller has not yet proved it holds (an account id inside the key lets anyone spend another account's minute limit), " +
                'a per-key limit with the account copied onto every key, or records written for refused requests',
            }
          : depthFigure,
        summarise(
          `${kind.label}: write units`,
          'units',
          kind.samples.map((s) => s.writeUnits / kind.per),
        ),
        summarise(
          `${kind.label}: S3 calls`,
          'calls',
          kind.samples.map((s) => s.s3 / kind.per),
        ),
        summarise(
          `${kind.label}: KMS Sign`,
          'calls',
          kind.samples.map((s) => s.kmsSign / kind.per),
        ),
        summarise(
          `${kind.label}: request time here`,
          'ms',
          kind.samples.map((s) => s.ms),
        ),
      );
      const perOp = new Map<string, number>();
      for (const c of typical.dynamo) {
        const name = `${c.operation} ${c.resource ? (tableOf.get(c.resource) ?? c.resource) : ''}`.trim();
        perOp.set(name, (perOp.get(name) ?? 0) + 1);
      }
      rows.push([
        kind.label,
        fmt(median(calls)),
        kind.per > 1 ? `${fmt(median(depths))} (whole request)` : fmt(median(depths)),
        kind.target
          ? median(calls) <= hitTarget.calls && median(depths) <= hitTarget.depth
            ? 'yes'
            : `**no** (<= ${hitTarget.calls} calls, <= ${hitTarget.depth} in sequence)`
          : '—',
        `${fmt(per(kind.samples, kind.per, (s) => s.readUnits))} read, ${fmt(per(kind.samples, kind.per, (s) => s.writeUnits))} write (${fmt(per(kind.samples, kind.per, (s) => s.indexWriteUnits))} history indexes)`,
        fmt(median(kind.samples.map((s) => s.s3 / kind.per))),
        `${fmt(median(kind.samples.map((s) => s.kmsSign / kind.per)))} Sign`,
        kind.per > 1 ? [...perOp].map(([name, n]) => `${name} × ${fmt(n / kind.per)}`).join(', ') : shape(typical.dynamo),
      ]);
    }
    const counts = [...miss, ...hit, ...hitIdempotent, bulkMiss, bulkHit];
    const publicKeyFetches = log.calls.filter((c) => c.client === 'KMSClient' && c.operation === 'GetPublicKey').length;
    const measuredFetches = counts.reduce((n, s) => n + s.kmsPublicKey, 0);

    // Write units side by side: the new account and the one with two years of history.
    const useOf = (samples: Counted[], n: number): MeasuredUse => ({
      readUnits: per(samples, n, (s) => s.readUnits),
      writeUnits: per(samples, n, (s) => s.writeUnits),
      indexWriteUnits: per(samples, n, (s) => s.indexWriteUnits),
      accountWriteUnits: per(samples, n, (s) => s.accountWriteUnits),
      kmsSign: per(samples, n, (s) => s.kmsSign),
      s3Put: per(samples, n, (s) => s.s3Put),
      logBytes: per(samples, n, (s) => s.logBytes),
      logEvents: per(samples, n, (s) => s.logEvents),
    });
    const memoryMb = (id: string) => routes.find((r) => r.id === id)?.memoryMb ?? 512;
    const measuredKinds: MeasuredKind[] = (
      [
        ['new', young],
        ['two-year', old],
      ] as const
    ).flatMap(([account, m]) => [
      { kind: 'hit', account, use: useOf(m.hit, 1), depth: median(m.hit.map((x) => x.depth)), memoryMb: memoryMb('Verify') },
      { kind: 'miss', account, use: useOf(m.miss, 1), depth: median(m.miss.map((x) => x.depth)), memoryMb: memoryMb('Verify') },
      { kind: 'bulk-hit', account, use: useOf([m.bulkHit], bulkSize), depth: m.bulkHit.depth, memoryMb: memoryMb('VerifyBulk') },
      { kind: 'bulk-miss', account, use: useOf([m.bulkMiss], bulkSize), depth: m.bulkMiss.depth, memoryMb: memoryMb('VerifyBulk') },
    ]);
    const unitLabels = {
      hit: 'Verify, cache hit',
      miss: 'Verify, cache miss',
      'bulk-hit': `Bulk item, hit (bulk of ${bulkSize})`,
      'bulk-miss': `Bulk item, miss (bulk of ${bulkSize})`,
    };
    const unitsCell = (u: MeasuredUse) =>
      `${fmt(u.writeUnits)} (${fmt(u.accountWriteUnits)} account item, ${fmt(u.indexWriteUnits)} history indexes, ${fmt(u.writeUnits - u.accountWriteUnits - u.indexWriteUnits)} other)`;
    const unitRows = (['miss', 'hit', 'bulk-miss', 'bulk-hit'] as const).map((kind) => {
      const young = measuredKinds.find((k) => k.kind === kind && k.account === 'new')!;
      const older = measuredKinds.find((k) => k.kind === kind && k.account === 'two-year')!;
      figures.push(summarise(`${unitLabels[kind]}, account with ${historyDays / 365} years of history: write units`, 'units', [older.use.writeUnits]));
      return [unitLabels[kind], unitsCell(young.use), unitsCell(older.use), fmt(older.use.writeUnits - young.use.writeUnits)];
    });
    const hitRecord = hit.map((x) => x.dynamo.find((c) => c.operation === 'PutItem' && tableOf.get(c.resource ?? '') === 'verifications'));
    const recordUnits = {
      indexes: median(hitRecord.map((c) => Object.values(c?.indexUnits ?? {}).reduce((n, u) => n + u, 0))),
      table: median(hitRecord.map((c) => (c?.capacityUnits ?? 0) - Object.values(c?.indexUnits ?? {}).reduce((n, u) => n + u, 0))),
    };

    const atRest = stackAtRest();
    const inputs: CostInputs = {
      bulkSize,
      kinds: measuredKinds,
      accessLogLineBytes: accessLogLineBytes(accessLogFormat),
      atRest,
      evidencePerMissBytes: evidencePerMiss,
      recordUnits,
    };
    const costRows = costed(inputs).map((c) => {
      figures.push(summarise(`${c.label}: cost per 1,000 verifications`, 'USD', [c.cost.total]));
      return [
        c.label,
        `${fmt(c.use.readUnits)} read, ${fmt(c.use.writeUnits)} write`,
        fmt(c.use.kmsSign),
        `${fmt(c.run.lambdaMs)} ms at ${c.run.memoryMb} MB`,
        `${fmt(c.use.logBytes)} B, ${fmt(c.use.logEvents)} lines`,
        usd(c.cost.dynamo),
        usd(c.cost.kms),
        usd(c.cost.lambda),
        usd(c.cost.api),
        usd(c.cost.xray),
        usd(c.cost.logs),
        `${usd(c.cost.s3)} (${fmt(c.use.s3Put)})`,
        `**${usd(c.cost.total)}**`,
      ];
    });
    const at = monthlyAtRest(atRest);
    const kept = archiveKeptDays(atRest.sourceArchive);
    const p = listPrices;
    return {
      intro: [
        'Requests through the local gateway to the real Verify and VerifyBulk handlers against the emulators, one at a time, after a warm-up; the counts are of one request each, the median of ' +
          `${singles} providers for single verifications (each new to the stack: one per surname) and of one bulk request of ${bulkSize} new providers, sent twice (misses, then hits), for bulk items.`,
        'Every AWS call the handler makes is counted (an SDK plugin on the container clients, test/support/aws-call-log.ts), from the API-key check to the stored record, with no Idempotency-Key unless said;',
        "DynamoDB calls report the capacity units DynamoDB bills an on-demand table for them (the local DynamoDB's front, local/runtime/dynamo-capacity.mjs: items sized in UTF-8 bytes, an update on the larger of the item before and after, each history index write on its own index item, a write refused by its condition too).",
        '**In sequence** is the longest chain of calls each sent after the previous one had returned; calls in flight together count once. It is what a request waits for in DynamoDB round trips (about 3–10 ms each on AWS).',
        '**Calls** lists them by level: `1: A ‖ B → 2: C` means A and B went out together, and C after both.',
        `**KMS**: certificates are signed by the KMS signer through a KMS endpoint on this machine (test/support/kms-endpoint.ts); each container fetches a key's public key (KMS GetPublicKey) once, then remembers it (fetched ${publicKeyFetches} time${publicKeyFetches === 1 ? '' : 's'} in this run, ${measuredFetches} of them during the counted requests).`,
      ].join(' '),
      table: {
        columns: ['Verification', 'DynamoDB calls', 'In sequence', 'Target met', 'Capacity units', 'S3 calls', 'KMS', 'Calls'],
        rows,
      },
      more: [
        {
          heading: 'Write units per verification: a new account and one with two years of history',
          intro: [
            `The same verifications for two accounts: one issued for this run, and one whose usage history covers the ${historyDays} days before it,`,
            'written the way the service writes it (the usage store charging each past day with 40 live verifications and counting 8 test ones, through its own functions and past windows: test/bench/dynamo-calls.bench.ts `writeUsageHistory`).',
            'Each request updates the account item (counting the request, then charging the verification), and DynamoDB bills an update on the larger of the item before and after it:',
            `the account item is ${accountKb.fresh.toFixed(1)} KB for the new account and ${accountKb.aged.toFixed(1)} KB for the older one after the run.`,
            "The history indexes (by_owner, by_npi, by_last_name) each bill a write of the record's index item (its keys and the ~300-byte history summary).",
          ].join(' '),
          table: {
            columns: ['Verification', 'New account: write units', `Account with ${historyDays / 365} years of history: write units`, 'Difference'],
            rows: unitRows,
          },
        },
        {
          heading: 'What a verification costs on AWS',
          intro: [
            'USD per 1,000 verifications, from the capacity units, KMS signatures, S3 PUTs and log lines measured above and list prices (us-east-1, on-demand, no free tier: test/bench/cost-model.ts):',
            `DynamoDB $${(p.dynamoWriteUnit * 1e6).toFixed(3)} per million write units and $${(p.dynamoReadUnit * 1e6).toFixed(3)} per million read units;`,
            `KMS $${(p.kmsAsymmetricRequest * 1e4).toFixed(2)} per 10,000 asymmetric (ECC) requests;`,
            `Lambda on arm64 $${(p.lambdaRequest * 1e6).toFixed(2)} per million requests and $${p.lambdaGbSecond} per GB-second;`,
            `HTTP API $${(p.httpApiRequest * 1e6).toFixed(2)} per million requests; X-Ray $${(p.xrayTrace * 1e6).toFixed(2)} per million traces (every request counted as traced); CloudWatch Logs $${p.logIngestGb.toFixed(2)} per GB ingested.`,
            "**Logs**: the handlers' own lines are measured (the JSON log records at the deployed INFO level and the EMF metric documents they write to stdout here, as Lambda ships them; the Logs column);",
            `Lambda's platform lines (START, END, REPORT, XRAY: about ${logAssumptions.platformBytes} bytes) and the API's access log line (${inputs.accessLogLineBytes} bytes, its format with typical values) are assumed per invocation, and each event counted with ${logAssumptions.eventOverheadBytes} bytes more.`,
            '**Run time on AWS** cannot be measured here; it is assumed from the measured sequential depth:',
            `${awsRoundTripMs.dynamo} ms per DynamoDB round trip, ${awsRoundTripMs.kmsSign} ms per KMS Sign, ${awsRoundTripMs.ownWork} ms of the function's own work, and ${awsRoundTripMs.sources} ms waiting for the sources on a miss;`,
            `${costed(inputs)
              .filter((c) => c.account === 'new')
              .map(({ label, run }) => `${label}: ${run.basis}`)
              .join('; ')}.`,
            `Evidence: a miss stores each board and registry response it reads (${fmt(useOf(miss, 1).s3Put)} S3 PUTs, If-None-Match, about ${fmt(evidencePerMiss / 1024)} KB gzip); a hit stores none. The PUTs are in the S3 column; storage is ${usd(evidenceStoragePerThousandYear(evidencePerMiss))} a year per 1,000 misses in S3 Standard, kept ${evidenceRetentionYears} years (${usd(evidenceRetentionYears * evidenceStoragePerThousandYear(evidencePerMiss))} in all).`,
            `Stored records: a verification record writes ${fmt(recordUnits.table)} units and its history index items ${fmt(recordUnits.indexes)} (so at most ${fmt(recordUnits.table + recordUnits.indexes)} KB), kept seven years; each 1,000 kept cost ${usd(storagePerThousandMonth((recordUnits.table + recordUnits.indexes) * 1024))} a month in DynamoDB storage.`,
            `At rest, before any verification, the stack costs about ${usdMonth(at.total)} a month (counted in the synthesised prod template): ${atRest.kmsKeys} KMS keys ${usdMonth(at.kms)}, ${atRest.secrets} secrets ${usdMonth(at.secrets)},`,
            `${atRest.alarms} alarms reading ${atRest.alarmMetrics} metrics ${usdMonth(at.alarms)} (billed per metric an alarm reads, each metric of a metric-math alarm counted), ${atRest.dashboards} dashboard${atRest.dashboards === 1 ? '' : 's'} ${usdMonth(at.dashboards)},`,
            `and the source archive ${usdMonth(at.sourceArchive)} (about ${sourceArchiveGbPerMonth} GB of new source files a month assumed, ${kept === undefined ? 'with no lifecycle rule that removes them in the template: priced after a year' : `kept ${kept} days by the lifecycle rules in the template`});`,
            'tables, queues, buckets and functions are billed per use. The README cost section is generated from these figures.',
          ].join(' '),
          table: {
            columns: [
              'Verification',
              'Capacity units',
              'KMS Sign',
              'Assumed run time',
              'Logged here',
              'DynamoDB',
              'KMS',
              'Lambda',
              'API Gateway',
              'X-Ray',
              'Logs',
              'S3 (PUTs)',
              'Total per 1,000',
            ],
            rows: costRows,
          },
        },
      ],
      figures,
      data: inputs,
    };
  } finally {
    log.stop();
    raw.destroy();
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    newContainer();
    await kms.close();
    await stack.stop();
  }
}
