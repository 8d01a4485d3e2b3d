/**
 * Telemetry of one call to an external source: `SourceLatency` by source (named by source, never by
 * URL: query strings carry provider names), and `SourceFailures` by source
 * when the source gave no usable answer, with one warning line naming the kind of failure. An answer
 * found unusable after its calls succeeded (too many rows, pages that disagree with their counts) is
 * reported the same way, by `sourceFailed`. Each is also counted for the source's health over the last
 * 24 hours (health/health-counters.ts, GET /v1/sources), by source name.
 */
import { logger } from '../../platform/observability/logger.ts';
import { recordMetric } from '../../platform/observability/metrics.ts';
import { isSourceUnavailable, type SourceError } from './errors.ts';
import { healthCounters } from './health/health-services.ts';

/** Counts and logs a source that gave no usable answer; returns the error for the caller to throw. */
export function sourceFailed(error: SourceError): SourceError {
  recordMetric('sourceFailures', 1, { source: error.source });
  healthCounters().failure(error.source);
  logger.warn('Source unavailable', { source: error.source, failure: error.failure, http_status: error.status });
  return error;
}

/** What a source answered that the service cannot read: which field (or column), and the raw value. */
export interface UnreadableValue {
  readonly source: string;
  /** `status`, `license_type`, or `column` (a row lacking a column every row of the dataset carries). */
  readonly field: 'status' | 'license_type' | 'column';
  /** The raw value (a status spelling, a license type) or the missing column's name; never a person's data. */
  readonly value: string;
  /** The dataset or file it came from, where the source has several. */
  readonly dataset?: string;
}

/**
 * Counts (`UnreadableValues` by source; statuses and columns also in the alarmed total) and logs a value
 * a source answered outside what the service can read. The caller turns an unreadable status or column
 * into "could not read", never into an answer.
 */
export function unreadableValue(unreadable: UnreadableValue): void {
  recordMetric('unreadableValues', 1, { source: unreadable.source });
  // An unknown license type is answered as an unclassified license (profession null; API guide,
  // "Profession filter"): counted, not alarmed.
  if (unreadable.field !== 'license_type') {
    recordMetric('unreadableValuesAll', 1, {});
    healthCounters().unreadable(unreadable.source);
  }
  const log = unreadable.field === 'license_type' ? logger.warn.bind(logger) : logger.error.bind(logger);
  log('Source answered a value the service cannot read', {
    source: unreadable.source,
    field: unreadable.field,
    raw_value: unreadable.value,
    ...(unreadable.dataset ? { dataset: unreadable.dataset } : {}),
  });
}

export async function observeSourceCall<T>(source: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await call();
  } catch (error) {
    if (isSourceUnavailable(error)) sourceFailed(error);
    throw error;
  } finally {
    const ms = Math.round(performance.now() - started);
    recordMetric('sourceLatency', ms, { source });
    healthCounters().call(source, ms);
  }
}
