/**
 * Imported first by a benchmark that measures what the handlers log: before any Powertools logger or
 * metrics instance reads its configuration, the handlers log as deployed: JSON records at the deployed
 * default level (lib/deployment-config.ts: INFO unless the `logLevel` context says otherwise) and EMF
 * metric documents, not the ERROR-only, metrics-off setting `npm run bench` gives the other benchmarks.
 */
process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
process.env.POWERTOOLS_METRICS_DISABLED = 'false';
delete process.env.POWERTOOLS_DEV;
