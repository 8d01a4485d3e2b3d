/**
 * POST /v1/verify/bulk of 100 providers through the local gateway, with the simulator answering at once
 * and with 200 ms on every source call (faults.json `latency_ms` on the registry and every board),
 * the two taking turns run by run. Every provider is new to the stack (one per surname and state, from
 * the five sample states), so every item is a cache miss with its own board and registry calls.
 */
import { fmt, median, summarise, type Benchmark } from './harness.ts';
import { withLocalApi } from './local-api.ts';
import { providerPool, sampleProviders } from './sample-providers.ts';

const runs = 3;
const batch = 100;
const latencies = [0, 200] as const;

export const bulkBenchmark: Benchmark = {
  id: 'bulk',
  title: 'POST /v1/verify/bulk of 100 providers through the local gateway',
  run: () =>
    withLocalApi(async (api) => {
      const take = providerPool(await sampleProviders({ distinctBy: 'surname' }));
      await api.ok('POST', '/v1/verify/bulk', { providers: take(20) }); // warm-up
      const times: Record<(typeof latencies)[number], number[]> = { 0: [], 200: [] };
      for (let r = 0; r < runs; r++) {
        for (const latency of r % 2 === 0 ? latencies : [...latencies].reverse()) {
          await api.data.setFaults(latency === 0 ? {} : { nppes: { latency_ms: latency }, soda: { latency_ms: latency } });
          const { ms, json } = await api.ok('POST', '/v1/verify/bulk', { providers: take(batch) });
          const results = json.results as unknown[] | undefined;
          if (results?.length !== batch) throw new Error(`bulk answered ${results?.length ?? 'no'} results`);
          times[latency].push(ms);
        }
      }
      const atOnce = median(times[0]);
      const slow = median(times[200]);
      return [
        summarise(`Bulk of ${batch}, sources answering at once`, 'ms', times[0], {
          note: 'the service and emulator work alone: about four calls to the in-process DynamoDB emulator per provider on a miss (the exclusion lookup, two cache writes and the record; the cache reads of all providers go out in a few batches), 32 providers at a time, all on the one event loop the gateway and handlers share',
        }),
        summarise(`Bulk of ${batch}, 200 ms per source call`, 'ms', times[200], {
          target: { op: '<=', value: 2000 },
          note: `the same batch takes ${fmt(atOnce)} ms with the sources answering at once, and the 200 ms sources add ${fmt(slow - atOnce)} ms to that (while some providers wait on a source, the others' work goes on); the ${fmt(atOnce)} ms is emulator work, about four DynamoDB calls per provider in CPU time, serialised on the one event loop that the gateway, the handlers and the emulators share; on AWS those calls are network round trips that overlap`,
        }),
      ];
    }),
};
