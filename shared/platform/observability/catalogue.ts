/**
 * The names the service's telemetry is published under, shared by the handlers (which emit them) and
 * the CDK stack (which alarms on them and draws the dashboard), so the two cannot drift. Pure data:
 * importing it pulls in no Powertools or AWS SDK code.
 */

/** `service` in every log line and the default dimension of every metric (POWERTOOLS_SERVICE_NAME). */
export const telemetryServiceName = 'license-verification';

/** CloudWatch namespace of the service's own metrics (POWERTOOLS_METRICS_NAMESPACE). */
export const metricsNamespace = 'LicenseVerification';

/** Every custom metric, with the dimensions it is published with (besides `service`). */
export const metricNames = {
  /** One per verification decided (verify, bulk item, monitor registration or re-check). */
  verifications: 'Verifications',
  /** Time of one request to an external source (all attempts), ms. */
  sourceLatency: 'SourceLatency',
  /** A source that gave no usable answer after its retries. */
  sourceFailures: 'SourceFailures',
  /**
   * A value a source answered that the service cannot read (a status or license type outside its
   * vocabulary, a row without a column every row carries): never turned into an answer.
   */
  unreadableValues: 'UnreadableValues',
  /** The same count over every source (one alarm for all). */
  unreadableValuesAll: 'UnreadableValues',
  /** A source file or fetch refused by the ingestion rules (sources/ingest-refusal.ts), by source and kind. */
  ingestRefusals: 'IngestRefusals',
  /** The same over every source (one alarm for all). */
  ingestRefusalsAll: 'IngestRefusals',
  /**
   * A load of a list or roster held for review (sources/plausibility/load-review.ts): beyond its change
   * budget, or lifting a licensee's restriction; the version in force keeps answering. By source.
   */
  sourceLoadsHeld: 'SourceLoadsHeld',
  /** The same over every source (one alarm for all). */
  sourceLoadsHeldAll: 'SourceLoadsHeld',
  /** Days an operator-uploaded source has left before it is stale (freshness.ts), by source, written by its daily renewal check. */
  operatorSourceDaysLeft: 'OperatorSourceDaysLeft',
  /** The same over every operator-uploaded source (one alarm for all). */
  operatorSourceDaysLeftAll: 'OperatorSourceDaysLeft',
  /** A source answer served fresh from the cache / fetched because none was fresh. */
  cacheHits: 'CacheHits',
  cacheMisses: 'CacheMisses',
  /** A source answer that could not be written to the cache (the request still succeeded). */
  cacheWriteFailures: 'CacheWriteFailures',
  /** One per webhook attempt that ended: delivered, retry scheduled, failed for good, or cancelled. */
  webhookDeliveries: 'WebhookDeliveries',
  /** A request refused with 429 `rate_limit_exceeded`. */
  quotaRejections: 'QuotaRejections',
  /** A queue message whose processing failed (it is retried, then parked in the dead-letter queue). */
  queueMessageFailures: 'QueueMessageFailures',
  /** A request answered 503 because its function was about to reach its time limit. */
  timeLimitAnswers: 'TimeLimitAnswers',
  /** Client-facing latency of POST /v1/verify, from the API access log (metric filter), ms. */
  verifyLatency: 'VerifyLatency',
} as const;

export const metricDimensions = {
  verifications: ['outcome', 'state'],
  sourceLatency: ['source'],
  sourceFailures: ['source'],
  unreadableValues: ['source'],
  unreadableValuesAll: [],
  ingestRefusals: ['source', 'kind'],
  ingestRefusalsAll: [],
  sourceLoadsHeld: ['source'],
  sourceLoadsHeldAll: [],
  operatorSourceDaysLeft: ['source'],
  operatorSourceDaysLeftAll: [],
  cacheHits: [],
  cacheMisses: [],
  cacheWriteFailures: [],
  webhookDeliveries: ['result'],
  quotaRejections: ['kind'],
  queueMessageFailures: ['worker'],
  timeLimitAnswers: [],
  verifyLatency: [],
} as const satisfies Record<keyof typeof metricNames, readonly string[]>;

export type MetricId = keyof typeof metricNames;

/** `kind` of a quota rejection. */
export type QuotaRejectionKind = 'per_minute' | 'monthly';

/** `result` of a webhook delivery step that ended an attempt. */
export type DeliveryOutcomeDimension = 'delivered' | 'retry_scheduled' | 'failed' | 'cancelled';
