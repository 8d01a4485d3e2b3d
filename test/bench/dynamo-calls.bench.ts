/**
 * AWS calls per verification, counted through the real handlers against the emulators: DynamoDB calls
 * and how many of them a request waits for one after another (its sequential depth), S3 calls, and the
 * KMS calls certificate signing makes, for a cache miss, a cache hit and an item of a bulk of 100.
 *
 * DynamoDB and S3 calls are recorded by an SDK plugin on the container clients (test/support/
 * aws-call-log.ts). The local stack signs certificates with a local key, not KMS, so each call of the
 * signer stands for the KMS call the KMS signer makes for it on AWS: `sign` is one KMS Sign; the
 * public key (`keyId`, `publicKeys`) is one KMS GetPublicKey per key the first time a container needs
 * it, then remembered.
 */
import { ExclusionStore } from '#shared/sources/leie/exclusion-store.ts';
import { DynamoAccountStore } from '#shared/auth/account-store.ts';
import { issueKey } from '#shared/auth/key-issuer.ts';
import { signerFromEnvironment } from '#shared/certificates/signer.ts';
import { systemClock } from '#shared/clock.ts';
import { buckets, tables } from '#shared/infra/resources.ts';
import { ingestLeie } from '#shared/sources/leie/leie-ingest.ts';
import { invokingFunction } from '../../local/lambda-runtime.ts';
import { sampleDataDir, startLocalStack } from '../../local/stack.ts';
import { depthLevels, recordAwsCalls, sequentialDepth, type AwsCall } from '../support/aws-call-log.ts';
import { fmt, median, summarise, type Benchmark, type Figure } from './harness.ts';
import { providerPool, sampleProviders } from './sample-providers.ts';

const singles = 5;
const bulkSize = 100;
const hitTarget = { calls: 5, depth: 2 };

interface KmsCall {
  readonly functionId: string;
  readonly operation: 'Sign' | 'GetPublicKey';
}

/** Counts the signer's calls made inside invocations, as the KMS calls they stand for. */
function countSignerCalls(): { calls: KmsCall[]; restore(): void } {
  const calls: KmsCall[] = [];
  const restore: (() => void)[] = [];
  for (const mode of ['live', 'test'] as const) {
    const signer = signerFromEnvironment(mode) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    let fetched = false;
    const wrap = (method: string, operation: KmsCall['operation'], once: boolean) => {
      const own = Object.hasOwn(signer, method);
      const original = signer[method]!;
      signer[method] = async (...args: unknown[]) => {
        const functionId = invokingFunction();
        if (functionId && (!once || !fetched)) calls.push({ functionId, operation });
        if (once) fetched = true;
        return original.apply(signer, args);
      };
      restore.push(() => {
        if (own) signer[method] = original;
        else delete signer[method];
      });
    };
    wrap('sign', 'Sign', false);
    // The KMS signer fetches a key's public key once per container; the local stack runs one container per function.
    wrap('keyId', 'GetPublicKey', true);
  }
  return {
    calls,
    restore: () => {
      for (const r of restore) r();
    },
  };
}

interface Counted {
  readonly dynamo: AwsCall[];
  readonly s3: number;
  readonly kmsSign: number;
  readonly kmsPublicKey: number;
  readonly depth: number;
  readonly ms: number;
}

export const dynamoCallsBenchmark: Benchmark = {
  id: 'dynamo-calls',
  title: 'AWS calls per verification: DynamoDB calls and their sequential depth, S3 and KMS',
  async run() {
    const stack = await startLocalStack({ sourceDataDir: sampleDataDir, schedules: false, ingestOnStart: false, workers: [] });
    const log = recordAwsCalls();
    const signer = countSignerCalls();
    try {
      await ingestLeie(new ExclusionStore());
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
        const kmsFrom = signer.calls.length;
        const started = performance.now();
        const { value: json, calls } = await log.during(() => post(path, body, headers));
        const ms = performance.now() - started;
        const kms = signer.calls.slice(kmsFrom);
        const dynamo = calls.filter((c) => c.client === 'DynamoDBClient');
        return {
          json,
          dynamo,
          s3: calls.filter((c) => c.client === 'S3Client').length,
          kmsSign: kms.filter((c) => c.operation === 'Sign').length,
          kmsPublicKey: kms.filter((c) => c.operation === 'GetPublicKey').length,
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
            ? { ...depthFigure, note: `levels of calls waited for one after another: ${shape(typical.dynamo)}` }
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
          fmt(median(kind.samples.map((s) => s.s3 / kind.per))),
          `${fmt(median(kind.samples.map((s) => s.kmsSign / kind.per)))} Sign`,
          kind.per > 1 ? [...perOp].map(([name, n]) => `${name} × ${fmt(n / kind.per)}`).join(', ') : shape(typical.dynamo),
        ]);
      }
      const publicKeyFetches = signer.calls.filter((c) => c.operation === 'GetPublicKey').length;
      const measuredFetches = [...miss, ...hit, ...hitIdempotent, bulkMiss, bulkHit].reduce((n, s) => n + s.kmsPublicKey, 0);
      return {
        intro: [
          'Requests through the local gateway to the real Verify and VerifyBulk handlers against the emulators, one at a time, after a warm-up; the counts are of one request each, the median of ' +
            `${singles} providers for single verifications (each new to the stack: one per surname) and of one bulk request of ${bulkSize} new providers, sent twice (misses, then hits), for bulk items.`,
          'Every DynamoDB call the handler makes is counted (an SDK plugin on the container clients, test/support/aws-call-log.ts), from the API-key check to the stored record, with no Idempotency-Key unless said.',
          '**In sequence** is the longest chain of calls each sent after the previous one had returned; calls in flight together count once. It is what a request waits for in DynamoDB round trips (about 3–10 ms each on AWS).',
          '**Calls** lists them by level: `1: A ‖ B → 2: C` means A and B went out together, and C after both.',
          `**KMS**: the local stack signs certificates with a local key; each signature stands for the one KMS Sign the KMS signer makes for it, and each container fetches a key's public key (KMS GetPublicKey) once, then remembers it (fetched ${publicKeyFetches} time${publicKeyFetches === 1 ? '' : 's'} in this run, ${measuredFetches} of them during the counted requests).`,
        ].join(' '),
        table: {
          columns: ['Verification', 'DynamoDB calls', 'In sequence', 'Target met', 'S3 calls', 'KMS', 'Calls'],
          rows,
        },
        figures,
      };
    } finally {
      signer.restore();
      log.stop();
      await stack.stop();
    }
  },
};
