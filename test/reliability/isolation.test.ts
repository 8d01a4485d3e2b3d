/**
 * Isolation: every endpoint that names a resource refuses another account's and the other mode's with
 * 404 (never 403, which would confirm it exists), and the list endpoints never show them. The public
 * record page is the exception by design: its unguessable id is the capability.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { newId } from '#shared/platform/ids.ts';
import { dueShard, ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { routes } from '#shared/platform/infra/routes.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { flappingMonitor } from '../support/monitor-request.ts';

let t: TestStack;
const keys = { ownerLive: '', ownerTest: '', otherLive: '', otherTest: '' };
let owner = '';
const resources = { testVerification: '', liveVerification: '', testMonitor: '', liveMonitor: '' };

const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await startTestStack();
  // Each key makes more requests within a minute than the plan's per-minute limit allows.
  const minuteLimit = 10_000;
  const live = await t.issue({ plan: 'production', mode: 'live', minuteLimit });
  owner = live.account_id;
  keys.ownerLive = live.api_key;
  keys.ownerTest = (await t.issue({ plan: 'production', mode: 'test', accountId: owner, minuteLimit })).api_key;
  const other = await t.issue({ plan: 'production', mode: 'live', minuteLimit });
  keys.otherLive = other.api_key;
  keys.otherTest = (await t.issue({ plan: 'production', mode: 'test', accountId: other.account_id, minuteLimit })).api_key;

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
    body: JSON.stringify(flappingMonitor),
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
  const cases: { route: string; method: string; path: (m: 'live' | 'test') => string; body?: string }[] = [
    { route: 'GetCertificate', method: 'GET', path: (m) => `/v1/certificate/${m === 'test' ? resources.testVerification : resources.liveVerification}` },
    { route: 'GetCertificatePdf', method: 'GET', path: (m) => `/v1/certificate/${m === 'test' ? resources.testVerification : resources.liveVerification}/pdf` },
    {
      route: 'GetCertificateEvidence',
      method: 'GET',
      path: (m) => `/v1/certificate/${m === 'test' ? resources.testVerification : resources.liveVerification}/evidence`,
    },
    { route: 'GetMonitor', method: 'GET', path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}` },
    { route: 'GetEvent', method: 'GET', path: (m) => `/v1/events/${webhookEvents[m]}` },
    { route: 'GetApiKey', method: 'GET', path: (m) => `/v1/keys/${m === 'test' ? keyIds.ownerTest : keyIds.ownerLive}` },
    { route: 'DeleteMonitor', method: 'DELETE', path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}` },
    { route: 'CheckMonitor', method: 'POST', path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}/check` },
    { route: 'ListEvents', method: 'GET', path: (m) => `/v1/events?monitor_id=${m === 'test' ? resources.testMonitor : resources.liveMonitor}` },
    { route: 'RedeliverEvent', method: 'POST', path: (m) => `/v1/events/${webhookEvents[m]}/redeliver` },
    { route: 'TestMonitorWebhook', method: 'POST', path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}/test-webhook` },
    {
      route: 'RotateMonitorSecret',
      method: 'POST',
      path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}/rotate-secret`,
      body: JSON.stringify({ webhook_secret: 'an-outsiders-secret-0123456789' }),
    },
    { route: 'ListMonitorDeliveries', method: 'GET', path: (m) => `/v1/monitor/${m === 'test' ? resources.testMonitor : resources.liveMonitor}/deliveries` },
    { route: 'RollApiKey', method: 'POST', path: (m) => `/v1/keys/${m === 'test' ? keyIds.ownerTest : keyIds.ownerLive}/roll` },
    { route: 'RevokeApiKey', method: 'DELETE', path: (m) => `/v1/keys/${m === 'test' ? keyIds.ownerTest : keyIds.ownerLive}` },
    { route: 'GetHistoryExport', method: 'GET', path: (m) => `/v1/verifications/exports/${historyExports[m]}` },
    { route: 'GetHistoryExportDownload', method: 'GET', path: (m) => `/v1/verifications/exports/${historyExports[m]}/download` },
  ];

  it('covers every authenticated route with a path parameter', () => {
    const named = routes.filter((r) => r.auth === 'api_key' && r.path.includes('{')).map((r) => r.id);
    expect(named.every((id) => cases.some((c) => c.route === id))).toBe(true);
  });

  for (const c of cases) {
    for (const mode of ['test', 'live'] as const) {
      it(`${c.route}: another account's or mode's ${mode} resource is 404, and stays as it was`, async () => {
        for (const key of outsiders(mode)) {
          const res = await t.call(c.path(mode), { method: c.method, key, ...(c.body ? { body: c.body, headers: json } : {}) });
          // On-demand checks are refused to live keys before any lookup (403 test_mode_only).
          if (c.route === 'CheckMonitor' && (key === keys.ownerLive || key === keys.otherLive)) {
            expect(res.status).toBe(403);
            continue;
          }
          expect(res.status, `${c.route} ${mode}`).toBe(404);
          expect(errorOf(res.body).code).toBe('resource_not_found');
        }
        // The owner still sees it, untouched by the attempts.
        if (c.route === 'GetHistoryExportDownload') {
          // The owner's export exists: its file while it is written (409 export_not_ready), then the redirect to it.
          const own = await t.call(c.path(mode), { key: mode === 'test' ? keys.ownerTest : keys.ownerLive, redirect: 'manual' });
          expect([302, 409], `${c.route} own ${mode}`).toContain(own.status);
          if (own.status === 409) expect(errorOf(own.body).code).toBe('export_not_ready');
        } else if (c.method === 'GET' && !(c.route === 'GetCertificatePdf' && mode === 'live')) {
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
      return res.body as { account_id: string; limits: unknown; months: { verifications: number; test_verifications: number }[] };
    };
    const ownLive = await usageOf(keys.ownerLive);
    const ownTest = await usageOf(keys.ownerTest);
    expect(ownLive.account_id).toBe(owner);
    // The owner made one live verification, and test verifications (one, plus the monitor's initial one and its check).
    expect(ownLive.months[0]).toMatchObject({ verifications: 1 });
    expect(ownLive.months[0]!.test_verifications).toBeGreaterThanOrEqual(1);
    // The same account and months from either mode; only the per-minute limit is the mode's own.
    expect({ ...ownTest, mode: 'live', limits: ownLive.limits }).toEqual(ownLive);
    for (const key of [keys.otherLive, keys.otherTest]) {
      const seen = await usageOf(key);
      expect(seen.account_id).not.toBe(owner);
      expect(JSON.stringify(seen)).not.toContain(owner);
      expect(seen.months[0]).toMatchObject({ verifications: 0, test_verifications: 0 });
    }
  });
});

/**
 * An event of each mode of the owner: the test monitor's check produced one; the live one is stored
 * without its `created_key` at first, so it stays out of the lists (the indexes are sparse) until the
 * list tests above have run.
 */
