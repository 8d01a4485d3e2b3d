/**
 * API-key authentication: `Authorization: Bearer <key>`, the key looked up by its hash, its account read,
 * both strongly consistent and neither remembered between requests, so a revoked key or a suspended
 * account is refused from the very next request, in every container. Sets the request's caller.
 */
import { keyState } from '../../auth/account-store.ts';
import { bearerKey, hashApiKey } from '../../auth/api-keys.ts';
import { plans, minuteLimitFor } from '../../limits/plans.ts';
import { logger } from '../../observability/logger.ts';
import { ApiError } from '../errors.ts';
import { stateOf, type Middleware } from '../pipeline-frame.ts';
import type { Services } from '../pipeline-services.ts';

export function authenticate(services: () => Services): Middleware {
  return {
    before: async (request) => {
      const state = stateOf(request);
      const bearer = bearerKey(request.event.headers?.authorization);
      if (!bearer.ok) throw new ApiError('authentication_failed', bearer.reason);
      const { accounts, clock } = services();
      const record = await accounts.getKey(hashApiKey(bearer.key));
      if (!record) throw new ApiError('authentication_failed', 'Invalid API key.');
      const status = keyState(record, clock.now());
      if (status !== 'active') throw new ApiError('authentication_failed', `This API key has been ${status}.`);
      const account = await accounts.getAccount(record.account_id);
      if (!account) throw new ApiError('authentication_failed', 'Invalid API key.');
      if (account.suspended_at) {
        throw new ApiError('account_suspended', 'The account of this API key is suspended. Contact support to restore access.');
      }
      state.caller = {
        accountId: account.account_id,
        mode: record.mode,
        plan: plans[account.plan],
        minuteLimit: minuteLimitFor(account.plan, account.minute_limit),
        account,
      };
      logger.appendKeys({ account_id: account.account_id, mode: record.mode });
    },
  };
}
