/**
 * The `MetricSink` port on CloudWatch: one PutMetricData call (cloudwatch:PutMetricData, which the
 * operator's credentials need) under the namespace, names, units and dimensions Powertools publishes the
 * Lambda functions' EMF with (`service` plus the catalogue's), so the same metric and alarms count them.
 */
import { type CloudWatchClient, PutMetricDataCommand, type PutMetricDataCommandInput, type StandardUnit } from '@aws-sdk/client-cloudwatch';
import type { Clock } from '../../clock.ts';
import { metricNames, metricsNamespace, telemetryServiceName } from '../catalogue.ts';
import type { MetricDatum, MetricSink } from '../metric-sink.ts';
import { metricUnit } from '../metrics.ts';

/** The PutMetricData request for `data`, each value timestamped `at`. */
export function putMetricDataInput(data: readonly MetricDatum[], at: Date): PutMetricDataCommandInput {
  return {
    Namespace: metricsNamespace,
    MetricData: data.map((datum) => ({
      MetricName: metricNames[datum.id],
      Dimensions: [{ Name: 'service', Value: telemetryServiceName }, ...Object.entries(datum.dimensions).map(([Name, Value]) => ({ Name, Value }))],
      Value: datum.value,
      Unit: metricUnit(datum.id) as StandardUnit,
      Timestamp: at,
    })),
  };
}

export class CloudWatchMetricSink implements MetricSink {
  constructor(
    private readonly client: () => Pick<CloudWatchClient, 'send'>,
    private readonly clock: Clock,
  ) {}

  async put(data: readonly MetricDatum[]): Promise<void> {
    if (data.length === 0) return;
    await this.client().send(new PutMetricDataCommand(putMetricDataInput(data, this.clock.now())));
  }
}
