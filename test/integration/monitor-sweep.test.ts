/** The sweep and the checks, through the local pollers: due monitors re-checked, changes recorded as events. */
import { SqsCheckQueue } from '#shared/features/monitoring/checks/adapters/check-queue.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepDueMonitors } from '#shared/features/monitoring/checks/monitor-sweep.ts';
import type { TestStack } from '../support/stack.ts';
import { eventsOf, makeDue, storedMonitor } from '../support/monitor-tables.ts';
import { waitFor } from '../support/wait-for.ts';
import type { SourceDataCopy } from '../support/source-data.ts';
import { startSampleDataStack, type SampleDataStack } from '../support/sample-data-stack.ts';
import { failSqsBatchEntries } from '../support/aws-faults.ts';
import type { SQSBatchResponse } from 'aws-lambda';
import { workers } from '#shared/platform/infra/routes.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { checkMonitor } from '#shared/features/monitoring/checks/monitor-check.ts';
import { monitorCheckServices } from '#shared/features/monitoring/checks/monitor-services.ts';

let t: TestStack;
let data: SourceDataCopy;
let stack: SampleDataStack;
let key: string;
let accountId: string;

beforeAll(async () => {
  stack = await startSampleDataStack();
  ({ t, data } = stack);
  ({ api_key: key, account_id: accountId } = await t.issue({ plan: 'production', mode: 'live' }));
});
afterAll(async () => {
  await stack.stop();
});

