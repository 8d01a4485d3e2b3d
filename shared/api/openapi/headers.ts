/**
 * The response headers and the request header parameters of the OpenAPI document (`components.headers`,
 * `components.parameters`). The rate-limit headers are the ones `rateLimitHeaders` sends; a test checks
 * that the two lists agree.
 */
import { idempotencyKeyPattern } from '../http/pipeline-frame.ts';

export interface HeaderDoc {
  readonly description: string;
  readonly schema: Readonly<Record<string, unknown>>;
}

const integer = { type: 'integer', minimum: 0 };
const countOrUnlimited = { anyOf: [{ type: 'string', pattern: '^[0-9]+$' }, { const: 'unlimited' }] };

/** Sent on every response to an authenticated request, errors and 429s included. */
export const rateLimitHeaderDocs: Readonly<Record<string, HeaderDoc>> = {
  'X-RateLimit-Limit': { description: 'Monthly verification quota of the plan; `unlimited` on Enterprise.', schema: countOrUnlimited },
  'X-RateLimit-Remaining': {
    description: 'Live verifications left this month within the quota (0 once in overage); `unlimited` on Enterprise. Test keys never consume it.',
    schema: countOrUnlimited,
  },
  'X-RateLimit-Reset': { description: 'Unix time (seconds) of the next monthly reset: 00:00 UTC on the first of the month.', schema: integer },
  'X-RateLimit-Minute-Limit': { description: 'Requests allowed per minute, for each mode separately.', schema: integer },
  'X-RateLimit-Minute-Remaining': { description: 'Requests left in the current fixed UTC minute.', schema: integer },
};

export const otherHeaderDocs: Readonly<Record<string, HeaderDoc>> = {
  'X-Request-Id': { description: 'Id of this request; quote it to support.', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before retrying; on a pending history export, before looking at it again.', schema: integer },
  Location: {
    description: 'The URL of the resource the request created, to poll it; on a 302, where to go (a history export’s file: a link valid 60 seconds).',
    schema: { type: 'string', format: 'uri' },
  },
  'Idempotent-Replayed': {
    description: '`true` when this is the stored response of an earlier request with the same `Idempotency-Key`.',
    schema: { const: 'true' },
  },
  Allow: { description: 'The methods the path accepts.', schema: { type: 'string' } },
  ETag: { description: 'Version of the representation; send it back in `If-None-Match` to get 304 when unchanged.', schema: { type: 'string' } },
  'Cache-Control': { description: 'How long caches may keep the response.', schema: { type: 'string' } },
  Vary: { description: 'Request headers that select the representation.', schema: { type: 'string' } },
  'Content-Security-Policy': { description: 'The page loads and runs nothing; only its own inline stylesheet applies.', schema: { type: 'string' } },
};

export const parameterDocs = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a POST safe to retry. Within 24 hours, the same key with the same request (same path and the same JSON, whatever its key order or whitespace) returns the stored response with `Idempotent-Replayed: true`, without doing the work or charging the quota again. The same key with a different request is 409 `idempotency_conflict`; while the first request still runs, 409 `idempotency_in_progress` with `retry_after`. Only 2xx responses are stored: after an error the key is released, and a retry is not charged again for what the failed attempt paid. Keys are scoped to the account, the mode and the role of the calling key (standard or admin).',
    schema: { type: 'string', pattern: idempotencyKeyPattern.source },
    example: 'order-7421-verify',
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'An `ETag` from an earlier response; 304 when it is still current.',
    schema: { type: 'string' },
  },
} as const;
