/** Providers to verify in the benchmarks: real people of the bundled sample boards, in a stable order. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StateCode } from '#shared/domain/us-states.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';

export type Provider = { first_name: string; last_name: string; state: StateCode };

/** Board files and their name fields: one healthcare dataset per covered state. */
const boards: { state: StateCode; dataset: string; first: string; last: string }[] = [
  { state: 'WA', dataset: 'qxh8-f4bd', first: 'firstname', last: 'lastname' },
  { state: 'CO', dataset: '7s5z-vewr', first: 'firstname', last: 'lastname' },
  { state: 'IL', dataset: 'pzzh-kp68', first: 'first_name', last: 'last_name' },
  { state: 'TX', dataset: 'tgb2-j935', first: 'first_name', last: 'last_name' },
  { state: 'DE', dataset: 'pjnv-eaih', first: 'first_name', last: 'last_name' },
];

export interface SampleOptions {
  /** The states to draw from (default: all five), interleaved in this order. */
  readonly states?: readonly StateCode[];
  /**
   * `surname`: one person per surname and state, so every verification is a cache miss at the board
   * (its search is by surname); `name`: one per full name and state.
   */
  readonly distinctBy: 'surname' | 'name';
}

export async function sampleProviders(options: SampleOptions): Promise<Provider[]> {
  const chosen = options.states ? boards.filter((b) => options.states!.includes(b.state)) : boards;
  const perState = await Promise.all(
    chosen.map(async (b) => {
      const rows = JSON.parse(await readFile(join(sampleDataDir, 'boards', `${b.dataset}.json`), 'utf8')) as Record<string, unknown>[];
      const seen = new Set<string>();
      const out: Provider[] = [];
      for (const row of rows) {
        const first = row[b.first];
        const last = row[b.last];
        if (typeof first !== 'string' || typeof last !== 'string' || !first || !last) continue;
        const key = (options.distinctBy === 'surname' ? last : `${first}|${last}`).toUpperCase();
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ first_name: first, last_name: last, state: b.state });
      }
      return out;
    }),
  );
  const interleaved: Provider[] = [];
  for (let i = 0; perState.some((list) => i < list.length); i++) for (const list of perState) if (i < list.length) interleaved.push(list[i]!);
  return interleaved;
}

/** Hands out providers without repeating one. */
export function providerPool(providers: readonly Provider[]): (count: number) => Provider[] {
  let next = 0;
  return (count) => {
    if (next + count > providers.length) throw new Error(`only ${providers.length - next} sample providers left, ${count} wanted`);
    const out = providers.slice(next, next + count);
    next += count;
    return out;
  };
}
