/**
 * What keeping evidence costs a verification: POST /v1/verify through the local gateway, one request
 * at a time, cache misses (providers not seen before) and hits (the same providers again), with the
 * evidence store on and off in the same run. Off, the store keeps nothing (no hashing, compression or
 * S3 write), all else equal. Requests with and without alternate one by one, so drift of the machine
 * falls on both alike.
 */
import { EvidenceStore } from '#shared/features/evidence/adapters/evidence-store.ts';
import { percentile, summarise, type Benchmark } from './harness.ts';
import { withLocalApi, type LocalApi } from './local-api.ts';
import { providerPool, sampleProviders, type Provider } from './sample-providers.ts';

const runs = 4;
const perRun = 20;
const warmUp = 10;

/** One verification of `provider`, with evidence kept or not; checks it was a miss or a hit as expected. */
async function timed(api: LocalApi, provider: Provider, evidence: boolean, expectCached: boolean): Promise<number> {
  const keep = EvidenceStore.prototype.keep;
  if (!evidence) EvidenceStore.prototype.keep = () => [];
  try {
    const { ms, json } = await api.ok('POST', '/v1/verify', provider);
    if (Boolean(json.cached) !== expectCached) throw new Error(`expected a cache ${expectCached ? 'hit' : 'miss'}`);
    const named = (json.sources as { evidence?: { kind: string }[] }[]).some((s) => s.evidence?.some((e) => e.kind === 'response'));
    if (named !== evidence) throw new Error(`expected ${evidence ? 'evidence' : 'no evidence'} to be named`);
    return ms;
  } finally {
    EvidenceStore.prototype.keep = keep;
  }
}

export const evidenceBenchmark: Benchmark = {
  id: 'evidence',
  title: 'Evidence storage: POST /v1/verify p50 with and without it, side by side',
  run: () =>
    withLocalApi(async (api) => {
      const take = providerPool(await sampleProviders({ states: ['WA'], distinctBy: 'surname' }));
      for (const p of take(warmUp)) await api.ok('POST', '/v1/verify', p);
      const p50 = { missWith: [] as number[], missWithout: [] as number[], hitWith: [] as number[], hitWithout: [] as number[] };
      const missAdded: number[] = [];
      const hitAdded: number[] = [];
      for (let r = 0; r < runs; r++) {
        const withEvidence = take(perRun);
        const without = take(perRun);
        const ms = { missWith: [] as number[], missWithout: [] as number[], hitWith: [] as number[], hitWithout: [] as number[] };
        for (const cached of [false, true]) {
          for (let i = 0; i < perRun; i++) {
            // Alternate which goes first.
            const pair = [
              async () => (cached ? ms.hitWith : ms.missWith).push(await timed(api, withEvidence[i]!, true, cached)),
              async () => (cached ? ms.hitWithout : ms.missWithout).push(await timed(api, without[i]!, false, cached)),
            ];
            for (const step of i % 2 === 0 ? pair : pair.reverse()) await step();
          }
        }
        for (const k of Object.keys(p50) as (keyof typeof p50)[]) p50[k].push(percentile(ms[k], 50));
        missAdded.push(p50.missWith.at(-1)! - p50.missWithout.at(-1)!);
        hitAdded.push(p50.hitWith.at(-1)! - p50.hitWithout.at(-1)!);
      }
      return [
        summarise(`Cache miss with evidence, p50 (${perRun} requests a run)`, 'ms', p50.missWith),
        summarise(`Cache miss without evidence, p50 (${perRun} requests a run)`, 'ms', p50.missWithout),
        summarise('Cache miss, added by evidence (p50 with − p50 without, per run)', 'ms', missAdded, {
          target: { op: '<=', value: 5 },
          note: 'each board and registry response is hashed, gzipped and written (PutObject, If-None-Match) as it arrives, beside the rest of the lookups; the certificate is signed while the writes finish and stored only after them',
        }),
        summarise(`Cache hit with evidence, p50 (${perRun} requests a run)`, 'ms', p50.hitWith),
        summarise(`Cache hit without evidence, p50 (${perRun} requests a run)`, 'ms', p50.hitWithout),
        summarise('Cache hit, added by evidence (p50 with − p50 without, per run)', 'ms', hitAdded, {
          target: { op: '<=', value: 1 },
          note: 'a hit names the evidence stored with the cached answer and writes nothing',
        }),
      ];
    }),
};
