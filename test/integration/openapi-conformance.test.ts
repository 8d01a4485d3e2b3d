/**
 * Real traffic against the contract: a set of requests covering every operation and every error status
 * is sent to the local stack, and each exchange is checked against the document the stack serves
 * (`GET /v1/openapi.json`) with an ajv-based validator (test/support/openapi-validator.ts). Zero
 * violations: every response has a documented status, media type, headers and body; every request the
 * document accepts is one the service handles, and every request the document rejects is refused, but
 * for the malformed items of a bulk batch, which the document types strictly and the service answers
 * with item errors.
 * Then the other direction for names, states and page sizes: what the service refuses with 400, the
 * document rejects too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { maxBodyBytes } from '#shared/api/http/request-body.ts';
import { OpenApiValidator, type Exchange } from '../support/openapi-validator.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
let contract: OpenApiValidator;
let liveKey: string;
let testKey: string;
let receiver: Server;
let receiverUrl: string;
const recorded: Exchange[] = [];

interface Call {
  readonly method?: string;
  readonly key?: string;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** Sends a request and records the exchange. A body that is not a string is sent as JSON. */
async function send(url: string, call: Call = {}): Promise<Exchange & { json: any }> {
  const method = call.method ?? (call.body === undefined ? 'GET' : 'POST');
  const body = call.body === undefined ? undefined : typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
  const requestHeaders: Record<string, string> = {
    ...(body !== undefined && typeof call.body !== 'string' ? { 'content-type': 'application/json' } : {}),
    ...(call.key ? { authorization: `Bearer ${call.key}` } : {}),
    ...call.headers,
  };
  const res = await fetch(`${t.url}${url}`, { method, headers: requestHeaders, body });
  const responseBody = await res.text();
  const exchange: Exchange = { method, url, requestHeaders, requestBody: body, status: res.status, responseHeaders: res.headers, responseBody };
  recorded.push(exchange);
  let json: unknown;
  try {
    json = JSON.parse(responseBody);
  } catch {
    json = undefined;
  }
  return { ...exchange, json };
}

const provider = { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' };
const secret = 'whsec-contract-test-0123456789';

beforeAll(async () => {
  t = await startTestStack();
  // Enterprise with a high per-minute limit: the set sends a few hundred requests in a minute.
  const live = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 10_000 });
  liveKey = live.api_key;
  testKey = (await t.issue({ plan: 'enterprise', mode: 'test', accountId: live.account_id, minuteLimit: 10_000 })).api_key;
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const served = await t.call('/v1/openapi.json');
  contract = new OpenApiValidator(served.body);
});
afterAll(async () => {
  receiver.close();
  await t.stop();
});

