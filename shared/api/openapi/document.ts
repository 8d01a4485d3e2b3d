/**
 * The OpenAPI 3.1 document of the API, generated from the route table (methods, paths, summaries,
 * authentication), the operation docs (schemas and examples, keyed by route id), the error catalogue,
 * and the zod schemas the handlers validate with and build their bodies to. Nothing in it is kept by
 * hand apart from prose.
 */
import { eventIdSchema } from '../../features/monitoring/delivery/webhook-event-schema.ts';
import type { z } from 'zod';
import { serviceName } from '../../platform/config.ts';
import { errorAnchor, errorBody, errorCatalogue, type ErrorCode } from '../../contract/error-catalogue.ts';
import { isIdempotent, methodsWithBody } from '../http/pipeline-frame.ts';
import { maxBodyBytes } from '../http/request-body.ts';
import { fallbackRoute, routes, type RouteDefinition } from '../../platform/infra/routes.ts';
import { monitorIdSchema } from '../../features/monitoring/checks/monitor-schema.ts';
import { apiKeyIdSchema } from '../../features/accounts/key-view-schema.ts';
import { verificationIdSchema } from '../../contract/field-schemas.ts';
import { type CodeSample, operationSamples } from './code-samples.ts';
import { requestSchemas, responseSchemas } from './components.ts';
import { enumSchemas, namedEnums, referToNamedEnums } from './enums.ts';
import { errorExamples } from './error-examples.ts';
import * as examples from './examples.ts';
import { otherHeaderDocs, parameterDocs, rateLimitHeaderDocs } from './headers.ts';
import { jsonSchema, namedJsonSchemas, schemaRef, type JsonSchema } from './json-schema.ts';
import { operationDocs, tags, type JsonContent, type OperationDoc, type SuccessResponse } from './operations.ts';
import { webhooksObject } from './webhooks.ts';
import { exportIdSchema } from '../../features/history/export-view.ts';

export type OpenApiDocument = Record<string, unknown> & {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, Record<string, unknown>>>;
  readonly components: { readonly schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};

/** Schemas of the path parameters used in the route table, by name. */
export const pathParameterSchemas: Readonly<Record<string, z.ZodType>> = {
  verification_id: verificationIdSchema,
  monitor_id: monitorIdSchema,
  event_id: eventIdSchema,
  key_id: apiKeyIdSchema,
  export_id: exportIdSchema,
};

/** An example value of each path parameter, for the code samples. */
export const pathParameterExamples: Readonly<Record<string, string>> = {
  verification_id: examples.verificationResultExample.verification_id,
  monitor_id: examples.monitorExample.monitor_id,
  event_id: examples.eventExample.event_id,
  key_id: examples.apiKeyExample.key_id,
  export_id: examples.pendingHistoryExportExample.export_id,
};

export const apiVersion = '1.6.0';

const description = `Checks a healthcare provider’s license in one call: the licensing board of the state, the federal OIG exclusion list (LEIE) and the NPPES registry. Every verification has a signed certificate (JSON and PDF); registered providers are re-checked every 24 hours with signed webhook events.

Every request except the public ones carries \`Authorization: Bearer <API_KEY>\`; bodies are JSON with \`Content-Type: application/json\` (at most ${maxBodyBytes / 1024} KiB). Every error has the same shape, \`{"error": {"code", "message", "docs", …}}\`, and every response carries \`X-Request-Id\` and \`Cache-Control: no-store\` unless stated. Responses may gain fields: ignore the ones you do not know.`;

const unmatched = {
  description:
    'A request that no route matches is answered 404 `resource_not_found`, or 405 `method_not_allowed` with an `Allow` header when the path exists under other methods. Neither needs a key.',
  codes: ['resource_not_found', 'method_not_allowed'] as const,
};

/** Every operation of the document: route and doc together, in route table order. */
export function documentedRoutes(): { route: RouteDefinition; doc: OperationDoc }[] {
  return routes.map((route) => {
    const doc = operationDocs[route.id];
    if (!doc) throw new Error(`Route ${route.id} (${route.method} ${route.path}) has no entry in operationDocs`);
    return { route, doc };
  });
}

/** The error codes an operation can answer with: its own and those of every route of its kind. */
export function operationErrors(route: RouteDefinition, doc: OperationDoc): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  if (route.auth === 'api_key') codes.add('authentication_failed').add('account_suspended').add('rate_limit_exceeded');
  if (methodsWithBody.has(route.method)) codes.add('invalid_request').add('request_too_large').add('unsupported_media_type');
  if (doc.query !== 'ignored') codes.add('invalid_request');
  if (isIdempotent(route)) codes.add('invalid_request').add('idempotency_conflict').add('idempotency_in_progress');
  for (const code of doc.errors ?? []) codes.add(code);
  codes.add('internal_error').add('service_unavailable');
  return [...codes].sort((a, b) => errorCatalogue[a].status - errorCatalogue[b].status);
}

