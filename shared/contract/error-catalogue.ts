/**
 * Every error the API returns, with its HTTP status: part of the published contract, shared by the pipeline,
 * the bulk results and the OpenAPI document. The body shape (docs/api-guide.md, "Errors"):
 * `{"error": {"code", "message", "docs", ...}}`, plus `param` for the offending parameter and
 * `retry_after` / `reset_at` on 429s.
 */
import { docsUrl } from '../platform/config.ts';

export const errorCatalogue = {
  invalid_request: { status: 400, title: 'A parameter is missing or invalid' },
  authentication_failed: { status: 401, title: 'API key missing, invalid, revoked or expired' },
  account_suspended: { status: 403, title: 'The account of this API key is suspended' },
  plan_upgrade_required: { status: 403, title: 'Not available on your plan' },
  test_mode_only: { status: 403, title: 'Available to test keys only' },
  resource_not_found: { status: 404, title: 'No such route or resource' },
  method_not_allowed: { status: 405, title: 'The path exists but not with this method' },
  idempotency_conflict: { status: 409, title: 'Idempotency-Key reused with a different request' },
  idempotency_in_progress: { status: 409, title: 'A request with this Idempotency-Key is still running' },
  request_too_large: { status: 413, title: 'Request body too large' },
  unsupported_media_type: { status: 415, title: 'Request body is not application/json' },
  invalid_profession: { status: 422, title: 'Unrecognised profession value' },
  rate_limit_exceeded: { status: 429, title: 'Per-minute limit or monthly quota exceeded' },
  export_limit_reached: { status: 429, title: 'The daily number of history exports is reached' },
  export_not_ready: { status: 409, title: 'The history export is not written yet' },
  export_failed: { status: 409, title: 'The history export failed: it has no file' },
  internal_error: { status: 500, title: 'Unexpected error on our side' },
  service_unavailable: { status: 503, title: 'The service is temporarily unavailable' },
  sources_unavailable: { status: 503, title: 'Every data source is unavailable and nothing is cached' },
  monitor_limit_reached: { status: 403, title: 'The account holds as many active monitors as its mode allows' },
  monitor_deleted: { status: 409, title: 'The monitor is deleted: its events are not delivered again' },
  redelivery_limit_reached: { status: 409, title: 'The event has been redelivered as many times as allowed' },
  rotation_conflict: { status: 409, title: "Another request changed the monitor's secret at the same time" },
  api_key_limit_reached: { status: 403, title: 'The account holds as many usable API keys as allowed' },
  api_key_permission_denied: { status: 403, title: 'This key may not create a key of that mode or role' },
  api_key_already_rolled: { status: 409, title: 'The API key was rolled already' },
  api_key_inactive: { status: 409, title: 'The API key is revoked or expired' },
  last_admin_key: { status: 409, title: 'The last admin key of the account that stays cannot be revoked' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export interface ErrorDetails {
  /** The parameter at fault (body field, query parameter, header or path parameter). */
  readonly param?: string;
  /** Seconds to wait before retrying (per-minute limit). */
  readonly retry_after?: number;
  /** ISO 8601 time the monthly quota resets. */
  readonly reset_at?: string;
  readonly [extra: string]: unknown;
}

export interface ErrorBody {
  readonly error: { code: ErrorCode; message: string; docs: string } & ErrorDetails;
}

export function errorBody(code: ErrorCode, message: string, details: ErrorDetails = {}): ErrorBody {
  return { error: { code, message, docs: docsUrl(errorAnchor(code)), ...details } };
}

/** The anchor of an error code's section in the API reference, as `docs` links to it: `error-invalid-request`. */
export function errorAnchor(code: ErrorCode): string {
  return `error-${code.replaceAll('_', '-')}`;
}
