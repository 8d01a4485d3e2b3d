/**
 * A typical message (and extra fields) for each error code, for the examples of the OpenAPI document.
 * A code without an entry is shown with its catalogue title as the message.
 */
import type { ErrorCode, ErrorDetails } from '../../contract/error-catalogue.ts';
import { bulkUnavailableMessage } from '../../features/limits/plans.ts';
import { maxBodyBytes } from '../http/request-body.ts';

export const errorExamples: Partial<Record<ErrorCode, { readonly message: string; readonly details?: ErrorDetails }>> = {
  invalid_request: { message: 'Missing required parameter: state.', details: { param: 'state' } },
  authentication_failed: { message: 'Invalid API key.' },
  account_suspended: { message: 'The account of this API key is suspended. Contact support to restore access.' },
  plan_upgrade_required: { message: bulkUnavailableMessage('developer') },
  resource_not_found: { message: 'No verification with this id for this account and mode.', details: { param: 'verification_id' } },
  method_not_allowed: { message: 'PUT is not allowed on /v1/verify. Allowed: POST.' },
  idempotency_conflict: {
    message: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    details: { param: 'Idempotency-Key' },
  },
  idempotency_in_progress: {
    message: 'A request with this Idempotency-Key is still being processed. Retry shortly.',
    details: { param: 'Idempotency-Key', retry_after: 1 },
  },
  request_too_large: { message: `Request body is 300000 bytes; the limit is ${maxBodyBytes} bytes.` },
  unsupported_media_type: { message: 'Request bodies must be JSON sent with "Content-Type: application/json" (got "text/plain").' },
  invalid_profession: {
    message: '"wizard" is not a recognised profession.',
    details: { param: 'profession', allowed: ['physician', 'registered_nurse', '…'] },
  },
  rate_limit_exceeded: { message: 'Per-minute limit of 60 requests exceeded. Retry after 12 seconds.', details: { retry_after: 12 } },
  export_limit_reached: {
    message: 'At most 100 exports a day (UTC) per account and mode; the count starts again at 2026-11-27T00:00:00.000Z.',
    details: { retry_after: 41_400, reset_at: '2026-11-27T00:00:00.000Z' },
  },
  export_not_ready: {
    message: 'The export is still being written; look again in 10 seconds.',
    details: { param: 'export_id', retry_after: 10 },
  },
  export_failed: { message: 'The export could not be written; it has no file. Ask for a new export.', details: { param: 'export_id' } },
  internal_error: { message: 'An unexpected error occurred. Quote request id p7EFV5wCYPVe8YLN to support.', details: { request_id: 'p7EFV5wCYPVe8YLN' } },
  service_unavailable: { message: 'The service is temporarily unavailable. Retry in a few seconds.', details: { retry_after: 1 } },
  sources_unavailable: { message: 'Every data source is unavailable and no cached data exists. Retry shortly.', details: { retry_after: 30 } },
  monitor_limit_reached: { message: 'This account already has 100 active test-mode monitors; delete one to add another.', details: { limit: 100 } },
  monitor_deleted: { message: 'The monitor of this event is deleted; its events are not delivered again.', details: { param: 'event_id' } },
  redelivery_limit_reached: { message: 'This event has been delivered in 20 chains, the most allowed.', details: { param: 'event_id' } },
  rotation_conflict: { message: "Another request rotated this monitor's secret at the same time; retry.", details: { param: 'monitor_id' } },
  api_key_limit_reached: {
    message: 'This account already holds 20 usable API keys; revoke one (or let a rolled key expire) to make another.',
    details: { limit: 20 },
  },
  api_key_permission_denied: { message: 'Only an admin key can create admin keys.', details: { param: 'admin' } },
  api_key_already_rolled: {
    message: 'This key was rolled already (replaced by key_3f9sK2mQ8xLp0aZr7TbNc1Yd); roll its replacement instead.',
    details: { param: 'key_id' },
  },
  api_key_inactive: { message: 'This key is revoked; only a usable key can be rolled.', details: { param: 'key_id' } },
  last_admin_key: {
    message:
      'This is the last admin key of the account that stays (a rolled one in its grace period does not count); create another admin key before revoking it.',
    details: { param: 'key_id' },
  },
};