const headerRef = (name: string) => ({ $ref: `#/components/headers/${name}` });

function headersOf(names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, headerRef(name)]));
}

function rateLimitHeaderNames(route: RouteDefinition): string[] {
  return route.auth === 'api_key' ? Object.keys(rateLimitHeaderDocs) : [];
}

/** The `Allow` header of a 405: the methods of the path, as the fallback route lists them. */
function allowHeader(methods: readonly string[] | undefined) {
  const header = otherHeaderDocs.Allow!;
  if (!methods) return headerRef('Allow');
  const value = methods.join(', ');
  return { description: `${header.description} Here: \`${value}\`.`, required: true, schema: { type: 'string', const: value } };
}

/**
 * Error responses by status; `authenticated` routes add the rate-limit headers (except on 401). A 405
 * carries `Allow`: exactly `allow` when the path's methods are known.
 */
function errorResponses(
  codes: readonly ErrorCode[],
  authenticated: boolean,
  options: { allow?: readonly string[]; otherContent?: OperationDoc['errorContent'] } = {},
): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, group]) => {
        const retry = group.some(
          (c) =>
            c === 'rate_limit_exceeded' ||
            c === 'idempotency_in_progress' ||
            c === 'service_unavailable' ||
            c === 'sources_unavailable' ||
            c === 'export_not_ready',
        );
        // A 405 comes from the fallback route, before any key is read: it has no rate-limit headers.
        const limited = authenticated && status !== 401 && status !== 405 ? Object.keys(rateLimitHeaderDocs) : [];
        const other = Object.entries(options.otherContent?.[status] ?? {}).map(([mediaType, schema]) => [mediaType, { schema }]);
        return [
          String(status),
          {
            description: group.map((c) => `\`${c}\`: ${errorCatalogue[c].title}.`).join(' '),
            headers: {
              ...headersOf(['X-Request-Id', ...limited, ...(retry ? ['Retry-After'] : [])]),
              ...(status === 405 ? { Allow: allowHeader(options.allow) } : {}),
            },
            content: {
              'application/json': {
                schema: { $ref: schemaRef('Error') },
                examples: Object.fromEntries(group.map((c) => [c, { $ref: `#/components/examples/${errorAnchor(c)}` }])),
              },
              ...Object.fromEntries(other),
            },
          },
        ];
      }),
  );
}

function errorExample(code: ErrorCode) {
  const example = errorExamples[code];
  return { summary: errorCatalogue[code].title, value: errorBody(code, example?.message ?? `${errorCatalogue[code].title}.`, example?.details) };
}

/** The component name of every JSON schema an operation uses: each must be named in components.ts. */
class SchemaNames {
  readonly request = new Map<string, z.ZodType>(Object.entries(requestSchemas));
  readonly response = new Map<string, z.ZodType>(Object.entries(responseSchemas));

