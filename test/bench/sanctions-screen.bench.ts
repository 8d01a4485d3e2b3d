/**
 * What the sanctions screen adds to a verification: POST /v1/verify cache misses through the local
 * gateway with only the OIG list ingested (every other list answers `unavailable` after reading its
 * pointer, remembered per container) and then with every downloadable sanctions list ingested (each
 * list the verification screens is queried by surname, and by NPI where one is supplied), one stack
 * after the other in the same run, the same providers in the same order. The screen's queries run
 * beside the board and registry lookups, so what they add is the part that outlasts those.
 */
import { percentile, summarise, type Benchmark } from './harness.ts';
import { withLocalApi } from './local-api.ts';
import { providerPool, sampleProviders } from './sample-providers.ts';

const runs = 3;
const perRun = 40;
const warmUp = 10;

async function missLatencies(sanctionsLists: boolean): Promise<{ p50: number[]; p99: number[]; lists: number }> {
  return withLocalApi(
    async (api) => {
      const take = providerPool(await sampleProviders({ states: ['WA', 'IL', 'TX'], distinctBy: 'surname' }));
      for (const p of take(warmUp)) await api.ok('POST', '/v1/verify', p);
      const p50: number[] = [];
      const p99: number[] = [];
      let lists = 0;
      for (let r = 0; r < runs; r++) {
        const miss: number[] = [];
        for (const p of take(perRun)) {
          const { ms, json } = await api.ok('POST', '/v1/verify', p);
          if (json.cached) throw new Error('expected a cache miss');
          const screened = (json.sanctions as { lists: { status: string }[] }).lists.filter((l) => l.status === 'cached').length;
          lists = Math.max(lists, screened);
          miss.push(ms);
        }
        p50.push(percentile(miss, 50));
        p99.push(percentile(miss, 99));
      }
      return { p50, p99, lists };
    },
    { sanctionsLists },
  );
}

export const sanctionsScreenBenchmark: Benchmark = {
  id: 'sanctions-screen',
  title: 'Sanctions screen: latency it adds to a verification',
  async run() {
    const without = await missLatencies(false);
    const withLists = await missLatencies(true);
    const added = withLists.p50.map((ms, i) => ms - without.p50[i]!);
    return [
      summarise(`Cache miss p50, OIG list only (${perRun} requests a run)`, 'ms', without.p50),
      summarise(`Cache miss p50, every list ingested (${withLists.lists} lists consulted at most)`, 'ms', withLists.p50),
      summarise('Added by the sanctions lists, p50 (run by run)', 'ms', added, {
        target: { op: '<=', value: 5 },
        note: 'the lists are queried in parallel beside the board and registry lookups; locally each query is about 2 ms of emulator CPU on the shared event loop, on AWS a network round trip run concurrently',
      }),
      summarise('Cache miss p99, OIG list only', 'ms', without.p99),
      summarise('Cache miss p99, every list ingested', 'ms', withLists.p99),
    ];
  },
};
