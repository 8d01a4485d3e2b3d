/**
 * The OpenAPI document as client generators read it: one named schema per meaning (every domain enum
 * and every JSON body a component, referred to by `$ref`), names that no generator has to rename,
 * operation ids that are identifiers, request fields with a default left optional, and bodies that are
 * not JSON typed as strings (binary for the PDF).
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { routes } from '#shared/platform/infra/routes.ts';
import { requestSchemas } from '#shared/api/openapi/components.ts';
import { openApiDocument } from '#shared/api/openapi/document.ts';
import { enumKey, namedEnums } from '#shared/api/openapi/enums.ts';

const doc = openApiDocument('https://api.example.com');
const schemas = doc.components.schemas as Record<string, any>;
const webhooks = doc.webhooks as Record<string, { post: any }>;

type Visit = (node: Record<string, any>, path: string) => void;

/** Every schema-like object of the tree, examples left out. */
function walk(node: unknown, visit: Visit, path = ''): void {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) walk(item, visit, `${path}/${i}`);
  } else if (node && typeof node === 'object') {
    visit(node as Record<string, any>, path);
    for (const [key, value] of Object.entries(node)) if (key !== 'examples' && key !== 'example') walk(value, visit, `${path}/${key}`);
  }
}

const operations = [...Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, op: op as any })))];
const operationIds = [...operations.map((o) => o.op.operationId as string), ...Object.values(webhooks).map((w) => w.post.operationId as string)];

describe('enums', () => {
  it('every domain enum is a named schema that the document refers to', () => {
    const text = JSON.stringify(doc);
    for (const [name, { values }] of Object.entries(namedEnums)) {
      expect(schemas[name], name).toEqual({ type: 'string', enum: [...values], description: expect.any(String) });
      expect(text.split(`"#/components/schemas/${name}"`).length - 1, `references to ${name}`).toBeGreaterThan(0);
    }
    for (const name of ['State', 'Profession', 'LicenseStatus', 'Plan', 'Mode', 'KeyRole', 'MonitorStatus', 'EventType', 'DeliveryStatus', 'ExportStatus'])
      expect(namedEnums, name).toHaveProperty(name);
    expect(schemas.LicenseStatus.enum).toEqual(expect.arrayContaining(['not_found', 'source_unavailable', 'profession_not_covered', 'unsupported_state']));
  });

  it('writes no set of values out twice, and none of the named sets at all outside their schema', () => {
    const places = new Map<string, string[]>();
    walk({ paths: doc.paths, webhooks: doc.webhooks, schemas }, (node, path) => {
      if (Array.isArray(node.enum)) places.set(enumKey(node.enum), [...(places.get(enumKey(node.enum)) ?? []), path]);
    });
    const named = new Set(Object.values(namedEnums).map((e) => enumKey(e.values)));
    for (const [key, where] of places) {
      expect(where, key).toHaveLength(1);
      if (named.has(key)) expect(where[0], key).toMatch(/^\/schemas\/[A-Za-z]+$/);
    }
  });

  it('refers to the enums from request bodies, query parameters, responses and webhook payloads alike', () => {
    expect(schemas.VerificationRequest.properties.state.$ref).toBe('#/components/schemas/State');
    expect(schemas.VerificationResult.properties.status.$ref).toBe('#/components/schemas/LicenseStatus');
    const status = doc.paths['/v1/verifications']!.get!.parameters as { name: string; schema: { $ref?: string } }[];
    expect(status.find((p) => p.name === 'status')!.schema.$ref).toBe('#/components/schemas/LicenseStatus');
    expect(schemas.StatusChange.properties.from.$ref).toBe('#/components/schemas/AnsweredLicenseStatus');
    expect(schemas.ApiKey.properties.mode).toEqual({ $ref: '#/components/schemas/Mode', description: expect.stringContaining('live') });
  });
});

