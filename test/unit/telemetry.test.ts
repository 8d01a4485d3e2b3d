import type { Context, SQSEvent } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { logger } from '#shared/platform/observability/logger.ts';
import { metricNames, metricsNamespace, telemetryServiceName } from '#shared/platform/observability/catalogue.ts';
import { recordMetric, ServiceMetrics, withInvocationMetrics } from '#shared/platform/observability/metrics.ts';
import { readableLogLine } from '#shared/platform/observability/readable-log-line.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { observeSourceCall, unreadableValue } from '#shared/features/sources/source-telemetry.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';
import { PutMetricDataCommand } from '@aws-sdk/client-cloudwatch';
import { fixedClock } from '#shared/platform/clock.ts';
import { countOperatorIngestRefusal, IngestRefusal, reportIngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { CloudWatchMetricSink } from '#shared/platform/observability/adapters/cloudwatch-metric-sink.ts';

/** A Metrics instance that publishes (the suite's environment switches publishing off), and what it wrote. */
function publishingMetrics(): { target: ServiceMetrics; documents: () => Record<string, any>[] } {
  const saved = process.env.POWERTOOLS_METRICS_DISABLED;
  process.env.POWERTOOLS_METRICS_DISABLED = 'false';
  const target = new ServiceMetrics({ namespace: metricsNamespace, serviceName: telemetryServiceName });
  if (saved === undefined) delete process.env.POWERTOOLS_METRICS_DISABLED;
  else process.env.POWERTOOLS_METRICS_DISABLED = saved;
  const written: string[] = [];
  const original = process.stdout.write;
  process.stdout.write = ((chunk: string) => {
    written.push(String(chunk));
    return true;
  }) as typeof process.stdout.write;
  restore.push(() => {
    process.stdout.write = original;
  });
  return {
    target,
    documents: () =>
      written
        .flatMap((w) => w.split('\n'))
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
  };
}

const restore: (() => void)[] = [];
afterEach(() => {
  while (restore.length) restore.pop()!();
});

describe('invocation metrics (EMF)', () => {
  it('writes one document per dimension set, sums counts and keeps every latency', async () => {
    const { target, documents } = publishingMetrics();
    await withInvocationMetrics(async () => {
      recordMetric('verifications', 1, { outcome: 'active', state: 'WA' });
      recordMetric('verifications', 1, { state: 'WA', outcome: 'active' });
      recordMetric('verifications', 1, { outcome: 'not_found', state: 'TX' });
      recordMetric('sourceLatency', 41, { source: 'NPPES NPI Registry' });
      recordMetric('sourceLatency', 87, { source: 'NPPES NPI Registry' });
      recordMetric('cacheHits', 1, {});
    }, target);
    const docs = documents();
    expect(docs).toHaveLength(4);
    const find = (metric: string, dims: Record<string, string>) => docs.find((d) => metric in d && Object.entries(dims).every(([k, v]) => d[k] === v));
    const wa = find(metricNames.verifications, { outcome: 'active', state: 'WA' })!;
    expect(wa[metricNames.verifications]).toBe(2);
    expect(wa.service).toBe(telemetryServiceName);
    expect(wa._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: metricsNamespace,
      Dimensions: [expect.arrayContaining(['service', 'outcome', 'state'])],
      Metrics: [{ Name: 'Verifications', Unit: 'Count' }],
    });
    expect(find(metricNames.verifications, { outcome: 'not_found', state: 'TX' })![metricNames.verifications]).toBe(1);
    const latency = find(metricNames.sourceLatency, { source: 'NPPES NPI Registry' })!;
    expect(latency[metricNames.sourceLatency]).toEqual([41, 87]);
    expect(latency._aws.CloudWatchMetrics[0].Metrics).toEqual([{ Name: 'SourceLatency', Unit: 'Milliseconds' }]);
    const hits = find(metricNames.cacheHits, {})!;
    expect(hits._aws.CloudWatchMetrics[0].Dimensions).toEqual([['service']]);
  });

  it('keeps concurrent invocations apart and ignores metrics recorded outside any invocation', async () => {
    const { target, documents } = publishingMetrics();
    recordMetric('cacheMisses', 1, {});
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([
      withInvocationMetrics(async () => {
        recordMetric('quotaRejections', 1, { kind: 'monthly' });
        await tick();
        recordMetric('quotaRejections', 1, { kind: 'monthly' });
      }, target),
      withInvocationMetrics(async () => {
        await tick();
        recordMetric('quotaRejections', 1, { kind: 'monthly' });
      }, target),
    ]);
    const docs = documents();
    expect(docs.map((d) => d[metricNames.quotaRejections]).sort()).toEqual([1, 2]);
    expect(docs.some((d) => metricNames.cacheMisses in d)).toBe(false);
  });

  it('publishes the metrics of an invocation that throws', async () => {
    const { target, documents } = publishingMetrics();
    await expect(
      withInvocationMetrics(async () => {
        recordMetric('webhookDeliveries', 1, { result: 'failed' });
        throw new Error('boom');
      }, target),
    ).rejects.toThrow('boom');
    expect(documents()).toEqual([expect.objectContaining({ result: 'failed', [metricNames.webhookDeliveries]: 1 })]);
  });
});

