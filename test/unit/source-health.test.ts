/** The pieces of GET /v1/sources that need no store: latency buckets, the median, failure rates and states. */
import { describe, expect, it } from 'vitest';
import { hourKey, latencyBucket, latencyBucketsMs } from '#shared/features/sources/health/health-counters.ts';
import { activityOf, describedSources, ingestedState, liveState, medianLatency } from '#shared/features/sources/health/source-health.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';

const histogram = (counts: Record<number, number>) => Array.from({ length: latencyBucketsMs.length + 1 }, (_, i) => counts[i] ?? 0);

describe('source health', () => {
  it('buckets latencies and keys hours in UTC', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(50)).toBe(0);
    expect(latencyBucket(51)).toBe(1);
    expect(latencyBucket(12_800)).toBe(latencyBucketsMs.length - 1);
    expect(latencyBucket(60_000)).toBe(latencyBucketsMs.length);
    expect(hourKey(new Date('2026-11-28T09:59:59.999Z'))).toBe('2026-11-28T09');
  });

  it('takes the median as the upper bound of the bucket holding the middle call', () => {
    expect(medianLatency(histogram({}))).toBeNull();
    expect(medianLatency(histogram({ 0: 1, 3: 5, 8: 1 }))).toBe(400);
    expect(medianLatency(histogram({ 9: 3 }))).toBe(12_800);
  });

  it('rates failures over attempts and derives the state of a live source', () => {
    expect(activityOf(undefined)).toEqual({ calls: 0, failures: 0, failure_rate: null, median_latency_ms: null, unreadable_values: 0 });
    const some = activityOf({ calls: 20, failures: 3, unreadable: 0, latency: histogram({ 2: 20 }) });
    expect(some).toMatchObject({ failure_rate: 0.15, median_latency_ms: 200 });
    expect(liveState(some)).toBe('degraded');
    expect(liveState(activityOf({ calls: 0, failures: 4, unreadable: 0, latency: histogram({}) }))).toBe('unavailable');
    expect(liveState(activityOf({ calls: 100, failures: 1, unreadable: 0, latency: histogram({ 1: 100 }) }))).toBe('ok');
    expect(liveState(activityOf({ calls: 100, failures: 0, unreadable: 1, latency: histogram({ 1: 100 }) }))).toBe('degraded');
  });

  it('an ingested source is as fresh as its policy says, degraded when its checks mostly failed today', () => {
    const failing = activityOf({ calls: 2, failures: 2, unreadable: 0, latency: histogram({ 0: 2 }) });
    expect(ingestedState('ok', failing)).toBe('degraded');
    expect(ingestedState('stale', failing)).toBe('stale');
    expect(ingestedState('ok', activityOf(undefined))).toBe('ok');
  });

  it('describes every ingested source once, then the live ones', () => {
    const ids = describedSources().map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.slice(0, 1 + Object.keys(listDefinitions).length)).toEqual(['leie', ...Object.keys(listDefinitions)]);
    expect(ids).toContain('nppes');
  });
});
