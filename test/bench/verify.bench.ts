/**
 * POST /v1/verify through the local gateway, one request at a time, with the simulator answering at
 * once: the latency of a cache miss (a provider not seen before) and of a cache hit (the same provider
 * again). Providers are WA people of the sample board, one per surname.
 */
import { percentile, summarise, type Benchmark } from './harness.ts';
import { withLocalApi } from './local-api.ts';
import { providerPool, sampleProviders } from './sample-providers.ts';

const runs = 3;
const perRun = 40;
const warmUp = 10;

export const verifyBenchmark: Benchmark = {
  id: 'verify',
  title: 'POST /v1/verify latency through the local gateway',
  run: () =>
    withLocalApi(async (api) => {
      const take = providerPool(await sampleProviders({ states: ['WA'], distinctBy: 'surname' }));
      // Warm-up: module loading, connections, the JIT.
      for (const p of take(warmUp)) await api.ok('POST', '/v1/verify', p);
      const missP50: number[] = [];
      const missP99: number[] = [];
      const hitP50: number[] = [];
      const hitP99: number[] = [];
      for (let r = 0; r < runs; r++) {
        const batch = take(perRun);
        const miss: number[] = [];
        for (const p of batch) {
          const { ms, json } = await api.ok('POST', '/v1/verify', p);
          if (json.cached) throw new Error('expected a cache miss');
          miss.push(ms);
        }
        const hit: number[] = [];
        for (const p of batch) {
          const { ms, json } = await api.ok('POST', '/v1/verify', p);
          if (!json.cached) throw new Error('expected a cache hit');
          hit.push(ms);
        }
        missP50.push(percentile(miss, 50));
        missP99.push(percentile(miss, 99));
        hitP50.push(percentile(hit, 50));
        hitP99.push(percentile(hit, 99));
      }
      return [
        summarise(`Cache miss, p50 (${perRun} requests a run)`, 'ms', missP50, {
          target: { op: '<=', value: 25 },
          note: 'a miss makes eight calls to the in-process DynamoDB emulator (about 2 ms of CPU each on the same event loop as the gateway and handlers) plus the board and registry calls to the simulator',
        }),
        summarise('Cache miss, p99', 'ms', missP99),
        summarise(`Cache hit, p50 (${perRun} requests a run)`, 'ms', hitP50, {
          target: { op: '<=', value: 10 },
          note: 'a hit still needs the key lookup, the account read and counted, the cached answers (one batch read), the quota charge and the record: five emulator calls in three round trips, at about 2 ms of CPU each; on AWS these are network round trips, not local CPU',
        }),
        summarise('Cache hit, p99', 'ms', hitP99),
      ];
    }),
};
