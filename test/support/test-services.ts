import { containerValue } from '#shared/platform/container.ts';
import { pipelineServices, type Services } from '#shared/api/http/pipeline-services.ts';
import { RateLimits } from '#shared/features/limits/rate-limits.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { testClock } from './test-clock.ts';

/** The production services with the test clock in place of the system clock. */
export const testServices = containerValue(
  (): Services => ({
    ...pipelineServices(),
    limits: new RateLimits(new DynamoUsageStore(), testClock),
    clock: testClock,
  }),
);
