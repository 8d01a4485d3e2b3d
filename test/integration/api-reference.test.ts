/**
 * GET /v1/openapi.json and GET /docs over HTTP against the local stack: served without a key, the
 * document valid and naming this deployment, the page holding the anchor of every `docs` link a real
 * error carries; and the public responses of the stack parsed with their documented schemas.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountViewSchema } from '#shared/features/accounts/account-view-schema.ts';
import { jwksSchema } from '#shared/features/certificates/jwks-schema.ts';
import { errorCatalogue } from '#shared/contract/error-catalogue.ts';
import { routes } from '#shared/platform/infra/routes.ts';
import { coverageSchema } from '#shared/features/sources/boards/coverage-schema.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
let key: string;
beforeAll(async () => {
  t = await startTestStack();
  key = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
});
afterAll(() => t.stop());

const idsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

describe('GET /v1/openapi.json', () => {
  it('serves a valid OpenAPI 3.1 document for this deployment without a key, cacheable with an ETag', async () => {
    const res = await t.call('/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    const validator = new Validator();
    const result = await validator.validate(res.body as Record<string, unknown>);
    expect(result.valid, JSON.stringify(result.errors)).toBe(true);
    expect(res.body.servers).toEqual([{ url: t.url }]);
    for (const route of routes) expect(res.body.paths[route.path]?.[route.method.toLowerCase()]?.operationId).toBe(route.id);
    expect(Object.keys(res.body['x-error-codes'])).toEqual(Object.keys(errorCatalogue));

    const again = await t.call('/v1/openapi.json', { headers: { 'if-none-match': res.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });

  it('refuses unknown query parameters like every API route', async () => {
    const res = await t.call('/v1/openapi.json?format=yaml');
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param: 'format' });
  });
});

describe('GET /docs', () => {
  it('serves the reference as one HTML page with a strict CSP, without a key; tracking parameters are ignored', async () => {
    const res = await t.call('/docs?utm_source=mail');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]+'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'$/,
    );
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.text).toContain(`href="${t.url}/v1/openapi.json"`);
    const ids = idsOf(res.text);
    for (const route of routes) expect(ids).toContain(`operation-${route.id}`);
  });

  it('holds the section that the docs link of a real error points to', async () => {
    const errors = [
      await t.call('/v1/account'),
      await t.call('/v1/account?x=1', { key }),
      await t.call('/v1/nowhere'),
      await t.call('/docs', { method: 'POST' }),
      await t.call('/v1/verify', { method: 'POST', key, body: 'x', headers: { 'content-type': 'text/plain' } }),
    ];
    expect(errors.map((e) => errorOf(e.body).code)).toEqual([
      'authentication_failed',
      'invalid_request',
      'resource_not_found',
      'method_not_allowed',
      'unsupported_media_type',
    ]);
    expect(errors[3]!.headers.get('allow')).toBe('GET');
    for (const error of errors) {
      const docs = new URL(errorOf(error.body).docs);
      expect(`${docs.origin}${docs.pathname}`).toBe(`${t.url}/docs`);
      const page = await t.call(docs.pathname);
      expect(idsOf(page.text)).toContain(docs.hash.slice(1));
    }
  });
});

describe('public and account responses match their documented schemas', () => {
  it('health, signing keys, coverage and account', async () => {
    expect((await t.call('/health')).body).toEqual({ status: 'ok' });
    jwksSchema.parse((await t.call('/v1/signing-keys')).body);
    const coverage = coverageSchema.parse((await t.call('/v1/coverage', { key })).body);
    expect(coverage.data.length).toBeGreaterThan(0);
    const account = accountViewSchema.parse((await t.call('/v1/account', { key })).body);
    expect(account).toMatchObject({ plan: 'production', mode: 'test' });
  });
});