async function monitor(first: string, last: string, state: string): Promise<string> {
  const res = await t.call('/v1/monitor', {
    method: 'POST',
    key,
    body: JSON.stringify({ first_name: first, last_name: last, state, webhook_url: 'http://127.0.0.1:9/hook', webhook_secret: 'a-very-secret-value-123' }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return res.body.monitor_id as string;
}

async function setWaStatus(credential: string, status: string) {
  const file = join(data.dir, 'boards', 'qxh8-f4bd.json');
  const rows = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>[];
  for (const row of rows) if (row.credentialnumber === credential) row.status = status;
  await writeFile(file, JSON.stringify(rows));
}

describe('the daily sweep', () => {
  it('a sweep short of time queues its own continuation, which finishes the sweep', async () => {
    const id = await monitor('Helen', 'Thomas', 'WA');
    await makeDue(id);
    const sweep = workers.find((w) => w.id === 'MonitorSweep')!;
    // 30 s in hand: under the minute the sweep keeps for itself, so it hands everything to a continuation.
    const event = { Records: [{ messageId: 'short-sweep', receiptHandle: 'short-sweep', body: JSON.stringify({ kind: 'monitor_sweep' }) }] };
    const response = (await invoke(sweep.entry, sweep.id, event, 30_000)) as SQSBatchResponse;
    expect(response.batchItemFailures).toEqual([]);
    const checked = await waitFor(async () => {
      const stored = await storedMonitor(id);
      return stored.next_check_at > '2020-01-01T06:00:00.000Z' ? stored : undefined;
    }, 20_000);
    expect(Date.parse(checked.next_check_at)).toBeGreaterThan(Date.now());
  });

  it('re-checks a due monitor with fresh board data and records the change as a signed event', async () => {
    const id = await monitor('Helen', 'Thomas', 'WA');
    const deleted = await monitor('Jennifer', 'Taylor', 'WA');
    await t.call(`/v1/monitor/${deleted}`, { method: 'DELETE', key });
    await makeDue(id);
    await setWaStatus('RN00973025', 'Suspended');
    try {
      await sweptOnce(id, deleted);
    } finally {
      await setWaStatus('RN00973025', 'ACTIVE');
    }
  });

  /** The sweep's run over `id` (made due, its license suspended meanwhile) and the deleted monitor `deleted`. */
  async function sweptOnce(id: string, deleted: string): Promise<void> {
    await t.stack.scheduler.fire('dailyMonitorSweep');

    const events = await waitFor(async () => {
      const items = await eventsOf(id);
      return items.length > 0 ? items : undefined;
    });
    expect(events.map((e) => e.kind)).toEqual(['license.status_changed']);
    const body = JSON.parse(events[0]!.body as string);
    expect(body).toMatchObject({
      event: 'license.status_changed',
      monitor_id: id,
      provider: { name: 'Helen Jane Thomas', npi: '1662571706', state: 'Washington' },
      change: { from: 'active', to: 'suspended' },
    });
    expect(body.event_id).toBe(events[0]!.event_id);
    expect(body.verification_id).toMatch(/^vrf_/);
    expect(body.certificate_hash).toMatch(/^sha256_/);

    const m = await waitFor(async () => {
      const stored = await storedMonitor(id);
      return stored.provider.current_status === 'suspended' ? stored : undefined;
    });
    expect(Date.parse(m.next_check_at)).toBeGreaterThan(Date.now());
    expect(Date.parse(m.next_check_at)).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(m.next_check_at).toMatch(/T06:00:00\.000Z$/);
    // Its delivery was queued: the message is still on the queue, or the delivery worker has taken it already
    // (the event then records an attempt or is no longer pending).
    const queuedOrTaken = await waitFor(async () => {
      const queued = t.stack.emulators.sqs.inspectQueue('webhook-delivery')!;
      const bodies = [...queued.messages.ready, ...queued.messages.delayed, ...queued.messages.inflight.map((i) => i.message)].map((msg) =>
        JSON.parse(msg.body),
      );
      if (bodies.some((b) => b.event_id === events[0]!.event_id)) return 'queued';
      const [stored] = await eventsOf(id);
      return stored && (stored.delivery.state !== 'pending' || stored.delivery.attempts.length > 0) ? 'taken' : undefined;
    });
    expect(['queued', 'taken']).toContain(queuedOrTaken);
    expect(await eventsOf(deleted)).toEqual([]);
  }

  it("a suspended account's monitors are not checked until it is reinstated", async () => {
    const id = await monitor('Sabrina', 'Fulcher', 'WA');
    const accounts = new DynamoAccountStore();
    await accounts.setSuspension(accountId, { at: new Date(), reason: 'unpaid invoice' });
    try {
      await makeDue(id);
      await setWaStatus('RN00586802', 'Suspended');
      const due = (await storedMonitor(id)).next_check_at;
      expect(await checkMonitor({ monitor_id: id, due_at: due }, new Date(), monitorCheckServices())).toMatchObject({
        checked: false,
        skipped: 'account_suspended',
        events: [],
      });
      expect((await storedMonitor(id)).next_check_at).toBe(due);
      expect(await eventsOf(id)).toEqual([]);
    } finally {
      await accounts.setSuspension(accountId, undefined);
    }
    await t.stack.scheduler.fire('dailyMonitorSweep');
    const events = await waitFor(async () => {
      const items = await eventsOf(id);
      return items.length > 0 ? items : undefined;
    });
    expect(events.map((e) => e.kind)).toEqual(['license.status_changed']);
    await setWaStatus('RN00586802', 'ACTIVE');
  });

  it('a board outage produces no event', async () => {
    const id = await monitor('Kathleen', "O'Brien", 'WA');
    await makeDue(id);
    await data.setFaults({ 'qxh8-f4bd': { mode: 'down' } });
    try {
      await setWaStatus('RN00112866', 'Revoked');
      await t.stack.scheduler.fire('dailyMonitorSweep');
      const m = await waitFor(async () => {
        const stored = await storedMonitor(id);
        return Date.parse(stored.next_check_at) > Date.now() ? stored : undefined;
      });
      expect(m.provider.current_status).toBe('active');
      expect(await eventsOf(id)).toEqual([]);
    } finally {
      await data.setFaults({});
      await setWaStatus('RN00112866', 'ACTIVE');
    }
  });

  it('a check message SQS failed in the batch is sent again, and the monitor is checked', async () => {
    const id = await monitor('Helen', 'Thomas', 'WA');
    await makeDue(id);
    // SQS answers the batch call with this monitor's entry in Failed, once.
    const fault = failSqsBatchEntries({ queue: 'monitorCheck', entries: (e) => e.MessageBody!.includes(id), calls: 1 });
    try {
      await sweepDueMonitors(new DynamoMonitorStore(), new SqsCheckQueue(), new Date(), () => 600_000);
    } finally {
      fault();
    }
    expect(fault.injected).toBe(1);
    await waitFor(async () => (Date.parse((await storedMonitor(id)).next_check_at) > Date.now() ? true : undefined));
  });

  it('check messages SQS keeps failing fail the sweep step, naming them, so it is delivered again', async () => {
    const id = await monitor('Helen', 'Thomas', 'WA');
    await makeDue(id);
    for (const senderFault of [false, true]) {
      const fault = failSqsBatchEntries({ queue: 'monitorCheck', entries: (e) => e.MessageBody!.includes(id), senderFault });
      try {
        await expect(sweepDueMonitors(new DynamoMonitorStore(), new SqsCheckQueue(), new Date(), () => 600_000)).rejects.toThrow(
          senderFault
            ? /^1 of \d+ messages not sent to monitor-check: #\d+ InvalidParameterValue \(sender fault\)/
            : /^1 of \d+ messages not sent to monitor-check: #\d+ InternalError/,
        );
      } finally {
        fault();
      }
      // A failure on SQS's side is retried a few times; a sender fault is not.
      expect(fault.injected).toBe(senderFault ? 1 : 4);
    }
    // Not queued, so not checked: still due for the redelivered sweep step.
    expect((await storedMonitor(id)).next_check_at).toBe('2020-01-01T06:00:00.000Z');
  });

  it('stops before its time limit and says where to resume', async () => {
    const result = await sweepDueMonitors(new DynamoMonitorStore(), new SqsCheckQueue(), new Date(), () => 1_000);
    expect(result).toEqual({ enqueued: 0, resume: { shard: 0, cursor: undefined } });
    const resumed = await sweepDueMonitors(new DynamoMonitorStore(), new SqsCheckQueue(), new Date(), () => 600_000, { shard: 15 });
    expect(resumed.resume).toBeUndefined();
  });
});

describe('the check worker', () => {
  it("a batch of 10 checks against a board that never answers is answered before the function's time-out", async () => {
    const dueAt = '2020-01-01T06:00:00.000Z';
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await monitor('Helen', 'Thomas', 'WA'));
    for (const id of ids) await makeDue(id, dueAt);
    const worker = workers.find((w) => w.id === 'MonitorCheck')!;
    const event = { Records: ids.map((id, i) => ({ messageId: `m${i}`, receiptHandle: `r${i}`, body: JSON.stringify({ monitor_id: id, due_at: dueAt }) })) };
    // Each check waits out the board's time-outs (two attempts of 2.5 s): one after another, 10 of them
    // would not fit in 30 s and the whole batch would be delivered again.
    await data.setFaults({ 'qxh8-f4bd': { mode: 'timeout' } });
    try {
      const started = Date.now();
      const response = (await invoke(worker.entry, worker.id, event, 30_000)) as SQSBatchResponse;
      expect(Date.now() - started).toBeLessThan(30_000);
      const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
      // Every check not returned to the queue ran: a board outage, recorded without an event.
      for (const [i, id] of ids.entries()) {
        if (failed.has(`m${i}`)) continue;
        const stored = await storedMonitor(id);
        expect(Date.parse(stored.next_check_at), id).toBeGreaterThan(Date.now());
        expect(stored.provider.current_status).toBe('active');
      }
      expect(failed.size).toBeLessThan(10);
    } finally {
      await data.setFaults({});
    }
  }, 60_000);
});
