/**
 * The `MetricSink` port in memory (platform/observability/metric-sink.ts): every `put`, in order, as
 * CloudWatch would have received it; `failWith` makes the next puts fail (credentials without
 * cloudwatch:PutMetricData).
 */
import type { MetricDatum, MetricSink } from '#shared/platform/observability/metric-sink.ts';

export class InMemoryMetricSink implements MetricSink {
  /** Each `put` call's values. */
  readonly puts: MetricDatum[][] = [];
  failWith: Error | undefined;

  async put(data: readonly MetricDatum[]): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.puts.push([...data]);
  }

  /** Every value put, whatever the call. */
  get data(): MetricDatum[] {
    return this.puts.flat();
  }
}