describe('source call telemetry', () => {
  it('counts a source that gave no answer as a failure, and times every call', async () => {
    const { target, documents } = publishingMetrics();
    await withInvocationMetrics(async () => {
      await observeSourceCall('NPPES NPI Registry', async () => 'ok');
      await expect(
        observeSourceCall('NPPES NPI Registry', async () => {
          throw new SourceError('NPPES NPI Registry', 'timeout', 'no answer');
        }),
      ).rejects.toThrow(SourceError);
      // A refused query is the source answering: timed, not a failure.
      await expect(
        observeSourceCall('NPPES NPI Registry', async () => {
          throw new SourceError('NPPES NPI Registry', 'rejected', 'bad query');
        }),
      ).rejects.toThrow(SourceError);
    }, target);
    const doc = documents().find((d) => d.source === 'NPPES NPI Registry')!;
    expect(doc[metricNames.sourceFailures]).toBe(1);
    expect(doc[metricNames.sourceLatency]).toHaveLength(3);
  });

  it('counts unreadable values by source; statuses and columns also in the alarmed total, license types not', async () => {
    const { target, documents } = publishingMetrics();
    await withInvocationMetrics(async () => {
      unreadableValue({ source: 'WA DOH', field: 'status', value: 'ACTIVE PENDING AUDIT', dataset: 'qxh8-f4bd' });
      unreadableValue({ source: 'WA DOH', field: 'column', value: 'status' });
      unreadableValue({ source: 'CO DORA', field: 'license_type', value: 'ZZ' });
    }, target);
    expect(documents().find((d) => d.source === 'WA DOH')![metricNames.unreadableValues]).toBe(2);
    expect(documents().find((d) => d.source === 'CO DORA')![metricNames.unreadableValues]).toBe(1);
    // The document without a source dimension is the total the one alarm reads: the WA values only.
    expect(documents().find((d) => d.source === undefined && metricNames.unreadableValues in d)![metricNames.unreadableValues]).toBe(2);
  });
});