describe('recorded traffic against the served OpenAPI document', () => {
  it('has zero violations over verify, certificates, records, monitors, events, account and every error status', async () => {
    // Verification, live and test, one and many.
    const live = await send('/v1/verify', { key: liveKey, body: provider, headers: { 'idempotency-key': 'contract-live-1' } });
    expect(live.status).toBe(200);
    expect(
      (await send('/v1/verify', { key: liveKey, body: provider, headers: { 'idempotency-key': 'contract-live-1' } })).responseHeaders.get(
        'idempotent-replayed',
      ),
    ).toBe('true');
    const test = await send('/v1/verify', {
      key: testKey,
      body: { first_name: 'Pat', last_name: 'test-excluded', state: 'TX', dob: '1970-01-31', profession: 'physician' },
    });
    expect(test.status).toBe(200);
    // Malformed items: the document types each item as a VerificationRequest, the service answers them
    // with item errors in a 200 (checked apart below).
    const lenientBulk = await send('/v1/verify/bulk', { key: testKey, body: { providers: [provider, { ...provider, state: 'ZZ' }, 'not a provider'] } });
    expect(lenientBulk.status).toBe(200);
    expect(lenientBulk.json.results.map((r: object) => Object.keys(r).sort().join())).toEqual(['index,result', 'error,index', 'error,index']);
    await send('/v1/verify/bulk', { key: testKey, body: { providers: [provider, { ...provider, last_name: 'test-suspended' }] } });
    await send('/v1/coverage', { key: testKey });
    await send('/v1/account', { key: liveKey });

    // Certificates, the PDF and its 304, public records as HTML and JSON, signing keys.
    const id = live.json.verification_id as string;
    await send(`/v1/certificate/${id}`, { key: liveKey });
    const pdf = await send(`/v1/certificate/${id}/pdf`, { key: liveKey });
    expect(pdf.status).toBe(200);
    expect((await send(`/v1/certificate/${id}/pdf`, { key: liveKey, headers: { 'if-none-match': pdf.responseHeaders.get('etag')! } })).status).toBe(304);
    await send(`/records/${id}?utm_source=qr`);
    await send(`/records/${id}`, { headers: { accept: 'application/json' } });
    const unknownRecord = `/records/ver_${'0'.repeat(24)}`;
    expect((await send(unknownRecord)).status).toBe(404);
    expect((await send(unknownRecord, { headers: { accept: 'application/json' } })).status).toBe(404);
    await send('/v1/signing-keys');
    await send('/health');
    const document = await send('/v1/openapi.json');
    await send('/v1/openapi.json', { headers: { 'if-none-match': document.responseHeaders.get('etag')! } });
    await send('/docs');

    // Monitors: create, list a page, check (no body and `{}`), events, delete.
    const monitorBody = { first_name: 'Dana', last_name: 'test-flapping', state: 'WA', webhook_url: receiverUrl, webhook_secret: secret };
    const created = await send('/v1/monitor', { key: testKey, body: monitorBody });
    expect(created.status).toBe(200);
    const monitorId = created.json.monitor_id as string;
    await send('/v1/monitor', { key: testKey, body: { ...monitorBody, last_name: 'Thomas', alert_days_before_expiry: 30 } });
    const page = await send('/v1/monitors?limit=1', { key: testKey });
    expect(page.json.has_more).toBe(true);
    await send(`/v1/monitors?limit=1&starting_after=${page.json.next_cursor}`, { key: testKey });
    expect((await send(`/v1/monitor/${monitorId}/check`, { method: 'POST', key: testKey })).status).toBe(200);
    expect((await send(`/v1/monitor/${monitorId}/check`, { key: testKey, body: {} })).status).toBe(200);
    const events = await send(`/v1/events?monitor_id=${monitorId}&limit=5`, { key: testKey });
    expect((await send(`/v1/events/${events.json.data[0].event_id}`, { key: testKey })).status).toBe(200);
    expect((await send(`/v1/monitor/${monitorId}/rotate-secret`, { key: testKey, body: { webhook_secret: `${secret}-next`, overlap_hours: 1 } })).status).toBe(
      200,
    );
    expect((await send(`/v1/monitor/${monitorId}`, { key: testKey })).json.secret_rotation).not.toBeNull();
    expect((await send(`/v1/monitor/${monitorId}`, { method: 'DELETE', key: testKey })).status).toBe(200);
    expect((await send(`/v1/monitor/${monitorId}`, { key: testKey })).json.status).toBe('deleted');

    // Keys: the list and one key.
    const keyPage = await send('/v1/keys', { key: testKey });
    expect((await send(`/v1/keys/${keyPage.json.data[0].key_id}`, { key: testKey })).status).toBe(200);

    // Every error status.
    const errors: [number, Promise<Exchange>][] = [
      [400, send('/v1/verify', { key: testKey, body: { ...provider, last_name: 'Th0mas' } })],
      [400, send('/v1/account?x=1', { key: testKey })],
      [401, send('/v1/account')],
      [401, send('/v1/account', { key: 'svc_live_wrong' })],
      [403, send(`/v1/monitor/${monitorId}/check`, { method: 'POST', key: liveKey })],
      [404, send(`/v1/certificate/ver_${'0'.repeat(24)}`, { key: testKey })],
      [404, send('/v1/nowhere')],
      [405, send('/v1/verify', { method: 'PUT', key: testKey })],
      [405, send('/docs', { method: 'POST' })],
      [405, send(`/v1/monitor/${monitorId}`, { method: 'PUT', key: testKey })],
      [404, send(`/v1/monitor/mon_${'0'.repeat(24)}`, { key: testKey })],
      [404, send(`/v1/events/evt_${'0'.repeat(24)}`, { key: testKey })],
      [404, send(`/v1/keys/key_${'0'.repeat(24)}`, { key: testKey })],
      [
        413,
        send('/v1/verify', { key: testKey, body: JSON.stringify({ first_name: 'x'.repeat(maxBodyBytes) }), headers: { 'content-type': 'application/json' } }),
      ],
      [415, send('/v1/verify', { key: testKey, body: 'x', headers: { 'content-type': 'text/plain' } })],
      [422, send('/v1/verify', { key: testKey, body: { ...provider, profession: 'wizard' } })],
    ];
    for (const [status, pending] of errors) expect((await pending).status, (await pending).url).toBe(status);

    const conflictKey = 'contract-conflict-1';
    await send('/v1/verify', { key: testKey, body: provider, headers: { 'idempotency-key': conflictKey } });
    expect((await send('/v1/verify', { key: testKey, body: { ...provider, state: 'OR' }, headers: { 'idempotency-key': conflictKey } })).status).toBe(409);

    const developer = await t.issue({ plan: 'developer', mode: 'test' });
    expect((await send('/v1/verify/bulk', { key: developer.api_key, body: { providers: [provider] } })).status).toBe(403);

    const limited = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 1 });
    const burst = [
      await send('/v1/account', { key: limited.api_key }),
      await send('/v1/account', { key: limited.api_key }),
      await send('/v1/account', { key: limited.api_key }),
    ];
    expect(burst.map((e) => e.status)).toContain(429);

    const suspended = await t.issue({ plan: 'production', mode: 'test' });
    await new DynamoAccountStore().setSuspension(suspended.account_id, { at: new Date(), reason: 'contract test' });
    expect((await send('/v1/account', { key: suspended.api_key })).status).toBe(403);

    // The check: each response as documented; a request of the set that the document rejects is refused.
    // (The set sends canonical values: the service also takes a state in lower case or a name with
    // surrounding spaces, which the document does not promise.)
    const violations: string[] = [];
    for (const exchange of recorded) {
      violations.push(...contract.responseViolations(exchange));
      const problems = contract.requestViolations(exchange);
      if (exchange.url === lenientBulk.url && exchange.requestBody === lenientBulk.requestBody) {
        // The one documented leniency: the document rejects the malformed items, and only them.
        expect(problems.length).toBeGreaterThan(0);
        for (const problem of problems) expect(problem).toMatch(/^request body\/providers\/[12]\b/);
        continue;
      }
      if (problems.length > 0 && (exchange.status < 400 || exchange.status >= 500)) {
        violations.push(`${exchange.method} ${exchange.url} → ${exchange.status}: the document rejects the request (${problems.join('; ')})`);
      }
    }
    expect(violations).toEqual([]);
    const statuses = new Set(recorded.map((e) => e.status));
    for (const status of [200, 304, 400, 401, 403, 404, 405, 409, 413, 415, 422, 429]) expect(statuses, String(status)).toContain(status);
  });
});

