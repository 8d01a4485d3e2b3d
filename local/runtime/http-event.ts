/**
 * Translation between a Node HTTP request/response and API Gateway HTTP API payload format 2.0, as the
 * managed service does it: lower-case headers with repeated values joined by commas, cookies in their own
 * array, repeated query parameters joined by commas, text bodies as strings and other bodies in base64.
 */
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';

export interface IncomingRequest {
  readonly method: string;
  /** Path and query string as received, e.g. `/v1/x?a=1`. */
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  readonly sourceIp: string;
}

export interface RouteContext {
  readonly routeKey: string;
  readonly pathParameters?: Record<string, string>;
  readonly requestId: string;
  readonly time: Date;
  readonly domainName: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isTextMediaType(contentType: string | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type === 'application/xml' ||
    type.endsWith('+xml') ||
    type === 'application/javascript' ||
    type === 'application/x-www-form-urlencoded'
  );
}

export function splitUrl(url: string): { path: string; rawQueryString: string } {
  const q = url.indexOf('?');
  return q === -1 ? { path: url, rawQueryString: '' } : { path: url.slice(0, q), rawQueryString: url.slice(q + 1) };
}

function parseQuery(raw: string): Record<string, string> | undefined {
  if (!raw) return undefined;
  const out: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(raw)) {
    out[name] = name in out ? `${out[name]},${value}` : value;
  }
  return Object.keys(out).length ? out : undefined;
}

export function toHttpApiEvent(request: IncomingRequest, route: RouteContext): APIGatewayProxyEventV2 {
  const { path, rawQueryString } = splitUrl(request.url);
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (lower === 'cookie') {
      cookies = (Array.isArray(value) ? value.join('; ') : value).split(/;\s*/).filter(Boolean);
      continue;
    }
    headers[lower] = Array.isArray(value) ? value.join(',') : value;
  }
  let body: string | undefined;
  let isBase64Encoded = false;
  if (request.body.length > 0) {
    let text: string | undefined;
    if (isTextMediaType(headers['content-type'])) {
      try {
        text = utf8.decode(request.body);
      } catch {
        text = undefined;
      }
    }
    if (text === undefined) {
      body = request.body.toString('base64');
      isBase64Encoded = true;
    } else body = text;
  }
  const method = request.method.toUpperCase();
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: path,
    rawQueryString,
    ...(cookies ? { cookies } : {}),
    headers,
    ...(parseQuery(rawQueryString) ? { queryStringParameters: parseQuery(rawQueryString) } : {}),
    ...(route.pathParameters && Object.keys(route.pathParameters).length ? { pathParameters: route.pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: route.domainName,
      domainPrefix: route.domainName.split('.')[0]!,
      http: {
        method,
        path,
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: route.requestId,
      routeKey: route.routeKey,
      stage: '$default',
      time: formatRequestTime(route.time),
      timeEpoch: route.time.getTime(),
    },
    ...(body !== undefined ? { body } : {}),
    isBase64Encoded,
  };
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** API Gateway's `requestContext.time` format: `21/Nov/2026:23:30:00 +0000`. */
export function formatRequestTime(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(date.getUTCDate())}/${months[date.getUTCMonth()]}/${date.getUTCFullYear()}:${p(date.getUTCHours())}:${p(
    date.getUTCMinutes(),
  )}:${p(date.getUTCSeconds())} +0000`;
}

export interface OutgoingResponse {
  readonly statusCode: number;
  readonly headers: OutgoingHttpHeaders;
  readonly body: Buffer;
}

/** Interprets a handler's result as API Gateway does for payload 2.0. */
export function fromHandlerResult(result: unknown): OutgoingResponse {
  if (result === undefined || result === null) {
    return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.alloc(0) };
  }
  if (typeof result === 'object' && 'statusCode' in (result as object)) {
    const r = result as APIGatewayProxyStructuredResultV2;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(r.headers ?? {})) headers[name.toLowerCase()] = String(value);
    if (r.cookies?.length) headers['set-cookie'] = r.cookies;
    const raw = r.body ?? '';
    return {
      statusCode: r.statusCode ?? 200,
      headers,
      body: r.isBase64Encoded ? Buffer.from(raw, 'base64') : Buffer.from(raw, 'utf8'),
    };
  }
  const text = typeof result === 'string' ? result : JSON.stringify(result);
  return { statusCode: 200, headers: { 'content-type': 'application/json' }, body: Buffer.from(text, 'utf8') };
}
