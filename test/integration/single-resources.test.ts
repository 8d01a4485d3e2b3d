/**
 * The single resources integrators GET by id, over HTTP against the local stack, every answer checked
 * against the served OpenAPI document: `GET /v1/monitor/{monitor_id}` (the view of the list and the
 * create answer, with a secret rotation in progress and never a secret), `GET /v1/events/{event_id}`
 * (the view of `GET /v1/events`) and `GET /v1/keys/{key_id}` (the view of `GET /v1/keys`, never the
 * key). Another account's or mode's resource, one the key may not manage, a malformed id and a monitor
 * expired after its deletion are 404 `resource_not_found` naming the parameter; reading changes nothing.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeySchema } from '#shared/features/accounts/key-view-schema.ts';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { eventSchema } from '#shared/features/monitoring/delivery/event-view.ts';
import { monitorSchema } from '#shared/features/monitoring/checks/monitor-schema.ts';
import { OpenApiValidator } from '../support/openapi-validator.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
let contract: OpenApiValidator;
let accountId: string;
/** A standard test key, a standard live key and an admin test key of one account; a standard test key of another. */
const keys = { test: '', live: '', admin: '', other: '' };
const keyIds = { test: '', live: '', admin: '', other: '' };
const secret = 'single-resources-secret-0123456789';
const newSecret = 'single-resources-rotated-9876543210';
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  t = await startTestStack();
  contract = new OpenApiValidator((await t.call('/v1/openapi.json')).body);
  const test = await t.issue({ plan: 'production', mode: 'test', minuteLimit: 10_000 });
  accountId = test.account_id;
  keys.test = test.api_key;
  keyIds.test = test.key_id;
  const live = await t.issue({ plan: 'production', mode: 'live', accountId, minuteLimit: 10_000 });
  keys.live = live.api_key;
  keyIds.live = live.key_id;
  const admin = await t.issue({ plan: 'production', mode: 'test', accountId, admin: true, minuteLimit: 10_000 });
  keys.admin = admin.api_key;
  keyIds.admin = admin.key_id;
  const other = await t.issue({ plan: 'production', mode: 'test', minuteLimit: 10_000 });
  keys.other = other.api_key;
  keyIds.other = other.key_id;
});
afterAll(() => t.stop());

/** A request whose answer is checked against the served contract. */
async function checked(method: 'GET' | 'POST' | 'DELETE', url: string, key: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = text === undefined ? {} : json;
  const res = await t.call(url, { method, key, headers, ...(text === undefined ? {} : { body: text }) });
  expect(
    contract.responseViolations({
      method,
      url,
      requestHeaders: { authorization: `Bearer ${key}`, ...headers },
      requestBody: text,
      status: res.status,
      responseHeaders: res.headers,
      responseBody: res.text,
    }),
    `${method} ${url}`,
  ).toEqual([]);
  return res;
}

const get = (url: string, key = keys.test) => checked('GET', url, key);

/** A 404 `resource_not_found` naming `param`. */
function expectNotFound(res: Awaited<ReturnType<typeof get>>, param: string, what: string) {
  expect(res.status, what).toBe(404);
  expect(errorOf(res.body), what).toMatchObject({ code: 'resource_not_found', param });
}

const storedMonitor = async (id: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: id }, ConsistentRead: true }))).Item!;

const setMonitor = (id: string, update: string, values?: Record<string, unknown>) =>
  dynamo().send(
    new UpdateCommand({
      TableName: tableName('monitors'),
      Key: { monitor_id: id },
      UpdateExpression: update,
      ...(values ? { ExpressionAttributeValues: values } : {}),
    }),
  );

