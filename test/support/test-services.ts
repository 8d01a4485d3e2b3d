import { containerValue } from '#shared/container.ts';
import { pipelineServices, type Services } from '#shared/http/pipeline-services.ts';
import { RateLimits } from '#shared/limits/rate-limits.ts';
import { DynamoUsageStore } from '#shared/limits/adapters/usage-store.ts';
import { testClock } from './test-clock.ts';

/** The production services with the test clock in place of the system clock. */
export const testServices = containerValue(
  (): Services => ({
    ...pipelineServices(),
    limits: new RateLimits(new DynamoUsageStore(), testClock),
    clock: testClock,
  }),
);
