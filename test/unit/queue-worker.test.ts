/**
 * The queue worker wrapper answers before the function's time-out: a batch's messages run a bounded
 * number at a time under one deadline, and those not started in time or not finished by it are returned
 * as batch item failures instead of the invocation timing out (which would redeliver the whole batch).
 * A body that is not a message of the queue is logged with its reason and never handed to the worker.
 */
import type { Context, SQSEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { scheduledMessage, schedules } from '#shared/platform/infra/resources.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { checkMessageSchema } from '#shared/features/monitoring/checks/monitor-check.ts';
import { sweepMessageSchema } from '#shared/features/monitoring/checks/monitor-sweep.ts';
import { deliveryMessageSchema } from '#shared/features/monitoring/delivery/webhook-dispatch.ts';
import { leieIngestMessageSchema } from '#shared/features/sources/leie/leie-ingest-message.ts';
import { listIngestMessageSchema } from '#shared/features/sources/lists/list-ingest-message.ts';
import { parseMessage, queueWorker } from '#shared/platform/workers/queue-worker.ts';

const numbered = z.object({ n: z.number().int() });

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
    const handler = queueWorker(
      'TestWorker',
      numbered,
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
    const handler = queueWorker('TestWorker', numbered, async (_m, _r, _c, deadline) => void left.push(deadline.remainingMs()), { reserveMs: 3_000 });
    await handler(event(1), context(10_000));
    expect(left[0]).toBeGreaterThan(6_500);
    expect(left[0]).toBeLessThanOrEqual(7_000);
  });

  it('returns the messages it could not start in time as failures, without running them', async () => {
    const ran: number[] = [];
    const handler = queueWorker(
      'TestWorker',
      numbered,
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
    const handler = queueWorker(
      'TestWorker',
      numbered,
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

describe('queue worker wrapper: message schema', () => {
  it('does not run a body that is not a message of the queue, logs its reason, and runs the rest of the batch', async () => {
    const errors = vi.spyOn(logger, 'error');
    try {
      const ran: number[] = [];
      const handler = queueWorker('TestWorker', numbered, async (message) => void ran.push(message.n));
      const records = [
        { messageId: 'good-1', body: JSON.stringify({ n: 1 }) },
        { messageId: 'not-json', body: '{"n":' },
        { messageId: 'wrong-shape', body: JSON.stringify({ n: 'two' }), attributes: { ApproximateReceiveCount: '3' } },
        { messageId: 'good-2', body: JSON.stringify({ n: 2 }) },
      ];
      const response = await handler({ Records: records } as SQSEvent, context(10_000));
      expect(ran).toEqual([1, 2]);
      expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'not-json' }, { itemIdentifier: 'wrong-shape' }] });
      const rejected = errors.mock.calls.filter(([text]) => String(text).startsWith('Queue message rejected'));
      expect(rejected.map(([, details]) => details)).toEqual([
        { message_id: 'not-json', receive_count: 1, reason: 'body is not JSON' },
        {
          message_id: 'wrong-shape',
          receive_count: 3,
          reason: 'body does not match the message schema',
          issues: [{ path: 'n', message: expect.stringMatching(/expected number/i) }],
        },
      ]);
      // The reason names the field, never the value the message carried.
      expect(JSON.stringify(rejected)).not.toContain('two');
    } finally {
      errors.mockRestore();
    }
  });
});

describe('queue messages: what the producers send is what the workers accept', () => {
  it('every schedule message parses with its queue worker’s schema', () => {
    const schemaOf = { monitorSweep: sweepMessageSchema, leieIngest: leieIngestMessageSchema, listIngest: listIngestMessageSchema } as const;
    for (const schedule of Object.values(schedules)) {
      const body = scheduledMessage(schedule, new Date('2025-03-01T06:00:00Z'));
      expect(parseMessage(body, schemaOf[schedule.targetQueue]), schedule.id).toHaveProperty('message');
    }
    // EventBridge's own time format (no milliseconds), and an operator's run-sweep cut-off.
    expect(parseMessage('{"kind":"leie_ingest","scheduled_at":"2025-03-01T06:00:00Z"}', leieIngestMessageSchema)).toHaveProperty('message');
    const manual = scheduledMessage(schedules.dailyMonitorSweep, new Date(), { as_of: '2025-03-02T00:00:00.000Z' });
    expect(parseMessage(manual, sweepMessageSchema)).toEqual({ message: expect.objectContaining({ as_of: '2025-03-02T00:00:00.000Z' }) });
  });

  it('a sweep continuation, a check and a delivery message parse; wrong ones are rejected', () => {
    const continuation = {
      kind: 'monitor_sweep',
      as_of: '2025-03-01T06:00:00.000Z',
      resume: { shard: 3, cursor: { monitor_id: 'mon_x', next_check_at: 'x' } },
    };
    expect(parseMessage(JSON.stringify(continuation), sweepMessageSchema)).toEqual({ message: continuation });
    expect(parseMessage('{"monitor_id":"mon_1","due_at":"2025-03-01T06:00:00.000Z"}', checkMessageSchema)).toHaveProperty('message');
    expect(parseMessage('{"monitor_id":"mon_1"}', checkMessageSchema)).toHaveProperty('message');
    expect(parseMessage('{"event_id":"evt_1","due_at":"2025-03-01T06:00:00.000Z","attempt":0}', deliveryMessageSchema)).toHaveProperty('message');
    // Delivery messages queued before attempts were numbered.
    expect(parseMessage('{"event_id":"evt_1","due_at":"2025-03-01T06:00:00.000Z"}', deliveryMessageSchema)).toHaveProperty('message');

    for (const [body, schema] of [
      ['{"kind":"monitor_sweep","resume":{"shard":16}}', sweepMessageSchema],
      ['{"kind":"monitor_sweep","as_of":"tomorrow"}', sweepMessageSchema],
      ['{"kind":"leie_ingest","force":"yes"}', leieIngestMessageSchema],
      ['{"due_at":"2025-03-01T06:00:00.000Z"}', checkMessageSchema],
      ['{"event_id":"evt_1","due_at":"2025-03-01T06:00:00.000Z","attempt":-1}', deliveryMessageSchema],
      ['[]', deliveryMessageSchema],
    ] as const) {
      expect(parseMessage(body, schema), body).toHaveProperty('rejected');
    }
  });
});
