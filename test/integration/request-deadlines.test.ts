/**
 * Deadlines instead of time-outs: a request's source calls share what is left of the function's time
 * (less what answering needs), so a source that hangs makes that source unavailable for the request —
 * answered in the API's shape before the function times out — never a gateway time-out. The routes run
 * here with short function time-outs so the deadline, not a source's own time limit, is what ends them.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/platform/infra/routes.ts';
import { bulkResponseSchema } from '#shared/features/verification/bulk-verification.ts';
import { verificationResultSchema } from '#shared/features/verification/verification-result-schema.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { testRoutes } from '../support/test-routes.ts';

const verifyTimeoutSeconds = 4;
const bulkTimeoutSeconds = 8;

let t: TestStack;
let data: SourceDataCopy;
let key: string;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  const shortened = routes.map((route) =>
    route.id === 'Verify'
      ? { ...route, timeoutSeconds: verifyTimeoutSeconds }
      : route.id === 'VerifyBulk'
        ? { ...route, timeoutSeconds: bulkTimeoutSeconds }
        : route,
  );
  // No LEIE list is loaded: with the board and the registry hung, every source of a WA item is out.
  t = await startTestStack({ sourceDataDir: data.dir, routes: [...shortened, ...testRoutes] });
  key = (await t.issue({ plan: 'production', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t?.stop();
  await data?.remove();
});

const post = (path: string, body: unknown) =>
  t.call(path, { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('a board that never answers', () => {
  it("is source_unavailable within the verify function's time, not a gateway time-out", async () => {
    // Warm: the function's module is loaded before the timed request, as on a warm Lambda.
    await post('/v1/verify', { first_name: 'Warm', last_name: 'Up', state: 'WA' });
    await data.setFaults({ 'qxh8-f4bd': { mode: 'timeout' } });
    try {
      const started = Date.now();
      const res = await post('/v1/verify', { first_name: 'Carla', last_name: 'Morris', state: 'WA' });
      const took = Date.now() - started;
      expect(res.status).toBe(200);
      verificationResultSchema.parse(res.body);
      expect(res.body.status).toBe('source_unavailable');
      expect(res.body.sources.find((s: { name: string }) => s.name === 'Washington State Department of Health').status).toBe('unavailable');
      expect(took).toBeLessThan(verifyTimeoutSeconds * 1000);
    } finally {
      await data.setFaults({});
    }
  });
});

describe('bulk under one deadline', () => {
  it('answers before the function times out; items whose every source is out are errors and are not charged', async () => {
    const txRows = JSON.parse(await readFile(`${data.dir}/boards/tgb2-j935.json`, 'utf8')) as { first_name: string; last_name: string }[];
    const tx = txRows.slice(0, 10).map((r) => ({ first_name: r.first_name, last_name: r.last_name, state: 'TX' }));
    // Names nothing has cached: no registry answer to fall back on.
    const wa = Array.from({ length: 40 }, (_, i) => ({ first_name: 'Yolanda', last_name: `Zedkova${'x'.repeat(i % 5)}`, state: 'WA' }));
    const usedBefore = (await t.call('/v1/account', { key })).body.usage.verifications as number;
    await data.setFaults({ 'qxh8-f4bd': { mode: 'timeout' }, nppes: { mode: 'timeout' } });
    try {
      const started = Date.now();
      const res = await post('/v1/verify/bulk', { providers: [...tx, ...wa] });
      const took = Date.now() - started;
      expect(res.status).toBe(200);
      bulkResponseSchema.parse(res.body);
      expect(took).toBeLessThan(bulkTimeoutSeconds * 1000);

      const results = res.body.results as { index: number; result?: { status: string }; error?: { code: string } }[];
      for (const entry of results.slice(0, 10)) expect(entry.result, `TX item ${entry.index}`).toBeDefined();
      for (const entry of results.slice(10)) expect(entry.error?.code, `WA item ${entry.index}`).toBe('sources_unavailable');
      expect(res.body.summary).toMatchObject({ total: 50, succeeded: 10, failed: 40 });

      const account = await t.call('/v1/account', { key });
      expect(account.body.usage.verifications - usedBefore).toBe(10);
    } finally {
      await data.setFaults({});
    }
  });
});
