/**
 * The HTTP answer of each domain error (domain/errors.ts), in one place: the pipeline renders these and
 * bulk items carry them.
 */
import {
  AccountSuspended,
  ApiKeyAlreadyRolled,
  ApiKeyInactive,
  ApiKeyLimitReached,
  ApiKeyPermissionDenied,
  LastAdminKey,
  DomainError,
  MinuteLimitExceeded,
  MonitorLimitReached,
  MonthlyQuotaExhausted,
  PlanUpgradeRequired,
  SourcesUnavailable,
  UnrecognisedProfession,
  UnsupportedState,
} from '../../domain/errors.ts';
import { ApiError } from './errors.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';

/** The ApiError a domain error answers with; undefined for anything else. */
export function apiErrorOf(error: unknown): ApiError | undefined {
  if (!(error instanceof DomainError)) return undefined;
  if (error instanceof SourcesUnavailable) {
    return new ApiError('sources_unavailable', error.message, { retry_after: error.retryAfterSeconds }, { 'retry-after': String(error.retryAfterSeconds) });
  }
  if (error instanceof MinuteLimitExceeded) {
    return new ApiError(
      'rate_limit_exceeded',
      error.message,
      { retry_after: error.retryAfterSeconds },
      { ...rateLimitHeaders(error.limits), 'retry-after': String(error.retryAfterSeconds) },
    );
  }
  if (error instanceof MonthlyQuotaExhausted) {
    return new ApiError('rate_limit_exceeded', error.message, { reset_at: error.limits.monthlyReset.toISOString() }, rateLimitHeaders(error.limits));
  }
  if (error instanceof AccountSuspended) return new ApiError('account_suspended', error.message);
  if (error instanceof PlanUpgradeRequired) return new ApiError('plan_upgrade_required', error.message);
  if (error instanceof UnrecognisedProfession) {
    return new ApiError('invalid_profession', error.message, { param: 'profession', allowed: [...error.allowed] });
  }
  if (error instanceof UnsupportedState) return new ApiError('invalid_request', error.message, { param: 'state' });
  if (error instanceof MonitorLimitReached) return new ApiError('monitor_limit_reached', error.message, { limit: error.limit });
  if (error instanceof ApiKeyLimitReached) return new ApiError('api_key_limit_reached', error.message, { limit: error.limit });
  if (error instanceof ApiKeyPermissionDenied) return new ApiError('api_key_permission_denied', error.message, { param: error.param });
  if (error instanceof ApiKeyAlreadyRolled) return new ApiError('api_key_already_rolled', error.message, { param: 'key_id' });
  if (error instanceof ApiKeyInactive) return new ApiError('api_key_inactive', error.message, { param: 'key_id' });
  if (error instanceof LastAdminKey) return new ApiError('last_admin_key', error.message, { param: 'key_id' });
  return undefined;
}
