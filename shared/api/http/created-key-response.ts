/** The 201 answer of a created or rolled API key: the key shown this once, and left out of the answer an Idempotency-Key replay gets. */
import type { ApiKeyRecord } from '../../features/accounts/accounts.ts';
import { apiKeyView } from '../../features/accounts/key-view.ts';
import { jsonContentType, type HttpResponse } from './response.ts';

export function createdKeyResponse(apiKey: string, record: ApiKeyRecord, now: Date): HttpResponse {
  const view = apiKeyView(record, now, undefined);
  return {
    statusCode: 201,
    headers: { 'content-type': jsonContentType },
    body: JSON.stringify({ ...view, api_key: apiKey }),
    replayBody: JSON.stringify({ ...view, api_key: null }),
  };
}
