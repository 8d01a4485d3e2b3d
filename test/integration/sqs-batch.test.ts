/**
 * The one SendMessageBatch helper against the queue emulator, with `Failed` entries injected as SQS
 * answers them (HTTP 200, some entries failed): failed entries are sent again, alone; a sender fault is
 * not retried; entries still failing make it throw, naming them.
 */
import { PurgeQueueCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { BatchSendError, sendMessageBatch } from '#shared/platform/aws/sqs-batch.ts';
import { queueUrl } from '#shared/platform/config.ts';
import { failCalls, failSqsBatchEntries } from '../support/aws-faults.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;

// No workers: what is sent stays on the queue to be inspected.
beforeAll(async () => {
  t = await startTestStack({ workers: [] });
});
afterAll(() => t.stop());
beforeEach(async () => {
  await sqs().send(new PurgeQueueCommand({ QueueUrl: queueUrl('monitorCheck') }));
});

const entries = (count: number) => Array.from({ length: count }, (_, n) => ({ MessageBody: JSON.stringify({ n }) }));
const numbered = (n: number) => (entry: { MessageBody?: string }) => (JSON.parse(entry.MessageBody!) as { n: number }).n === n;

/** Bodies on the check queue, by their number. */
function queued(): number[] {
  const q = t.stack.emulators.sqs.inspectQueue('monitor-check')!;
  return [...q.messages.ready, ...q.messages.delayed, ...q.messages.inflight.map((i) => i.message)]
    .map((m) => (JSON.parse(m.body) as { n: number }).n)
    .sort((a, b) => a - b);
}

describe('sendMessageBatch', () => {
  it('sends any number of entries in calls of 10', async () => {
    let calls = 0;
    const count = failCalls('sqs', () => new Error('unused'), { operations: ['SendMessageBatch'], when: () => (calls++, false) });
    try {
      await sendMessageBatch(queueUrl('monitorCheck'), entries(25));
    } finally {
      count();
    }
    expect(calls).toBe(3);
    expect(queued()).toEqual([...Array(25).keys()]);
  });

  it('sends again only the entries SQS failed, until they are taken', async () => {
    const sent: number[][] = [];
    // Sees each call as the helper makes it (added first, it runs before the fault).
    const spy = failCalls('sqs', () => new Error('unused'), {
      operations: ['SendMessageBatch'],
      when: (input) => (sent.push(input.Entries.map((e: { MessageBody: string }) => JSON.parse(e.MessageBody).n)), false),
    });
    // Entry 3 fails on the first two calls that carry it, entry 17 on the first.
    const failures = new Map([
      [3, 2],
      [17, 1],
    ]);
    const fault = failSqsBatchEntries({
      queue: 'monitorCheck',
      entries: (e) => {
        const n = (JSON.parse(e.MessageBody!) as { n: number }).n;
        const left = failures.get(n) ?? 0;
        failures.set(n, left - 1);
        return left > 0;
      },
    });
    try {
      await sendMessageBatch(queueUrl('monitorCheck'), entries(25), { backoffMs: 10 });
    } finally {
      spy();
      fault();
    }
    expect(fault.injected).toBe(3);
    expect(sent).toEqual([[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], [3], [3], [10, 11, 12, 13, 14, 15, 16, 17, 18, 19], [17], [20, 21, 22, 23, 24]]);
    expect(queued()).toEqual([...Array(25).keys()]);
  });

  it('throws, naming the entries still failing after its retries; the others are sent once', async () => {
    const fault = failSqsBatchEntries({ queue: 'monitorCheck', entries: numbered(5) });
    let error: unknown;
    try {
      await sendMessageBatch(queueUrl('monitorCheck'), entries(12), { backoffMs: 10 }).catch((e: unknown) => (error = e));
    } finally {
      fault();
    }
    expect(error).toBeInstanceOf(BatchSendError);
    expect((error as BatchSendError).message).toBe('1 of 12 messages not sent to monitor-check: #5 InternalError: injected by the test');
    expect((error as BatchSendError).unsent).toEqual([{ index: 5, code: 'InternalError', message: 'injected by the test', senderFault: false }]);
    expect(fault.injected).toBe(4);
    expect(queued()).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
  });

  it('does not send a sender fault again: it throws at once for it', async () => {
    const fault = failSqsBatchEntries({ queue: 'monitorCheck', entries: numbered(1), senderFault: true });
    try {
      await expect(sendMessageBatch(queueUrl('monitorCheck'), entries(3))).rejects.toThrow(
        '1 of 3 messages not sent to monitor-check: #1 InvalidParameterValue (sender fault): injected by the test',
      );
    } finally {
      fault();
    }
    expect(fault.injected).toBe(1);
    expect(queued()).toEqual([0, 2]);
  });

  it('a call that fails as a whole throws its error', async () => {
    const fault = failCalls('sqs', () => Object.assign(new Error('connection reset'), { name: 'NetworkingError' }), {
      operations: ['SendMessageBatch'],
      calls: 1,
    });
    try {
      await expect(sendMessageBatch(queueUrl('monitorCheck'), entries(2))).rejects.toThrow('connection reset');
    } finally {
      fault();
    }
    expect(queued()).toEqual([]);
  });
});
