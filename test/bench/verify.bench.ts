/**
 * /v1/verify through the local gateway, with the simulator answering at once: latency of a cache miss
 * (a provider not seen before) and of a cache hit (the same provider again); and bulk of 100 providers
 * with the simulator taking 200 ms per source call. Providers come from the bundled sample data.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DynamoAccountStore } from '#shared/auth/account-store.ts';
import { issueKey } from '#shared/auth/key-issuer.ts';
import { systemClock } from '#shared/clock.ts';
import { ingestLeie } from '#shared/sources/leie/leie-ingest.ts';
import { sampleDataDir, startLocalStack } from '../../local/stack.ts';
import { copySourceData } from '../support/source-data.ts';
import { summarise, type Benchmark } from './harness.ts';

type Provider = { first_name: string; last_name: string; state: string };

/** Distinct (first, last) WA providers from the sample board, in a stable order. */
async function sampleProviders(): Promise<Provider[]> {
  const rows = JSON.parse(await readFile(join(sampleDataDir, 'boards', 'qxh8-f4bd.json'), 'utf8')) as { firstname?: string; lastname?: string }[];
  const seen = new Set<string>();
  const out: Provider[] = [];
  for (const row of rows) {
    if (!row.firstname || !row.lastname || seen.has(row.lastname)) continue;
    seen.add(row.lastname);
    out.push({ first_name: row.firstname, last_name: row.lastname, state: 'WA' });
  }
  return out;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const verifyBenchmark: Benchmark = {
  id: 'verify',
  title: 'POST /v1/verify and /v1/verify/bulk through the local gateway',
  async run() {
    const data = await copySourceData(sampleDataDir);
    const stack = await startLocalStack({ sourceDataDir: data.dir, schedules: false, ingestOnStart: false });
    try {
      await ingestLeie();
      const { api_key } = await issueKey(new DynamoAccountStore(), { plan: 'enterprise', mode: 'live', minuteLimit: 100_000 }, systemClock);
      const call = async (path: string, body: unknown) => {
        const started = performance.now();
        const res = await fetch(`${stack.url}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${api_key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const json = (await res.json()) as { cached?: boolean };
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
        return { ms: performance.now() - started, json };
      };
      const providers = await sampleProviders();
      const perRun = 40;
      const runs = 3;
      // Warm-up: module loading, connections, the JIT.
      for (const p of providers.slice(0, 10)) await call('/v1/verify', p);

      const missP50: number[] = [];
      const missP99: number[] = [];
      const hitP50: number[] = [];
      const hitP99: number[] = [];
      let offset = 10;
      for (let r = 0; r < runs; r++) {
        const batch = providers.slice(offset, offset + perRun);
        offset += perRun;
        const miss: number[] = [];
        for (const p of batch) {
          const { ms, json } = await call('/v1/verify', p);
          if (json.cached) throw new Error('expected a cache miss');
          miss.push(ms);
        }
        const hit: number[] = [];
        for (const p of batch) {
          const { ms, json } = await call('/v1/verify', p);
          if (!json.cached) throw new Error('expected a cache hit');
          hit.push(ms);
        }
        missP50.push(percentile(miss, 50));
        missP99.push(percentile(miss, 99));
        hitP50.push(percentile(hit, 50));
        hitP99.push(percentile(hit, 99));
      }

      await data.setFaults({ nppes: { latency_ms: 200 }, soda: { latency_ms: 200 } });
      const bulk: number[] = [];
      for (let r = 0; r < runs; r++) {
        const batch = providers.slice(offset, offset + 100);
        offset += 100;
        if (batch.length < 100) throw new Error('not enough distinct sample providers');
        bulk.push((await call('/v1/verify/bulk', { providers: batch })).ms);
      }
      return [
        summarise('Verify, cache miss, p50', 'ms', missP50, {
          target: { op: '<=', value: 25 },
          note: 'a miss makes about ten calls to the in-process DynamoDB emulator (about 2 ms of CPU each on the same event loop as the gateway and handlers) plus the board and registry calls to the simulator',
        }),
        summarise('Verify, cache miss, p99', 'ms', missP99),
        summarise('Verify, cache hit, p50', 'ms', hitP50, {
          target: { op: '<=', value: 10 },
          note: 'a hit still needs key lookup, two rate counters, the cache read, the quota charge and the certificate write: seven emulator calls at about 2 ms each; on AWS these are network round trips, not local CPU',
        }),
        summarise('Verify, cache hit, p99', 'ms', hitP99),
        summarise('Bulk of 100, 200 ms per source call', 'ms', bulk, {
          target: { op: '<=', value: 2000 },
          note: '32 providers at a time over 200 ms sources is about 0.8 s; the rest is some 600 emulator calls serialised on one event loop',
        }),
      ];
    } finally {
      await stack.stop();
      await data.remove();
    }
  },
};