describe('the document rejects what the service rejects', () => {
  const badNames = ['', ' ', 'Th0mas', 'O’', '-Ann', 'Ann-', "'Ann", '<script>', 'Ann_Lee', 'Ann\u0000', 'Anna😀', 'A'.repeat(101), 'Jo ٣', 'Ann،'];
  const badStates = ['ZZ', 'W', 'WAS', '', '12', 'Washington', 'PR'];
  const badLimits = ['0', '101', '-1', '1.5', 'ten', '1e1', '+5', ''];

  it('for names and states in a verification request and a monitor request', async () => {
    const cases = [
      ...badNames.flatMap((name) => [
        { ...provider, first_name: name },
        { ...provider, last_name: name },
      ]),
      ...badStates.map((state) => ({ ...provider, state })),
    ];
    for (const body of cases) {
      for (const [path, extra] of [
        ['/v1/verify', {}],
        ['/v1/monitor', { webhook_url: receiverUrl, webhook_secret: secret }],
      ] as const) {
        const exchange = await send(path, { key: testKey, body: { ...body, ...extra } });
        expect(exchange.status, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(contract.requestViolations(exchange), `${path} ${JSON.stringify(body)}`).not.toEqual([]);
        expect(contract.responseViolations(exchange)).toEqual([]);
      }
    }
  });

  it('for page sizes of both lists', async () => {
    for (const limit of badLimits) {
      for (const path of ['/v1/monitors', '/v1/events']) {
        const exchange = await send(`${path}?limit=${encodeURIComponent(limit)}`, { key: testKey });
        expect(exchange.status, `${path} limit=${limit}`).toBe(400);
        expect(contract.requestViolations(exchange), `${path} limit=${limit}`).not.toEqual([]);
      }
    }
  });

  it('and accepts what the service accepts: canonical names of any script, codes, page sizes', async () => {
    const names = ['José', 'Zoë', 'Ólafsdóttir', 'Nguyễn', "O'Brien", 'Mary-Jane', 'St. John', 'Jr.', 'Ελένη', 'Елена', '王', 'محمد', 'Ann-Mari’e', 'e\u0301'];
    for (const name of names) {
      const exchange = await send('/v1/verify', { key: testKey, body: { first_name: name, last_name: 'test-active', state: 'WA' } });
      expect(exchange.status, name).toBe(200);
      expect(contract.requestViolations(exchange), name).toEqual([]);
    }
    for (const limit of ['1', '100', '007']) {
      const exchange = await send(`/v1/monitors?limit=${limit}`, { key: testKey });
      expect(exchange.status).toBe(200);
      expect(contract.requestViolations(exchange)).toEqual([]);
    }
  });
});
