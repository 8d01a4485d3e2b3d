/**
 * GET /v1/certificate/{id}/pdf through the local gateway: the first request (render, sign, store in S3)
 * and later requests (served from S3).
 */
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { issueKey } from '#shared/features/accounts/key-issuer.ts';
import { systemClock } from '#shared/platform/clock.ts';
import { startLocalStack } from '../../local/runtime/stack.ts';
import { median, summarise, type Benchmark } from './harness.ts';

export const pdfBenchmark: Benchmark = {
  id: 'pdf',
  title: 'PDF certificates through the local gateway',
  async run() {
    const stack = await startLocalStack({ schedules: false, ingestOnStart: false });
    try {
      const { api_key } = await issueKey(new DynamoAccountStore(), { plan: 'enterprise', mode: 'test', minuteLimit: 100_000 }, systemClock);
      const headers = { authorization: `Bearer ${api_key}` };
      const verification = async (i: number) => {
        const res = await fetch(`${stack.url}/v1/verify`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ first_name: `Pat${String.fromCharCode(65 + (i % 26))}`, last_name: 'test-active', state: 'WA' }),
        });
        return ((await res.json()) as { verification_id: string }).verification_id;
      };
      const get = async (id: string) => {
        const started = performance.now();
        const res = await fetch(`${stack.url}/v1/certificate/${id}/pdf`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
        return performance.now() - started;
      };
      await get(await verification(999)); // warm-up: module loading, fonts, first signing
      const first: number[] = [];
      const after: number[] = [];
      for (let run = 0; run < 3; run++) {
        const ids = await Promise.all(Array.from({ length: 15 }, (_, i) => verification(run * 100 + i)));
        const firstRun: number[] = [];
        const afterRun: number[] = [];
        for (const id of ids) firstRun.push(await get(id));
        for (const id of ids) afterRun.push(await get(id));
        first.push(median(firstRun));
        after.push(median(afterRun));
      }
      return [
        summarise('First request: render, sign, store (p50)', 'ms', first, { target: { op: '<=', value: 150 } }),
        summarise('Served from storage (p50)', 'ms', after, {
          target: { op: '<=', value: 20 },
          note: 'the key lookup, the account read and counted in one UpdateItem, and the record read on the in-process DynamoDB emulator, plus the S3 emulator reading the file from disk',
        }),
      ];
    } finally {
      await stack.stop();
    }
  },
};
