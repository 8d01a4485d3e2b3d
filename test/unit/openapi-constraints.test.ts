/**
 * The constraints of the OpenAPI document against the zod schemas the handlers validate with: a name,
 * a state or a page size that the document accepts is one the service accepts, and what the service
 * refuses the document refuses; patterns read the same with and without the `u` flag (Spectral runs
 * them without it); 405 with `Allow`, the optional body of the check route and the HTML 404 of a record
 * are documented; bulk items are typed as the request they are meant to be.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { routes } from '#shared/platform/infra/routes.ts';
import { listMonitorsQuerySchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { openApiDocument } from '#shared/api/openapi/document.ts';
import { portablePattern } from '#shared/api/openapi/portable-pattern.ts';
import { bulkRequestSchema } from '#shared/features/verification/bulk-verification.ts';
import { namePattern, verificationRequestSchema } from '#shared/features/verification/verification-request.ts';

const doc = openApiDocument('https://api.example.com') as any;
const request = doc.components.schemas.VerificationRequest;
const ajv = new Ajv2020({ strict: false, validateFormats: false });
/** A schema of the document with the named schemas it refers to, as one JSON Schema. */
const withComponents = (schema: object, id: string) =>
  JSON.parse(JSON.stringify({ ...schema, $id: id, $defs: doc.components.schemas }).replaceAll('"#/components/schemas/', '"#/$defs/'));
const documentAccepts = ajv.compile(withComponents(request, 'vr'));
const nameSchema = request.properties.first_name;
const nameRegExps = [new RegExp(nameSchema.pattern, 'u'), new RegExp(nameSchema.pattern)];

const serverAcceptsName = (name: string) => verificationRequestSchema.safeParse({ first_name: name, last_name: 'Thomas', state: 'WA' }).success;
const documentAcceptsName = (name: string) => documentAccepts({ first_name: name, last_name: 'Thomas', state: 'WA' });

/** Letters of several scripts, marks, the allowed punctuation, and characters the service refuses. */
const nameCharacter = fc.constantFrom(
  ...'aZéßØñ',
  ...'ΑλЖыאבعمदि中文한글',
  '\u0301',
  '\u0308',
  ...` '’.-`,
  ...'0٣²_@<>,;!?\t\u0000\u00A0\u2019\u2018"',
  '😀',
  '𠀀',
);

