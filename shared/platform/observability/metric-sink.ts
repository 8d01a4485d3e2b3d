/**
 * Metrics sent by a process that is no Lambda invocation (the operator CLI). A Lambda function's metrics
 * are EMF lines on stdout, which Lambda ships to CloudWatch (metrics.ts); the same lines on an operator's
 * terminal reach nobody. Such a process sends its counts through this port instead, under the same
 * namespace, names and dimensions (the catalogue's, with `service`), so the same alarms see them.
 */
import type { MetricId, metricDimensions } from './catalogue.ts';

/** The dimensions the catalogue lists for a metric (besides `service`). */
export type MetricDimensionsOf<M extends MetricId> = Record<(typeof metricDimensions)[M][number], string>;

/** One value of one of the service's metrics. */
export interface MetricDatum {
  readonly id: MetricId;
  readonly value: number;
  readonly dimensions: Readonly<Record<string, string>>;
}

/** A value with exactly the dimensions the catalogue lists for its metric. */
export function metricDatum<M extends MetricId>(id: M, value: number, dimensions: MetricDimensionsOf<M>): MetricDatum {
  return { id, value, dimensions };
}

/** Where metrics recorded outside a Lambda invocation go (CloudWatch PutMetricData on AWS; the log locally). */
export interface MetricSink {
  put(data: readonly MetricDatum[]): Promise<void>;
}
