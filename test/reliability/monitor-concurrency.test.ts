/**
 * Monitors created concurrently all get swept exactly once per day: every one is listed, every one due
 * is checked once however many sweeps run at the same time, and none is checked again until the next day.
 */
import { SqsCheckQueue } from '#shared/features/monitoring/checks/adapters/check-queue.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { sweepDueMonitors } from '#shared/features/monitoring/checks/monitor-sweep.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { makeDue } from '../support/monitor-tables.ts';
import { waitFor } from '../support/wait-for.ts';

const count = 40;
let t: TestStack;
let key: string;

beforeAll(async () => {
  t = await startTestStack();
  key = (await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 100_000 })).api_key;
});
afterAll(() => t.stop());

async function monitorsOf(owner: string) {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName('monitors'),
      IndexName: 'by_owner',
      KeyConditionExpression: '#o = :o',
      ExpressionAttributeNames: { '#o': 'owner' },
      ExpressionAttributeValues: { ':o': owner },
    }),
  );
  return out.Items ?? [];
}

async function eventKindsByMonitor(): Promise<Map<string, string[]>> {
  const items = (await dynamo().send(new ScanCommand({ TableName: tableName('events') }))).Items ?? [];
  const byMonitor = new Map<string, string[]>();
  for (const item of items) byMonitor.set(item.monitor_id as string, [...(byMonitor.get(item.monitor_id as string) ?? []), item.kind as string].sort());
  return byMonitor;
}

const checkQueueIdle = () => {
  const q = t.stack.emulators.sqs.inspectQueue('monitor-check')!;
  return q.messages.ready.length + q.messages.inflight.length + q.messages.delayed.length === 0;
};

describe(`${count} monitors created at once`, () => {
  it('are all listed, and each is checked exactly once per day however many sweeps run', async () => {
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        t.call('/v1/monitor', {
          method: 'POST',
          key,
          body: JSON.stringify({
            first_name: `Dana${String.fromCharCode(97 + (i % 26))}`,
            last_name: 'test-flapping',
            state: 'WA',
            webhook_url: 'http://127.0.0.1:9/hook',
            webhook_secret: 'a-very-secret-value-123',
          }),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(count).fill(200));
    const ids = responses.map((r) => r.body.monitor_id as string);
    expect(new Set(ids).size).toBe(count);
    const listed = await t.call('/v1/monitors?limit=100', { key });
    expect((listed.body.data as { monitor_id: string }[]).map((m) => m.monitor_id).sort()).toEqual([...ids].sort());
    const owner = (await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: ids[0] } }))).Item!.owner as string;

    // All due now; three sweeps start at the same moment.
    for (const id of ids) await makeDue(id);
    await Promise.all([1, 2, 3].map(() => t.stack.scheduler.fire('dailyMonitorSweep')));
    await waitFor(async () => {
      const items = await monitorsOf(owner);
      return items.every((m) => Date.parse(m.next_check_at as string) > Date.now()) && checkQueueIdle() ? true : undefined;
    }, 60_000);
    let kinds = await eventKindsByMonitor();
    for (const id of ids) expect(kinds.get(id), id).toEqual(['license.status_changed']);

    // Later the same day: nothing is due, nothing is checked.
    const sameDay = await sweepDueMonitors(new DynamoMonitorStore(), new SqsCheckQueue(), new Date(), () => 600_000);
    expect(sameDay.enqueued).toBe(0);

    // The next day's sweep checks each once more.
    const stored = await monitorsOf(owner);
    const nextDay = new Date(Math.max(...stored.map((m) => Date.parse(m.next_check_at as string))));
    const swept = await sweepDueMonitors(new DynamoMonitorStore(), new SqsCheckQueue(), nextDay, () => 600_000);
    expect(swept.enqueued).toBe(count);
    await waitFor(async () => {
      const k = await eventKindsByMonitor();
      return ids.every((id) => k.get(id)?.length === 3) && checkQueueIdle() ? true : undefined;
    }, 60_000);
    kinds = await eventKindsByMonitor();
    for (const id of ids) expect(kinds.get(id), id).toEqual(['license.reinstated', 'license.status_changed', 'license.status_changed']);
  }, 120_000);
});
