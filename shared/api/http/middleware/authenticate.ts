/**
 * API-key authentication and admission: `Authorization: Bearer <key>`, the key looked up by its hash,
 * then one UpdateItem on its account that reads the account and counts the request in the per-minute
 * window of the key's mode, with the month's usage read beside it (limits/rate-limits.ts `admit`). All
 * are strongly consistent and none is remembered between requests, so a revoked key or a suspended
 * account is refused from the very next request, in every container: nothing about a key is cached.
 * The same UpdateItem records the minute of the key's last use (limits/usage-counters.ts `key_used#`), so last
 * use costs no call of its own. Sets the request's caller, the key it used and its limit state. A
 * route's reads that depend only on the request (`whileAdmitting`) start beside the account's round trip.
 */
import { accountOf, keyState } from '../../../features/accounts/accounts.ts';
import { bearerKey, hashApiKey } from '../../../features/accounts/api-keys.ts';
import { keyIdOf } from '../../../features/accounts/key-rules.ts';
import { logger } from '../../../platform/observability/logger.ts';
import { ApiError } from '../errors.ts';
import type { Caller } from '../../../domain/caller.ts';
import { stateOf, type Middleware, type PipelineRequest } from '../pipeline-frame.ts';
import type { Services } from '../pipeline-services.ts';

/** Work a route starts once the key is known, while its account is admitted (pipeline.ts `prefetch`). */
export type WhileAdmitting = (request: PipelineRequest, key: Caller) => void;

export function authenticate(services: () => Services, whileAdmitting?: WhileAdmitting): Middleware {
  return {
    before: async (request) => {
      const state = stateOf(request);
      const bearer = bearerKey(request.event.headers?.authorization);
      if (!bearer.ok) throw new ApiError('authentication_failed', bearer.reason);
      const { accounts, limits, clock } = services();
      const record = await accounts.getKey(hashApiKey(bearer.key));
      if (!record) throw new ApiError('authentication_failed', 'Invalid API key.');
      const status = keyState(record, clock.now());
      if (status === 'revoked') throw new ApiError('authentication_failed', 'This API key has been revoked.');
      if (status === 'expired') {
        const rolled = record.rolled_at ? ' It was rolled: use the key that replaced it.' : '';
        throw new ApiError('authentication_failed', `This API key expired at ${record.expires_at}.${rolled}`);
      }
      const admitting = limits.admit(record.account_id, record.mode, accountOf, keyIdOf(record));
      whileAdmitting?.(request, { accountId: record.account_id, mode: record.mode });
      const admission = await admitting;
      if (!admission) throw new ApiError('authentication_failed', 'Invalid API key.');
      logger.appendKeys({ account_id: admission.account.account_id, mode: record.mode });
      state.caller = { ...admission.caller, account: admission.account };
      state.apiKey = record;
      state.limits = admission.limits;
      state.accountItem = admission.item;
    },
  };
}
