import { defaultServices, type Services } from '#shared/http/pipeline.ts';
import { RateLimits } from '#shared/limits/rate-limits.ts';
import { DynamoUsageStore } from '#shared/limits/usage-store.ts';
import { testClock } from './test-clock.ts';

/** The production services with the test clock in place of the system clock. */
export function testServices(): Services {
  return {
    ...defaultServices(),
    limits: new RateLimits(new DynamoUsageStore(), testClock),
    clock: testClock,
  };
}
