import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { CanonicalJsonDepthError, canonicalJson, maxCanonicalDepth } from '#shared/platform/json/canonical.ts';
import { maxJsonDepth, nestsDeeperThan } from '#shared/api/http/request-body.ts';
import { isTransientError } from '#shared/api/http/transient-errors.ts';
import { paramPath, validationError } from '#shared/api/http/validation.ts';
import { formatRequestTime, fromHandlerResult, toHttpApiEvent } from '../../local/runtime/http-event.ts';

describe('API Gateway payload 2.0 translation', () => {
  const route = { routeKey: 'POST /v1/x', requestId: 'rid', time: new Date('2026-11-21T23:30:00Z'), domainName: 'api.example.com' };

  it('lower-cases headers, joins repeats, splits cookies and query strings as API Gateway does', () => {
    const event = toHttpApiEvent(
      {
        method: 'post',
        url: '/v1/x?a=1&b=two&a=3&empty=',
        headers: { 'Content-Type': 'application/json', 'X-Multi': ['a', 'b'], cookie: 'c1=v1; c2=v2' },
        body: Buffer.from('{"k":"é"}'),
        sourceIp: '127.0.0.1',
      },
      { ...route, pathParameters: { id: 'x' } },
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'POST /v1/x',
      rawPath: '/v1/x',
      rawQueryString: 'a=1&b=two&a=3&empty=',
      queryStringParameters: { a: '1,3', b: 'two', empty: '' },
      cookies: ['c1=v1', 'c2=v2'],
      headers: { 'content-type': 'application/json', 'x-multi': 'a,b' },
      pathParameters: { id: 'x' },
      body: '{"k":"é"}',
      isBase64Encoded: false,
      requestContext: {
        http: { method: 'POST', path: '/v1/x', sourceIp: '127.0.0.1' },
        requestId: 'rid',
        stage: '$default',
        time: '21/Nov/2026:23:30:00 +0000',
      },
    });
    expect(event.headers.cookie).toBeUndefined();
  });

  it('base64-encodes binary and invalid UTF-8 bodies, omits empty ones', () => {
    const binary = toHttpApiEvent(
      { method: 'POST', url: '/', headers: { 'content-type': 'image/png' }, body: Buffer.from([1, 2, 255]), sourceIp: '::1' },
      route,
    );
    expect(binary).toMatchObject({ isBase64Encoded: true, body: Buffer.from([1, 2, 255]).toString('base64') });
    const invalid = toHttpApiEvent(
      { method: 'POST', url: '/', headers: { 'content-type': 'application/json' }, body: Buffer.from([0x7b, 0xff]), sourceIp: '::1' },
      route,
    );
    expect(invalid.isBase64Encoded).toBe(true);
    const empty = toHttpApiEvent({ method: 'GET', url: '/', headers: {}, body: Buffer.alloc(0), sourceIp: '::1' }, route);
    expect(empty.body).toBeUndefined();
    expect(empty.queryStringParameters).toBeUndefined();
  });

  it('interprets handler results like API Gateway', () => {
    expect(fromHandlerResult({ statusCode: 201, headers: { 'X-A': '1' }, body: 'hi', cookies: ['a=b'] })).toMatchObject({
      statusCode: 201,
      headers: { 'x-a': '1', 'set-cookie': ['a=b'] },
    });
    expect(fromHandlerResult({ statusCode: 200, body: Buffer.from('pdf').toString('base64'), isBase64Encoded: true }).body.toString()).toBe('pdf');
    expect(fromHandlerResult({ ok: true })).toMatchObject({ statusCode: 200, headers: { 'content-type': 'application/json' } });
    expect(fromHandlerResult({ ok: true }).body.toString()).toBe('{"ok":true}');
    expect(formatRequestTime(new Date('2026-01-02T03:04:05Z'))).toBe('02/Jan/2026:03:04:05 +0000');
  });
});

