/**
 * The OpenAPI document and the API reference page: valid OpenAPI 3.1, every route of the route table
 * and every error code in them, examples that the schemas accept, and a page whose every link and every
 * error `docs` anchor lands on an element that exists.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { errorBodySchema } from '#shared/contract/error-schema.ts';
import { errorBody, errorCatalogue, type ErrorCode } from '#shared/contract/error-catalogue.ts';
import { escapeHtml } from '#shared/api/http/html.ts';
import { isIdempotent } from '#shared/api/http/pipeline-frame.ts';
import { fallbackRoute, routes } from '#shared/platform/infra/routes.ts';
import { rateLimitHeaders } from '#shared/api/http/rate-limit-headers.ts';
import { eventKinds } from '#shared/features/monitoring/checks/change-events.ts';
import { storedEventKinds } from '#shared/features/monitoring/delivery/webhook-event-schema.ts';
import { webhookEventSchemas } from '#shared/features/monitoring/delivery/webhook-event-schema.ts';
import { professions } from '#shared/domain/professions.ts';
import { openApiDocument, operationErrors, pathParameterSchemas, type OpenApiDocument } from '#shared/api/openapi/document.ts';
import { apiReferenceHttpResponse, etagMatches, openApiHttpResponse } from '#shared/api/openapi/docs-http.ts';
import { webhookEventExamples } from '#shared/api/openapi/examples.ts';
import { generatedDocs } from '#shared/api/openapi/generated-docs.ts';
import { operationDocs } from '#shared/api/openapi/operations.ts';
import { operationAnchor, renderReferencePage, webhookAnchor } from '#shared/api/openapi/reference-page.ts';
import { referencePageContentSecurityPolicy, referenceStylesheet } from '#shared/api/openapi/reference-page-style.ts';
import { signatureHeader } from '#shared/features/webhooks/webhook-signature.ts';
import { eventIdHeader, timestampHeader } from '#shared/features/webhooks/deliver-webhook.ts';
import { createHash } from 'node:crypto';

const base = 'https://api.example.com';
const doc = openApiDocument(base);
const page = renderReferencePage(doc, { openApiUrl: `${base}/v1/openapi.json` });
const codes = Object.keys(errorCatalogue) as ErrorCode[];

/** Every value of `key` anywhere in a JSON tree. */
function collect(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, key, out);
  } else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(v);
      collect(v, key, out);
    }
  }
  return out;
}

function pointer(root: unknown, ref: string): unknown {
  let node: any = root;
  for (const part of ref.slice(2).split('/')) node = node?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  return node;
}