async function createMonitor(lastName = 'test-flapping'): Promise<Record<string, any>> {
  const res = await checked('POST', '/v1/monitor', keys.test, {
    first_name: 'Dana',
    last_name: lastName,
    state: 'WA',
    webhook_url: 'http://127.0.0.1:9/hook',
    webhook_secret: secret,
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('GET /v1/monitor/{monitor_id}', () => {
  it('answers the monitor as the create answer and the list show it, with no rotation and never a secret', async () => {
    const created = await createMonitor();
    expect(created.secret_rotation).toBeNull();
    const res = await get(`/v1/monitor/${created.monitor_id}`);
    expect(res.status).toBe(200);
    expect(monitorSchema.parse(res.body)).toEqual(created);
    const listed = (await get('/v1/monitors?limit=100')).body.data as { monitor_id: string }[];
    expect(listed.find((m) => m.monitor_id === created.monitor_id)).toEqual(res.body);
    expect(res.text).not.toContain(secret);
    expect(res.text).not.toMatch(/sealed|aes2:/);
  });

  it('shows a secret rotation while its overlap lasts: when it was made and until when the old secret signs; null after, and with no overlap', async () => {
    const { monitor_id: id } = await createMonitor();
    const rotated = await checked('POST', `/v1/monitor/${id}/rotate-secret`, keys.test, { webhook_secret: newSecret, overlap_hours: 2 });
    expect(rotated.status).toBe(200);
    const during = await get(`/v1/monitor/${id}`);
    expect(during.body.secret_rotation).toEqual({ rotated_at: rotated.body.rotated_at, previous_secret_expires_at: rotated.body.previous_secret_expires_at });
    expect(during.text).not.toContain(secret);
    expect(during.text).not.toContain(newSecret);
    // The list and the on-demand check show the same view.
    const listed = (await get('/v1/monitors?limit=100')).body.data as { monitor_id: string; secret_rotation: unknown }[];
    expect(listed.find((m) => m.monitor_id === id)!.secret_rotation).toEqual(during.body.secret_rotation);
    const check = await checked('POST', `/v1/monitor/${id}/check`, keys.test, {});
    expect(check.status).toBe(200);
    expect(check.body.monitor.secret_rotation).toEqual(during.body.secret_rotation);

    // A rotation stored before its time was recorded: shown, with `rotated_at: null`.
    await setMonitor(id, 'REMOVE secret_rotated_at');
    expect((await get(`/v1/monitor/${id}`)).body.secret_rotation).toEqual({
      rotated_at: null,
      previous_secret_expires_at: rotated.body.previous_secret_expires_at,
    });

    // The overlap has ended (the old secret is not removed until the next delivery): no rotation in progress.
    await setMonitor(id, 'SET previous_secret_expires_at = :past', { ':past': new Date(Date.now() - 1_000).toISOString() });
    expect((await storedMonitor(id)).previous_webhook_secret_sealed).toBeDefined();
    expect((await get(`/v1/monitor/${id}`)).body.secret_rotation).toBeNull();

    // A rotation with no overlap is never in progress.
    expect((await checked('POST', `/v1/monitor/${id}/rotate-secret`, keys.test, { webhook_secret: secret, overlap_hours: 0 })).status).toBe(200);
    expect((await get(`/v1/monitor/${id}`)).body.secret_rotation).toBeNull();
  });

  it('answers a deleted monitor, as the list does, until it expires; then 404', async () => {
    const { monitor_id: id } = await createMonitor('Thomas');
    expect((await checked('POST', `/v1/monitor/${id}/rotate-secret`, keys.test, { webhook_secret: newSecret })).status).toBe(200);
    const deleted = await checked('DELETE', `/v1/monitor/${id}`, keys.test);
    expect(deleted.status).toBe(200);
    const res = await get(`/v1/monitor/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(deleted.body);
    expect(res.body).toMatchObject({ status: 'deleted', next_check_at: null, secret_rotation: null });
    await setMonitor(id, 'SET expires_at = :past', { ':past': Math.floor(Date.now() / 1000) - 1 });
    expectNotFound(await get(`/v1/monitor/${id}`), 'monitor_id', 'expired');
  });

  it("is 404 for another account's or mode's monitor and for malformed ids, and reading changes nothing", async () => {
    const { monitor_id: id } = await createMonitor();
    const before = await storedMonitor(id);
    for (const key of [keys.live, keys.other]) expectNotFound(await get(`/v1/monitor/${id}`, key), 'monitor_id', key);
    for (const bad of [
      'mon_nope',
      `mon_${'0'.repeat(24)}`,
      'evt_AAAAAAAAAAAAAAAAAAAAAAAA',
      id.toLowerCase().replace('mon_', 'MON_'),
      `${id}x`,
      '%00',
      '..%2Fmonitors',
    ]) {
      expectNotFound(await get(`/v1/monitor/${bad}`), 'monitor_id', bad);
    }
    expect(await storedMonitor(id)).toEqual(before);
    // A query string is refused, as on every route that takes none.
    const query = await get(`/v1/monitor/${id}?expand=secret`);
    expect(query.status).toBe(400);
  });
});

describe('GET /v1/events/{event_id}', () => {
  it('answers the event as GET /v1/events lists it, with every delivery attempt', async () => {
    const { monitor_id: id } = await createMonitor();
    const check = await checked('POST', `/v1/monitor/${id}/check`, keys.test, {});
    expect(check.status).toBe(200);
    const [produced] = check.body.events as { event_id: string }[];
    expect(produced).toBeDefined();
    // The receiver (port 9) refuses connections: the first attempt fails and is recorded.
    await expect
      .poll(async () => ((await get(`/v1/events/${produced!.event_id}`)).body.delivery.attempts as unknown[]).length, { timeout: 20_000, interval: 200 })
      .toBeGreaterThan(0);
    const res = await get(`/v1/events/${produced!.event_id}`);
    expect(res.status).toBe(200);
    const event = eventSchema.parse(res.body);
    expect(event).toMatchObject({ event_id: produced!.event_id, monitor_id: id });
    const listed = (await get(`/v1/events?monitor_id=${id}`)).body.data as { event_id: string }[];
    expect(listed.find((e) => e.event_id === event.event_id)).toEqual(res.body);
    expect(res.text).not.toContain(secret);
  });

  it("is 404 for another account's or mode's event and for malformed ids", async () => {
    const { monitor_id: id } = await createMonitor();
    const [produced] = (await checked('POST', `/v1/monitor/${id}/check`, keys.test, {})).body.events as { event_id: string }[];
    for (const key of [keys.live, keys.other]) expectNotFound(await get(`/v1/events/${produced!.event_id}`, key), 'event_id', key);
    for (const bad of ['evt_nope', `evt_${'0'.repeat(24)}`, id, `${produced!.event_id}/`, '%E2%80%AE']) {
      const res = await get(`/v1/events/${bad}`);
      expect(res.status, bad).toBe(404);
      errorOf(res.body);
    }
  });
});

describe('GET /v1/keys/{key_id}', () => {
  it('answers a key the caller may manage as GET /v1/keys lists it, never the key itself', async () => {
    const res = await get(`/v1/keys/${keyIds.test}`);
    expect(res.status).toBe(200);
    const view = apiKeySchema.parse(res.body);
    expect(view).toMatchObject({ key_id: keyIds.test, mode: 'test', role: 'standard', state: 'active' });
    const listed = (await get('/v1/keys?limit=100')).body.data as { key_id: string }[];
    expect(listed.find((k) => k.key_id === keyIds.test)).toEqual(res.body);
    expect(res.text).not.toContain(keys.test);
    expect(res.text).not.toContain('key_hash');
    // An admin key sees every key of its account, both modes.
    for (const id of [keyIds.test, keyIds.live, keyIds.admin]) expect((await get(`/v1/keys/${id}`, keys.admin)).status, id).toBe(200);
  });

  it('shows a roll and a revocation at once (the key is read as stored)', async () => {
    const made = await checked('POST', '/v1/keys', keys.admin, { name: 'to-roll' });
    expect(made.status).toBe(201);
    const id = made.body.key_id as string;
    await expect.poll(async () => (await get(`/v1/keys/${id}`, keys.admin)).status, { timeout: 5_000, interval: 100 }).toBe(200);
    const rolled = await checked('POST', `/v1/keys/${id}/roll`, keys.admin, { grace_period_hours: 1 });
    expect(rolled.status).toBe(201);
    const old = await get(`/v1/keys/${id}`, keys.admin);
    expect(old.body).toMatchObject({ state: 'expiring', replaced_by: rolled.body.key_id });
    expect((await checked('DELETE', `/v1/keys/${id}`, keys.admin)).status).toBe(200);
    expect((await get(`/v1/keys/${id}`, keys.admin)).body).toMatchObject({ state: 'revoked' });
  });

  it('is 404 for a key the caller may not manage (other account, other mode, an admin key) and for malformed ids', async () => {
    // A standard key: its own mode's standard keys only.
    for (const id of [keyIds.live, keyIds.admin, keyIds.other]) expectNotFound(await get(`/v1/keys/${id}`), 'key_id', id);
    // An admin key: never another account's.
    expectNotFound(await get(`/v1/keys/${keyIds.other}`, keys.admin), 'key_id', 'admin, other account');
    for (const bad of ['key_nope', `key_${'0'.repeat(24)}`, keys.test, 'mon_AAAAAAAAAAAAAAAAAAAAAAAA', '..%2F..%2Fv1%2Faccount']) {
      expectNotFound(await get(`/v1/keys/${encodeURIComponent(bad)}`), 'key_id', bad);
    }
    // The key itself is never an id: its text does not come back.
    expect((await get(`/v1/keys/${encodeURIComponent(keys.test)}`)).text).not.toContain(keys.test);
  });
});