describe('names', () => {
  it('the document’s pattern is the service’s pattern, whatever the validator’s regex flags', () => {
    fc.assert(
      fc.property(
        fc.array(nameCharacter, { maxLength: 8 }).map((chars) => chars.join('')),
        (name) => {
          const bmp = !/[\uD800-\uDFFF]/.test(name);
          for (const re of nameRegExps) expect(re.test(name), JSON.stringify(name)).toBe(bmp && namePattern.test(name));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('a name the document accepts, the service accepts; a canonical name the service accepts, the document accepts', () => {
    fc.assert(
      fc.property(
        fc.array(nameCharacter, { maxLength: 8 }).map((chars) => chars.join('')),
        (name) => {
          if (documentAcceptsName(name)) expect(serverAcceptsName(name), JSON.stringify(name)).toBe(true);
          const canonical = name === name.normalize('NFC').trim().replace(/\s+/g, ' ') && !/[\uD800-\uDFFF]/.test(name);
          if (canonical && serverAcceptsName(name)) expect(documentAcceptsName(name), JSON.stringify(name)).toBe(true);
        },
      ),
      { numRuns: 3000 },
    );
    expect([100, 101].map((n) => [documentAcceptsName('a'.repeat(n)), serverAcceptsName('a'.repeat(n))])).toEqual([
      [true, true],
      [false, false],
    ]);
  });

  it('spells Unicode property classes out as BMP ranges that mean the same with and without u', () => {
    const source = portablePattern("^[\\p{L}\\p{M} '’.-]+$");
    expect(source).not.toMatch(/\\p\{/);
    expect(source).toMatch(/^\^\[(\\u[0-9A-F]{4}(-\\u[0-9A-F]{4})?)+\]\+\$$/);
    for (const flags of ['u', '']) {
      const re = new RegExp(source, flags);
      expect(
        ['Zoë', 'Ελένη', '王', "O'Brien"].every((s) => re.test(s)),
        flags,
      ).toBe(true);
      expect(
        ['A1', 'a_b', '😀', '𠀀'].some((s) => re.test(s)),
        flags,
      ).toBe(false);
    }
    expect(portablePattern('^mon_[0-9A-Za-z]{24}$')).toBe('^mon_[0-9A-Za-z]{24}$');
  });
});

describe('states', () => {
  it('the document lists the codes the service accepts, in upper case', () => {
    expect(request.properties.state.$ref).toBe('#/components/schemas/State');
    const state = doc.components.schemas.State;
    expect(state.enum).toHaveLength(51);
    for (const code of state.enum) expect(verificationRequestSchema.safeParse({ first_name: 'A', last_name: 'B', state: code }).success).toBe(true);
    for (const bad of ['ZZ', 'PR', 'W', 'WAS', '']) {
      expect(verificationRequestSchema.safeParse({ first_name: 'A', last_name: 'B', state: bad }).success).toBe(false);
      expect(documentAccepts({ first_name: 'A', last_name: 'B', state: bad })).toBe(false);
    }
  });
});

describe('page sizes', () => {
  it('limit is an integer query parameter from 1 to 100, as the service reads it', () => {
    for (const path of ['/v1/monitors', '/v1/events']) {
      const limit = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'limit');
      expect(limit).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100 } });
      expect(limit.schema).not.toHaveProperty('pattern');
    }
    for (const [value, ok] of [
      ['1', true],
      ['100', true],
      ['0', false],
      ['101', false],
      ['1.5', false],
    ] as const) {
      expect(listMonitorsQuerySchema.safeParse({ limit: value }).success, value).toBe(ok);
    }
  });
});

describe('routes', () => {
  it('every operation documents 405 with the Allow header its path answers with', () => {
    for (const route of routes) {
      const response = doc.paths[route.path][route.method.toLowerCase()].responses['405'];
      const allow = routes
        .filter((r) => r.path === route.path)
        .map((r) => r.method)
        .join(', ');
      expect(response.headers.Allow, route.id).toMatchObject({ required: true, schema: { const: allow } });
      expect(response.headers).not.toHaveProperty('X-RateLimit-Limit');
    }
    expect(doc['x-unmatched-requests'].responses['405'].headers).toHaveProperty('Allow');
  });

  it('the check route takes an optional empty object; the record’s 404 is a page too', () => {
    const check = doc.paths['/v1/monitor/{monitor_id}/check'].post.requestBody;
    expect(check.required).toBe(false);
    expect(doc.components.schemas[check.content['application/json'].schema.$ref.split('/').pop()]).toMatchObject({
      type: 'object',
      additionalProperties: false,
    });
    expect(doc.paths['/v1/verify'].post.requestBody.required).toBe(true);
    expect(Object.keys(doc.paths['/records/{verification_id}'].get.responses['404'].content)).toEqual(['application/json', 'text/html']);
  });

  it('a bulk item is typed as a verification request, while the service answers a malformed one with an item error', () => {
    const items = doc.components.schemas.BulkVerificationRequest.properties.providers.items;
    expect(items.$ref).toBe('#/components/schemas/VerificationRequest');
    expect(items.description).toMatch(/malformed item gets an error entry/);
    const documentAcceptsBatch = ajv.compile(withComponents(doc.components.schemas.BulkVerificationRequest, 'bulk'));
    const good = { first_name: 'Helen', last_name: 'Thomas', state: 'WA' };
    expect(documentAcceptsBatch({ providers: [good] })).toBe(true);
    expect(documentAcceptsBatch({ providers: [good, 'not a provider'] })).toBe(false);
    // The handler's own schema takes any item: each is validated on its own.
    expect(bulkRequestSchema.safeParse({ providers: [good, 'not a provider', { state: 'ZZ' }] }).success).toBe(true);
    expect(bulkRequestSchema.safeParse({ providers: [] }).success).toBe(false);
  });

  it('a bulk result entry is exactly one of a result and an error, each a named schema', () => {
    const results = doc.components.schemas.BulkVerification.properties.results;
    expect(results.items).toEqual({ oneOf: [{ $ref: '#/components/schemas/BulkItemResult' }, { $ref: '#/components/schemas/BulkItemError' }] });
    expect(doc.components.schemas.BulkItemResult).toMatchObject({
      required: ['index', 'result'],
      properties: { result: { $ref: '#/components/schemas/VerificationResult' } },
    });
    expect(doc.components.schemas.BulkItemError).toMatchObject({
      required: ['index', 'error'],
      properties: { error: { $ref: '#/components/schemas/ErrorObject' } },
    });
    const entry = ajv.compile(withComponents(results.items, 'entry'));
    const error = { code: 'invalid_request', message: 'state is invalid', docs: 'https://api.example.com/docs#error-invalid-request' };
    expect(entry({ index: 1, error })).toBe(true);
    expect(entry({ index: 1 })).toBe(false);
  });
});
