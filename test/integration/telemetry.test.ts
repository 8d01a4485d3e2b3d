/**
 * What the handlers write to their logs, captured from the process output while real requests run
 * through the local stack: one JSON line per record with the request id, route and account, the
 * invocation's metrics (at DEBUG, as metrics are not published here), and never a key, a webhook
 * secret, a date of birth or a request body.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { waitForFreshMinute } from '../support/minute.ts';
import { captureOutput } from '../support/capture-output.ts';

// The level every invocation starts at is read when the logger is built, before any import runs.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'DEBUG';
});

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

describe('request logs', () => {
  it('carry request id, route and account, and never the key, the DOB, a webhook secret or a body', async () => {
    const { api_key, account_id } = await t.issue({ plan: 'production', mode: 'test' });
    const dob = '1961-07-23';
    const secret = 'webhook-secret-7f3a9c1e55d2';
    const verifyBody = JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', dob });
    const { text, lines } = await captureOutput(async () => {
      const verified = await t.call('/v1/verify', { key: api_key, method: 'POST', body: verifyBody, headers: { 'content-type': 'application/json' } });
      expect(verified.status).toBe(200);
      // A refused body (bad profession) takes the error path, which must not log the body either.
      const refused = await t.call('/v1/verify', {
        key: api_key,
        method: 'POST',
        body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', dob, profession: 'wizard' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(refused.status).toBe(422);
      const monitor = await t.call('/v1/monitor', {
        key: api_key,
        method: 'POST',
        body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', webhook_url: 'http://127.0.0.1:9/hook', webhook_secret: secret }),
        headers: { 'content-type': 'application/json' },
      });
      expect(monitor.status).toBe(200);
    });

    const requests = lines.filter((l) => l.message === 'request');
    expect(requests.map((l) => [l.route, l.status])).toEqual([
      ['POST /v1/verify', 200],
      ['POST /v1/verify', 422],
      ['POST /v1/monitor', 200],
    ]);
    for (const line of requests) {
      expect(line).toMatchObject({ level: 'INFO', service: 'license-verification', account_id, mode: 'test' });
      expect(line.request_id).toMatch(/\S{6,}/);
      expect(typeof line.latency_ms).toBe('number');
      expect(line.function_request_id).toBeTruthy();
    }
    expect(new Set(requests.map((l) => l.request_id)).size).toBe(3);

    expect(text).not.toContain(api_key);
    expect(text).not.toContain(api_key.slice(9, 29));
    expect(text).not.toContain(dob);
    expect(text).not.toContain('19610723');
    expect(text).not.toContain(secret);
    expect(text).not.toContain(verifyBody);
    expect(text).not.toContain('"first_name"');
    expect(text).not.toMatch(/authorization/i);
  });

  it('of the self-service routes never hold a key they return, a secret they receive or a DOB', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'test', admin: true });
    const json = { 'content-type': 'application/json' };
    const dob = '1958-02-14';
    const secrets = ['first-secret-3c9e1a77b2d4', 'rotated-secret-8d2f6b01c5e9'];
    const returned: string[] = [];
    const { text, lines } = await captureOutput(async () => {
      const created = await t.call('/v1/keys', { key: api_key, method: 'POST', body: JSON.stringify({ name: 'ci' }), headers: json });
      expect(created.status).toBe(201);
      returned.push(created.body.api_key);
      const rolled = await t.call(`/v1/keys/${created.body.key_id}/roll`, { key: api_key, method: 'POST', body: '{"grace_period_hours":1}', headers: json });
      expect(rolled.status).toBe(201);
      returned.push(rolled.body.api_key);
      const verified = await t.call('/v1/verify', {
        key: api_key,
        method: 'POST',
        body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', dob }),
        headers: json,
      });
      expect(verified.status).toBe(200);
      expect((await t.call('/v1/verifications?last_name=Thomas', { key: api_key })).status).toBe(200);
      expect((await t.call('/v1/verifications/exports', { key: api_key, method: 'POST', body: '{"last_name":"Thomas"}', headers: json })).status).toBe(202);
      const monitor = await t.call('/v1/monitor', {
        key: api_key,
        method: 'POST',
        body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', webhook_url: 'http://127.0.0.1:9/hook', webhook_secret: secrets[0] }),
        headers: json,
      });
      expect(monitor.status).toBe(200);
      const rotated = await t.call(`/v1/monitor/${monitor.body.monitor_id}/rotate-secret`, {
        key: api_key,
        method: 'POST',
        body: JSON.stringify({ webhook_secret: secrets[1], overlap_hours: 1 }),
        headers: json,
      });
      expect(rotated.status).toBe(200);
      expect((await t.call(`/v1/monitor/${monitor.body.monitor_id}/test-webhook`, { key: api_key, method: 'POST' })).status).toBe(200);
    });
    expect(lines.filter((l) => l.message === 'request').map((l) => l.route)).toEqual([
      'POST /v1/keys',
      'POST /v1/keys/{key_id}/roll',
      'POST /v1/verify',
      'GET /v1/verifications',
      'POST /v1/verifications/exports',
      'POST /v1/monitor',
      'POST /v1/monitor/{monitor_id}/rotate-secret',
      'POST /v1/monitor/{monitor_id}/test-webhook',
    ]);
    for (const secret of [api_key, ...returned, ...secrets]) {
      expect(returned.every((k) => k.startsWith('svc_test_'))).toBe(true);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(secret.slice(9, 25));
    }
    expect(text).not.toContain(dob);
    expect(text).not.toContain('19580214');
  });

  it("log the invocation's metrics: verifications by outcome and state, cache lookups, source latency", async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    const { lines } = await captureOutput(async () => {
      for (let i = 0; i < 2; i++) {
        const res = await t.call('/v1/verify', {
          key: api_key,
          method: 'POST',
          body: JSON.stringify({ first_name: 'Quentin', last_name: 'Zebulon', state: 'WA' }),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.status).toBe(200);
      }
    });
    const metricLines = lines.filter((l) => l.message === 'metrics' && l.route === 'POST /v1/verify');
    expect(metricLines).toHaveLength(2);
    const [first, second] = metricLines.map((l) => l.metrics as Record<string, unknown>);
    expect(first).toMatchObject({ 'Verifications{outcome=not_found,state=WA}': 1, CacheMisses: 2 });
    expect(first!['SourceLatency{source=Washington State Department of Health}']).toEqual([expect.any(Number)]);
    // The second identical request is answered from the cache: no source call, two hits.
    expect(second).toEqual({ 'Verifications{outcome=not_found,state=WA}': 1, CacheHits: 2 });
  });

  it('count a per-minute 429 as a quota rejection of that kind', async () => {
    const { api_key } = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 1 });
    await waitForFreshMinute();
    const { lines } = await captureOutput(async () => {
      expect((await t.call('/v1/account', { key: api_key })).status).toBe(200);
      expect((await t.call('/v1/account', { key: api_key })).status).toBe(429);
    });
    const metricLines = lines.filter((l) => l.message === 'metrics' && l.route === 'GET /v1/account');
    expect(metricLines.map((l) => l.metrics)).toEqual([{ 'QuotaRejections{kind=per_minute}': 1 }]);
  });
});
