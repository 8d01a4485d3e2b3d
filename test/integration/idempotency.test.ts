import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { createHash, createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { canonicalJson } from '#shared/platform/json/canonical.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { testClock } from '../support/test-clock.ts';
import { failAfterCharge } from '../support/handlers/charge.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());
beforeEach(() => testClock.set(new Date()));

const charge = (key: string, body: unknown, idempotencyKey?: string) =>
  t.call('/test/charge', {
    method: 'POST',
    key,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
  });

const remaining = (res: { headers: Headers }) => Number(res.headers.get('x-ratelimit-remaining'));

describe('Idempotency-Key', () => {
  it('same key and body: the stored response comes back, the work is not redone, the quota charged once', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    const first = await charge(api_key, { units: 3, name: 'a' }, 'order-1');
    expect(first.status).toBe(200);
    expect(remaining(first)).toBe(4997);
    const again = await charge(api_key, '{ "name": "a",\n  "units": 3 }', 'order-1');
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(remaining(again)).toBe(4997);
    const account = await t.call('/v1/account', { key: api_key });
    expect(account.body.usage.verifications).toBe(3);
  });

  it('same key, different body: 409 idempotency_conflict', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    expect((await charge(api_key, { units: 1 }, 'k-2')).status).toBe(200);
    const res = await charge(api_key, { units: 2 }, 'k-2');
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ code: 'idempotency_conflict', param: 'Idempotency-Key' });
    expect(remaining(res)).toBe(4999);
  });

  it('without a key, every request does the work', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    const a = await charge(api_key, { units: 1 });
    const b = await charge(api_key, { units: 1 });
    expect(a.body.receipt).not.toBe(b.body.receipt);
    expect(remaining(b)).toBe(4998);
  });

  it('keys are scoped to the account and the mode', async () => {
    const live = await t.issue({ plan: 'production', mode: 'live' });
    const test = await t.issue({ plan: 'production', mode: 'test', accountId: live.account_id });
    const other = await t.issue({ plan: 'production', mode: 'live' });
    const a = await charge(live.api_key, { units: 1 }, 'shared');
    const b = await charge(test.api_key, { units: 2 }, 'shared');
    const c = await charge(other.api_key, { units: 3 }, 'shared');
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(new Set([a.body.receipt, b.body.receipt, c.body.receipt]).size).toBe(3);
  });

  it('a request that failed after charging is not charged again when retried with its key', async () => {
    const { api_key } = await t.issue({ plan: 'developer', mode: 'live' });
    failAfterCharge.add('flaky');
    const failed = await charge(api_key, { units: 4, name: 'flaky' }, 'retry-me');
    expect(failed.status).toBe(500);
    expect(remaining(failed)).toBe(496);
    failAfterCharge.delete('flaky');
    const retried = await charge(api_key, { units: 4, name: 'flaky' }, 'retry-me');
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(remaining(retried)).toBe(496);
    const replay = await charge(api_key, { units: 4, name: 'flaky' }, 'retry-me');
    expect(replay.body).toEqual(retried.body);
    expect(remaining(replay)).toBe(496);
  });

  it('an error response releases the key: a 429 can be retried later with the same key', async () => {
    testClock.set('2027-01-31T23:59:00Z');
    const { api_key } = await t.issue({ plan: 'developer', mode: 'live' });
    for (let i = 0; i < 5; i++) await charge(api_key, { units: 100 });
    const full = await charge(api_key, { units: 1 }, 'after-reset');
    expect(full.status).toBe(429);
    testClock.set('2027-02-01T00:00:30Z');
    const later = await charge(api_key, { units: 1 }, 'after-reset');
    expect(later.status).toBe(200);
    expect(remaining(later)).toBe(499);
  });

  it('concurrent duplicates: the work happens once; the other gets 409 in progress or the replay', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    const [a, b] = await Promise.all([
      charge(api_key, { units: 1, delay_ms: 300 }, 'race'),
      new Promise((r) => setTimeout(r, 50)).then(() => charge(api_key, { units: 1, delay_ms: 300 }, 'race')),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(409);
    expect(errorOf(b.body)).toMatchObject({ code: 'idempotency_in_progress', param: 'Idempotency-Key' });
    expect(Number(b.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const after = await charge(api_key, { units: 1, delay_ms: 300 }, 'race');
    expect(after.body).toEqual(a.body);
    expect((await t.call('/v1/account', { key: api_key })).body.usage.verifications).toBe(1);
  });

  it('records last 24 hours', async () => {
    const start = new Date('2027-07-01T12:00:00Z');
    testClock.set(start);
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    const first = await charge(api_key, { units: 1 }, 'daily');
    testClock.set(new Date(start.getTime() + 23 * 3_600_000));
    expect((await charge(api_key, { units: 1 }, 'daily')).body).toEqual(first.body);
    testClock.set(new Date(start.getTime() + 24 * 3_600_000 + 1000));
    const fresh = await charge(api_key, { units: 2 }, 'daily');
    expect(fresh.status).toBe(200);
    expect(fresh.body.receipt).not.toBe(first.body.receipt);
  });

  it('a bulk of 100 with NPIs, whose response runs to hundreds of KB, is replayed byte for byte from a record well under the item limit', async () => {
    const { api_key } = await t.issue({ plan: 'enterprise', mode: 'live' });
    const registry = JSON.parse(await readFile(join(sampleDataDir, 'nppes', 'WA.json'), 'utf8')) as {
      number: string;
      basic: { first_name?: string; last_name?: string };
    }[];
    const providers = registry
      .filter((r) => r.basic.first_name && r.basic.last_name)
      .slice(0, 100)
      .map((r) => ({ first_name: r.basic.first_name!, last_name: r.basic.last_name!, state: 'WA', npi: r.number }));
    expect(providers).toHaveLength(100);
    const bulk = () =>
      t.call('/v1/verify/bulk', {
        method: 'POST',
        key: api_key,
        body: JSON.stringify({ providers }),
        headers: { 'content-type': 'application/json', 'idempotency-key': 'bulk-of-100' },
      });
    const first = await bulk();
    expect(first.status, first.text).toBe(200);
    // Each item is a full result with its sources; on a busy machine a source may time out for a few
    // items, whose shorter `source_unavailable` results still make a body of well over 100 KB.
    const items = (JSON.parse(first.text) as { results: { result?: { status: string }; error?: { code: string } }[] }).results;
    const statuses = items.map((r) => r.result?.status ?? r.error?.code);
    expect(first.text.length, `statuses: ${statuses.join(',')}`).toBeGreaterThan(100_000);
    const again = await bulk();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    const stored = await dynamo().send(new ScanCommand({ TableName: tableName('idempotency') }));
    const record = stored.Items!.find((i) => String(i.scope_key).endsWith('bulk-of-100'))!;
    // Stored compressed: a fraction of the body's size, far under DynamoDB's 400 KB item limit.
    expect(record.response.body).toBeUndefined();
    expect(record.response.body_br.length).toBeLessThan(first.text.length / 5);
  });

  it('400 for a malformed Idempotency-Key', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    for (const bad of ['has space', 'x'.repeat(256), 'tab\there']) {
      const res = await charge(api_key, { units: 1 }, bad);
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param: 'Idempotency-Key' });
    }
    expect(remaining(await t.call('/v1/account', { key: api_key }))).toBe(5000);
  });

  it('stores a keyed fingerprint of the request, not a plain hash of the body', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'production', mode: 'live' });
    const body = { units: 2, name: 'dob-1980-04-01' };
    expect((await charge(api_key, body, 'fp-1')).status).toBe(200);
    const stored = await dynamo().send(
      new GetCommand({ TableName: tableName('idempotency'), Key: { scope_key: `${account_id}#live#standard#fp-1` }, ConsistentRead: true }),
    );
    const fingerprint = String(stored.Item?.fingerprint);
    const input = `POST /test/charge\n${canonicalJson(body)}`;
    expect(fingerprint).not.toBe(createHash('sha256').update(input).digest('hex'));
    expect(JSON.stringify(stored.Item)).not.toContain(body.name.slice(4));
    // An HMAC under the stack's pepper (the local one is a generated file).
    const pepper = Buffer.from((await readFile(process.env.IDEMPOTENCY_PEPPER_FILE!, 'utf8')).trim(), 'base64');
    expect(pepper.length).toBeGreaterThanOrEqual(32);
    expect(fingerprint).toBe(`h1:${createHmac('sha256', pepper).update(input).digest('hex')}`);
  });

  it('a record written before fingerprints were keyed still recognises its retry within its 24 hours', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'production', mode: 'live' });
    const plainHash = (body: unknown) =>
      createHash('sha256')
        .update(`POST /test/charge\n${canonicalJson(body)}`)
        .digest('hex');
    const now = Math.floor(Date.now() / 1000);
    const record = (key: string, state: 'completed' | 'failed', extra: Record<string, unknown>) =>
      dynamo().send(
        new PutCommand({
          TableName: tableName('idempotency'),
          Item: { scope_key: `${account_id}#live#standard#${key}`, fingerprint: plainHash({ units: 1 }), state, expires_at: now + 3_600, ...extra },
        }),
      );
    const response = { statusCode: 200, headers: { 'content-type': 'application/json' }, body: '{"charged":1,"receipt":"rcpt_earlier"}' };
    await record('old-done', 'completed', { charged: 1, response });
    await record('old-failed', 'failed', { charged: 1 });

    const replay = await charge(api_key, { units: 1 }, 'old-done');
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ charged: 1, receipt: 'rcpt_earlier' });
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await charge(api_key, { units: 2 }, 'old-done')).status).toBe(409);

    // A failed one is resumed, charging only what it had not charged yet.
    const resumed = await charge(api_key, { units: 1 }, 'old-failed');
    expect(resumed.status).toBe(200);
    expect(resumed.headers.get('idempotent-replayed')).toBeNull();
    expect(remaining(resumed)).toBe(5000);
  });
});
