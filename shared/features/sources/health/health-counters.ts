/**
 * Source telemetry aggregated for GET /v1/sources without a DynamoDB write per verification: each
 * container counts, per source name, calls, failures, unreadable values and call latencies (in a small
 * histogram), and adds them to the source's item of the current UTC hour in the SourceHealth table with
 * one UpdateItem (ADD) per source at most once a minute. The first count of a container is written at
 * once; later ones wait for the minute to pass. A container that is never invoked again loses at most
 * its last minute of counts.
 *
 * Cost: at most one write (about 1 WCU: the item is well under 1 KB) per source per container per
 * minute, whatever the traffic; with 20 busy containers touching 6 sources, about 7,200 writes an hour
 * ($0.009 at on-demand prices), nothing for idle containers. Items expire after 3 days.
 * The table is a port (`HealthCountsTable`); health-services.ts composes this container's counters.
 */
import { logger } from '../../../platform/observability/logger.ts';

/** Upper bounds (ms) of the latency histogram's buckets; the last bucket holds everything slower. */
export const latencyBucketsMs = [50, 100, 200, 400, 800, 1_600, 3_200, 6_400, 12_800] as const;
/** Items are kept this long after their hour. */
export const healthRetentionDays = 3;
const flushEveryMs = 60_000;

export interface SourceCounts {
  calls: number;
  failures: number;
  unreadable: number;
  /** Calls by latency bucket (`latencyBucketsMs`, then the overflow bucket). */
  latency: number[];
}

const emptyCounts = (): SourceCounts => ({ calls: 0, failures: 0, unreadable: 0, latency: Array<number>(latencyBucketsMs.length + 1).fill(0) });

/** The bucket of a latency. */
export function latencyBucket(ms: number): number {
  const i = latencyBucketsMs.findIndex((bound) => ms <= bound);
  return i < 0 ? latencyBucketsMs.length : i;
}

/** The UTC hour a moment falls in, as the table's partition key: `2026-11-28T09`. */
export const hourKey = (at: Date) => at.toISOString().slice(0, 13);

/** Where the counts are added: the SourceHealth table (adapters/dynamo-health-counts.ts). */
export interface HealthCountsTable {
  /** False where there is nowhere to write (unit tests, tools run outside a stack): counts then stay in memory only. */
  enabled(): boolean;
  /** Adds the counts to the source's item of the hour (`hourKey`), which expires at `expiresAt` (epoch seconds) unless it already has an expiry. */
  add(hour: string, source: string, counts: SourceCounts, expiresAt: number): Promise<void>;
}

/** A container's counts of every source, added to the table at most once a minute. */
export class HealthCounters {
  private counts = new Map<string, SourceCounts>();
  private lastFlush = 0;
  private timer: NodeJS.Timeout | undefined;
  private failedOnce = false;

  constructor(private readonly table: HealthCountsTable) {}

  private of(source: string): SourceCounts {
    let counts = this.counts.get(source);
    if (!counts) {
      counts = emptyCounts();
      this.counts.set(source, counts);
    }
    return counts;
  }

  call(source: string, ms: number): void {
    const counts = this.of(source);
    counts.calls++;
    counts.latency[latencyBucket(ms)]!++;
    this.schedule();
  }

  failure(source: string): void {
    this.of(source).failures++;
    this.schedule();
  }

  unreadable(source: string): void {
    this.of(source).unreadable++;
    this.schedule();
  }

  /** Writes within the minute (at once when the last write was a minute ago or more). */
  private schedule(): void {
    // Nowhere to write (unit tests, tools run outside a stack): counts stay in memory only.
    if (this.timer || !this.table.enabled()) return;
    const wait = Math.max(0, this.lastFlush + flushEveryMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, wait);
    this.timer.unref();
  }

  async flush(): Promise<void> {
    if (this.counts.size === 0) return;
    const taken = this.counts;
    this.counts = new Map();
    this.lastFlush = Date.now();
    const now = new Date();
    const expiresAt = Math.floor(now.getTime() / 1000) + (healthRetentionDays + 1) * 86_400;
    await Promise.all(
      [...taken].map(async ([source, counts]) => {
        try {
          await this.table.add(hourKey(now), source, counts, expiresAt);
        } catch (error) {
          // Telemetry never fails the work it observes; the counts are dropped.
          if (!this.failedOnce) logger.warn('Source health counts not written', { source, error: (error as Error).message });
          this.failedOnce = true;
        }
      }),
    );
  }
}
