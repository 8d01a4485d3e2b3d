/**
 * AWS calls per verification, counted through the real handlers against the emulators: DynamoDB calls,
 * the capacity units they consume and how many of them a request waits for one after another (its
 * sequential depth), S3 calls, and the KMS calls certificate signing makes, for a cache miss, a cache
 * hit and an item of a bulk of 100; then what that costs on AWS (cost-model.ts).
 *
 * Every call is recorded by an SDK plugin on the container clients (test/support/aws-call-log.ts).
 * Certificates are signed by the KMS signer through a KMS endpoint on this machine (test/support/
 * kms-endpoint.ts), so its Sign and GetPublicKey calls are recorded as they are made on AWS.
 */
import { ExclusionStore } from '#shared/sources/leie/exclusion-store.ts';
import { DynamoAccountStore } from '#shared/auth/account-store.ts';
import { issueKey } from '#shared/auth/key-issuer.ts';
import { signingEnv } from '#shared/certificates/signing-env.ts';
import { systemClock } from '#shared/clock.ts';
import { newContainer } from '#shared/container.ts';
import { buckets, tables } from '#shared/infra/resources.ts';
import { routes } from '#shared/infra/routes.ts';
import { ingestLeie } from '#shared/sources/leie/leie-ingest.ts';
import { SanctionsStore } from '#shared/sources/lists/sanctions-store.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../lib/build-app.ts';
import { sampleDataDir, startLocalStack } from '../../local/stack.ts';
import { depthLevels, recordAwsCalls, sequentialDepth, type AwsCall } from '../support/aws-call-log.ts';
import { startKmsEndpoint } from '../support/kms-endpoint.ts';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { s3 } from '#shared/aws/s3.ts';
import { bucketName } from '#shared/config.ts';
import {
  assumedRun,
  awsRoundTripMs,
  costPerThousand,
  evidenceRetentionYears,
  evidenceStoragePerThousandYear,
  listPrices,
  monthlyAtRest,
  storagePerThousandMonth,
  type AtRest,
} from './cost-model.ts';
import { fmt, median, summarise, type Benchmark, type Figure } from './harness.ts';
import { providerPool, sampleProviders } from './sample-providers.ts';
import { ingestServedLists } from '../../local/ingest-lists.ts';

const singles = 5;
const bulkSize = 100;
const hitTarget = { calls: 5, depth: 2 };

interface Counted {
  readonly dynamo: AwsCall[];
  readonly s3: number;
  readonly s3Put: number;
  readonly readUnits: number;
  readonly writeUnits: number;
  readonly kmsSign: number;
  readonly kmsPublicKey: number;
  readonly depth: number;
  readonly ms: number;
}

/** The resources of the prod template that cost by the month whatever the traffic. */
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

