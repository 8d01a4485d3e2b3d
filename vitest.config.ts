import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Records every AWS call the functions make and checks them against test/iam/aws-calls.json.
    globalSetup: ['test/iam/aws-calls-global-setup.ts'],
    setupFiles: ['test/iam/aws-calls-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'SILENT',
      // No EMF documents in the test output; tests that check metrics publish through a Metrics
      // instance of their own.
      POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    },
  },
});
