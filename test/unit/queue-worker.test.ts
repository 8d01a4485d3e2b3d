/**
 * The queue worker wrapper answers before the function's time-out: a batch's messages run a bounded
 * number at a time under one deadline, and those not started in time or not finished by it are returned
 * as batch item failures instead of the invocation timing out (which would redeliver the whole batch).
 */
import type { Context, SQSEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { queueWorker } from '#shared/workers/queue-worker.ts';

const event = (count: number): SQSEvent =>
  ({ Records: Array.from({ length: count }, (_, i) => ({ messageId: `m${i}`, body: JSON.stringify({ n: i }) })) }) as SQSEvent;

function context(remainingMs: number): Context {
  const end = Date.now() + remainingMs;
  return { functionName: 'TestWorker', awsRequestId: 'req-1', getRemainingTimeInMillis: () => Math.max(0, end - Date.now()) } as Context;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('queue worker wrapper: concurrency and deadline', () => {
  it('runs a batch up to `concurrency` messages at a time', async () => {
    let running = 0;
    let most = 0;
    const handler = queueWorker<{ n: number }>(
      'TestWorker',
      async () => {
        most = Math.max(most, ++running);
        await sleep(100);
        running--;
      },
      { concurrency: 4 },
    );
    const started = Date.now();
    expect(await handler(event(10), context(10_000))).toEqual({ batchItemFailures: [] });
    expect(most).toBe(4);
    // Three rounds of 100 ms, not ten.
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('gives each message the invocation deadline, less the reserve', async () => {
    const left: number[] = [];
    const handler = queueWorker<{ n: number }>('TestWorker', async (_m, _r, _c, deadline) => void left.push(deadline.remainingMs()), { reserveMs: 3_000 });
    await handler(event(1), context(10_000));
    expect(left[0]).toBeGreaterThan(6_500);
    expect(left[0]).toBeLessThanOrEqual(7_000);
  });

  it('returns the messages it could not start in time as failures, without running them', async () => {
    const ran: number[] = [];
    const handler = queueWorker<{ n: number }>(
      'TestWorker',
      async (message) => {
        ran.push(message.n);
        await sleep(300);
      },
      { concurrency: 2, reserveMs: 100, minStartMs: 700 },
    );
    // 1 s left, 900 ms to the deadline: the first two start; after them about 600 ms is left, under the 700 needed.
    const response = await handler(event(4), context(1_000));
    expect(ran).toEqual([0, 1]);
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }, { itemIdentifier: 'm3' }] });
  });

  it('answers shortly after the deadline, with the messages still running as failures', async () => {
    const handler = queueWorker<{ n: number }>(
      'TestWorker',
      async (message) => {
        if (message.n === 1) await new Promise(() => {}); // never finishes
      },
      { concurrency: 3, reserveMs: 400 },
    );
    const started = Date.now();
    const response = await handler(event(3), context(1_000));
    const took = Date.now() - started;
    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    // Deadline at 600 ms, plus half the reserve: well before the 1 s time-out.
    expect(took).toBeGreaterThanOrEqual(750);
    expect(took).toBeLessThan(1_000);
  });
});
