/**
 * Throughput through the local gateway with 1, 8 and 32 concurrent clients: POST /v1/verify answered
 * from the cache (cache hits: the service's own work, no source calls), beside GET /v1/account, the
 * most trivial authenticated route (key check, per-minute limit, usage read), on the same stack in the
 * same run. Each client sends its next request when the last is answered. At every level the two routes
 * take turns, run by run, and the overhead ratio is the account route's rate over the verify rate of
 * the same run: how many trivial authenticated requests one verification costs.
 *
 * The clients run in the stack's own process (as every local benchmark does): their cost, about
 * 0.3 ms of CPU a request, is small beside the handlers' and the emulators'.
 */
import { summarise, type Benchmark, type Figure } from './harness.ts';
import { withLocalApi, type LocalApi } from './local-api.ts';
import { providerPool, sampleProviders, type Provider } from './sample-providers.ts';

const levels = [1, 8, 32] as const;
const runs = 5;
const windowMs = 1_500;
const cachedProviders = 40;

/** Requests answered 200 per second by `clients` closed-loop clients over the window. */
async function rate(clients: number, send: (i: number) => Promise<void>): Promise<number> {
  let done = 0;
  let issued = 0;
  const started = performance.now();
  const deadline = started + windowMs;
  const client = async () => {
    while (performance.now() < deadline) {
      await send(issued++);
      if (performance.now() <= deadline) done++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return done / (windowMs / 1000);
}

function verifyHit(api: LocalApi, providers: readonly Provider[]) {
  return async (i: number) => {
    const { json } = await api.ok('POST', '/v1/verify', providers[i % providers.length]);
    if (!json.cached) throw new Error('expected a cache hit');
  };
}

function account(api: LocalApi) {
  return async () => {
    await api.ok('GET', '/v1/account');
  };
}

export const throughputBenchmark: Benchmark = {
  id: 'throughput',
  title: 'POST /v1/verify throughput through the local gateway, beside GET /v1/account',
  run: () =>
    withLocalApi(async (api) => {
      const providers = providerPool(await sampleProviders({ states: ['WA'], distinctBy: 'surname' }))(cachedProviders);
      for (const p of providers) await api.ok('POST', '/v1/verify', p); // into the cache; also the warm-up
      await rate(8, account(api));
      await rate(8, verifyHit(api, providers));

      const figures: Figure[] = [];
      const ratios: Figure[] = [];
      for (const clients of levels) {
        const verify: number[] = [];
        const trivial: number[] = [];
        const ratio: number[] = [];
        for (let r = 0; r < runs; r++) {
          // Alternate which route goes first, so neither always runs on a warmer or cooler machine.
          const order = r % 2 === 0 ? (['verify', 'account'] as const) : (['account', 'verify'] as const);
          const out: Record<string, number> = {};
          for (const which of order) out[which] = await rate(clients, which === 'verify' ? verifyHit(api, providers) : account(api));
          verify.push(out.verify!);
          trivial.push(out.account!);
          ratio.push(out.account! / out.verify!);
        }
        figures.push(
          summarise(`Verify, cache hits, ${clients} client${clients > 1 ? 's' : ''}`, 'requests/s', verify),
          summarise(`GET /v1/account, ${clients} client${clients > 1 ? 's' : ''}`, 'requests/s', trivial),
        );
        ratios.push(summarise(`Overhead ratio, verify hit ÷ GET /v1/account, ${clients} client${clients > 1 ? 's' : ''}`, '×', ratio));
      }
      const last = ratios[ratios.length - 1]!;
      return [
        ...figures,
        ...ratios.slice(0, -1),
        {
          ...last,
          note: `time per request of a verify answered from the cache over that of GET /v1/account, from their rates in the same run (${(windowMs / 1000).toFixed(1)} s windows). The gateway, the handlers and the DynamoDB emulator share one event loop, and the emulator's answers cost CPU time rather than waiting, so one client already keeps that loop busy and more clients do not raise either rate; on AWS each request is its own invocation and the DynamoDB calls are network round trips`,
        },
      ];
    }),
};
