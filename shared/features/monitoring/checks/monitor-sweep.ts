/**
 * The sweep: for each of the 16 shards of the `due` index, page through active monitors whose check
 * time has come and queue one check message each, in batches of 10. Before the time limit it stops and
 * says where to resume, so a sweep over a million monitors continues itself across invocations. Each
 * message names the due time it was queued for, so a monitor queued twice (two sweeps in one day) is
 * checked once.
 *
 * A check message SQS did not take (a `Failed` entry of the batch call, after a few retries) fails the
 * sweep message: it is delivered again and resumes from where it started. Monitors already checked by
 * then are no longer due, and those queued twice are checked once.
 */
import * as z from 'zod';
import type { CheckMessage } from './monitor-check.ts';
import { dueShards, type MonitorStore } from './monitor-store.ts';

export interface SweepPosition {
  readonly shard: number;
  readonly cursor?: Record<string, unknown>;
}

/** Where a sweep continues: a shard of the `due` index and the page key to start after. */
export const sweepPositionSchema: z.ZodType<SweepPosition> = z.object({
  shard: z
    .number()
    .int()
    .min(0)
    .max(dueShards - 1),
  cursor: z.record(z.string(), z.unknown()).optional(),
});

/**
 * The message on the sweep queue: the daily schedule's `{ kind: 'monitor_sweep' }` with its scheduled
 * time, an operator's `as_of` (check every monitor due by then instead of now), or a continuation, which
 * keeps the cut-off time and says where to resume.
 */
export const sweepMessageSchema = z.object({
  kind: z.literal('monitor_sweep'),
  scheduled_at: z.iso.datetime({ offset: true }).optional(),
  as_of: z.iso.datetime({ offset: true }).optional(),
  resume: sweepPositionSchema.optional(),
});

export type SweepMessage = z.output<typeof sweepMessageSchema>;

/** The queue of monitor checks (adapters/check-queue.ts). */
export interface CheckQueue {
  /** Queues every message, or throws naming those that were not queued (some may have gone out all the same). */
  sendAll(messages: readonly CheckMessage[]): Promise<void>;
}

export interface SweepResult {
  readonly enqueued: number;
  /** Where to continue, when the sweep stopped before the time limit. */
  readonly resume?: SweepPosition;
}

const pageSize = 100;

export async function sweepDueMonitors(
  monitors: MonitorStore,
  checks: CheckQueue,
  now: Date,
  timeLeftMs: () => number,
  from: SweepPosition = { shard: 0 },
): Promise<SweepResult> {
  let enqueued = 0;
  for (let shard = from.shard; shard < dueShards; shard++) {
    let cursor = shard === from.shard ? from.cursor : undefined;
    do {
      if (timeLeftMs() < 60_000) return { enqueued, resume: { shard, cursor } };
      const page = await monitors.due(`shard#${String(shard).padStart(2, '0')}`, now, pageSize, cursor);
      await checks.sendAll(page.items.map((item): CheckMessage => ({ monitor_id: item.monitorId, due_at: item.dueAt })));
      enqueued += page.items.length;
      cursor = page.next;
    } while (cursor);
  }
  return { enqueued };
}