describe('queue worker wrapper', () => {
  const context = { functionName: 'TestWorker', awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as Context;
  const event = (...bodies: unknown[]): SQSEvent => ({ Records: bodies.map((body, i) => ({ messageId: `m${i}`, body: JSON.stringify(body) })) }) as SQSEvent;

  it('reports only the failed messages, and counts them by worker', async () => {
    // Publishing is off in this suite, so the invocation's metrics go to the log at DEBUG.
    const debug = vi.spyOn(logger, 'debug');
    restore.push(() => debug.mockRestore());
    const seen: number[] = [];
    const handler = queueWorker('TestWorker', z.object({ n: z.number() }), async (message) => {
      seen.push(message.n);
      if (message.n === 2) throw new Error('cannot');
    });
    const response = await handler(event({ n: 1 }, { n: 2 }, { n: 3 }), context);
    expect(seen).toEqual([1, 2, 3]);
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(debug).toHaveBeenCalledWith('metrics', { metrics: { 'QueueMessageFailures{worker=TestWorker}': 1 } });
  });
});

describe('readable log line (local console)', () => {
  it('puts time, level, function and message first, then the fields, without CloudWatch-only noise', () => {
    const line = readableLogLine({
      level: 'INFO',
      message: 'request',
      timestamp: '2026-01-02T03:04:05.678Z',
      service: 'license-verification',
      sampling_rate: 0,
      cold_start: true,
      function_name: 'Verify',
      function_request_id: 'abc',
      request_id: 'r1',
      route: 'POST /v1/verify',
      status: 200,
      account_id: undefined,
      stats: { rows: 2 },
    });
    expect(line).toBe('03:04:05.678 INFO  [Verify] request request_id=r1 route="POST /v1/verify" status=200 stats={"rows":2}');
  });
});

describe('metrics sent by the operator CLI (CloudWatch PutMetricData)', () => {
  it("puts a refusal's counts under the namespace, names, units and dimensions of the workers' EMF", async () => {
    const refusal = new IngestRefusal('SAM.gov exclusions', 'limit', 'past the row limit');
    const { target, documents } = publishingMetrics();
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    restore.push(() => vi.mocked(logger.error).mockRestore());
    await withInvocationMetrics(async () => reportIngestRefusal(refusal), target);
    // The EMF a worker writes, read as the CloudWatch metrics it becomes.
    const fromEmf = documents().flatMap((doc) =>
      doc._aws.CloudWatchMetrics.flatMap((directive: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }) =>
        directive.Metrics.map((metric) => ({
          Namespace: directive.Namespace,
          MetricName: metric.Name,
          Unit: metric.Unit,
          Value: doc[metric.Name],
          Dimensions: Object.fromEntries(directive.Dimensions[0]!.map((name) => [name, doc[name]])),
        })),
      ),
    );
    expect(fromEmf).toHaveLength(2);

    // No CloudWatch emulator exists (the local stack emulates DynamoDB, S3, SQS and SES only), so the
    // SDK edge is stubbed here: the client's `send` records the command instead of calling AWS.
    const sent: PutMetricDataCommand[] = [];
    const client = { send: async (command: PutMetricDataCommand) => void sent.push(command) };
    const sink = new CloudWatchMetricSink(() => client as never, fixedClock('2026-11-28T10:00:00Z'));
    expect(await countOperatorIngestRefusal(refusal, sink)).toEqual({ counted: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(PutMetricDataCommand);
    const input = sent[0]!.input;
    expect(input.Namespace).toBe(metricsNamespace);
    expect(input.MetricData).toEqual([
      {
        MetricName: 'IngestRefusals',
        Dimensions: [
          { Name: 'service', Value: telemetryServiceName },
          { Name: 'source', Value: 'SAM.gov exclusions' },
          { Name: 'kind', Value: 'limit' },
        ],
        Value: 1,
        Unit: 'Count',
        Timestamp: new Date('2026-11-28T10:00:00Z'),
      },
      {
        MetricName: 'IngestRefusals',
        Dimensions: [{ Name: 'service', Value: telemetryServiceName }],
        Value: 1,
        Unit: 'Count',
        Timestamp: new Date('2026-11-28T10:00:00Z'),
      },
    ]);
    const fromPut = input.MetricData!.map((datum) => ({
      Namespace: input.Namespace,
      MetricName: datum.MetricName,
      Unit: datum.Unit,
      Value: datum.Value,
      Dimensions: Object.fromEntries(datum.Dimensions!.map((d) => [d.Name, d.Value])),
    }));
    const byName = (a: { Dimensions: object }, b: { Dimensions: object }) => Object.keys(a.Dimensions).length - Object.keys(b.Dimensions).length;
    expect([...fromPut].sort(byName)).toEqual([...fromEmf].sort(byName));
  });

  it('puts nothing when there is nothing to count', async () => {
    const send = vi.fn();
    await new CloudWatchMetricSink(() => ({ send }) as never, fixedClock('2026-11-28T10:00:00Z')).put([]);
    expect(send).not.toHaveBeenCalled();
  });
});
