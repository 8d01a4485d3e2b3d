/**
 * Checks recorded HTTP exchanges against an OpenAPI 3.1 document with ajv (JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1, with Unicode patterns and the standard formats). Small on purpose: it reads
 * only what this API's document uses (path, query and header parameters, JSON request bodies, response
 * status, headers and media types, JSON response bodies, the 404/405 of unmatched requests), so every
 * rule it applies is visible here.
 *
 * Query parameters and headers are strings on the wire: a value whose schema is an integer is read as
 * one only when written as one (`-?[0-9]+`), the canonical form of an integer in a query string, so
 * `1e1` or `+5` stay strings and fail an integer schema.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

type Json = any;

export interface Exchange {
  readonly method: string;
  /** Path and query, as sent. */
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody?: string;
  readonly status: number;
  readonly responseHeaders: Headers;
  readonly responseBody: string;
}

const schemaPrefix = '#/components/schemas/';
const rootId = 'https://contract.invalid/schemas';

// ajv-formats is CommonJS: its default export is the plugin, under `default` when imported from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

/** Deep copy with component refs pointing into the schema registry. */
function rewriteRefs(node: Json): Json {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' && v.startsWith(schemaPrefix) ? `${rootId}#/$defs/${v.slice(schemaPrefix.length)}` : rewriteRefs(v),
    ]),
  );
}

function mediaType(contentType: string | null | undefined): string | undefined {
  return contentType ? contentType.split(';')[0]!.trim().toLowerCase() : undefined;
}

/** A query or header string as the value its schema describes. */
function wireValue(raw: string, schema: Json): unknown {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  if ((types.includes('integer') || types.includes('number')) && /^-?[0-9]+$/.test(raw)) return Number(raw);
  return raw;
}

