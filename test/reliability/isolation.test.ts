/**
 * Isolation: every endpoint that names a resource refuses another account's and the other mode's with
 * 404 (never 403, which would confirm it exists), and the list endpoints never show them. The public
 * record page is the exception by design: its unguessable id is the capability.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/aws/dynamo.ts';
import { tableName } from '#shared/config.ts';
import { newId } from '#shared/ids.ts';
import { dueShard, ownerKey } from '#shared/monitoring/monitor-store.ts';
import { routes } from '#shared/infra/routes.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
const keys = { ownerLive: '', ownerTest: '', otherLive: '', otherTest: '' };
let owner = '';
const resources = { testVerification: '', liveVerification: '', testMonitor: '', liveMonitor: '' };

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await startTestStack();
  const live = await t.issue({ plan: 'production', mode: 'live' });
  owner = live.account_id;
  keys.ownerLive = live.api_key;
  keys.ownerTest = (await t.issue({ plan: 'production', mode: 'test', accountId: owner })).api_key;
  const other = await t.issue({ plan: 'production', mode: 'live' });
  keys.otherLive = other.api_key;
  keys.otherTest = (await t.issue({ plan: 'production', mode: 'test', accountId: other.account_id })).api_key;

  const verify = async (key: string) =>
    (await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify({ first_name: 'Dana', last_name: 'test-active', state: 'WA' }), headers: json }))
      .body.verification_id as string;
  resources.testVerification = await verify(keys.ownerTest);
  resources.liveVerification = (
    await t.call('/v1/verify', {
      method: 'POST',
      key: keys.ownerLive,
      body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }),
      headers: json,
    })
  ).body.verification_id as string;

  const created = await t.call('/v1/monitor', {
    method: 'POST',
    key: keys.ownerTest,
    body: JSON.stringify({
      first_name: 'Dana',
      last_name: 'test-flapping',
      state: 'WA',
      webhook_url: 'http://127.0.0.1:9/hook',
      webhook_secret: 'a-very-secret-value-123',
    }),
    headers: json,
  });
  resources.testMonitor = created.body.monitor_id as string;
  await t.call(`/v1/monitor/${resources.testMonitor}/check`, { method: 'POST', key: keys.ownerTest });

  // A live monitor needs a public https receiver to be registered; it is written as the API would.
  const stored = (await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: resources.testMonitor } }))).Item!;
  resources.liveMonitor = newId('mon');
  await dynamo().send(
    new PutCommand({
      TableName: tableName('monitors'),
      Item: {
        ...stored,
        monitor_id: resources.liveMonitor,
        owner: ownerKey(owner, 'live'),
        mode: 'live',
        due_shard: dueShard(resources.liveMonitor),
        webhook_url: 'https://hooks.example.com/x',
      },
    }),
  );
});
afterAll(() => t.stop());

/** The keys that must not reach a resource of the owner's account in `mode`. */
const outsiders = (mode: 'live' | 'test') =>
  mode === 'test' ? [keys.ownerLive, keys.otherTest, keys.otherLive] : [keys.ownerTest, keys.otherLive, keys.otherTest];

describe('every route naming a resource', () => {
  const cases: { route: string; method: string; path: (m: 'live' | 'test') => string }[] = [
    { route: 'GetCertificate', method: 'GET', path: (m) => `/v1/certificate/${m === 'test' ? resources.testVerification : resources.liveVerification}` },
    { route: 'GetCertificatePdf', method: 'GET', path: (m) => `/v1/certificate/${m === 'test' ? resources.testVerification : resources.liveVerification}/pdf` },
    { route: 'DeleteMonitor', method: 'DELETE', path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}` },
    { route: 'CheckMonitor', method: 'POST', path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}/check` },
    { route: 'ListEvents', method: 'GET', path: (m) => `/v1/events?monitor_id=${m === 'test' ? resources.testMonitor : resources.liveMonitor}` },
    { route: 'GetHistoryExport', method: 'GET', path: (m) => `/v1/verifications/exports/${historyExports[m]}` },
  ];

  it('covers every authenticated route with a path parameter', () => {
    const named = routes.filter((r) => r.auth === 'api_key' && r.path.includes('{')).map((r) => r.id);
    expect(named.every((id) => cases.some((c) => c.route === id))).toBe(true);
  });

  for (const c of cases) {
    for (const mode of ['test', 'live'] as const) {
      it(`${c.route}: another account's or mode's ${mode} resource is 404, and stays as it was`, async () => {
        for (const key of outsiders(mode)) {
          const res = await t.call(c.path(mode), { method: c.method, key });
          // On-demand checks are refused to live keys before any lookup (403 test_mode_only).
          if (c.route === 'CheckMonitor' && (key === keys.ownerLive || key === keys.otherLive)) {
            expect(res.status).toBe(403);
            continue;
          }
          expect(res.status, `${c.route} ${mode}`).toBe(404);
          expect(errorOf(res.body).code).toBe('resource_not_found');
        }
        // The owner still sees it, untouched by the attempts.
        if (c.method === 'GET' && !(c.route === 'GetCertificatePdf' && mode === 'live')) {
          const own = await t.call(c.path(mode), { key: mode === 'test' ? keys.ownerTest : keys.ownerLive });
          expect(own.status, `${c.route} own ${mode}`).toBe(200);
        }
        const monitor = (
          await dynamo().send(
            new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: mode === 'test' ? resources.testMonitor : resources.liveMonitor } }),
          )
        ).Item!;
        expect(monitor.status).toBe('active');
      });
    }
  }
});

