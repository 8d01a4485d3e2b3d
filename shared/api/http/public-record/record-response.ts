/**
 * HTTP responses of `GET /records/{verification_id}`: the page or JSON, chosen by `Accept`, with the
 * same headers on both. Records never change once written, so they (and a 404 for an id, which never
 * comes to exist later) may be cached publicly for five minutes; `Vary: Accept` keeps the HTML and
 * JSON representations apart in caches. Nothing on the page loads or runs anything.
 */
import { publicBaseUrl } from '../../../platform/config.ts';
import { errorBody } from '../../../contract/error-catalogue.ts';
import { json, type HttpResponse } from '../response.ts';
import type { Representation } from './content-negotiation.ts';
import type { PublicRecord } from '../../../features/records/public-record.ts';
import { pageContentSecurityPolicy, renderNotFoundPage, renderRecordPage } from './record-page.ts';

export const recordCacheControl = 'public, max-age=300';
export const htmlContentType = 'text/html; charset=utf-8';

const recordHeaders: Readonly<Record<string, string>> = {
  'cache-control': recordCacheControl,
  vary: 'Accept',
  'x-content-type-options': 'nosniff',
  'content-security-policy': pageContentSecurityPolicy,
  'referrer-policy': 'no-referrer',
  // Search engines should not index records, JSON included (the page also says so in a meta tag).
  'x-robots-tag': 'noindex',
};

export function recordResponse(record: PublicRecord, representation: Representation): HttpResponse {
  if (representation === 'json') return json(200, record, { ...recordHeaders });
  return htmlResponse(200, renderRecordPage(record, { signingKeysUrl: `${publicBaseUrl()}/v1/signing-keys` }));
}

export function recordNotFoundResponse(representation: Representation): HttpResponse {
  if (representation === 'json') {
    return json(404, errorBody('resource_not_found', 'No verification record with this id.', { param: 'verification_id' }), { ...recordHeaders });
  }
  return htmlResponse(404, renderNotFoundPage());
}

function htmlResponse(statusCode: number, body: string): HttpResponse {
  return { statusCode, headers: { 'content-type': htmlContentType, ...recordHeaders }, body };
}
