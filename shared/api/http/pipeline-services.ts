/** What the API-key pipeline's middlewares use: the account, limit and idempotency stores and the clock. */
import { DynamoAccountStore } from '../../features/accounts/adapters/account-store.ts';
import type { AccountStore } from '../../features/accounts/accounts.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { containerValue } from '../../platform/container.ts';
import { DynamoIdempotencyStore } from '../../features/idempotency/adapters/idempotency-store.ts';
import { RateLimits } from '../../features/limits/rate-limits.ts';
import { DynamoUsageStore } from '../../features/limits/adapters/usage-store.ts';

export interface Services {
  readonly accounts: AccountStore;
  readonly limits: RateLimits;
  readonly idempotency: DynamoIdempotencyStore;
  readonly clock: Clock;
}

/** The services of this container, created on first use and reused by every invocation. */
export const pipelineServices = containerValue(
  (): Services => ({
    accounts: new DynamoAccountStore(),
    limits: new RateLimits(new DynamoUsageStore(), systemClock),
    idempotency: new DynamoIdempotencyStore(),
    clock: systemClock,
  }),
);
