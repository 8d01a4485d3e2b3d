/**
 * The service's CloudWatch metrics (Powertools Metrics, Embedded Metric Format on stdout, which Lambda
 * ships to CloudWatch Logs and CloudWatch turns into metrics; no function calls the CloudWatch API).
 *
 * Metrics recorded during an invocation are collected per invocation (AsyncLocalStorage, so concurrent
 * invocations in one process, as in the local stack, never mix) and grouped by dimension set: a bulk
 * request that verifies providers in three states writes three EMF documents, not one per provider.
 * Counts with the same dimensions are summed; latencies keep every value (EMF value arrays), so
 * percentiles stay exact. Recording outside an invocation (operator CLI, benchmarks) is a no-op: the
 * operator CLI sends the one metric it must count (a refused load) through a `MetricSink`
 * (metric-sink.ts; CloudWatch PutMetricData on AWS).
 *
 * With POWERTOOLS_DEV (the local stack) or POWERTOOLS_METRICS_DISABLED nothing is written as EMF;
 * the invocation's metrics go to the log at DEBUG instead, one readable line.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logger } from './logger.ts';
import { type metricDimensions, metricNames, metricsNamespace, telemetryServiceName, type MetricId } from './catalogue.ts';
import type { MetricDatum, MetricSink } from './metric-sink.ts';

/** Powertools Metrics, telling whether its output is switched off (POWERTOOLS_DEV, POWERTOOLS_METRICS_DISABLED). */
export class ServiceMetrics extends Metrics {
  get publishing(): boolean {
    return !this.isDisabled();
  }
}

export const metrics = new ServiceMetrics({ namespace: metricsNamespace, serviceName: telemetryServiceName, logger });

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];
type DimensionsOf<M extends MetricId> = Record<(typeof metricDimensions)[M][number], string>;

const units: Record<MetricId, Unit> = {
  verifications: MetricUnit.Count,
  sourceLatency: MetricUnit.Milliseconds,
  sourceFailures: MetricUnit.Count,
  unreadableValues: MetricUnit.Count,
  unreadableValuesAll: MetricUnit.Count,
  ingestRefusals: MetricUnit.Count,
  ingestRefusalsAll: MetricUnit.Count,
  sourceLoadsHeld: MetricUnit.Count,
  sourceLoadsHeldAll: MetricUnit.Count,
  operatorSourceDaysLeft: MetricUnit.Count,
  operatorSourceDaysLeftAll: MetricUnit.Count,
  cacheHits: MetricUnit.Count,
  cacheMisses: MetricUnit.Count,
  cacheWriteFailures: MetricUnit.Count,
  webhookDeliveries: MetricUnit.Count,
  quotaRejections: MetricUnit.Count,
  queueMessageFailures: MetricUnit.Count,
  timeLimitAnswers: MetricUnit.Count,
  verifyLatency: MetricUnit.Milliseconds,
};

/** The unit a metric is published in (`Count`, `Milliseconds`: CloudWatch's own unit names). */
export function metricUnit(id: MetricId): Unit {
  return units[id];
}

interface Series {
  readonly id: MetricId;
  readonly values: number[];
}

interface Group {
  readonly dimensions: Record<string, string>;
  readonly series: Map<MetricId, Series>;
}

/** The metrics of one invocation, grouped by dimension set. */
export class InvocationMetrics {
  private readonly groups = new Map<string, Group>();

  add(id: MetricId, value: number, dimensions: Record<string, string>): void {
    const key = JSON.stringify(Object.entries(dimensions).sort(([a], [b]) => a.localeCompare(b)));
    let group = this.groups.get(key);
    if (!group) {
      group = { dimensions, series: new Map() };
      this.groups.set(key, group);
    }
    let series = group.series.get(id);
    if (!series) {
      series = { id, values: [] };
      group.series.set(id, series);
    }
    if (units[id] === MetricUnit.Count && series.values.length > 0) series.values[0]! += value;
    else series.values.push(value);
  }

  get empty(): boolean {
    return this.groups.size === 0;
  }

  /** Writes one EMF document per dimension set through `target`. */
  publish(target: Metrics): void {
    for (const group of this.groups.values()) {
      if (Object.keys(group.dimensions).length > 0) target.addDimensions(group.dimensions);
      for (const series of group.series.values()) {
        for (const value of series.values) target.addMetric(metricNames[series.id], units[series.id], value);
      }
      target.publishStoredMetrics();
    }
  }

  clear(): void {
    this.groups.clear();
  }

  /** `{"Verifications{outcome=active,state=WA}": 2, "SourceLatency{source=…}": [41, 87]}`, for the log. */
  summary(): Record<string, number | number[]> {
    const out: Record<string, number | number[]> = {};
    for (const group of this.groups.values()) {
      const dims = Object.entries(group.dimensions)
        .map(([k, v]) => `${k}=${v}`)
        .join(',');
      for (const series of group.series.values()) {
        const name = `${metricNames[series.id]}${dims ? `{${dims}}` : ''}`;
        out[name] = units[series.id] === MetricUnit.Count ? series.values[0]! : [...series.values];
      }
    }
    return out;
  }
}

const invocation = new AsyncLocalStorage<InvocationMetrics>();

/** Records a metric for the current invocation, with exactly the dimensions the catalogue lists for it. */
export function recordMetric<M extends MetricId>(id: M, value: number, dimensions: DimensionsOf<M>): void {
  invocation.getStore()?.add(id, value, dimensions);
}

/** `recordMetric` of a value built with `metricDatum` (metric-sink.ts). */
export function recordMetricDatum(datum: MetricDatum): void {
  invocation.getStore()?.add(datum.id, datum.value, datum.dimensions);
}

/**
 * The local stack's metrics, for a process that is no invocation (the operator CLI on the local state):
 * like an invocation's under POWERTOOLS_DEV, one log line at DEBUG; the local stack keeps no metrics.
 */
export const loggedMetricSink: MetricSink = {
  async put(data) {
    const collected = new InvocationMetrics();
    for (const datum of data) collected.add(datum.id, datum.value, datum.dimensions);
    if (!collected.empty) logger.debug('metrics', { metrics: collected.summary() });
  },
};

/** Runs one invocation with its own metrics, and publishes what is left of them when it ends (returns or throws). */
export async function withInvocationMetrics<T>(fn: () => Promise<T>, target: ServiceMetrics = metrics): Promise<T> {
  const collected = new InvocationMetrics();
  try {
    return await invocation.run(collected, fn);
  } finally {
    publish(collected, target);
  }
}

/** Publishes the current invocation's metrics so far (while its log keys still apply). */
export function publishInvocationMetrics(target: ServiceMetrics = metrics): void {
  const collected = invocation.getStore();
  if (collected) publish(collected, target);
}

function publish(collected: InvocationMetrics, target: ServiceMetrics): void {
  if (collected.empty) return;
  try {
    if (target.publishing) collected.publish(target);
    else logger.debug('metrics', { metrics: collected.summary() });
    collected.clear();
  } catch (error) {
    // Telemetry never fails a request.
    logger.warn('Could not publish metrics', { error: (error as Error).message });
  }
}
