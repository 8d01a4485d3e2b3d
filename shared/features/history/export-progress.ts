/**
 * How an export tells its progress and when to look again, pure (no AWS).
 *
 * - Progress: the attempt writing the file notes when it starts, then the rows written so far at most
 *   every `progressIntervalMs`, so the writes an export costs are bounded by its attempts' time, not by
 *   its size: at most one every 5 s of the worker's 300 s, three attempts at most.
 * - Polling: the answers of a pending export carry `Retry-After`: the seconds until its writing is due to
 *   start (the queue message's delay), then `pollSeconds` while it is written. A finished export carries
 *   none.
 */
import * as z from 'zod';

/** Least time between two progress writes of one attempt. */
export const progressIntervalMs = 5_000;

/** How often to look at an export being written (`Retry-After`): twice the progress interval, so each look finds news. */
export const pollSeconds = 10;

export const exportProgressSchema = z.object({
  attempt: z.number(),
  rows_written: z.number(),
  started_at: z.string(),
  updated_at: z.string(),
});

export type ExportProgress = z.output<typeof exportProgressSchema>;

/**
 * A reporter of an attempt's rows written: called after each page with the running count, it writes
 * through `write` only when `intervalMs` has passed since the attempt started or since its last write.
 * A write that fails is given to `onError` and does not stop the export (the next report tries again).
 * Calls are awaited one at a time by the writer, so at most one write is in flight.
 */
export function progressReporter(
  write: (rowsWritten: number, at: Date) => Promise<unknown>,
  now: () => Date,
  startedAt: Date,
  options: { readonly intervalMs?: number; readonly onError?: (error: unknown) => void } = {},
): (rowsWritten: number) => Promise<void> {
  const intervalMs = options.intervalMs ?? progressIntervalMs;
  let last = startedAt.getTime();
  return async (rowsWritten) => {
    const at = now();
    if (at.getTime() - last < intervalMs) return;
    last = at.getTime();
    try {
      await write(rowsWritten, at);
    } catch (error) {
      options.onError?.(error);
    }
  };
}

/**
 * `Retry-After` for an export: undefined once it is no longer pending; before its writing has started,
 * the seconds until a second after it is due to (`write_after`), or `pollSeconds` when that time has
 * passed or is not known; while it is written, `pollSeconds`.
 */
export function retryAfterSeconds(
  record: { readonly status: string; readonly write_after?: string; readonly progress?: unknown },
  now: Date,
): number | undefined {
  if (record.status !== 'pending') return undefined;
  if (record.progress === undefined && record.write_after !== undefined) {
    const due = Math.ceil((Date.parse(record.write_after) - now.getTime()) / 1000);
    if (due > 0) return Math.min(due + 1, 900);
  }
  return pollSeconds;
}