const ids = new Set([...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('resolves every $ref, and every schema converts to JSON Schema without unrepresentable parts', () => {
    const refs = collect(doc, '$ref') as string[];
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) expect(pointer(doc, ref), ref).toBeDefined();
    expect(JSON.stringify(doc)).not.toMatch(/"\$schema"|"\$id"|9007199254740991/);
  });

  it('has every route of the route table with its method, path, id and authentication, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(documented.sort()).toEqual(routes.map((r) => `${r.method} ${r.path} ${r.id}`).sort());
    for (const route of routes) {
      const op = doc.paths[route.path]![route.method.toLowerCase()]!;
      expect(op.summary).toBe(route.summary);
      const keys = operationDocs[route.id]!.testKeysOnly ? [{ testKey: [] }] : [{ liveKey: [] }, { testKey: [] }];
      expect(op.security, route.id).toEqual(route.auth === 'public' ? [] : keys);
      const headerParams = ((op.parameters ?? []) as { $ref?: string }[]).filter((p) => p.$ref === '#/components/parameters/IdempotencyKey');
      expect(headerParams.length, route.id).toBe(isIdempotent(route) ? 1 : 0);
    }
    expect(Object.keys(operationDocs).sort()).toEqual(routes.map((r) => r.id).sort());
  });

  it('documents every error code with its HTTP status, and each is reachable from an operation or unmatched requests', () => {
    const listed = doc['x-error-codes'] as Record<string, { status: number; anchor: string }>;
    expect(Object.keys(listed)).toEqual(codes);
    const codeSchema = doc.components.schemas.ErrorCode as { anyOf: { const: string; 'x-http-status': number }[] };
    expect(codeSchema.anyOf.map((s) => [s.const, s['x-http-status']])).toEqual(codes.map((c) => [c, errorCatalogue[c].status]));
    const reachable = new Set<string>();
    for (const { responses } of [...Object.values(doc.paths).flatMap((item) => Object.values(item)), doc['x-unmatched-requests'] as { responses: unknown }]) {
      for (const [status, response] of Object.entries(responses as Record<string, any>)) {
        for (const code of Object.keys(response.content?.['application/json']?.examples ?? {})) {
          if (code in errorCatalogue) {
            expect(Number(status), code).toBe(errorCatalogue[code as ErrorCode].status);
            reachable.add(code);
          }
        }
      }
    }
    expect([...reachable].sort()).toEqual([...codes].sort());
  });

  it('derives each route’s errors from what it is: authenticated, with a body, idempotent', () => {
    const verify = routes.find((r) => r.id === 'Verify')!;
    expect(operationErrors(verify, operationDocs.Verify!)).toEqual(
      expect.arrayContaining([
        'invalid_request',
        'authentication_failed',
        'idempotency_conflict',
        'request_too_large',
        'unsupported_media_type',
        'invalid_profession',
        'rate_limit_exceeded',
        'sources_unavailable',
      ]),
    );
    const health = routes.find((r) => r.id === 'Health')!;
    expect(operationErrors(health, operationDocs.Health!)).toEqual(['invalid_request', 'internal_error', 'service_unavailable']);
  });

  it('names the rate-limit headers the pipeline sends, on every authenticated response', () => {
    const sent = Object.keys(rateLimitHeaders({ minuteLimit: 60, minuteRemaining: 59, monthlyLimit: 5000, monthlyRemaining: 4999, monthlyReset: new Date() }));
    const documented = Object.keys(doc.components.headers as object).filter((h) => h.startsWith('X-RateLimit-'));
    expect(documented.map((h) => h.toLowerCase())).toEqual(sent);
    const account = doc.paths['/v1/account']!.get!.responses as Record<string, { headers: Record<string, unknown> }>;
    expect(Object.keys(account['200']!.headers)).toEqual(expect.arrayContaining(documented));
    expect(Object.keys(account['429']!.headers)).toEqual(expect.arrayContaining([...documented, 'Retry-After']));
  });

  it('gives every path parameter the id pattern the handlers check', () => {
    const names = routes.flatMap((r) => [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!));
    for (const name of names) expect(pathParameterSchemas[name], name).toBeDefined();
    const params = doc.paths['/v1/monitor/{monitor_id}']!.delete!.parameters as { name: string; in: string; schema: { pattern: string } }[];
    expect(params[0]).toMatchObject({ name: 'monitor_id', in: 'path', schema: { pattern: '^mon_[0-9A-Za-z]{24}$' } });
  });

  it('renders request schemas as what the API accepts: unknown fields refused, the spec’s professions', () => {
    const request = doc.components.schemas.VerificationRequest as {
      required: string[];
      additionalProperties: boolean;
      properties: Record<string, { $ref?: string }>;
    };
    expect(request.required).toEqual(['first_name', 'last_name', 'state']);
    expect(request.additionalProperties).toBe(false);
    expect(request.properties.profession!.$ref).toBe('#/components/schemas/Profession');
    expect((doc.components.schemas.Profession as { enum: string[] }).enum).toEqual(professions);
    expect(doc.components.schemas.VerificationResult).not.toHaveProperty('additionalProperties');
    const query = doc.paths['/v1/events']!.get!.parameters as { name: string; in: string }[];
    expect(query.map((p) => `${p.in}:${p.name}`)).toEqual(['query:limit', 'query:starting_after', 'query:monitor_id', 'query:delivery_state']);
  });

  it('has one webhook per event kind, with the signature headers a delivery carries', () => {
    expect(Object.keys(doc.webhooks as object)).toEqual([...storedEventKinds]);
    for (const kind of storedEventKinds) {
      const post = (doc.webhooks as Record<string, any>)[kind].post;
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
        signatureHeader,
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
        eventIdHeader,
        timestampHeader,
        'User-Agent',
      ]);
      // Both schemes are documented with every webhook: the spec's, and the Standard Webhooks one against replays.
      expect(post.description).toContain('Service-Signature');
      expect(post.description).toContain('whsec_');
      expect(post.description).toMatch(/5 minutes/);
      expect(pointer(doc, post.requestBody.content['application/json'].schema.$ref)).toBeDefined();
    }
  });

  it('has Bearer security schemes for live and test keys', () => {
    expect(doc.components).toMatchObject({
      securitySchemes: { liveKey: { type: 'http', scheme: 'bearer' }, testKey: { type: 'http', scheme: 'bearer' } },
    });
    expect(doc.security).toEqual([{ liveKey: [] }, { testKey: [] }]);
  });

  it('says what a test key answers from: the sandbox directory, a real provider not_found, an allowance of its own', () => {
    const testKey = (doc.components.securitySchemes as Record<string, { description: string }>).testKey!.description;
    expect(testKey).toMatch(/sandbox directory/);
    expect(testKey).toMatch(/real provider is `not_found`/);
    expect(testKey).toMatch(/per-minute allowance of its own/);
    expect(testKey).not.toMatch(/same data/);
  });

  it('has examples that the schemas accept', () => {
    let checked = 0;
    for (const [id, op] of Object.entries(operationDocs)) {
      for (const content of [op.body, ...op.responses.map((r) => r.json)]) {
        for (const [name, example] of Object.entries(content?.examples ?? {})) {
          const parsed = content!.schema.safeParse(example.value);
          expect(parsed.success, `${id} ${name}: ${parsed.error?.message}`).toBe(true);
          checked++;
        }
      }
    }
    for (const kind of eventKinds) expect(webhookEventSchemas[kind].parse(webhookEventExamples[kind])).toEqual(webhookEventExamples[kind]);
    for (const example of Object.values(doc.components.examples as Record<string, { value: unknown }>)) errorBodySchema.parse(example.value);
    expect(checked).toBeGreaterThanOrEqual(Object.keys(operationDocs).length);
  });

  it('rejects what the contract says it rejects: a wrong example fails its schema', () => {
    const verify = operationDocs.Verify!.responses[0]!.json!;
    const { verified: _v, ...missing } = verify.examples.default!.value as Record<string, unknown>;
    expect(verify.schema.safeParse(missing).success).toBe(false);
    expect(verify.schema.safeParse({ ...(verify.examples.default!.value as object), surprise: 1 }).success).toBe(false);
    expect(z.toJSONSchema(errorBodySchema)).toMatchObject({ properties: { error: { required: ['code', 'message', 'docs'] } } });
  });
});

