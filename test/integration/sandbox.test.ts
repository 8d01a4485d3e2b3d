/**
 * Test keys are answered from the sandbox directory only: every documented case gives its documented
 * outcome over HTTP in every state it names, real providers of the sample data are not found, monitors
 * follow sandbox providers, and not one request reaches a source (every source request goes through a
 * counting proxy in front of the simulator). The API guide lists the directory as the code defines it.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateBoards } from '#shared/features/sources/boards/registry.ts';
import { sandboxCases } from '#shared/features/verification/sandbox/sandbox-directory.ts';
import { sandboxDirectoryMarkdown } from '#shared/features/verification/sandbox/sandbox-table.ts';
import { verificationResultSchema } from '#shared/features/verification/verification-result-schema.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { startSourceSimulator, type SourceSimulator } from '../../local/simulator/server.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let simulator: SourceSimulator;
let proxy: Server;
let sourceRequests = 0;
let t: TestStack;
let testKey: string;
let liveKey: string;

/** Forwards every request to the simulator and counts it. */
async function countingProxy(target: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    sourceRequests++;
    const upstream = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers: { ...(req.headers['x-app-token'] ? { 'x-app-token': String(req.headers['x-app-token']) } : {}) },
    });
    res.writeHead(upstream.status, Object.fromEntries([...upstream.headers].filter(([k]) => k !== 'content-encoding' && k !== 'content-length')));
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