  name(side: 'request' | 'response', schema: z.ZodType, where: string): string {
    for (const [name, candidate] of this[side]) if (candidate === schema) return name;
    throw new Error(`The ${side} schema of ${where} has no name in components.ts (${side}Schemas)`);
  }
}

function jsonContent(content: JsonContent, ref: string) {
  return { schema: { $ref: schemaRef(ref) }, examples: content.examples };
}

function successResponse(route: RouteDefinition, response: SuccessResponse, names: SchemaNames) {
  const content: Record<string, unknown> = {};
  if (response.json) {
    content['application/json'] = jsonContent(response.json, names.name('response', response.json.schema, `the ${response.status} of ${route.id}`));
  }
  for (const [mediaType, schema] of Object.entries(response.other ?? {})) content[mediaType] = { schema };
  const headers = [
    'X-Request-Id',
    ...rateLimitHeaderNames(route),
    ...(isIdempotent(route) && response.status < 300 ? ['Idempotent-Replayed'] : []),
    ...(response.headers ?? []),
  ];
  return { description: response.description, headers: headersOf(headers), ...(Object.keys(content).length > 0 ? { content } : {}) };
}

function parameters(route: RouteDefinition, doc: OperationDoc): unknown[] {
  const out: unknown[] = [];
  for (const [, name] of route.path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) {
    const schema = pathParameterSchemas[name!];
    if (!schema) throw new Error(`Path parameter ${name} of ${route.path} has no schema in pathParameterSchemas`);
    out.push({ name, in: 'path', required: true, description: schema.description, schema: jsonSchema(schema, 'request') });
  }
  if (doc.query && doc.query !== 'ignored') {
    const query = jsonSchema(doc.query, 'request') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description: text, ...rest } = schema;
      out.push({ name, in: 'query', required: query.required?.includes(name) ?? false, ...(text ? { description: text } : {}), schema: rest });
    }
  }
  if (isIdempotent(route)) out.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (doc.responses.some((r) => r.status === 304)) out.push({ $ref: '#/components/parameters/IfNoneMatch' });
  return out;
}

function operation(route: RouteDefinition, doc: OperationDoc, names: SchemaNames) {
  const security = route.auth === 'public' ? [] : doc.testKeysOnly ? [{ testKey: [] }] : [{ liveKey: [] }, { testKey: [] }];
  const responses: Record<string, unknown> = {};
  for (const response of doc.responses) responses[String(response.status)] = successResponse(route, response, names);
  const allow = routes.filter((r) => r.path === route.path).map((r) => r.method);
  Object.assign(
    responses,
    errorResponses([...operationErrors(route, doc), 'method_not_allowed'], route.auth === 'api_key', { allow, otherContent: doc.errorContent }),
  );
  const params = parameters(route, doc);
  return {
    operationId: route.id,
    'x-codeSamples': codeSamples(route, doc),
    tags: [doc.tag],
    summary: route.summary,
    description: doc.testKeysOnly ? `${doc.description} Test keys only.` : doc.description,
    security,
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(doc.body
      ? {
          requestBody: {
            required: !doc.body.optional,
            content: { 'application/json': jsonContent(doc.body, names.name('request', doc.body.schema, `the body of ${route.id}`)) },
          },
        }
      : {}),
    responses,
  };
}

/** The samples of an operation: its first request body example (none for an optional empty one), its query example. */
function codeSamples(route: RouteDefinition, doc: OperationDoc): CodeSample[] {
  const body = doc.body ? Object.values(doc.body.examples)[0]?.value : undefined;
  const emptyBody = body !== undefined && doc.body?.optional && JSON.stringify(body) === '{}';
  if (doc.query && doc.query !== 'ignored' && !doc.queryExample) throw new Error(`${route.id} takes a query and has no queryExample`);
  const success = doc.responses.find((r) => r.status < 400)!;
  const other = Object.keys(success.other ?? {});
  const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return operationSamples({
    operationId: route.id,
    method: route.method,
    path: route.path,
    public: route.auth === 'public',
    pathParams: Object.fromEntries(names.map((name) => [name, pathParameterExamples[name]!])),
    ...(body !== undefined && !emptyBody ? { body } : {}),
    ...(doc.queryExample ? { query: doc.queryExample } : {}),
    answer: success.status === 302 ? 'csv' : other.includes('text/html') ? 'html' : other.includes('application/pdf') ? 'pdf' : 'json',
  });
}