const webhookEvents = { test: '', live: '' };

beforeAll(async () => {
  webhookEvents.test = ((await t.call('/v1/events', { key: keys.ownerTest })).body.data as { event_id: string }[])[0]!.event_id;
  webhookEvents.live = newId('evt');
  const now = new Date().toISOString();
  await dynamo().send(
    new PutCommand({
      TableName: tableName('events'),
      Item: {
        event_id: webhookEvents.live,
        owner: ownerKey(owner, 'live'),
        monitor_id: resources.liveMonitor,
        kind: 'license.status_changed',
        created_at: now,
        body: JSON.stringify({ event: 'license.status_changed', event_id: webhookEvents.live }),
        delivery: { state: 'failed', attempts: [] },
      },
    }),
  );
});

describe('webhook self-service', () => {
  const storedEvent = async (id: string) => (await dynamo().send(new GetCommand({ TableName: tableName('events'), Key: { event_id: id } }))).Item!;
  const storedMonitor = async (id: string) => (await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: id } }))).Item!;

  it('redelivering, rotating and test events of another account or mode are 404s that change nothing and send nothing', async () => {
    const eventsBefore = { test: await storedEvent(webhookEvents.test), live: await storedEvent(webhookEvents.live) };
    const monitorsBefore = { test: await storedMonitor(resources.testMonitor), live: await storedMonitor(resources.liveMonitor) };
    for (const mode of ['test', 'live'] as const) {
      const monitorId = mode === 'test' ? resources.testMonitor : resources.liveMonitor;
      for (const key of outsiders(mode)) {
        for (const [path, body] of [
          [`/v1/events/${webhookEvents[mode]}/redeliver`, '{}'],
          [`/v1/monitor/${monitorId}/test-webhook`, '{}'],
          [`/v1/monitor/${monitorId}/rotate-secret`, JSON.stringify({ webhook_secret: 'an-outsiders-secret-0123456789', overlap_hours: 168 })],
        ] as const) {
          const res = await t.call(path, { method: 'POST', key, body, headers: json });
          expect(res.status, `${path} as an outsider of ${mode}`).toBe(404);
          expect(errorOf(res.body).code).toBe('resource_not_found');
        }
      }
    }
    expect(await storedEvent(webhookEvents.test)).toEqual(eventsBefore.test);
    expect(await storedEvent(webhookEvents.live)).toEqual(eventsBefore.live);
    expect(await storedMonitor(resources.testMonitor)).toEqual(monitorsBefore.test);
    expect(await storedMonitor(resources.liveMonitor)).toEqual(monitorsBefore.live);
    // No test event was recorded for anyone.
    for (const key of Object.values(keys)) {
      const kinds = ((await t.call('/v1/events', { key })).body.data as { event: string }[]).map((e) => e.event);
      expect(kinds).not.toContain('monitor.test');
    }
  });

  it("lists filtered by delivery state, and a monitor's deliveries, never show another account's or mode's", async () => {
    const now = new Date().toISOString();
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('events'),
        Key: { event_id: webhookEvents.live },
        UpdateExpression: 'SET created_key = :k',
        ExpressionAttributeValues: { ':k': `${now}#${webhookEvents.live}` },
      }),
    );
    const failedOf = async (key: string) =>
      ((await t.call('/v1/events?delivery_state=failed', { key })).body.data as { event_id: string }[]).map((e) => e.event_id);
    expect(await failedOf(keys.ownerLive)).toEqual([webhookEvents.live]);
    for (const key of [keys.ownerTest, keys.otherLive, keys.otherTest]) expect(await failedOf(key)).not.toContain(webhookEvents.live);
    // A cursor of another account's or mode's event is refused, naming it.
    for (const key of [keys.ownerTest, keys.otherLive]) {
      const res = await t.call(`/v1/events?delivery_state=failed&starting_after=${webhookEvents.live}`, { key });
      expect(res.status).toBe(400);
      expect(errorOf(res.body).param).toBe('starting_after');
    }
    const own = await t.call(`/v1/monitor/${resources.testMonitor}/deliveries`, { key: keys.ownerTest });
    expect(own.status).toBe(200);
    for (const d of own.body.data as { event_id: string }[]) expect(d.event_id).toBe(webhookEvents.test);
  });
});