interface Located {
  readonly path: string;
  readonly item: Json;
  readonly params: Record<string, string>;
}

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { path: string; regex: RegExp; names: string[]; literal: number }[];

  constructor(private readonly doc: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(this.ajv);
    this.ajv.addSchema({ $id: rootId, $defs: rewriteRefs(doc.components.schemas) });
    this.templates = Object.keys(doc.paths).map((path) => {
      const names: string[] = [];
      const source = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { path, regex: new RegExp(`^${source}$`), names, literal: path.replace(/\{\w+\}/g, '').length };
    });
  }

  /** Follows a local `$ref` (`#/components/…`). */
  private resolve(node: Json): Json {
    let current = node;
    while (current && typeof current.$ref === 'string' && current.$ref.startsWith('#/')) {
      let target: Json = this.doc;
      for (const part of current.$ref.slice(2).split('/')) target = target?.[part.replaceAll('~1', '/').replaceAll('~0', '~')];
      current = target;
    }
    return current;
  }

  /** ajv's errors for `value` against an OpenAPI schema, as readable lines; empty when it conforms. */
  schemaErrors(schema: Json, value: unknown, where: string): string[] {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema));
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${where}${e.instancePath} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  }

  private locate(pathname: string): Located | undefined {
    const found = this.templates
      .map((t) => ({ t, m: t.regex.exec(pathname) }))
      .filter((x) => x.m)
      .sort((a, b) => b.t.literal - a.t.literal)[0];
    if (!found) return undefined;
    const params = Object.fromEntries(found.t.names.map((name, i) => [name, decodeURIComponent(found.m![i + 1]!)]));
    return { path: found.t.path, item: this.doc.paths[found.t.path], params };
  }

  /**
   * Where the document says a request is wrong: an unknown path or method, a parameter, a missing key,
   * the body. A request the document rejects must be refused by the service (a 4xx).
   */
  requestViolations(exchange: Exchange): string[] {
    const url = new URL(exchange.url, 'http://contract.invalid');
    const located = this.locate(url.pathname);
    if (!located) return [`no path of the document matches ${url.pathname}`];
    const op = located.item[exchange.method.toLowerCase()];
    if (!op) return [`${exchange.method} is not an operation of ${located.path}`];
    const out: string[] = [];
    const headers = Object.fromEntries(Object.entries(exchange.requestHeaders).map(([k, v]) => [k.toLowerCase(), v]));
    for (const parameter of (op.parameters ?? []).map((p: Json) => this.resolve(p))) {
      const raw =
        parameter.in === 'path'
          ? located.params[parameter.name]
          : parameter.in === 'query'
            ? (url.searchParams.get(parameter.name) ?? undefined)
            : headers[parameter.name.toLowerCase()];
      if (raw === undefined) {
        if (parameter.required) out.push(`${parameter.in} parameter ${parameter.name} is required`);
        continue;
      }
      out.push(...this.schemaErrors(parameter.schema, wireValue(raw, parameter.schema), `${parameter.in} parameter ${parameter.name}`));
    }
    if ((op.security ?? this.doc.security ?? []).length > 0 && !/^Bearer \S+$/.test(headers.authorization ?? '')) out.push('no Bearer key');
    const body = exchange.requestBody;
    if (op.requestBody && body !== undefined && body !== '') {
      const type = mediaType(headers['content-type']);
      const content = type ? op.requestBody.content[type] : undefined;
      if (!content) out.push(`request body of media type ${type ?? '(none)'} is not documented`);
      else if (type === 'application/json') {
        let value: unknown;
        try {
          value = JSON.parse(body);
        } catch {
          out.push('request body is not JSON');
        }
        if (value !== undefined) out.push(...this.schemaErrors(content.schema, value, 'request body'));
      }
    } else if (op.requestBody?.required) out.push('request body is required');
    else if (!op.requestBody && body) out.push('the operation takes no body');
    return out;
  }

  /** Where a response departs from the document: an undocumented status, media type or header, or a body off its schema. */
  responseViolations(exchange: Exchange): string[] {
    const url = new URL(exchange.url, 'http://contract.invalid');
    const located = this.locate(url.pathname);
    const op = located?.item[exchange.method.toLowerCase()];
    let responses: Json;
    if (!located) responses = this.doc['x-unmatched-requests'].responses;
    else if (!op) {
      // Another method on a documented path: the 405 that each operation of the path documents.
      const methods = Object.keys(located.item);
      responses = { 405: located.item[methods[0]!].responses['405'] };
    } else responses = op.responses;
    const where = `${exchange.method} ${url.pathname} → ${exchange.status}`;
    const response = this.resolve(responses[String(exchange.status)] ?? responses[`${String(exchange.status)[0]}XX`] ?? responses.default);
    if (!response) return [`${where}: status not documented`];
    const out: string[] = [];
    for (const [name, header] of Object.entries((response.headers ?? {}) as Record<string, Json>).map(([n, h]) => [n, this.resolve(h)] as const)) {
      const value = exchange.responseHeaders.get(name);
      if (value === null) {
        if (header.required) out.push(`${where}: header ${name} is required`);
        continue;
      }
      out.push(...this.schemaErrors(header.schema, wireValue(value, header.schema), `${where}: header ${name}`));
    }
    const content = (response.content ?? {}) as Record<string, Json>;
    if (exchange.responseBody === '') {
      if (Object.keys(content).length > 0) out.push(`${where}: empty body, documented content ${Object.keys(content).join(', ')}`);
      return out;
    }
    const type = mediaType(exchange.responseHeaders.get('content-type'));
    const media = type ? content[type] : undefined;
    if (!media) return [...out, `${where}: media type ${type ?? '(none)'} not documented (documented: ${Object.keys(content).join(', ') || 'none'})`];
    if (type === 'application/json') {
      let value: unknown;
      try {
        value = JSON.parse(exchange.responseBody);
      } catch {
        return [...out, `${where}: body is not JSON`];
      }
      out.push(...this.schemaErrors(media.schema, value, `${where}: body`));
    }
    return out;
  }
}
