/**
 * What each cold-start change bought, as measured when it was made (2026-11-26, this machine: 2 cores,
 * Node v20.20.2; fresh-process imports in interleaved runs, or the cold-request pairs of this section).
 * A record, shown under the cold-request section: the section's own table measures the code as it is.
 */
import type { SubTable } from './harness.ts';

export const coldStartChanges: SubTable = {
  heading: 'What each change bought',
  intro:
    "Measured when each change was made, against the code just before it (import and init times: fresh Node processes, 10–12 interleaved runs each, load average 3.3–4.3; ratios: this section's paired cold requests). Before the first change only GetAccount met 1.5× (1 of 17 API functions).",
  table: {
    columns: ['Change', 'What it bought'],
    rows: [
      [
        'The OpenAPI document and the reference page built at bundling (bin/prebuild-docs.ts), not at the first request',
        'GetOpenApi 344 → 62 KiB and 4.92× → 1.65×; GetApiReference 354 → 55 KiB and 5.42× → 1.68× (with the two changes below); neither loads zod',
      ],
      [
        "Lambda's built-in active tracing instead of the Powertools tracer and the X-Ray SDK",
        'init: Health 46.2 → 31.3 ms, Verify 137.5 → 124.2 ms; about 120 KiB off every bundle. The OpenTelemetry SDK from npm (no AWS instrumentation, no collector) measured 40.9 and 131.9 ms',
      ],
      [
        "No NODE_OPTIONS=--enable-source-maps: a logged stack is mapped through the bundle's map on the first error only",
        'init: Health 29.6 → 25.3 ms, Verify 119.9 → 107.5 ms',
      ],
      [
        'The given-name table indexed by row number on first use, not as an object per name at load',
        'building the index: 6–17 ms at load → about 3.5 ms on the first match',
      ],
      [
        'The account read and its request counted in one UpdateItem; cached answers read in one BatchGetItem; reads that depend only on the request started beside the admission',
        "every key route's first invocation one DynamoDB round trip shorter; a cached verification 8 → 5 calls and 5 → 3 in sequence (dynamo-calls)",
      ],
      [
        'The Idempotency-Key middleware and its Secrets Manager client bundled only into POST functions (idempotentApiHandler)',
        'GetCertificate 550 → 515 KiB, its import 60 → 56 ms (medians of 14)',
      ],
    ],
  },
};
