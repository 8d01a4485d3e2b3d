/**
 * Telemetry of one call to an external source: `SourceLatency` by source (named by source, never by
 * URL: query strings carry provider names), and `SourceFailures` by source
 * when the source gave no usable answer, with one warning line naming the kind of failure. An answer
 * found unusable after its calls succeeded (too many rows, pages that disagree with their counts) is
 * reported the same way, by `sourceFailed`.
 */
import { logger } from '../observability/logger.ts';
import { recordMetric } from '../observability/metrics.ts';
import { isSourceUnavailable, type SourceError } from './errors.ts';

/** Counts and logs a source that gave no usable answer; returns the error for the caller to throw. */
export function sourceFailed(error: SourceError): SourceError {
  recordMetric('sourceFailures', 1, { source: error.source });
  logger.warn('Source unavailable', { source: error.source, failure: error.failure, http_status: error.status });
  return error;
}

export async function observeSourceCall<T>(source: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await call();
  } catch (error) {
    if (isSourceUnavailable(error)) sourceFailed(error);
    throw error;
  } finally {
    recordMetric('sourceLatency', Math.round(performance.now() - started), { source });
  }
}
