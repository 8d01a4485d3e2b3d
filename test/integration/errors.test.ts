import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { newContainer } from '#shared/platform/container.ts';
import { tableName } from '#shared/platform/config.ts';
import { maxBodyBytes, maxJsonDepth } from '#shared/api/http/request-body.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
let key: string;
beforeAll(async () => {
  t = await startTestStack();
  key = (await t.issue({ plan: 'scale', mode: 'live' })).api_key;
});
afterAll(() => t.stop());

const post = (path: string, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  t.call(path, { method: 'POST', key, body, headers });

async function storedState() {
  const [usage, idem] = await Promise.all((['usage', 'idempotency'] as const).map((table) => dynamo().send(new ScanCommand({ TableName: tableName(table) }))));
  // Minute counters change with every request by design; the month items and everything else must not.
  return {
    months: (usage!.Items ?? []).filter((item) => String(item.period).startsWith('verifications#')),
    idempotency: idem!.Items ?? [],
  };
}

function expectError(res: { status: number; body: any; text: string }, status: number, code: string) {
  expect(res.status).toBe(status);
  const error = errorOf(res.body);
  expect(error.code).toBe(code);
  expect(error.docs).toBe(`${t.url}/docs#error-${code.replaceAll('_', '-')}`);
  expect(res.text).not.toMatch(/at .*\.ts:\d+|node_modules|Error:/);
  return error;
}

describe('error responses', () => {
  it('400 invalid_request for a body that is not JSON, naming the body', async () => {
    const error = expectError(await post('/test/charge', '{"units": 1,'), 400, 'invalid_request');
    expect(error.param).toBe('body');
    expect(error.message).toMatch(/not valid JSON/);
  });

  it('400 for JSON that is not an object', async () => {
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const error = expectError(await post('/test/charge', body), 400, 'invalid_request');
      expect(error.param).toBe('body');
      expect(error.message).toMatch(/must be a JSON object/);
    }
  });

  it('400 for a missing, an invalid and an unknown parameter, each named', async () => {
    let error = expectError(await post('/test/charge', '{}'), 400, 'invalid_request');
    expect(error).toMatchObject({ param: 'units' });
    expect(error.message).toMatch(/Missing required parameter: units/);
    error = expectError(await post('/test/charge', '{"units": "three"}'), 400, 'invalid_request');
    expect(error).toMatchObject({ param: 'units' });
    error = expectError(await post('/test/charge', '{"units": 1, "colour": "red"}'), 400, 'invalid_request');
    expect(error).toMatchObject({ param: 'colour' });
    expect(error.message).toMatch(/Unknown parameter: colour/);
    error = expectError(await t.call('/v1/account?verbose=1', { key }), 400, 'invalid_request');
    expect(error).toMatchObject({ param: 'verbose' });
  });

  it('400 for a body that is not valid UTF-8', async () => {
    const error = expectError(await post('/test/charge', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), 400, 'invalid_request');
    expect(error.message).toMatch(/UTF-8/);
  });

  it('400 for an empty body on a POST route', async () => {
    const error = expectError(await post('/test/charge', ''), 400, 'invalid_request');
    expect(error.param).toBe('body');
  });

  it(`400 for a body nested more than ${maxJsonDepth} levels deep, on every route with a body, Idempotency-Key or not`, async () => {
    const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
    // A bulk request whose item nests deeply, with an Idempotency-Key: it used to overflow the stack (500).
    const deepBulk = `{"providers":[${nested(20_000)}]}`;
    const idem = { 'content-type': 'application/json', 'idempotency-key': 'deep-bulk-1' };
    for (const [path, body] of [
      ['/v1/verify/bulk', deepBulk],
      ['/v1/verify', `{"first_name":${nested(5_000)}}`],
      ['/v1/monitor', `{"webhook_url":${nested(maxJsonDepth)}}`],
      ['/test/charge', `{"units":1,"name":{"a":${nested(maxJsonDepth - 1)}}}`],
    ] as const) {
      const error = expectError(await post(path, body, idem), 400, 'invalid_request');
      expect(error.param, path).toBe('body');
      expect(error.message, path).toMatch(new RegExp(`more than ${maxJsonDepth} levels deep`));
    }
    // Brackets inside strings are text, and the deepest body allowed reaches validation.
    const inString = expectError(await post('/test/charge', JSON.stringify({ units: 1, name: '['.repeat(200) })), 400, 'invalid_request');
    expect(inString.param).toBe('name');
    const deepest = expectError(await post('/test/charge', `{"units":1,"name":{"a":${nested(maxJsonDepth - 2)}}}`, idem), 400, 'invalid_request');
    expect(deepest.param).toBe('name');
  });

  it('401 before anything else is looked at', async () => {
    expectError(await t.call('/test/charge', { method: 'POST', body: 'not json' }), 401, 'authentication_failed');
  });

  it('404 resource_not_found for an unknown route, with or without a key', async () => {
    expectError(await t.call('/v1/nothing-here'), 404, 'resource_not_found');
    expectError(await t.call('/', { key }), 404, 'resource_not_found');
    expectError(await t.call('/v2/account', { key }), 404, 'resource_not_found');
  });

  it('405 method_not_allowed with an Allow header for a known path', async () => {
    const res = await t.call('/v1/account', { method: 'DELETE', key });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET');
    expect((await t.call('/health', { method: 'POST', body: '{}' })).headers.get('allow')).toBe('GET');
  });

  it('413 request_too_large over the body limit', async () => {
    const big = JSON.stringify({ units: 1, name: 'x'.repeat(maxBodyBytes) });
    const error = expectError(await post('/test/charge', big), 413, 'request_too_large');
    expect(error.message).toMatch(String(maxBodyBytes));
  });

  it('415 unsupported_media_type for a body without application/json', async () => {
    expectError(await post('/test/charge', '{"units":1}', { 'content-type': 'text/plain' }), 415, 'unsupported_media_type');
    expectError(await post('/test/charge', 'units=1', { 'content-type': 'application/x-www-form-urlencoded' }), 415, 'unsupported_media_type');
    expectError(await post('/test/charge', '{"units":1}', {}), 415, 'unsupported_media_type');
    expect((await post('/test/charge', '{"units":1}', { 'content-type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('500 internal_error without stack traces or internals, with a request id to quote', async () => {
    const res = await t.call('/test/boom', { key });
    const error = expectError(res, 500, 'internal_error');
    expect(res.text).not.toContain('hunter2');
    expect(error.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('503 service_unavailable in the API error shape when the function is about to run out of time', async () => {
    // The gateway, like API Gateway, answers a bare 500 if the function itself times out: the handler
    // must answer first.
    const started = Date.now();
    const res = await t.call('/test/slow');
    const error = expectError(res, 503, 'service_unavailable');
    expect(error.retry_after).toBe(2);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    // A 2 s function answers 1 s before its limit.
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('bad input changes no stored state, even with an Idempotency-Key', async () => {
    const before = await storedState();
    const idem = { 'content-type': 'application/json', 'idempotency-key': 'bad-input-1' };
    await post('/test/charge', '{"units": 0}', idem);
    await post('/test/charge', '{"units": 1, "extra": true}', idem);
    await post('/test/charge', 'garbage', idem);
    await post('/test/charge', `{"units":1,"name":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, idem);
    await post('/test/charge', '{"units":1}', { ...idem, 'content-type': 'text/plain' });
    await post('/test/charge', JSON.stringify({ units: 1, name: 'y'.repeat(maxBodyBytes) }), idem);
    expect(await storedState()).toEqual(before);
  });
});

describe('503 when the database is unreachable', () => {
  it('answers 503 service_unavailable, not 500', async () => {
    const original = process.env.AWS_ENDPOINT_URL_DYNAMODB;
    process.env.AWS_ENDPOINT_URL_DYNAMODB = 'http://127.0.0.1:9';
    newContainer();
    try {
      const res = await t.call('/v1/account', { key });
      expectError(res, 503, 'service_unavailable');
      expect(res.headers.get('retry-after')).toBe('1');
    } finally {
      process.env.AWS_ENDPOINT_URL_DYNAMODB = original;
      newContainer();
    }
    expect((await t.call('/v1/account', { key })).status).toBe(200);
  });
});