describe('the API reference page', () => {
  it('has the sections, one anchor per operation, webhook and schema', () => {
    for (const section of ['authentication', 'limits', 'idempotency', 'errors', 'unmatched-requests', 'operations', 'webhooks', 'schemas'])
      expect(ids).toContain(section);
    for (const route of routes) expect(ids).toContain(operationAnchor(route.id));
    for (const kind of eventKinds) expect(ids).toContain(webhookAnchor(kind));
    for (const name of Object.keys(doc.components.schemas)) expect(ids).toContain(`schema-${name}`);
    for (const header of Object.keys(doc.components.headers as object).filter((h) => h.startsWith('X-RateLimit-')))
      expect(page).toContain(`<code>${header}</code>`);
  });

  it('has the anchor every error body’s docs link points to', () => {
    for (const code of codes) {
      const docs = new URL(errorBody(code, 'x').error.docs);
      expect(docs.pathname).toBe('/docs');
      expect(ids, code).toContain(docs.hash.slice(1));
    }
  });

  it('links only to elements that exist on the page, or to the OpenAPI document', () => {
    const hrefs = [...page.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);
    expect(hrefs.length).toBeGreaterThan(200);
    for (const href of hrefs) {
      if (href.startsWith('#')) expect(ids, href).toContain(href.slice(1));
      else expect(href).toBe(`${base}/v1/openapi.json`);
    }
  });

  it('loads and runs nothing: no scripts, no external assets, only the hashed inline stylesheet', () => {
    expect(page).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|\sstyle=/i);
    const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
    expect(styles).toEqual([referenceStylesheet]);
    const hash = createHash('sha256').update(referenceStylesheet, 'utf8').digest('base64');
    expect(referencePageContentSecurityPolicy).toContain(`style-src 'sha256-${hash}'`);
    expect(referencePageContentSecurityPolicy).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
  });

  it('escapes every text taken from the document', () => {
    const hostile = structuredClone(doc) as OpenApiDocument & { info: { description: string } };
    hostile.info.description = 'Say <script>alert(1)</script> & "quote" `<b>code</b>`';
    const op = hostile.paths['/v1/account']!.get!;
    op.summary = '<img src=x onerror=alert(1)>';
    (hostile.components.schemas.Account as { description?: string }).description = '</style><script>';
    const rendered = renderReferencePage(hostile, { openApiUrl: 'https://x.example/"><script>' });
    expect(rendered).not.toMatch(/<script|<img|<b>/);
    expect(rendered).toContain(escapeHtml('<script>alert(1)</script> & "quote" '));
    expect(rendered).toContain(`<code>${escapeHtml('<b>code</b>')}</code>`);
    expect(rendered).toContain(escapeHtml('<img src=x onerror=alert(1)>'));
  });
});

describe('serving the contract', () => {
  it('answers with an ETag, five minutes of public caching, and 304 when If-None-Match names it', () => {
    const first = openApiHttpResponse(generatedDocs, undefined);
    expect(first.statusCode).toBe(200);
    expect(first.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' });
    expect(JSON.parse(first.body as string).openapi).toBe('3.1.0');
    const etag = first.headers.etag!;
    expect(openApiHttpResponse(generatedDocs, `W/${etag}`)).toMatchObject({ statusCode: 304, body: '' });
    const html = apiReferenceHttpResponse(generatedDocs, undefined);
    expect(html.headers).toMatchObject({ 'content-type': 'text/html; charset=utf-8', 'content-security-policy': referencePageContentSecurityPolicy });
    expect(apiReferenceHttpResponse(generatedDocs, `"other", ${html.headers.etag}`).statusCode).toBe(304);
  });

  it('compares entity tags as If-None-Match asks', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"b"', '"a"')).toBe(false);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches(' "b" , W/"a"', '"a"')).toBe(true);
  });

  it('documents unmatched requests as the fallback route answers them', () => {
    const unmatched = doc['x-unmatched-requests'] as { 'x-route-id': string; responses: Record<string, unknown> };
    expect(unmatched['x-route-id']).toBe(fallbackRoute.id);
    expect(Object.keys(unmatched.responses)).toEqual(['404', '405']);
  });
});
