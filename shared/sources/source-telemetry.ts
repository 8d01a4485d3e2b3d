/**
 * Telemetry of one call to an external source: its own X-Ray subsegment (named by source, never by
 * URL: query strings carry provider names), `SourceLatency` by source, and `SourceFailures` by source
 * when the source gave no usable answer, with one warning line naming the kind of failure.
 */
import { logger } from '../logging.ts';
import { recordMetric } from '../observability/metrics.ts';
import { traceSegment } from '../observability/tracer.ts';
import { isSourceUnavailable } from './errors.ts';

export async function observeSourceCall<T>(source: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await traceSegment(`source ${source}`, { source }, call);
  } catch (error) {
    if (isSourceUnavailable(error)) {
      recordMetric('sourceFailures', 1, { source });
      logger.warn('Source unavailable', { source, failure: error.failure, http_status: error.status });
    }
    throw error;
  } finally {
    recordMetric('sourceLatency', Math.round(performance.now() - started), { source });
  }
}