async function stackAtRest(): Promise<AtRest> {
  const outdir = mkdtempSync(join(tmpdir(), 'cdk-cost-'));
  try {
    const region = process.env.CDK_DEFAULT_REGION;
    process.env.CDK_DEFAULT_REGION = 'us-east-1';
    const context = {
      'aws:cdk:bundling-stacks': [],
      alertFromEmail: 'alerts@example.com',
      domainName: 'api.example.com',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/cost-model',
    };
    const { stack } = buildApp({ outdir, context, stage: 'prod' });
    if (region === undefined) delete process.env.CDK_DEFAULT_REGION;
    else process.env.CDK_DEFAULT_REGION = region;
    // The alarms and the dashboard are in a nested stack: count over every template of the stack.
    const { Template } = await import('aws-cdk-lib/assertions');
    const templates = [stack, ...stack.nestedStacks].map((s) => Template.fromStack(s).toJSON() as { Resources: Record<string, { Type: string }> });
    const count = (type: string) => templates.flatMap((t) => Object.values(t.Resources)).filter((r) => r.Type === type).length;
    return {
      kmsKeys: count('AWS::KMS::Key'),
      secrets: count('AWS::SecretsManager::Secret'),
      alarms: count('AWS::CloudWatch::Alarm'),
      dashboards: count('AWS::CloudWatch::Dashboard'),
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export const dynamoCallsBenchmark: Benchmark = {
  id: 'dynamo-calls',
  title: 'AWS calls per verification: DynamoDB calls and their sequential depth, S3 and KMS',
  async run() {
    const stack = await startLocalStack({ sourceDataDir: sampleDataDir, schedules: false, ingestOnStart: false, workers: [] });
    const kmsKeys = { live: 'certificate-signing-live', test: 'certificate-signing-test' };
    const kms = await startKmsEndpoint([kmsKeys.live, kmsKeys.test]);
    const signingSettings = { AWS_ENDPOINT_URL_KMS: kms.url, [signingEnv.live.kmsKeyId]: kmsKeys.live, [signingEnv.test.kmsKeyId]: kmsKeys.test };
    const before = Object.fromEntries(Object.keys(signingSettings).map((name) => [name, process.env[name]]));
    Object.assign(process.env, signingSettings);
    const log = recordAwsCalls();
    try {
      await ingestLeie(new ExclusionStore());
      // Every sanctions list a verification screens, as on a stage that has ingested them.
      await ingestServedLists(new SanctionsStore());
      const { api_key } = await issueKey(new DynamoAccountStore(), { plan: 'enterprise', mode: 'live', minuteLimit: 1_000_000 }, systemClock);
      const tableOf = new Map(Object.entries(tables).map(([id, t]) => [stack.names.tables[t.envVar]!, id]));
      const bucketOf = new Map(Object.entries(buckets).map(([id, b]) => [stack.names.buckets[b.envVar]!, id]));
      const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
        const res = await fetch(`${stack.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${api_key}`, 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as Record<string, unknown>;
        if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${JSON.stringify(json)}`);
        return json;
      };
      /** One request, with what it called. */
      const counted = async (path: string, body: unknown, headers?: Record<string, string>): Promise<Counted & { json: Record<string, unknown> }> => {
        const started = performance.now();
        const { value: json, calls } = await log.during(() => post(path, body, headers));
        const ms = performance.now() - started;
        const kmsCalls = calls.filter((c) => c.client === 'KMSClient');
        const dynamo = calls.filter((c) => c.client === 'DynamoDBClient');
        const units = (reads: boolean) =>
          dynamo.filter((c) => ['GetItem', 'BatchGetItem', 'Query', 'Scan'].includes(c.operation) === reads).reduce((n, c) => n + (c.capacityUnits ?? 0), 0);
        const s3 = calls.filter((c) => c.client === 'S3Client');
        return {
          json,
          dynamo,
          s3: s3.length,
          s3Put: s3.filter((c) => c.operation === 'PutObject').length,
          readUnits: units(true),
          writeUnits: units(false),
          kmsSign: kmsCalls.filter((c) => c.operation === 'Sign').length,
          kmsPublicKey: kmsCalls.filter((c) => c.operation === 'GetPublicKey').length,
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
      // Warm-up: modules loaded, the public keys fetched, connections open.
      for (const p of take(3)) {
        await post('/v1/verify', p);
        await post('/v1/verify', p);
      }
      await post('/v1/verify/bulk', { providers: take(5) });

      const miss: Counted[] = [];
      const hit: Counted[] = [];
      const hitIdempotent: Counted[] = [];
      const evidenceBefore = await evidenceBytes();
      for (const p of take(singles)) {
        const first = await counted('/v1/verify', p);
        if (first.json.cached) throw new Error('expected a cache miss');
        miss.push(first);
        const again = await counted('/v1/verify', p);
        if (!again.json.cached) throw new Error('expected a cache hit');
        hit.push(again);
        const keyed = await counted('/v1/verify', p, { 'idempotency-key': `calls-${crypto.randomUUID()}` });
        hitIdempotent.push(keyed);
      }
      // Gzip bytes of evidence a single miss stores (a hit stores none).
      const evidencePerMiss = ((await evidenceBytes()) - evidenceBefore) / singles;
      const providers = take(bulkSize);
      const bulkMiss = await counted('/v1/verify/bulk', { providers });
      const bulkHit = await counted('/v1/verify/bulk', { providers });
      for (const b of [bulkMiss, bulkHit]) {
        const results = b.json.results as unknown[] | undefined;
        if (results?.length !== bulkSize) throw new Error(`bulk answered ${results?.length ?? 'no'} results`);
      }

      const figures: Figure[] = [];
      const rows: string[][] = [];
      const kinds: { label: string; key: string; samples: Counted[]; per: number; target?: boolean }[] = [
        { label: 'Verify, cache miss (a provider new to the stack)', key: 'miss', samples: miss, per: 1 },
        { label: 'Verify, cache hit (the same provider again)', key: 'hit', samples: hit, per: 1, target: true },
        { label: 'Verify, cache hit with an Idempotency-Key', key: 'hit-idempotent', samples: hitIdempotent, per: 1 },
        { label: `Bulk of ${bulkSize}, every item a miss (per item)`, key: 'bulk-miss', samples: [bulkMiss], per: bulkSize },
        { label: `Bulk of ${bulkSize}, every item a hit (per item)`, key: 'bulk-hit', samples: [bulkHit], per: bulkSize },
      ];
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
          `${fmt(median(kind.samples.map((s) => s.readUnits / kind.per)))} read, ${fmt(median(kind.samples.map((s) => s.writeUnits / kind.per)))} write`,
          fmt(median(kind.samples.map((s) => s.s3 / kind.per))),
          `${fmt(median(kind.samples.map((s) => s.kmsSign / kind.per)))} Sign`,
          kind.per > 1 ? [...perOp].map(([name, n]) => `${name} × ${fmt(n / kind.per)}`).join(', ') : shape(typical.dynamo),
        ]);
      }
      const counts = [...miss, ...hit, ...hitIdempotent, bulkMiss, bulkHit];
      const publicKeyFetches = log.calls.filter((c) => c.client === 'KMSClient' && c.operation === 'GetPublicKey').length;
      const measuredFetches = counts.reduce((n, s) => n + s.kmsPublicKey, 0);

      // What each kind costs on AWS: the measured units and signatures, and the run time assumed from
      // its measured sequential depth (cost-model.ts).
      const memoryMb = (id: string) => routes.find((r) => r.id === id)?.memoryMb ?? 512;
      const perItem = (samples: Counted[], per: number) => ({
        readUnits: median(samples.map((x) => x.readUnits / per)),
        writeUnits: median(samples.map((x) => x.writeUnits / per)),
        kmsSign: median(samples.map((x) => x.kmsSign / per)),
        s3Put: median(samples.map((x) => x.s3Put / per)),
        depth: median(samples.map((x) => x.depth)),
      });
      const costed = [
        { label: 'Verify, cache hit', use: perItem(hit, 1), run: assumedRun('hit', median(hit.map((x) => x.depth)), memoryMb('Verify')) },
        { label: 'Verify, cache miss', use: perItem(miss, 1), run: assumedRun('miss', median(miss.map((x) => x.depth)), memoryMb('Verify')) },
        { label: `Bulk item, hit (bulk of ${bulkSize})`, use: perItem([bulkHit], bulkSize), run: assumedRun('bulk-hit', 0, memoryMb('VerifyBulk')) },
        { label: `Bulk item, miss (bulk of ${bulkSize})`, use: perItem([bulkMiss], bulkSize), run: assumedRun('bulk-miss', 0, memoryMb('VerifyBulk')) },
      ];
      const usd = (n: number) => `$${n >= 0.01 ? n.toFixed(3) : n.toFixed(4)}`;
      const costRows = costed.map(({ label, use, run }) => {
        const c = costPerThousand(use, run);
        figures.push(summarise(`${label}: cost per 1,000 verifications`, 'USD', [c.total]));
        return [
          label,
          `${fmt(use.readUnits)} read, ${fmt(use.writeUnits)} write`,
          fmt(use.kmsSign),
          `${fmt(run.lambdaMs)} ms at ${run.memoryMb} MB`,
          usd(c.dynamo),
          usd(c.kms),
          usd(c.lambda),
          usd(c.api),
          usd(c.logs),
          `${usd(c.s3)} (${fmt(use.s3Put)})`,
          `**${usd(c.total)}**`,
        ];
      });
      const recordUnits = median(hit.map((x) => x.dynamo.find((c) => c.operation === 'PutItem')?.capacityUnits ?? 0));
      const atRest = await stackAtRest();
      const p = listPrices;
      return {
        intro: [
          'Requests through the local gateway to the real Verify and VerifyBulk handlers against the emulators, one at a time, after a warm-up; the counts are of one request each, the median of ' +
            `${singles} providers for single verifications (each new to the stack: one per surname) and of one bulk request of ${bulkSize} new providers, sent twice (misses, then hits), for bulk items.`,
          'Every AWS call the handler makes is counted (an SDK plugin on the container clients, test/support/aws-call-log.ts), from the API-key check to the stored record, with no Idempotency-Key unless said; DynamoDB calls report the capacity units they consume (the emulator computes them as DynamoDB does).',
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
            heading: 'What a verification costs on AWS',
            intro: [
              'USD per 1,000 verifications, from the capacity units and KMS signatures measured above and list prices (us-east-1, on-demand, no free tier: test/bench/cost-model.ts):',
              `DynamoDB $${(p.dynamoWriteUnit * 1e6).toFixed(3)} per million write units and $${(p.dynamoReadUnit * 1e6).toFixed(3)} per million read units;`,
              `KMS $${(p.kmsAsymmetricRequest * 1e4).toFixed(2)} per 10,000 asymmetric (ECC) requests;`,
              `Lambda on arm64 $${(p.lambdaRequest * 1e6).toFixed(2)} per million requests and $${p.lambdaGbSecond} per GB-second;`,
              `HTTP API $${(p.httpApiRequest * 1e6).toFixed(2)} per million requests; CloudWatch Logs $${p.logIngestGb.toFixed(2)} per GB ingested (2 KB of log lines a request assumed).`,
              '**Run time on AWS** cannot be measured here; it is assumed from the measured sequential depth:',
              `${awsRoundTripMs.dynamo} ms per DynamoDB round trip, ${awsRoundTripMs.kmsSign} ms per KMS Sign, ${awsRoundTripMs.ownWork} ms of the function's own work, and ${awsRoundTripMs.sources} ms waiting for the sources on a miss;`,
              `${costed.map(({ label, run }) => `${label}: ${run.basis}`).join('; ')}.`,
              `Evidence: a miss stores each board and registry response it reads (${fmt(perItem(miss, 1).s3Put)} S3 PUTs, If-None-Match, about ${fmt(evidencePerMiss / 1024)} KB gzip); a hit stores none. The PUTs are in the S3 column; storage is ${usd(evidenceStoragePerThousandYear(evidencePerMiss))} a year per 1,000 misses in S3 Standard, kept ${evidenceRetentionYears} years (${usd(evidenceRetentionYears * evidenceStoragePerThousandYear(evidencePerMiss))} in all).`,
              `Stored records: a verification record takes ${fmt(recordUnits)} write units (so about ${fmt(recordUnits)} KB) and is kept seven years; each 1,000 kept cost ${usd(storagePerThousandMonth(recordUnits * 1024))} a month in DynamoDB storage.`,
              `At rest, before any verification, the stack costs about ${usd(monthlyAtRest(atRest))} a month: ${atRest.kmsKeys} KMS keys, ${atRest.secrets} secrets, ${atRest.alarms} alarms and ${atRest.dashboards} dashboard${atRest.dashboards === 1 ? '' : 's'} (counted in the synthesised prod templates, nested ones included), with tables, queues, buckets and functions billed per use.`,
            ].join(' '),
            table: {
              columns: [
                'Verification',
                'Capacity units',
                'KMS Sign',
                'Assumed run time',
                'DynamoDB',
                'KMS',
                'Lambda',
                'API Gateway',
                'Logs',
                'S3 (PUTs)',
                'Total per 1,000',
              ],
              rows: costRows,
            },
          },
        ],
        figures,
      };
    } finally {
      log.stop();
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      newContainer();
      await kms.close();
      await stack.stop();
    }
  },
};