describe('list endpoints', () => {
  it("show only the caller's own account and mode", async () => {
    const monitorsOf = async (key: string) => ((await t.call('/v1/monitors', { key })).body.data as { monitor_id: string }[]).map((m) => m.monitor_id);
    expect(await monitorsOf(keys.ownerTest)).toEqual([resources.testMonitor]);
    expect(await monitorsOf(keys.ownerLive)).toEqual([resources.liveMonitor]);
    expect(await monitorsOf(keys.otherTest)).toEqual([]);
    expect(await monitorsOf(keys.otherLive)).toEqual([]);

    const eventsOf = async (key: string) => ((await t.call('/v1/events', { key })).body.data as { monitor_id: string }[]).map((e) => e.monitor_id);
    expect(await eventsOf(keys.ownerTest)).toEqual([resources.testMonitor]);
    for (const key of [keys.ownerLive, keys.otherTest, keys.otherLive]) expect(await eventsOf(key)).toEqual([]);

    // A cursor from another account or mode is refused, naming it.
    for (const key of [keys.ownerLive, keys.otherTest]) {
      const res = await t.call(`/v1/monitors?starting_after=${resources.testMonitor}`, { key });
      expect(res.status).toBe(400);
      expect(errorOf(res.body).param).toBe('starting_after');
    }
  });
});

describe('usage', () => {
  it("GET /v1/usage shows the caller's own account only: both modes of it, never another account's", async () => {
    const usageOf = async (key: string) => {
      const res = await t.call('/v1/usage', { key });
      expect(res.status).toBe(200);
      return res.body as { account_id: string; months: { verifications: number; test_verifications: number }[] };
    };
    const ownLive = await usageOf(keys.ownerLive);
    const ownTest = await usageOf(keys.ownerTest);
    expect(ownLive.account_id).toBe(owner);
    // The owner made one live verification, and test verifications (one, plus the monitor's initial one and its check).
    expect(ownLive.months[0]).toMatchObject({ verifications: 1 });
    expect(ownLive.months[0]!.test_verifications).toBeGreaterThanOrEqual(1);
    expect({ ...ownTest, mode: 'live' }).toEqual(ownLive);
    for (const key of [keys.otherLive, keys.otherTest]) {
      const seen = await usageOf(key);
      expect(seen.account_id).not.toBe(owner);
      expect(JSON.stringify(seen)).not.toContain(owner);
      expect(seen.months[0]).toMatchObject({ verifications: 0, test_verifications: 0 });
    }
  });
});

/** An export of the owner's history in each mode (made before any test runs; hooks at file level run first). */
const historyExports = { test: '', live: '' };
beforeAll(async () => {
  for (const mode of ['test', 'live'] as const) {
    const res = await t.call('/v1/verifications/exports', {
      method: 'POST',
      key: mode === 'test' ? keys.ownerTest : keys.ownerLive,
      body: '{}',
      headers: json,
    });
    expect(res.status).toBe(202);
    historyExports[mode] = res.body.export_id;
  }
});

describe('verification history and its exports', () => {
  it("GET /v1/verifications lists only the caller's account and mode, whatever the filter; other callers' cursors are refused", async () => {
    const idsOf = async (key: string, query = '') => {
      const res = await t.call(`/v1/verifications${query}`, { key });
      expect(res.status).toBe(200);
      return (res.body.data as { verification_id: string }[]).map((d) => d.verification_id);
    };
    expect(await idsOf(keys.ownerLive)).toEqual([resources.liveVerification]);
    expect(await idsOf(keys.ownerTest)).toContain(resources.testVerification);
    expect(await idsOf(keys.ownerTest)).not.toContain(resources.liveVerification);
    for (const key of [keys.otherLive, keys.otherTest]) {
      for (const query of ['', '?last_name=test-active', '?last_name=Thomas', '?state=WA', '?verified=true', '?created_from=2000-01-01']) {
        expect(await idsOf(key, query), query).toEqual([]);
      }
      for (const id of [resources.testVerification, resources.liveVerification]) {
        const res = await t.call(`/v1/verifications?starting_after=${id}`, { key });
        expect(res.status).toBe(400);
        expect(errorOf(res.body).param).toBe('starting_after');
      }
    }
    // The other mode's cursor of the same account too.
    const crossMode = await t.call(`/v1/verifications?starting_after=${resources.liveVerification}`, { key: keys.ownerTest });
    expect(crossMode.status).toBe(400);
  });

  it("an export is another caller's 404, and its view shows none of the owner's data to them", async () => {
    for (const mode of ['test', 'live'] as const) {
      const own = await t.call(`/v1/verifications/exports/${historyExports[mode]}`, { key: mode === 'test' ? keys.ownerTest : keys.ownerLive });
      expect(own.status).toBe(200);
      for (const key of [mode === 'test' ? keys.ownerLive : keys.ownerTest, keys.otherLive, keys.otherTest]) {
        const res = await t.call(`/v1/verifications/exports/${historyExports[mode]}`, { key });
        expect(res.status).toBe(404);
        expect(res.text).not.toContain(owner);
      }
    }
  });
});