describe('canonical JSON (RFC 8785)', () => {
  it('sorts keys at every depth with no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });
  it('serialises numbers and strings as ECMAScript does, dropping undefined members', () => {
    expect(canonicalJson({ n: 1e21, f: 0.1, s: 'é\n"', u: undefined, z: -0 })).toBe('{"f":0.1,"n":1e+21,"s":"é\\n\\"","z":0}');
    expect(canonicalJson({ '\u00e9': 1, e: 2, E: 3 })).toBe('{"E":3,"e":2,"é":1}');
  });
  it('refuses values JSON cannot carry', () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow();
    expect(() => canonicalJson({ x: 1n })).toThrow();
  });
  it('refuses a value nested past its depth bound, or cyclic, with its own error instead of a stack overflow', () => {
    const nest = (levels: number) => {
      let value: unknown = 1;
      for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { v: value };
      return value;
    };
    expect(canonicalJson(nest(maxCanonicalDepth))).toMatch(/^\[\{"v":\[/);
    expect(() => canonicalJson(nest(maxCanonicalDepth + 1))).toThrow(CanonicalJsonDepthError);
    expect(() => canonicalJson(nest(200_000))).toThrow(CanonicalJsonDepthError);
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(CanonicalJsonDepthError);
  });
});

describe('request body nesting depth', () => {
  it('counts object and array nesting, the body itself being depth 1', () => {
    expect(nestsDeeperThan('{"providers":[{"first_name":"A"}]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"providers":[{"first_name":["A"]}]}', 3)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(maxJsonDepth)}${']'.repeat(maxJsonDepth)}`, maxJsonDepth)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(maxJsonDepth + 1)}${']'.repeat(maxJsonDepth + 1)}`, maxJsonDepth)).toBe(true);
    // Siblings do not add up.
    expect(nestsDeeperThan(JSON.stringify({ a: [[1]], b: [[2]], c: { d: { e: 3 } } }), 3)).toBe(false);
  });
  it('ignores brackets inside strings, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ s: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ s: 'say \\"[[[[\\" \\\\', t: '\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ s: '\\', t: [[1]] }), 2)).toBe(true);
  });
});

describe('validation errors', () => {
  const schema = z.strictObject({ providers: z.array(z.strictObject({ first_name: z.string() })).max(2), n: z.number().optional() });
  const first = (value: unknown) => {
    const result = schema.safeParse(value, { reportInput: true });
    if (result.success) throw new Error('expected failure');
    return validationError(result.error, 'body');
  };
  it('name the parameter with its path', () => {
    expect(paramPath(['providers', 3, 'first_name'])).toBe('providers[3].first_name');
    expect(first({ providers: [{}] }).details).toEqual({ param: 'providers[0].first_name' });
    expect(first({ providers: [{}] }).message).toBe('Missing required parameter: providers[0].first_name.');
    expect(first({ providers: [{ first_name: 'a', age: 3 }] }).details).toEqual({ param: 'providers[0].age' });
    expect(first({ providers: [], extra: 1 }).message).toBe('Unknown parameter: extra.');
    expect(first({ providers: [], n: 'x' }).details).toEqual({ param: 'n' });
    expect(first({ providers: [], n: 'x' }).status).toBe(400);
  });
});

describe('transient errors', () => {
  it('recognise throttling, 5xx and network failures, not client errors', () => {
    expect(isTransientError({ name: 'ProvisionedThroughputExceededException' })).toBe(true);
    expect(isTransientError({ name: 'X', $metadata: { httpStatusCode: 503 } })).toBe(true);
    expect(isTransientError(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isTransientError(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isTransientError({ name: 'ValidationException', $metadata: { httpStatusCode: 400 } })).toBe(false);
    expect(isTransientError(new TypeError('bug'))).toBe(false);
  });
});

describe('handler builders', () => {
  it('build a POST route with API keys only with Idempotency-Key handling, and no other route with it', async () => {
    const { apiHandler } = await import('#shared/api/http/pipeline.ts');
    const { idempotentApiHandler } = await import('#shared/api/http/idempotent-pipeline.ts');
    const answer = async () => ({ statusCode: 204, headers: {}, body: '' });
    expect(() => apiHandler('Verify', {}, answer)).toThrow(/Verify takes an Idempotency-Key: build its handler with idempotentApiHandler/);
    expect(() => idempotentApiHandler('GetCertificate', {}, answer)).toThrow(/GetCertificate takes no Idempotency-Key/);
    expect(typeof apiHandler('GetCertificate', {}, answer)).toBe('function');
    expect(typeof idempotentApiHandler('Verify', {}, answer)).toBe('function');
  });
});
