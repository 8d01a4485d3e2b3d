/**
 * The keys API over HTTP against the local stack: list, create, roll and revoke under the permission
 * model; the secret shown once and never listed; last use to the minute; the usable-key limit exact under
 * concurrent creates; concurrent rolls of one key (one wins); a roll racing with the old key's requests
 * (all succeed during the grace period, all 401 after); every exchange as the OpenAPI document says.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { apiKeyHint, generateApiKey, hashApiKey } from '#shared/features/accounts/api-keys.ts';
import { actorOf, usableKeyLimit } from '#shared/features/accounts/key-rules.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import type { AccountStore } from '#shared/features/accounts/accounts.ts';
import { rollKey } from '#shared/features/accounts/key-management.ts';
import { abandonedAfterMs } from '#shared/features/accounts/key-slots.ts';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { apiKeyPageSchema, apiKeySchema, createdApiKeySchema } from '#shared/features/accounts/key-view-schema.ts';
import { minuteWindow } from '#shared/features/limits/windows.ts';
import { dynamoItemBytes } from '../support/dynamo-item-size.ts';
import { OpenApiValidator, type Exchange } from '../support/openapi-validator.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

const root = join(import.meta.dirname, '..', '..');
let t: TestStack;
const recorded: Exchange[] = [];

beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

interface Call {
  readonly method?: string;
  readonly key?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** Sends a request, records the exchange for the contract check, and returns status, headers and JSON. */
async function send(url: string, call: Call = {}) {
  const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
  const body = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
  const requestHeaders: Record<string, string> = {
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(call.key ? { authorization: `Bearer ${call.key}` } : {}),
    ...call.headers,
  };
  const res = await fetch(`${t.url}${url}`, { method, headers: requestHeaders, body });
  const text = await res.text();
  recorded.push({ method, url, requestHeaders, requestBody: body, status: res.status, responseHeaders: res.headers, responseBody: text });
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, body: json, text };
}

const list = (key: string, query = '') => send(`/v1/keys${query}`, { key });
const create = (key: string, body: unknown = {}, headers: Record<string, string> = {}) => send('/v1/keys', { key, body, headers });
const roll = (key: string, id: string, body: unknown = {}) => send(`/v1/keys/${id}/roll`, { key, body });
const revoke = (key: string, id: string) => send(`/v1/keys/${id}`, { key, method: 'DELETE' });
const works = async (key: string) => (await send('/v1/account', { key })).status;

/** A new account with a live admin key, with a per-minute limit the bursts cannot reach. */
async function account() {
  const admin = await t.issue({ plan: 'production', mode: 'live', minuteLimit: 100_000, admin: true });
  return { accountId: admin.account_id, admin: admin.api_key, adminId: admin.key_id };
}

async function allKeys(key: string) {
  const res = await list(key, '?limit=100');
  expect(res.status).toBe(200);
  return apiKeyPageSchema.parse(res.body).data;
}