beforeAll(async () => {
  simulator = await startSourceSimulator({ dataDir: sampleDataDir, preload: true });
  proxy = await countingProxy(simulator.url);
  t = await startTestStack({ simulatorUrl: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` });
  const live = await t.issue({ plan: 'enterprise', mode: 'live' });
  liveKey = live.api_key;
  testKey = (await t.issue({ plan: 'enterprise', mode: 'test', accountId: live.account_id })).api_key;
}, 120_000);
afterAll(async () => {
  await t.stop();
  await new Promise((resolve) => proxy.close(resolve));
  await simulator.close();
});

const verify = (body: Record<string, unknown>, key = testKey) =>
  t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const supported = Object.keys(stateBoards).sort();

describe('the sandbox directory', () => {
  const runs = sandboxCases.flatMap((c) => (c.request.state === 'any' ? supported : [c.request.state]).map((state) => [c.title, state, c] as const));

  it.each(runs)('%s (%s): the documented outcome, with no source request', async (_title, state, c) => {
    const before = sourceRequests;
    const { state: _any, ...fields } = c.request;
    const res = await verify({ ...fields, state });
    expect(res.status, res.text).toBe(200);
    const body = verificationResultSchema.parse(res.body) as any;
    const e = c.expect;
    expect(body).toMatchObject({ status: e.status, verified: e.verified, mode: 'test', sandbox: true });
    if (e.disciplinary_flags !== undefined) expect(body.disciplinary_flags).toBe(e.disciplinary_flags);
    if (e.oig_excluded !== undefined) expect(body.oig_excluded).toBe(e.oig_excluded);
    if (e.oig_match) expect(body.oig_exclusion?.match).toBe(e.oig_match);
    for (const basis of e.match_basis ?? []) expect(body.match_basis).toContain(basis);
    if (e.match_note) expect(body.match_note?.reason).toBe(e.match_note);
    if (e.board_source) expect(body.sources[0].status).toBe(e.board_source);
    if (e.board_source === 'cached') expect(Date.parse(body.sources[0].as_of)).toBeLessThan(Date.now() - 29 * 86_400_000);
    expect(sourceRequests).toBe(before);
  });

  it('found providers carry their sandbox license, NPI and certificate like a real result', async () => {
    const res = await verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'IL' });
    expect(res.body).toMatchObject({ name: 'Amelia Rose Brightwater', license_number: 'SB1000001', npi: '1999000015', profession: 'registered_nurse' });
    const certificate = await t.call(`/v1/certificate/${res.body.verification_id}`, { key: testKey });
    expect(certificate.body).toMatchObject({ mode: 'test', provider: { license_number: 'SB1000001', state: 'Illinois' } });
  });
});

describe('test keys never obtain real data', () => {
  const real = [
    { first_name: 'Helen', last_name: 'Thomas', state: 'WA' },
    { first_name: 'Angela', last_name: 'Washington', state: 'IL' },
    { first_name: 'Carla', last_name: 'Morris', state: 'WA', dob: '1971-07-23' },
  ];

  it('a real provider found by a live key is not_found on a test key, without a source request', async () => {
    for (const provider of real) {
      const live = await verify(provider, liveKey);
      expect(live.body.license_number, JSON.stringify(provider)).not.toBeNull();
      const before = sourceRequests;
      const test = await verify(provider);
      expect(test.body).toMatchObject({ status: 'not_found', license_number: null, name: null, npi: null, registry: null, sandbox: true });
      expect(test.body.sources[0].status).toBe('live');
      expect(sourceRequests).toBe(before);
    }
  });

  it('a live key does reach the sources (the counter counts)', async () => {
    const before = sourceRequests;
    await verify({ first_name: 'Someone', last_name: 'Uncached', state: 'TX' }, liveKey);
    expect(sourceRequests).toBeGreaterThan(before);
  });

  it('bulk and monitors on test keys follow sandbox providers only', async () => {
    const before = sourceRequests;
    const bulk = await t.call('/v1/verify/bulk', {
      method: 'POST',
      key: testKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        providers: [
          { first_name: 'Bob', last_name: 'Thistlewood', state: 'CO' },
          { first_name: 'Helen', last_name: 'Thomas', state: 'WA' },
        ],
      }),
    });
    expect(bulk.body.results.map((r: any) => r.result.status)).toEqual(['active', 'not_found']);
    const monitor = await t.call('/v1/monitor', {
      method: 'POST',
      key: testKey,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Grace',
        last_name: 'Fairhollow',
        state: 'DE',
        webhook_url: 'http://127.0.0.1:9/hook',
        webhook_secret: 'sandbox-secret-0123456789',
      }),
    });
    expect(monitor.status, monitor.text).toBe(200);
    expect(monitor.body.provider).toMatchObject({ name: 'Grace Fairhollow', current_status: 'suspended', npi: '1999000049' });
    const check = await t.call(`/v1/monitor/${monitor.body.monitor_id}/check`, { method: 'POST', key: testKey });
    expect(check.status, check.text).toBe(200);
    expect(check.body.monitor.provider.current_status).toBe('suspended');
    expect(sourceRequests).toBe(before);
  });

  it('a live monitor for a sandbox name is an ordinary lookup (the sandbox is test-only)', async () => {
    const res = await verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'WA' }, liveKey);
    expect(res.body.license_number).not.toBe('SB1000001');
    expect(res.body.sandbox).toBeUndefined();
  });
});

describe('test-mode caps', () => {
  it('an account holds at most 100 active test monitors, exactly under concurrency; a deletion frees a slot', async () => {
    const own = await t.issue({ plan: 'enterprise', mode: 'test' });
    const create = (i: number) =>
      t.call('/v1/monitor', {
        method: 'POST',
        key: own.api_key,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          first_name: 'Amelia',
          last_name: 'Brightwater',
          state: 'WA',
          webhook_url: `http://127.0.0.1:9/h${i}`,
          webhook_secret: 'sandbox-secret-0123456789',
        }),
      });
    const answers = await Promise.all(Array.from({ length: 104 }, (_, i) => create(i)));
    const created = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status !== 200);
    expect(created).toHaveLength(100);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(errorOf(r.body)).toMatchObject({ code: 'monitor_limit_reached', limit: 100 });
    const id = created[0]!.body.monitor_id;
    expect((await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: own.api_key })).status).toBe(200);
    // Deleting again gives nothing more back.
    expect((await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: own.api_key })).status).toBe(200);
    expect((await create(200)).status).toBe(200);
    expect((await create(201)).status).toBe(403);
  }, 120_000);
});

describe('documentation', () => {
  it('the API guide lists the sandbox directory exactly as the code defines it', () => {
    const guide = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'api-guide.md'), 'utf8');
    expect(guide).toContain(sandboxDirectoryMarkdown());
  });

  it('errors on test keys keep the documented shape', async () => {
    const res = await verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'ZZ' });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).param).toBe('state');
  });
});
