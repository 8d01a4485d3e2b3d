/** What the API-key pipeline's middlewares use: the account, limit and idempotency stores and the clock. */
import { DynamoAccountStore } from '../auth/adapters/account-store.ts';
import type { AccountStore } from '../auth/accounts.ts';
import { systemClock, type Clock } from '../clock.ts';
import { containerValue } from '../container.ts';
import { DynamoIdempotencyStore } from '../idempotency/adapters/idempotency-store.ts';
import { RateLimits } from '../limits/rate-limits.ts';
import { DynamoUsageStore } from '../limits/adapters/usage-store.ts';

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