/** Fires `count` concurrent GETs, or POSTs of `body`, from a child process; the statuses, in no particular order. */
async function fire(url: string, key: string, count: number, body?: string): Promise<number[]> {
  const args = [join(root, 'test/support/fire-requests.mjs'), url, key, String(count), ...(body === undefined ? [] : [body])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  expect(code).toBe(0);
  return JSON.parse(out) as number[];
}

/** The account's usable-key slot items (key-slots.ts), as stored. */
async function slotItems(accountId: string) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName('usage'),
      KeyConditionExpression: 'account_id = :a AND begins_with(#p, :s)',
      ExpressionAttributeNames: { '#p': 'period' },
      ExpressionAttributeValues: { ':a': accountId, ':s': 'api_key_slot#' },
    }),
  );
  return out.Items!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('GET /v1/keys', () => {
  it('lists the keys with id, hint, mode, role, dates and state, never the key or its hash; last use to the minute', async () => {
    const { admin, adminId, accountId } = await account();
    const test = await t.issue({ plan: 'production', mode: 'test', accountId });
    expect(await works(test.api_key)).toBe(200);
    const res = await list(admin);
    expect(res.status).toBe(200);
    const keys = apiKeyPageSchema.parse(res.body).data;
    expect(keys.map((k) => k.key_id)).toEqual([test.key_id, adminId]);
    expect(keys.find((k) => k.key_id === adminId)).toMatchObject({ mode: 'live', role: 'admin', state: 'active', hint: `svc_live_…${admin.slice(-4)}` });
    expect(keys.find((k) => k.key_id === test.key_id)).toMatchObject({ mode: 'test', role: 'standard', state: 'active' });
    // The listing key was used by this very request; last use is its minute.
    expect(keys.find((k) => k.key_id === adminId)!.last_used_at).toBe(`${minuteWindow(new Date()).key}:00.000Z`);
    expect(res.text).not.toContain(admin);
    expect(res.text).not.toContain(test.api_key);
    expect(res.text).not.toContain('key_hash');
    expect(res.text).not.toMatch(/[0-9a-f]{64}/);
  });

  it('pages newest first with limit and starting_after; a cursor that is not one of the caller’s keys is 400', async () => {
    const { admin } = await account();
    for (let i = 0; i < 3; i++) expect((await create(admin, { name: `k${i}` })).status).toBe(201);
    const first = apiKeyPageSchema.parse((await list(admin, '?limit=2')).body);
    expect(first.data.map((k) => k.name)).toEqual(['k2', 'k1']);
    expect(first.has_more).toBe(true);
    const second = apiKeyPageSchema.parse((await list(admin, `?limit=2&starting_after=${first.next_cursor}`)).body);
    expect(second.data.map((k) => k.name)).toEqual(['k0', null]);
    expect(second).toMatchObject({ has_more: false, next_cursor: null });
    const other = await account();
    const bad = await list(admin, `?starting_after=${other.adminId}`);
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).param).toBe('starting_after');
  });

  it('a standard key sees only the standard keys of its own mode', async () => {
    const { admin, adminId } = await account();
    const liveStd = createdApiKeySchema.parse((await create(admin, { name: 'app' })).body);
    const testStd = createdApiKeySchema.parse((await create(admin, { mode: 'test' })).body);
    const seen = await allKeys(liveStd.api_key!);
    expect(seen.map((k) => k.key_id)).toEqual([liveStd.key_id]);
    expect(seen.map((k) => k.key_id)).not.toContain(adminId);
    expect(seen.map((k) => k.key_id)).not.toContain(testStd.key_id);
  });
});