describe('names', () => {
  it('names every JSON body, request or response', () => {
    const contents = [
      ...operations.flatMap(({ op }) => [op.requestBody?.content, ...Object.values(op.responses as Record<string, any>).map((r) => r.content)]),
      ...Object.values(webhooks).map((w) => w.post.requestBody.content),
    ];
    let checked = 0;
    for (const content of contents) {
      const schema = content?.['application/json']?.schema;
      if (!schema || operations.some(({ op }) => op.operationId === 'GetOpenApi' && op.responses['200'].content === content)) continue;
      expect(Object.keys(schema)).toEqual(['$ref']);
      expect(schemas[schema.$ref.split('/').pop()]).toBeDefined();
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('has no schema name that a generator derives from an operation, nor one that ends in a digit', () => {
    const generated = operationIds.flatMap((id) =>
      ['Data', 'Request', 'Response', 'Responses', 'Error', 'Errors', 'WebhookPayload', 'WebhookRequest'].map((suffix) => `${id}${suffix}`),
    );
    for (const name of Object.keys(schemas)) {
      expect(generated, name).not.toContain(name);
      expect(name).toMatch(/^[A-Z][A-Za-z]*$/);
    }
    // The renamed ones, and the one name of the export whichever operation answers it.
    for (const name of ['Health', 'BulkVerification', 'HistoryExport', 'VerificationPage', 'EvidenceBundle', 'MonitorCheck', 'EmptyRequest'])
      expect(schemas, name).toHaveProperty(name);
    const exportRef = (path: string, method: 'get' | 'post', status: string) =>
      (doc.paths[path]![method] as any).responses[status].content['application/json'].schema.$ref;
    expect(exportRef('/v1/verifications/exports', 'post', '202')).toBe('#/components/schemas/HistoryExport');
    expect(exportRef('/v1/verifications/exports/{export_id}', 'get', '200')).toBe('#/components/schemas/HistoryExport');
  });

  it('gives every operation and webhook an identifier as its id, once', () => {
    for (const id of operationIds) expect(id).toMatch(/^[A-Z][A-Za-z0-9]*$/);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operations.map((o) => o.op.operationId).sort()).toEqual(routes.map((r) => r.id).sort());
    expect(webhooks['license.status_changed']!.post.operationId).toBe('LicenseStatusChanged');
  });
});

describe('request fields with a default', () => {
  it('are optional, and say their default in words rather than with `default`', () => {
    let defaulted = 0;
    for (const [name, zodSchema] of Object.entries(requestSchemas)) {
      const shape = zodSchema instanceof z.ZodObject ? (zodSchema.shape as Record<string, z.ZodType>) : {};
      for (const [field, fieldSchema] of Object.entries(shape)) {
        if (!(fieldSchema instanceof z.ZodDefault)) continue;
        defaulted++;
        const documented = schemas[name].properties[field];
        expect(schemas[name].required ?? [], `${name}.${field}`).not.toContain(field);
        expect(documented, `${name}.${field}`).not.toHaveProperty('default');
        expect(documented.description, `${name}.${field}`).toContain(String(fieldSchema.def.defaultValue));
      }
    }
    expect(defaulted).toBeGreaterThanOrEqual(3);
    walk(Object.fromEntries(Object.keys(requestSchemas).map((n) => [n, schemas[n]])), (node, path) => expect(node.default, path).toBeUndefined());
  });
});

describe('bodies that are not JSON', () => {
  it('are strings: the PDF binary, the pages HTML', () => {
    const media = (path: string, type: string) => (doc.paths[path]!.get as any).responses['200'].content[type].schema;
    expect(media('/v1/certificate/{verification_id}/pdf', 'application/pdf')).toMatchObject({
      type: 'string',
      format: 'binary',
      contentMediaType: 'application/pdf',
    });
    expect(media('/docs', 'text/html')).toMatchObject({ type: 'string', contentMediaType: 'text/html' });
    expect(media('/records/{verification_id}', 'text/html')).toMatchObject({ type: 'string', contentMediaType: 'text/html' });
    for (const { op } of operations) {
      for (const response of Object.values(op.responses as Record<string, any>)) {
        for (const [type, content] of Object.entries((response.content ?? {}) as Record<string, any>)) {
          if (type !== 'application/json') expect(content.schema.type, `${op.operationId} ${type}`).toBe('string');
        }
      }
    }
  });
});