/** The ids of the four keys above, read as their owners see them (a standard key lists itself). */
const keyIds = { ownerLive: '', ownerTest: '', otherLive: '', otherTest: '' };
beforeAll(async () => {
  for (const name of Object.keys(keyIds) as (keyof typeof keyIds)[]) {
    const res = await t.call('/v1/keys', { key: keys[name] });
    keyIds[name] = (res.body.data as { key_id: string }[])[0]!.key_id;
  }
});

describe('API keys', () => {
  const idsSeenBy = async (key: string) => ((await t.call('/v1/keys?limit=100', { key })).body.data as { key_id: string }[]).map((k) => k.key_id);

  it("GET /v1/keys shows a standard key its own account's keys of its mode only; an admin key both modes, never another account's", async () => {
    expect(await idsSeenBy(keys.ownerLive)).toEqual([keyIds.ownerLive]);
    expect(await idsSeenBy(keys.ownerTest)).toEqual([keyIds.ownerTest]);
    expect(await idsSeenBy(keys.otherLive)).toEqual([keyIds.otherLive]);
    expect(await idsSeenBy(keys.otherTest)).toEqual([keyIds.otherTest]);
    const otherAdmin = (
      await t.issue({ plan: 'production', mode: 'live', accountId: (await t.call('/v1/account', { key: keys.otherLive })).body.account_id, admin: true })
    ).api_key;
    const seen = await idsSeenBy(otherAdmin);
    expect(seen).toEqual(expect.arrayContaining([keyIds.otherLive, keyIds.otherTest]));
    expect(seen).not.toContain(keyIds.ownerLive);
    expect(seen).not.toContain(keyIds.ownerTest);
    // A cursor naming another account's key is refused, naming it.
    const res = await t.call(`/v1/keys?starting_after=${keyIds.ownerLive}`, { key: otherAdmin });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).param).toBe('starting_after');
  });

  it("another account's admin key can neither roll nor revoke the owner's keys (404), and they keep working", async () => {
    const otherAccount = (await t.call('/v1/account', { key: keys.otherTest })).body.account_id as string;
    const otherAdmin = (await t.issue({ plan: 'production', mode: 'test', accountId: otherAccount, admin: true })).api_key;
    for (const id of [keyIds.ownerLive, keyIds.ownerTest]) {
      for (const [method, path] of [
        ['POST', `/v1/keys/${id}/roll`],
        ['DELETE', `/v1/keys/${id}`],
      ] as const) {
        const res = await t.call(path, { method, key: otherAdmin });
        expect(res.status, path).toBe(404);
        expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'key_id' });
      }
    }
    for (const key of [keys.ownerLive, keys.ownerTest]) expect((await t.call('/v1/account', { key })).status).toBe(200);
    const own = (await t.call('/v1/keys', { key: keys.ownerLive })).body.data[0];
    expect(own).toMatchObject({ state: 'active', rolled_at: null, revoked_at: null });
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