describe('POST /v1/keys', () => {
  it('creates a working key, shown once (201), of the caller’s mode by default; an admin key makes admin and other-mode keys', async () => {
    const { admin } = await account();
    const res = await create(admin, { name: 'billing-service' });
    expect(res.status).toBe(201);
    const made = createdApiKeySchema.parse(res.body);
    expect(made).toMatchObject({ name: 'billing-service', mode: 'live', role: 'standard', state: 'active', last_used_at: null });
    expect(made.api_key).toMatch(/^svc_live_/);
    expect(await works(made.api_key!)).toBe(200);
    const listed = (await allKeys(admin)).find((k) => k.key_id === made.key_id)!;
    expect(listed.hint).toBe(`svc_live_…${made.api_key!.slice(-4)}`);
    const adminTest = createdApiKeySchema.parse((await create(admin, { mode: 'test', admin: true })).body);
    expect(adminTest).toMatchObject({ mode: 'test', role: 'admin' });
    expect(adminTest.api_key).toMatch(/^svc_test_/);
    // An empty body is an empty request.
    expect((await send('/v1/keys', { key: admin, method: 'POST' })).status).toBe(201);
  });

  it('a standard key may not make admin keys or keys of the other mode (403), and nothing is made', async () => {
    const { admin } = await account();
    const std = createdApiKeySchema.parse((await create(admin)).body).api_key!;
    const before = (await allKeys(admin)).length;
    const asAdmin = await create(std, { admin: true });
    expect(asAdmin.status).toBe(403);
    expect(errorOf(asAdmin.body)).toMatchObject({ code: 'api_key_permission_denied', param: 'admin' });
    const otherMode = await create(std, { mode: 'test' });
    expect(otherMode.status).toBe(403);
    expect(errorOf(otherMode.body)).toMatchObject({ code: 'api_key_permission_denied', param: 'mode' });
    expect((await create(std, { mode: 'live', name: 'ok' })).status).toBe(201);
    expect((await allKeys(admin)).length).toBe(before + 1);
  });

  it('a retried create with the same Idempotency-Key makes no second key: the replay names the same key without the secret', async () => {
    const { admin } = await account();
    const headers = { 'idempotency-key': `create-${Date.now()}` };
    const first = await create(admin, { name: 'retried' }, headers);
    const again = await create(admin, { name: 'retried' }, headers);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const a = createdApiKeySchema.parse(first.body);
    const b = createdApiKeySchema.parse(again.body);
    expect(b.key_id).toBe(a.key_id);
    expect(a.api_key).toMatch(/^svc_live_/);
    expect(b.api_key).toBeNull();
    expect((await allKeys(admin)).filter((k) => k.name === 'retried')).toHaveLength(1);
  });

  it('a standard key repeating an admin key’s Idempotency-Key gets no replay of the admin key’s answer: its own request is checked and made', async () => {
    const { admin } = await account();
    const std = createdApiKeySchema.parse((await create(admin, { name: 'std' })).body).api_key!;
    const headers = { 'idempotency-key': `shared-${Date.now()}` };
    const byAdmin = await create(admin, { admin: true, name: 'admin-made' }, headers);
    expect(byAdmin.status).toBe(201);
    const byStandard = await create(std, { admin: true, name: 'admin-made' }, headers);
    expect(byStandard.status).toBe(403);
    expect(byStandard.headers.get('idempotent-replayed')).toBeNull();
    expect(errorOf(byStandard.body).code).toBe('api_key_permission_denied');
    // A key rolled between retries still gets its replay: the scope is the key's role, not the key.
    const rolledAdmin = createdApiKeySchema.parse((await roll(admin, createdApiKeySchema.parse(byAdmin.body).key_id, { grace_period_hours: 0 })).body);
    const replay = await create(rolledAdmin.api_key!, { admin: true, name: 'admin-made' }, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(createdApiKeySchema.parse(replay.body).key_id).toBe(createdApiKeySchema.parse(byAdmin.body).key_id);
  });

  it(`concurrent creates at the limit: exactly ${usableKeyLimit} usable keys, the rest 403; a revoked key frees its place`, async () => {
    const { admin } = await account();
    const body = JSON.stringify({ name: 'burst' });
    const [a, b] = await Promise.all([fire(`${t.url}/v1/keys`, admin, 15, body), fire(`${t.url}/v1/keys`, admin, 15, body)]);
    const statuses = [...a, ...b];
    expect(statuses.filter((s) => s === 201)).toHaveLength(usableKeyLimit - 1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(30 - (usableKeyLimit - 1));
    const keys = await allKeys(admin);
    expect(keys.filter((k) => k.state === 'active')).toHaveLength(usableKeyLimit);
    const full = await create(admin);
    expect(full.status).toBe(403);
    expect(errorOf(full.body)).toMatchObject({ code: 'api_key_limit_reached', limit: usableKeyLimit });
    // At the limit, a roll with a grace period needs a 21st place: refused, and the key is as before.
    const victim = keys.find((k) => k.name === 'burst')!;
    const refused = await roll(admin, victim.key_id, { grace_period_hours: 1 });
    expect(refused.status).toBe(403);
    expect((await allKeys(admin)).find((k) => k.key_id === victim.key_id)).toMatchObject({ state: 'active', rolled_at: null, expires_at: null });
    // A roll without grace hands the old key's place to the new one.
    expect((await roll(admin, victim.key_id, { grace_period_hours: 0 })).status).toBe(201);
    expect((await create(admin)).status).toBe(403);
    expect((await revoke(admin, keys.find((k) => k.name === 'burst' && k.key_id !== victim.key_id)!.key_id)).status).toBe(200);
    expect((await create(admin)).status).toBe(201);
    expect((await create(admin)).status).toBe(403);
  });
});

describe('POST /v1/keys/{key_id}/roll', () => {
  it('answers the new key once (same mode, role, name); the old one is expiring for the default 24 hours, and both work', async () => {
    const { admin } = await account();
    const old = createdApiKeySchema.parse((await create(admin, { name: 'app', mode: 'test' })).body);
    const before = Date.now();
    const res = await roll(admin, old.key_id);
    expect(res.status).toBe(201);
    const fresh = createdApiKeySchema.parse(res.body);
    expect(fresh).toMatchObject({ name: 'app', mode: 'test', role: 'standard', state: 'active', replaces: old.key_id });
    expect(fresh.api_key).toMatch(/^svc_test_/);
    const listedOld = (await allKeys(admin)).find((k) => k.key_id === old.key_id)!;
    expect(listedOld).toMatchObject({ state: 'expiring', replaced_by: fresh.key_id });
    const end = Date.parse(listedOld.expires_at!);
    expect(end).toBeGreaterThanOrEqual(before + 24 * 3_600_000 - 1000);
    expect(end).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000 + 1000);
    expect(await works(old.api_key!)).toBe(200);
    expect(await works(fresh.api_key!)).toBe(200);
    // Rolled once: again is 409; its replacement can be rolled in turn.
    const twice = await roll(admin, old.key_id);
    expect(twice.status).toBe(409);
    expect(errorOf(twice.body)).toMatchObject({ code: 'api_key_already_rolled', param: 'key_id' });
    expect((await roll(admin, fresh.key_id, { grace_period_hours: 0.5 })).status).toBe(201);
  });

  it('with grace 0 the old key stops at once with a 401 that says it was rolled; a revoked key cannot be rolled (409)', async () => {
    const { admin } = await account();
    const old = createdApiKeySchema.parse((await create(admin)).body);
    const res = await roll(old.api_key!, old.key_id, { grace_period_hours: 0 });
    expect(res.status).toBe(201);
    const refused = await send('/v1/account', { key: old.api_key! });
    expect(refused.status).toBe(401);
    expect(errorOf(refused.body).code).toBe('authentication_failed');
    expect(errorOf(refused.body).message).toMatch(/expired at .*rolled/);
    const other = createdApiKeySchema.parse((await create(admin)).body);
    expect((await revoke(admin, other.key_id)).status).toBe(200);
    const inactive = await roll(admin, other.key_id);
    expect(inactive.status).toBe(409);
    expect(errorOf(inactive.body).code).toBe('api_key_inactive');
  });

  it('a retried roll with the same Idempotency-Key makes one replacement: the replay names it without the secret', async () => {
    const { admin } = await account();
    const old = createdApiKeySchema.parse((await create(admin, { name: 'retried-roll' })).body);
    const headers = { 'idempotency-key': `roll-${old.key_id}` };
    const first = await send(`/v1/keys/${old.key_id}/roll`, { key: admin, body: { grace_period_hours: 1 }, headers });
    const again = await send(`/v1/keys/${old.key_id}/roll`, { key: admin, body: { grace_period_hours: 1 }, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(createdApiKeySchema.parse(again.body)).toMatchObject({ key_id: first.body.key_id, api_key: null });
    expect((await allKeys(admin)).filter((k) => k.replaces === old.key_id)).toHaveLength(1);
  });

  it('10 concurrent rolls of one key: exactly one succeeds, the others 409, one usable replacement exists (the losers’ are revoked)', async () => {
    const { admin } = await account();
    const old = createdApiKeySchema.parse((await create(admin, { name: 'raced' })).body);
    const body = JSON.stringify({ grace_period_hours: 1 });
    const statuses = await fire(`${t.url}/v1/keys/${old.key_id}/roll`, admin, 10, body);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const keys = await allKeys(admin);
    const replacements = keys.filter((k) => k.replaces === old.key_id);
    expect(replacements.filter((k) => k.state === 'active').map((k) => k.key_id)).toEqual([keys.find((k) => k.key_id === old.key_id)!.replaced_by]);
    expect(replacements.filter((k) => k.state !== 'active').every((k) => k.state === 'revoked')).toBe(true);
  });

  it('a roll racing with the old key’s requests: every request in the grace period succeeds, every one after it gets 401', async () => {
    const { admin } = await account();
    const old = createdApiKeySchema.parse((await create(admin, { name: 'busy' })).body);
    // A grace period of 7.2 seconds: requests with the old key run before, during and after the roll.
    const during = fire(`${t.url}/v1/account`, old.api_key!, 40);
    const rolled = await roll(admin, old.key_id, { grace_period_hours: 0.002 });
    expect(rolled.status).toBe(201);
    const fresh = createdApiKeySchema.parse(rolled.body);
    const stillOld = await Promise.all(Array.from({ length: 10 }, () => works(old.api_key!)));
    expect(await during).toEqual(Array(40).fill(200));
    expect(stillOld).toEqual(Array(10).fill(200));
    expect(await works(fresh.api_key!)).toBe(200);
    const end = Date.parse((await allKeys(admin)).find((k) => k.key_id === old.key_id)!.expires_at!);
    await sleep(Math.max(0, end - Date.now()) + 50);
    const after = await fire(`${t.url}/v1/account`, old.api_key!, 20);
    expect(after).toEqual(Array(20).fill(401));
    expect((await allKeys(admin)).find((k) => k.key_id === old.key_id)!.state).toBe('expired');
    expect(await works(fresh.api_key!)).toBe(200);
  }, 30_000);
});

describe('DELETE /v1/keys/{key_id}', () => {
  it('revokes at once: the next request gets 401; revoking again answers the same; a key may revoke itself', async () => {
    const { admin } = await account();
    const made = createdApiKeySchema.parse((await create(admin)).body);
    expect(await works(made.api_key!)).toBe(200);
    const res = await revoke(admin, made.key_id);
    expect(res.status).toBe(200);
    const revoked = apiKeySchema.parse(res.body);
    expect(revoked).toMatchObject({ key_id: made.key_id, state: 'revoked' });
    const refused = await send('/v1/account', { key: made.api_key! });
    expect(refused.status).toBe(401);
    expect(errorOf(refused.body).message).toMatch(/revoked/);
    expect(apiKeySchema.parse((await revoke(admin, made.key_id)).body).revoked_at).toBe(revoked.revoked_at);
    const self = createdApiKeySchema.parse((await create(admin)).body);
    expect((await revoke(self.api_key!, self.key_id)).status).toBe(200);
    expect(await works(self.api_key!)).toBe(401);
  });

  it('the last usable admin key cannot be revoked (409); with a second admin key it can', async () => {
    const { admin, adminId } = await account();
    const last = await revoke(admin, adminId);
    expect(last.status).toBe(409);
    expect(errorOf(last.body)).toMatchObject({ code: 'last_admin_key', param: 'key_id' });
    expect(await works(admin)).toBe(200);
    const second = createdApiKeySchema.parse((await create(admin, { admin: true, mode: 'test' })).body);
    expect((await revoke(second.api_key!, adminId)).status).toBe(200);
    expect(await works(admin)).toBe(401);
    expect((await revoke(second.api_key!, second.key_id)).status).toBe(409);
  });

  it('admin keys revoking each other at once: the last admin key always stays (5 keys, 5 concurrent revocations: 4 succeed)', async () => {
    const { admin, adminId } = await account();
    const admins = [{ api_key: admin, key_id: adminId }];
    for (let i = 0; i < 4; i++)
      admins.push(createdApiKeySchema.parse((await create(admin, { admin: true, mode: i % 2 ? 'live' : 'test' })).body) as { api_key: string; key_id: string });
    const results = await Promise.all(admins.map((a, i) => revoke(a.api_key, admins[(i + 1) % admins.length]!.key_id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = results.filter((r) => r.status === 409);
    expect(refused).toHaveLength(1);
    expect(errorOf(refused[0]!.body).code).toBe('last_admin_key');
    const usable = await Promise.all(admins.map(async (a) => (await works(a.api_key)) === 200));
    expect(usable.filter(Boolean)).toHaveLength(1);
  });

  it('a rolled admin key in its grace period does not count as the admin key that stays', async () => {
    const { admin, adminId } = await account();
    const fresh = createdApiKeySchema.parse((await roll(admin, adminId, { grace_period_hours: 1 })).body);
    expect(fresh.role).toBe('admin');
    const refused = await revoke(admin, fresh.key_id);
    expect(refused.status).toBe(409);
    expect(errorOf(refused.body).code).toBe('last_admin_key');
    // The old one may go: its replacement stays.
    expect((await revoke(fresh.api_key!, adminId)).status).toBe(200);
  });

  it('keys the caller may not manage are 404 for roll and revoke, and stay as they were', async () => {
    const { admin, adminId } = await account();
    const std = createdApiKeySchema.parse((await create(admin)).body).api_key!;
    const testKey = createdApiKeySchema.parse((await create(admin, { mode: 'test' })).body);
    const stranger = await account();
    for (const [key, id] of [
      [std, adminId],
      [std, testKey.key_id],
      [stranger.admin, adminId],
      [stranger.admin, testKey.key_id],
      [admin, 'key_does-not-exist'],
      [admin, 'key_AAAAAAAAAAAAAAAAAAAAAAAA'],
    ] as const) {
      for (const res of [await roll(key, id), await revoke(key, id)]) {
        expect(res.status).toBe(404);
        expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'key_id' });
      }
    }
    const keys = await allKeys(admin);
    expect(keys.every((k) => k.state === 'active' && k.rolled_at === null)).toBe(true);
  });
});

describe('keys stored before ids, roles and slots', () => {
  it('are listed with a derived id as standard keys, count against the limit, and can be rolled and revoked', async () => {
    const { admin, accountId } = await account();
    // The admin key holds the last slot, as a key made before the keys without a slot were counted may:
    // it still counts against the limit.
    const [slot] = await slotItems(accountId);
    await dynamo().send(new DeleteCommand({ TableName: tableName('usage'), Key: { account_id: accountId, period: slot!.period } }));
    await dynamo().send(new PutCommand({ TableName: tableName('usage'), Item: { ...slot, period: `api_key_slot#${usableKeyLimit - 1}` } }));
    const legacy = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const apiKey = generateApiKey('live');
        await dynamo().send(
          new PutCommand({
            TableName: tableName('apiKeys'),
            Item: {
              key_hash: hashApiKey(apiKey),
              account_id: accountId,
              mode: 'live',
              key_hint: apiKeyHint(apiKey),
              created_at: new Date(Date.now() - 86_400_000 + i).toISOString(),
              ...(i === 3 ? { revoked_at: new Date().toISOString() } : {}),
            },
          }),
        );
        return apiKey;
      }),
    );
    const listed = (await allKeys(admin)).filter((k) => k.role === 'standard');
    expect(listed).toHaveLength(4);
    for (const k of listed) expect(k.key_id).toMatch(/^key_[0-9a-f]{24}$/);
    expect(await works(legacy[0]!)).toBe(200);
    // 1 admin key and 3 usable keys without a slot: 16 more fit.
    const made = [];
    for (let i = 0; i < 17; i++) made.push((await create(admin)).status);
    expect(made.filter((s) => s === 201)).toHaveLength(16);
    expect(made.at(-1)).toBe(403);
    // Revoking a key stored before slots frees a place too; a roll of one needs none beyond the limit with no grace.
    const ids = Object.fromEntries(listed.map((k) => [k.hint, k.key_id]));
    expect((await revoke(admin, ids[apiKeyHint(legacy[0]!)]!)).status).toBe(200);
    expect(await works(legacy[0]!)).toBe(401);
    expect((await create(admin)).status).toBe(201);
    expect((await create(admin)).status).toBe(403);
    const rolled = await roll(admin, ids[apiKeyHint(legacy[1]!)]!, { grace_period_hours: 0 });
    expect(rolled.status).toBe(201);
    expect(await works(legacy[1]!)).toBe(401);
    expect(await works(createdApiKeySchema.parse(rolled.body).api_key!)).toBe(200);
    expect((await create(admin)).status).toBe(403);
  });
});

describe('a roll that fails part-way', () => {
  /** The account's key store, with one of its methods replaced. */
  const storeWith = (override: Partial<AccountStore>): AccountStore => {
    const store = new DynamoAccountStore();
    return Object.assign(Object.create(store) as AccountStore, override);
  };

  /** An account at the limit: its admin key and 19 standard keys. */
  async function fullAccount() {
    const owner = await account();
    for (let i = 0; i < usableKeyLimit - 1; i++) expect((await create(owner.admin, { name: `k${i}` })).status).toBe(201);
    const keys = await allKeys(owner.admin);
    const adminRecord = (await new DynamoAccountStore().getKey(hashApiKey(owner.admin)))!;
    return { ...owner, keys, actor: actorOf(adminRecord) };
  }

  /** Makes every slot of the account look taken long ago, as a slot whose key was never stored is taken back after a minute. */
  async function ageSlots(accountId: string) {
    const slots = await slotItems(accountId);
    const longAgo = new Date(Date.now() - 10 * abandonedAfterMs).toISOString();
    await Promise.all(slots.map((slot) => dynamo().send(new PutCommand({ TableName: tableName('usage'), Item: { ...slot, taken_at: longAgo } }))));
  }

  it('at the limit with no grace period, a new key that cannot be stored leaves the old key as it was and the account within the limit', async () => {
    const { admin, accountId, keys, actor } = await fullAccount();
    const victim = keys.find((k) => k.name === 'k0')!;
    const failure = new Error('the new key could not be stored');
    const store = storeWith({
      createKey: async () => {
        throw failure;
      },
    });
    await expect(rollKey(store, actor, victim.key_id, 0, new Date())).rejects.toBe(failure);
    expect((await allKeys(admin)).find((k) => k.key_id === victim.key_id)).toMatchObject({
      state: 'active',
      rolled_at: null,
      expires_at: null,
      replaced_by: null,
    });
    // Even once the slot of the key never stored is taken back, the old key still holds its place.
    await ageSlots(accountId);
    const refused = await create(admin);
    expect(refused.status).toBe(403);
    expect(errorOf(refused.body).code).toBe('api_key_limit_reached');
    expect((await allKeys(admin)).filter((k) => k.state === 'active')).toHaveLength(usableKeyLimit);
  });

  it('a mark whose answer is lost still completes the roll: the old key is never left naming a replacement that does not exist', async () => {
    const { admin, keys, actor } = await fullAccount();
    const victim = keys.find((k) => k.name === 'k1')!;
    const real = new DynamoAccountStore();
    const store = storeWith({
      markRolled: async (hash, mark) => {
        await real.markRolled(hash, mark);
        throw Object.assign(new Error('connection reset'), { code: 'ECONNRESET' });
      },
    });
    const rolled = (await rollKey(store, actor, victim.key_id, 0, new Date()))!;
    expect(rolled.old.replaced_by).toBe(rolled.minted.record.key_id);
    expect(await works(rolled.minted.apiKey)).toBe(200);
    const listed = await allKeys(admin);
    expect(listed.find((k) => k.key_id === victim.key_id)).toMatchObject({ replaced_by: rolled.minted.record.key_id, state: 'expired' });
    expect(listed.filter((k) => k.state === 'active')).toHaveLength(usableKeyLimit);
  });

  it('a mark that fails is the error answered, and the key made for it is revoked', async () => {
    const { admin, keys, actor } = await fullAccount();
    const victim = keys.find((k) => k.name === 'k2')!;
    const failure = Object.assign(new Error('throttled'), { name: 'ThrottlingException' });
    const store = storeWith({
      markRolled: async () => {
        throw failure;
      },
    });
    await expect(rollKey(store, actor, victim.key_id, 0, new Date())).rejects.toBe(failure);
    const listed = await allKeys(admin);
    expect(listed.find((k) => k.key_id === victim.key_id)).toMatchObject({ state: 'active', rolled_at: null, expires_at: null, replaced_by: null });
    expect(listed.filter((k) => k.replaces === victim.key_id).map((k) => k.state)).toEqual(['revoked']);
  });
});

describe('last use on the account item', () => {
  const accountItem = async (accountId: string) =>
    (await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { account_id: accountId }, ConsistentRead: true }))).Item!;
  const keyUseAttributes = (item: Record<string, unknown>) => Object.keys(item).filter((name) => name.startsWith('key_used#'));

  it('stays bounded through many create, use, revoke and roll cycles: only usable keys keep theirs on the account item', async () => {
    const { admin, adminId, accountId } = await account();
    expect(await works(admin)).toBe(200);
    const sizeBefore = dynamoItemBytes(await accountItem(accountId));
    let revoked = '';
    for (let i = 0; i < 25; i++) {
      const made = createdApiKeySchema.parse((await create(admin, { name: `ci-${i}` })).body);
      expect(await works(made.api_key!)).toBe(200);
      if (i % 5 === 4) {
        // A roll with no grace period ends the old key at once; its replacement is used and revoked.
        const rolled = createdApiKeySchema.parse((await roll(admin, made.key_id, { grace_period_hours: 0 })).body);
        expect(await works(rolled.api_key!)).toBe(200);
        expect((await revoke(admin, rolled.key_id)).status).toBe(200);
      } else {
        expect((await revoke(admin, made.key_id)).status).toBe(200);
        revoked = made.key_id;
      }
    }
    const item = await accountItem(accountId);
    expect(keyUseAttributes(item)).toEqual([`key_used#${adminId}`]);
    // Per-minute counters aside, the item is no larger than before the cycles.
    const counters = (it: Record<string, unknown>) =>
      Object.keys(it)
        .filter((n) => n.startsWith('rpm#'))
        .reduce((n, name) => n + name.length + 21, 0);
    expect(dynamoItemBytes(item) - counters(item)).toBeLessThanOrEqual(sizeBefore);
    // A revoked key still shows when it was last used: the minute moved onto its own item.
    expect((await allKeys(admin)).find((k) => k.key_id === revoked)!.last_used_at).toBe(`${minuteWindow(new Date()).key}:00.000Z`);
  });

  it('an expired key shows no last use from the moment it expires, before the account item is next cleaned', async () => {
    const { admin, accountId } = await account();
    const old = createdApiKeySchema.parse((await create(admin, { name: 'short-lived' })).body);
    expect(await works(old.api_key!)).toBe(200);
    // A grace period of 1.8 seconds; nothing creates, rolls or revokes a key of the account after it.
    expect((await roll(admin, old.key_id, { grace_period_hours: 0.0005 })).status).toBe(201);
    const expiring = (await allKeys(admin)).find((k) => k.key_id === old.key_id)!;
    expect(expiring.state).toBe('expiring');
    expect(expiring.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    await sleep(Math.max(0, Date.parse(expiring.expires_at!) - Date.now()) + 50);
    expect(keyUseAttributes(await accountItem(accountId))).toContain(`key_used#${old.key_id}`);
    expect((await allKeys(admin)).find((k) => k.key_id === old.key_id)).toMatchObject({ state: 'expired', last_used_at: null });
  });
});

describe('the keys API against its OpenAPI document', () => {
  it('every recorded exchange is as the served document says', async () => {
    const contract = new OpenApiValidator((await t.call('/v1/openapi.json')).body);
    const violations = recorded.flatMap((e) => contract.responseViolations(e));
    expect(violations).toEqual([]);
    const statuses = new Set(recorded.map((e) => e.status));
    for (const status of [200, 201, 400, 401, 403, 404, 409]) expect(statuses, String(status)).toContain(status);
  });
});
