/** POST /v1/monitor, GET /v1/monitors, DELETE /v1/monitor/{id} over HTTP. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { monitorPageSchema, monitorSchema } from '#shared/features/monitoring/checks/monitor-schema.ts';
import { deletedMonitorRetentionDays, dueShard } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { errorOf, startStackWithLeie, type TestStack } from '../support/stack.ts';

let t: TestStack;
let liveKey: string;
let testKey: string;

beforeAll(async () => {
  ({ t, liveKey, testKey } = await startStackWithLeie());
});
afterAll(() => t.stop());

const create = async (body: Record<string, unknown>, key = testKey) => {
  const res = await t.call('/v1/monitor', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (res.status === 200) monitorSchema.parse(res.body);
  return res;
};
/** A sandbox provider (test keys are answered from the sandbox directory). */
const helen = { first_name: 'Amelia', last_name: 'Brightwater', state: 'WA', webhook_secret: 'a-very-secret-value-123' };

describe('monitors', () => {
  it('registers a monitor: initial verification, the spec Monitor object, the secret sealed and never returned', async () => {
    const res = await create({ ...helen, webhook_url: 'http://127.0.0.1:9/hooks', alert_days_before_expiry: 30 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'active',
      provider: { name: 'Amelia Rose Brightwater', npi: '1999000015', current_status: 'active' },
      webhook_url: 'http://127.0.0.1:9/hooks',
      alert_days_before_expiry: 30,
      mode: 'test',
    });
    expect(res.body.monitor_id).toMatch(/^mon_[0-9A-Za-z]{24}$/);
    // Next due at the first daily sweep (06:00 UTC) after creation: within 24 hours.
    const untilCheck = Date.parse(res.body.next_check_at) - Date.parse(res.body.created_at);
    expect(untilCheck).toBeGreaterThan(0);
    expect(untilCheck).toBeLessThanOrEqual(24 * 3_600_000);
    expect(res.body.next_check_at).toMatch(/T06:00:00\.000Z$/);
    expect(res.text).not.toContain(helen.webhook_secret);
    const stored = await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: res.body.monitor_id } }));
    expect(JSON.stringify(stored.Item)).not.toContain(helen.webhook_secret);
    expect(stored.Item!.webhook_secret_sealed).toMatch(/^aes2:/);
    expect(stored.Item!.expires_at).toBeUndefined();
    expect(stored.Item!.due_shard).toMatch(/^shard#\d{2}$/);
  });

  it('validates every field, naming it', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...helen, webhook_url: 'http://127.0.0.1/x', webhook_secret: 'short' }, 'webhook_secret'],
      [{ ...helen, webhook_url: 'http://127.0.0.1/x', alert_days_before_expiry: 0 }, 'alert_days_before_expiry'],
      [{ ...helen, webhook_url: 'http://127.0.0.1/x', alert_days_before_expiry: 366 }, 'alert_days_before_expiry'],
      [{ ...helen, webhook_url: 'not a url' }, 'webhook_url'],
      [{ ...helen }, 'webhook_url'],
      [{ ...helen, webhook_url: 'http://127.0.0.1/x', state: 'ZZ' }, 'state'],
      [{ ...helen, webhook_url: 'http://127.0.0.1/x', colour: 'red' }, 'colour'],
    ];
    for (const [body, param] of cases) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param });
    }
  });

  it('refuses webhook URLs that reach private addresses, and http on live keys', async () => {
    for (const url of ['https://10.0.0.5/hook', 'https://169.254.169.254/latest/meta-data', 'https://[::1]/hook', 'https://192.168.1.10/x']) {
      const res = await create({ ...helen, webhook_url: url }, liveKey);
      expect(res.status, url).toBe(400);
      expect(errorOf(res.body).param).toBe('webhook_url');
    }
    expect(errorOf((await create({ ...helen, webhook_url: 'http://127.0.0.1/hook' }, liveKey)).body).param).toBe('webhook_url');
  });

  it('refuses ports other than 443 and 8443, documentation and Teredo addresses, and loopback for live keys even on the local stack', async () => {
    const cases: [string, string, RegExp][] = [
      ['https://hooks.example.com:8080/hook', liveKey, /port 443 or 8443/],
      ['https://93.184.216.34:22/hook', testKey, /port 443 or 8443/],
      ['https://203.0.113.5/hook', liveKey, /non-public address/],
      ['https://[2001:db8::1]/hook', testKey, /non-public address/],
      ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook', liveKey, /non-public address/],
      ['https://127.0.0.1/hook', liveKey, /non-public address/],
      ['https://localhost:8443/hook', liveKey, /non-public address/],
    ];
    for (const [url, key, reason] of cases) {
      const res = await create({ ...helen, webhook_url: url }, key);
      expect(res.status, url).toBe(400);
      expect(errorOf(res.body), url).toMatchObject({ param: 'webhook_url', message: expect.stringMatching(reason) });
    }
  });

  it("lists the caller's monitors newest first with a cursor, never another account's or mode's", async () => {
    const own = await t.issue({ plan: 'production', mode: 'test' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create({ ...helen, webhook_url: `http://127.0.0.1:9/h${i}` }, own.api_key)).body.monitor_id);
    const page1 = await t.call('/v1/monitors?limit=2', { key: own.api_key });
    monitorPageSchema.parse(page1.body);
    expect(page1.body.data.map((m: any) => m.monitor_id)).toEqual([ids[4], ids[3]]);
    expect(page1.body).toMatchObject({ has_more: true, next_cursor: ids[3] });
    const page2 = await t.call(`/v1/monitors?limit=2&starting_after=${page1.body.next_cursor}`, { key: own.api_key });
    expect(page2.body.data.map((m: any) => m.monitor_id)).toEqual([ids[2], ids[1]]);
    const page3 = await t.call(`/v1/monitors?limit=2&starting_after=${page2.body.next_cursor}`, { key: own.api_key });
    expect(page3.body).toMatchObject({ has_more: false, next_cursor: null });
    expect(page3.body.data.map((m: any) => m.monitor_id)).toEqual([ids[0]]);
    const other = await t.call('/v1/monitors', { key: liveKey });
    expect(other.body.data.some((m: any) => ids.includes(m.monitor_id))).toBe(false);
    expect(errorOf((await t.call('/v1/monitors?limit=101', { key: own.api_key })).body).param).toBe('limit');
    expect(errorOf((await t.call(`/v1/monitors?starting_after=${ids[0]}`, { key: liveKey })).body).param).toBe('starting_after');
  });

  it('deletes: 200 with status deleted, out of the due index; unknown or foreign ids are 404', async () => {
    const id = (await create({ ...helen, webhook_url: 'http://127.0.0.1:9/del' })).body.monitor_id;
    expect((await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: liveKey })).status).toBe(404);
    const res = await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: testKey });
    expect(res.status).toBe(200);
    expect(monitorSchema.parse(res.body)).toMatchObject({ monitor_id: id, status: 'deleted', next_check_at: null });
    const stored = await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: id } }));
    expect(stored.Item!.due_shard).toBeUndefined();
    expect((await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: testKey })).body.status).toBe('deleted');
    expect((await t.call('/v1/monitor/mon_nope', { method: 'DELETE', key: testKey })).status).toBe(404);
  });

  it('a deleted monitor loses its sealed secret at once and expires (DynamoDB TTL) 30 days on; active monitors never expire', async () => {
    const id = (await create({ ...helen, webhook_url: 'http://127.0.0.1:9/ttl' })).body.monitor_id;
    const read = async () => (await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: id }, ConsistentRead: true }))).Item!;
    const before = await read();
    expect(before.expires_at).toBeUndefined();
    expect(before.webhook_secret_sealed).toMatch(/^aes2:/);

    const res = await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: testKey });
    expect(res.status).toBe(200);
    const after = await read();
    expect(deletedMonitorRetentionDays).toBe(30);
    expect(after.expires_at).toBe(Math.floor(Date.parse(after.deleted_at) / 1000) + 30 * 86_400);
    expect(after.webhook_secret_sealed).toBeUndefined();
    expect(after.due_shard).toBeUndefined();
    // The URL stays until then: the deleted monitor is still listed and answered as it was.
    expect(after.webhook_url).toBe('http://127.0.0.1:9/ttl');
    expect((await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: testKey })).body).toMatchObject({
      status: 'deleted',
      webhook_url: 'http://127.0.0.1:9/ttl',
    });
    expect((await t.call('/v1/monitors?limit=100', { key: testKey })).body.data.map((m: any) => m.monitor_id)).toContain(id);
    // A deleted monitor is not checked, and not swept even when its check time has passed.
    expect((await t.call(`/v1/monitor/${id}/check`, { method: 'POST', key: testKey })).status).toBe(404);
    const due = await new DynamoMonitorStore().due(dueShard(id), new Date(Date.now() + 2 * 86_400_000), 1000);
    expect(due.items.map((m) => m.monitorId)).not.toContain(id);
  });

  it('an expired deleted monitor is gone on every read, before DynamoDB removes it: 404 everywhere, never listed', async () => {
    const id = (await create({ ...helen, webhook_url: 'http://127.0.0.1:9/expired' })).body.monitor_id;
    expect((await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: testKey })).status).toBe(200);
    // 30 days later: TTL deletion runs late (up to days), and locally never; the record is still there.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('monitors'),
        Key: { monitor_id: id },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await t.call(`/v1/monitor/${id}`, { method: 'DELETE', key: testKey })).status).toBe(404);
    expect((await t.call(`/v1/monitor/${id}/check`, { method: 'POST', key: testKey })).status).toBe(404);
    expect((await t.call(`/v1/events?monitor_id=${id}`, { key: testKey })).status).toBe(404);
    expect((await t.call('/v1/monitors?limit=100', { key: testKey })).body.data.map((m: any) => m.monitor_id)).not.toContain(id);
    expect(await new DynamoMonitorStore().get(id)).toBeUndefined();
  });
});
