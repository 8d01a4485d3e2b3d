/**
 * Puts items in BatchWriteItem calls of 25 (DynamoDB's limit), a bounded number of calls at once, paced
 * to what the table takes. A new on-demand table accepts about 4,000 writes a second and throttles a
 * sudden load far above it (aws-semantics.md): a batch refused whole (`ThrottlingException`,
 * `ProvisionedThroughputExceededException`, `RequestLimitExceeded`) or taken in part (the rest returned
 * as `UnprocessedItems`) is sent again after a jittered, growing back-off, for as long as the table
 * keeps taking items; the write fails only when nothing was taken for `stallLimitMs`, or on any other
 * error.
 *
 * The calls of this container share one window of calls in flight: it halves when a call is throttled
 * (at most once per `cutEveryMs`, as the calls in flight then were all sent too fast) and grows by one
 * call per window of calls that succeed, between 1 and `maxInFlight`. A stall is judged by the table:
 * a batch fails only when no batch of this container had an item taken for `stallLimitMs`. The ingest client (dynamo.ts
 * `ingestDynamo`) paces its own retries adaptively too.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ingestDynamo } from '../../../../platform/aws/dynamo.ts';

export type Item = Record<string, unknown>;

export const batchSize = 25;

/** The most BatchWriteItem calls of this container in flight at once, and how many it starts with. */
export const maxInFlight = 16;
const initialInFlight = 8;
/** The window halves at most this often. */
const cutEveryMs = 200;
/** Back-off of a batch that made no progress: full jitter up to base × 2^attempt, at most the cap. */
const backoffBaseMs = 50;
const backoffCapMs = 2_000;
/** A batch of which the table takes nothing for this long fails. */
export const stallLimitMs = 60_000;

/** The errors DynamoDB answers when a table, a partition or the account is over its throughput. */
export const throttlingErrors: ReadonlySet<string> = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);

export function isThrottling(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return typeof name === 'string' && throttlingErrors.has(name);
}

/** A write the table refused for longer than `stallLimitMs`. */
export class WriteStalledError extends Error {
  constructor(
    readonly table: string,
    readonly pending: number,
    options?: ErrorOptions,
  ) {
    super(`DynamoDB took none of ${pending} items for ${stallLimitMs / 1000} s (table ${table}): throttled throughout`, options);
    this.name = 'WriteStalledError';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The calls in flight of this container: a window that halves on throttling and grows on success. */
class CallWindow {
  private limit = initialInFlight;
  private active = 0;
  private lastCut = 0;
  private readonly waiting: (() => void)[] = [];

  async acquire(): Promise<void> {
    if (this.active < Math.floor(this.limit)) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    this.active--;
    this.wake();
  }

  throttled(): void {
    const now = Date.now();
    if (now - this.lastCut < cutEveryMs) return;
    this.lastCut = now;
    this.limit = Math.max(1, this.limit / 2);
  }

  succeeded(): void {
    this.limit = Math.min(maxInFlight, this.limit + 1 / this.limit);
    this.wake();
  }

  private wake(): void {
    while (this.waiting.length > 0 && this.active < Math.floor(this.limit)) {
      this.active++;
      this.waiting.shift()!();
    }
  }
}

const calls = new CallWindow();

/** When each table last took an item from this container. */
const lastTaken = new Map<string, number>();

/** BatchWriteItem calls of this container, those throttled (whole or in part), and the items they left unprocessed: figures for tests and benchmarks. */
export const writeCounters = { calls: 0, throttledCalls: 0, unprocessedItems: 0 };

export async function putAll(table: string, items: readonly Item[]): Promise<void> {
  const batches: Item[][] = [];
  for (let i = 0; i < items.length; i += batchSize) batches.push(items.slice(i, i + batchSize));
  // Every batch is under way at once, but only the window's share of them is sent at a time.
  const results = await Promise.allSettled(batches.map((batch) => putBatch(table, batch)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}

async function putBatch(table: string, items: Item[]): Promise<void> {
  let pending = items;
  let idle = 0;
  let firstSentAt: number | undefined;
  for (;;) {
    await calls.acquire();
    const sentAt = Date.now();
    firstSentAt ??= sentAt;
    let taken: number;
    let error: unknown;
    try {
      writeCounters.calls++;
      const out = await ingestDynamo().send(new BatchWriteCommand({ RequestItems: { [table]: pending.map((Item) => ({ PutRequest: { Item } })) } }));
      const left = (out.UnprocessedItems?.[table] ?? []).map((r) => r.PutRequest!.Item as Item);
      taken = pending.length - left.length;
      pending = left;
    } catch (e) {
      error = e;
      taken = 0;
    } finally {
      calls.release();
    }
    if (error !== undefined && !isThrottling(error)) throw error;
    if (taken > 0) lastTaken.set(table, Date.now());
    if (pending.length === 0 && error === undefined) {
      calls.succeeded();
      return;
    }
    writeCounters.throttledCalls++;
    writeCounters.unprocessedItems += pending.length;
    calls.throttled();
    if (taken > 0) idle = 0;
    else {
      idle++;
      // Stalled: nothing of this batch taken, and no item of any batch, since this one was first sent.
      const progressAt = Math.max(firstSentAt, lastTaken.get(table) ?? 0);
      if (sentAt - progressAt > stallLimitMs) throw new WriteStalledError(table, pending.length, { cause: error });
    }
    await sleep(Math.random() * Math.min(backoffCapMs, backoffBaseMs * 2 ** idle));
  }
}
