/**
 * A refusal of an operator's load (the admin CLI, no Lambda invocation: EMF written there reaches no
 * CloudWatch) is counted through the `MetricSink` port (ingest-refusal.ts `countOperatorIngestRefusal`)
 * with the counts a worker records for the same refusal: `IngestRefusals` by source and kind, and over
 * every source (the `SourceIngestRefused` alarm's), once each, on an in-memory sink.
 */
import { describe, expect, it, vi } from 'vitest';
import { countOperatorIngestRefusal, IngestRefusal, reportIngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { loggedMetricSink, type ServiceMetrics, withInvocationMetrics } from '#shared/platform/observability/metrics.ts';
import { InMemoryMetricSink } from '../../../support/in-memory/metric-sink.ts';

const refusal = () => new IngestRefusal('SAM.gov exclusions', 'limit', 'the member inflates 1032 times its compressed size');

describe("an operator's refused load", () => {
  it('is counted once, in IngestRefusals by source and kind and over every source', async () => {
    const sink = new InMemoryMetricSink();
    expect(await countOperatorIngestRefusal(refusal(), sink)).toEqual({ counted: true });
    expect(sink.puts).toHaveLength(1);
    expect(sink.data).toEqual([
      { id: 'ingestRefusals', value: 1, dimensions: { source: 'SAM.gov exclusions', kind: 'limit' } },
      { id: 'ingestRefusalsAll', value: 1, dimensions: {} },
    ]);
  });

  it('is counted as a worker counts the same refusal, and locally only logged as the local stack logs metrics', async () => {
    const debug = vi.spyOn(logger, 'debug').mockImplementation(() => undefined);
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    try {
      // A worker's invocation, its metrics not published (as under the local stack): logged at DEBUG.
      await withInvocationMetrics(async () => reportIngestRefusal(refusal()), { publishing: false } as ServiceMetrics);
      expect(await countOperatorIngestRefusal(refusal(), loggedMetricSink)).toEqual({ counted: true });
      const logged = debug.mock.calls.filter(([message]) => message === 'metrics').map(([, fields]) => fields);
      expect(logged).toHaveLength(2);
      expect(logged[1]).toEqual(logged[0]);
      expect(logged[0]).toEqual({ metrics: { 'IngestRefusals{source=SAM.gov exclusions,kind=limit}': 1, IngestRefusals: 1 } });
    } finally {
      debug.mockRestore();
      errors.mockRestore();
    }
  });

  it('is still refused when the count cannot be sent: the reason is returned, nothing thrown', async () => {
    const sink = new InMemoryMetricSink();
    sink.failWith = new Error('User is not authorized to perform: cloudwatch:PutMetricData');
    expect(await countOperatorIngestRefusal(refusal(), sink)).toEqual({
      counted: false,
      reason: 'User is not authorized to perform: cloudwatch:PutMetricData',
    });
  });
});
