/**
 * HTTP responses of `GET /v1/openapi.json` and `GET /docs`: their texts (docs-texts.ts) taken once per
 * container for the deployment's base URL, with an `ETag` (304 on `If-None-Match`) and five minutes of
 * public caching.
 */
import { createHash } from 'node:crypto';
import { publicBaseUrl } from '../../platform/config.ts';
import { jsonContentType, type HttpResponse } from '../http/response.ts';
import type { DocsTexts } from './docs-texts.ts';
import { referencePageContentSecurityPolicy } from './reference-page-style.ts';

export const docsCacheControl = 'public, max-age=300';

interface Representation {
  readonly body: string;
  readonly etag: string;
}

function representation(body: string): Representation {
  return { body, etag: `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27)}"` };
}

/** `If-None-Match` (RFC 9110 §13.1.2): `*` or a list of entity tags, compared weakly. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || weakless(tag) === etag);
}

function respond(current: Representation, contentType: string, ifNoneMatch: string | undefined, headers: Record<string, string> = {}): HttpResponse {
  const common = { etag: current.etag, 'cache-control': docsCacheControl, 'x-content-type-options': 'nosniff', ...headers };
  if (etagMatches(ifNoneMatch, current.etag)) return { statusCode: 304, headers: common, body: '' };
  return { statusCode: 200, headers: { 'content-type': contentType, ...common }, body: current.body };
}

const documents = new Map<string, Representation>();
const pages = new Map<string, Representation>();

function cached(store: Map<string, Representation>, build: (baseUrl: string) => string): Representation {
  const baseUrl = publicBaseUrl();
  let current = store.get(baseUrl);
  if (!current) {
    current = representation(build(baseUrl));
    store.set(baseUrl, current);
  }
  return current;
}

export function openApiHttpResponse(texts: DocsTexts, ifNoneMatch: string | undefined): HttpResponse {
  return respond(
    cached(documents, (baseUrl) => texts.openApi(baseUrl)),
    jsonContentType,
    ifNoneMatch,
  );
}

export function apiReferenceHttpResponse(texts: DocsTexts, ifNoneMatch: string | undefined): HttpResponse {
  const page = cached(pages, (baseUrl) => texts.referencePage(baseUrl));
  return respond(page, 'text/html; charset=utf-8', ifNoneMatch, {
    'content-security-policy': referencePageContentSecurityPolicy,
    'referrer-policy': 'no-referrer',
  });
}