function securitySchemes() {
  const scheme = (mode: 'live' | 'test', text: string) => ({
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `svc_${mode}_ followed by 40 base62 characters`,
    description: text,
  });
  return {
    liveKey: scheme(
      'live',
      'Live key (`svc_live_…`): production verifications, counted against the monthly quota. Send `Authorization: Bearer <API_KEY>`. A missing, malformed, unknown, revoked or expired key is 401 `authentication_failed`; a key of a suspended account is 403 `account_suspended`. Keys are shown once when issued and stored only as a hash; keep them out of client-side code and repositories.',
    ),
    testKey: scheme(
      'test',
      'Test key (`svc_test_…`): the sandbox. Answers from the sandbox directory, never from a real source (a real provider is `not_found`), over the same coverage as live keys; never charged to the quota, with a per-minute allowance of its own, and its data kept apart from live data. Reserved last names (`test-active`, `test-suspended`, `test-excluded`, `test-outage`, …) force an outcome on test keys only.',
    ),
  };
}

function buildDocument(serverUrl: string): OpenApiDocument {
  const names = new SchemaNames();
  const paths: OpenApiDocument['paths'] = {};
  for (const { route, doc } of documentedRoutes()) {
    paths[route.path] ??= {};
    paths[route.path]![route.method.toLowerCase()] = operation(route, doc, names);
  }
  const schemas: Record<string, JsonSchema> = { ...namedJsonSchemas(names.request, 'request') };
  for (const [name, schema] of [...Object.entries(namedJsonSchemas(names.response, 'response')), ...Object.entries(enumSchemas())]) {
    if (name in schemas) throw new Error(`Schema name ${name} is used twice`);
    schemas[name] = schema;
  }
  return {
    openapi: '3.1.0',
    info: { title: serviceName, version: apiVersion, description },
    servers: [{ url: serverUrl }],
    security: [{ liveKey: [] }, { testKey: [] }],
    tags: [...tags, { name: 'Webhooks', description: 'Events the service POSTs to your `webhook_url`.' }],
    paths: referToNamedEnums(paths) as OpenApiDocument['paths'],
    webhooks: referToNamedEnums(webhooksObject()),
    components: {
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([name, schema]) => [name, name in namedEnums ? schema : (referToNamedEnums(schema) as JsonSchema)]),
      ),
      securitySchemes: securitySchemes(),
      headers: Object.fromEntries(
        Object.entries({ ...rateLimitHeaderDocs, ...otherHeaderDocs }).map(([name, doc]) => [name, { description: doc.description, schema: doc.schema }]),
      ),
      parameters: parameterDocs,
      examples: Object.fromEntries((Object.keys(errorCatalogue) as ErrorCode[]).map((code) => [errorAnchor(code), errorExample(code)])),
    },
    'x-unmatched-requests': {
      description: unmatched.description,
      'x-route-id': fallbackRoute.id,
      responses: errorResponses(unmatched.codes, false),
    },
    'x-error-codes': Object.fromEntries(
      Object.entries(errorCatalogue).map(([code, entry]) => [code, { status: entry.status, title: entry.title, anchor: errorAnchor(code as ErrorCode) }]),
    ),
  };
}

const built = new Map<string, OpenApiDocument>();

/** The document for a deployment's base URL, built once per container. */
export function openApiDocument(serverUrl: string): OpenApiDocument {
  let doc = built.get(serverUrl);
  if (!doc) {
    doc = buildDocument(serverUrl);
    built.set(serverUrl, doc);
  }
  return doc;
}
