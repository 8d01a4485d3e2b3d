/**
 * POST /v1/monitor/{id}/check on test keys (with the sandbox names test-flapping and test-expiring), and
 * the guarantees of a check: one check per due time however many messages ask for it, and events of a
 * check that crashed before publishing them published by the next message.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { newId } from '#shared/platform/ids.ts';
import { checkMonitorResponseSchema } from '#shared/features/monitoring/checks/check-response-schema.ts';
import { checkMonitor } from '#shared/features/monitoring/checks/monitor-check.ts';
import { monitorCheckServices } from '#shared/features/monitoring/checks/monitor-services.ts';
import type { EventRecord } from '#shared/features/monitoring/delivery/event-record.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { eventsOf, makeDue, storedMonitor } from '../support/monitor-tables.ts';
import { waitFor } from '../support/wait-for.ts';
import { failSqsBatchEntries, throttleKms } from '../support/aws-faults.ts';

let t: TestStack;
let testKey: string;
let liveKey: string;
let otherKey: string;
let receiver: Server;
let receiverUrl: string;
const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];
const secret = 'whsec-check-test-0123456789';

beforeAll(async () => {
  t = await startTestStack();
  const live = await t.issue({ plan: 'production', mode: 'live' });
  liveKey = live.api_key;
  testKey = (await t.issue({ plan: 'production', mode: 'test', accountId: live.account_id })).api_key;
  otherKey = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
});
afterAll(async () => {
  receiver.close();
  await t.stop();
});

const json = { 'content-type': 'application/json' };

async function monitor(lastName: string, key = testKey): Promise<string> {
  const res = await t.call('/v1/monitor', {
    method: 'POST',
    key,
    body: JSON.stringify({ first_name: 'Dana', last_name: lastName, state: 'WA', webhook_url: receiverUrl, webhook_secret: secret }),
    headers: json,
  });
  expect(res.status).toBe(200);
  return res.body.monitor_id as string;
}

const check = (id: string, key = testKey) => t.call(`/v1/monitor/${id}/check`, { method: 'POST', key });

const receivedFor = (id: string) => received.filter((r) => (JSON.parse(r.body) as { monitor_id: string }).monitor_id === id);

describe('POST /v1/monitor/{id}/check', () => {
  it('test-flapping: suspended on the first check, active again (reinstated) on the next, each delivered signed', async () => {
    const id = await monitor('test-flapping');
    const first = await check(id);
    expect(first.status).toBe(200);
    checkMonitorResponseSchema.parse(first.body);
    expect(first.body.monitor).toMatchObject({ monitor_id: id, status: 'active', provider: { current_status: 'suspended' } });
    expect(first.body.events).toHaveLength(1);
    expect(first.body.events[0]).toMatchObject({
      event: 'license.status_changed',
      monitor_id: id,
      payload: { event: 'license.status_changed', change: { from: 'active', to: 'suspended' } },
      delivery: { state: 'pending' },
    });

    const second = await check(id);
    expect(second.status).toBe(200);
    checkMonitorResponseSchema.parse(second.body);
    expect(second.body.monitor.provider.current_status).toBe('active');
    expect(second.body.events.map((e: { event: string }) => e.event)).toEqual(['license.status_changed', 'license.reinstated']);
    expect(second.body.events[0].payload.change).toEqual({ from: 'suspended', to: 'active' });

    const deliveries = await waitFor(() => (receivedFor(id).length === 3 ? receivedFor(id) : undefined));
    for (const d of deliveries) {
      expect(d.headers['service-signature']).toBe(createHmac('sha256', secret).update(d.body).digest('hex'));
    }
    const ids = [...first.body.events, ...second.body.events].map((e: { event_id: string }) => e.event_id).sort();
    expect(deliveries.map((d) => d.headers['service-event-id']).sort()).toEqual(ids);
  });

  it('test-expiring: expiry_approaching on the first check, not again for the same expiry date', async () => {
    const id = await monitor('test-expiring');
    const first = await check(id);
    expect(first.status).toBe(200);
    expect(first.body.events).toHaveLength(1);
    expect(first.body.events[0].payload).toMatchObject({ event: 'license.expiry_approaching', data: { days_until_expiry: 30 } });
    const second = await check(id);
    expect(second.body.events).toEqual([]);
    // Days later the sandbox license still has the same expiry date, so nothing is sent again.
    const later = await checkMonitor({ monitor_id: id }, new Date(Date.now() + 3 * 86_400_000), monitorCheckServices());
    expect(later).toMatchObject({ checked: true, events: [] });
    expect((await storedMonitor(id)).provider.expiry_date).toBe(first.body.monitor.provider.expiry_date);
  });

  it('the check moves next_check_at to the next daily sweep', async () => {
    const id = await monitor('test-active');
    const res = await check(id);
    expect(res.body.events).toEqual([]);
    const next = Date.parse(res.body.monitor.next_check_at);
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(24 * 3_600_000);
    expect(res.body.monitor.next_check_at).toMatch(/T06:00:00\.000Z$/);
  });

  it('takes no parameters: an empty object is accepted, an unknown field is 400 naming it', async () => {
    const id = await monitor('test-active');
    const ok = await t.call(`/v1/monitor/${id}/check`, { method: 'POST', key: testKey, body: '{}', headers: json });
    expect(ok.status).toBe(200);
    const bad = await t.call(`/v1/monitor/${id}/check`, { method: 'POST', key: testKey, body: '{"force":true}', headers: json });
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body)).toMatchObject({ code: 'invalid_request', param: 'force' });
  });

  it('is for test keys: 403 test_mode_only on a live key', async () => {
    const id = await monitor('test-active');
    const res = await check(id, liveKey);
    expect(res.status).toBe(403);
    expect(errorOf(res.body)).toMatchObject({ code: 'test_mode_only' });
  });

  it('404 for an unknown, malformed, foreign or deleted monitor', async () => {
    const id = await monitor('test-active');
    const deleted = await monitor('test-active');
    expect((await t.call(`/v1/monitor/${deleted}`, { method: 'DELETE', key: testKey })).status).toBe(200);
    for (const [target, key] of [
      [newId('mon'), testKey],
      ['mon_nope', testKey],
      [id, otherKey],
      [deleted, testKey],
    ] as const) {
      const res = await check(target, key);
      expect(res.status, `${target}`).toBe(404);
      expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'monitor_id' });
    }
    expect(await eventsOf(deleted)).toEqual([]);
  });
});

describe('a check', () => {
  it('runs once per due time: a repeated or concurrent message for the same due time is skipped', async () => {
    const id = await monitor('test-flapping');
    const dueAt = '2020-01-01T06:00:00.000Z';
    await makeDue(id, dueAt);
    const outcomes = await Promise.all([1, 2, 3].map(() => checkMonitor({ monitor_id: id, due_at: dueAt }, new Date(), monitorCheckServices())));
    expect(outcomes.filter((o) => o.checked)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.checked).map((o) => o.skipped)).toEqual(['already_checked', 'already_checked']);
    const again = await checkMonitor({ monitor_id: id, due_at: dueAt }, new Date(), monitorCheckServices());
    expect(again).toMatchObject({ checked: false, skipped: 'already_checked' });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['license.status_changed']);
  });

  it('two sweeps in one day check a due monitor once', async () => {
    const id = await monitor('test-flapping');
    await makeDue(id, '2020-01-01T06:00:00.000Z');
    await t.stack.scheduler.fire('dailyMonitorSweep');
    await t.stack.scheduler.fire('dailyMonitorSweep');
    await waitFor(async () => (Date.parse((await storedMonitor(id)).next_check_at) > Date.now() ? true : undefined));
    // Let any second check message run its course.
    await waitFor(() => {
      const q = t.stack.emulators.sqs.inspectQueue('monitor-check')!;
      return q.messages.ready.length + q.messages.inflight.length + q.messages.delayed.length === 0 ? true : undefined;
    });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['license.status_changed']);
    expect((await storedMonitor(id)).provider.current_status).toBe('suspended');
  });

  it('publishes the events a crashed check left on the monitor, once', async () => {
    const id = await monitor('test-active');
    const m = await storedMonitor(id);
    const eventId = newId('evt');
    const now = new Date().toISOString();
    const body = JSON.stringify({ event: 'license.status_changed', event_id: eventId, monitor_id: id, change: { from: 'active', to: 'inactive' } });
    const pending: EventRecord = {
      event_id: eventId,
      owner: m.owner as string,
      monitor_id: id,
      kind: 'license.status_changed',
      created_at: now,
      created_key: `${now}#${eventId}`,
      body,
      delivery: { state: 'pending', attempts: [] },
    };
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('monitors'),
        Key: { monitor_id: id },
        UpdateExpression: 'SET pending_events = :e',
        ExpressionAttributeValues: { ':e': [pending] },
      }),
    );
    // The redelivered message of the crashed check: its due time has passed, so no new check runs.
    const outcome = await checkMonitor({ monitor_id: id, due_at: '2020-01-01T06:00:00.000Z' }, new Date(), monitorCheckServices());
    expect(outcome).toMatchObject({ checked: false, skipped: 'already_checked' });
    expect((await storedMonitor(id)).pending_events).toBeUndefined();
    expect((await eventsOf(id)).map((e) => e.event_id)).toEqual([eventId]);
    const delivered = await waitFor(() => (receivedFor(id).length > 0 ? receivedFor(id) : undefined));
    expect(delivered.map((d) => d.body)).toEqual([body]);
  });

  it('delivery messages SQS does not take fail the check; its events stay on the monitor, and the redelivered message publishes them', async () => {
    const id = await monitor('test-flapping');
    const dueAt = '2020-01-01T06:00:00.000Z';
    await makeDue(id, dueAt);
    const fault = failSqsBatchEntries({ queue: 'webhookDelivery' });
    try {
      await expect(checkMonitor({ monitor_id: id, due_at: dueAt }, new Date(), monitorCheckServices())).rejects.toThrow(
        /^1 of 1 messages not sent to webhook-delivery/,
      );
    } finally {
      fault();
    }
    expect(fault.injected).toBe(4);
    const [event, ...others] = await eventsOf(id);
    expect(others).toEqual([]);
    expect(event!.delivery).toEqual({ state: 'pending', attempts: [] });
    expect((await storedMonitor(id)).pending_events.map((e: EventRecord) => e.event_id)).toEqual([event!.event_id]);

    // The check message is delivered again: its check is recorded, so it only publishes the events.
    expect(await checkMonitor({ monitor_id: id, due_at: dueAt }, new Date(), monitorCheckServices())).toMatchObject({
      checked: false,
      skipped: 'already_checked',
    });
    expect((await storedMonitor(id)).pending_events).toBeUndefined();
    const delivered = await waitFor(() => (receivedFor(id).length > 0 ? receivedFor(id) : undefined));
    expect(delivered.map((d) => d.headers['service-event-id'])).toEqual([event!.event_id]);
  });

  it('a throttled KMS Sign fails the check before anything is recorded; the redelivered message checks once', async () => {
    const id = await monitor('test-flapping');
    const dueAt = '2020-01-01T06:00:00.000Z';
    await makeDue(id, dueAt);
    const throttle = throttleKms({ operations: ['Sign'], calls: 1 });
    try {
      await expect(checkMonitor({ monitor_id: id, due_at: dueAt }, new Date(), monitorCheckServices())).rejects.toMatchObject({ name: 'ThrottlingException' });
    } finally {
      throttle();
    }
    expect(throttle.injected).toBe(1);
    expect((await storedMonitor(id)).next_check_at).toBe(dueAt);
    expect(await eventsOf(id)).toEqual([]);
    expect(await checkMonitor({ monitor_id: id, due_at: dueAt }, new Date(), monitorCheckServices())).toMatchObject({ checked: true });
    expect((await eventsOf(id)).map((e) => e.kind)).toEqual(['license.status_changed']);
  });

  it('on demand, delivery messages SQS refuses are a 503 with Retry-After, not a 500; the events stay pending and go out on the next check', async () => {
    const id = await monitor('test-flapping');
    const fault = failSqsBatchEntries({ queue: 'webhookDelivery' });
    let res: Awaited<ReturnType<typeof t.call>>;
    try {
      res = await t.call(`/v1/monitor/${id}/check`, { method: 'POST', key: testKey });
    } finally {
      fault();
    }
    expect(res.status).toBe(503);
    expect(errorOf(res.body).code).toBe('service_unavailable');
    expect(res.headers.get('retry-after')).toBeTruthy();
    const [event] = await eventsOf(id);
    expect(event!.delivery).toEqual({ state: 'pending', attempts: [] });
    expect((await t.call(`/v1/monitor/${id}/check`, { method: 'POST', key: testKey })).status).toBe(200);
    const delivered = await waitFor(() => (receivedFor(id).length > 0 ? receivedFor(id) : undefined));
    expect(delivered.map((d) => d.headers['service-event-id'])).toContain(event!.event_id);
  });
});
