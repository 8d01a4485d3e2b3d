/** Webhook delivery end to end with a real local receiver, and the retry schedule with an injected clock. */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { newId } from '#shared/platform/ids.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { type MonitorStore, ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { postNoteMarginMs } from '#shared/features/monitoring/delivery/delivery-chain.ts';
import { defaultWebhookTimeoutMs } from '#shared/features/webhooks/deliver-webhook.ts';
import { dispatchWebhook, type DeliveryMessage } from '#shared/features/monitoring/delivery/webhook-dispatch.ts';
import { webhookDispatchServices } from '#shared/features/monitoring/delivery/webhook-dispatch-services.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { eventPageSchema, eventSchema } from '#shared/features/monitoring/delivery/event-view.ts';
import { anyWebhookEventSchema } from '#shared/features/monitoring/delivery/webhook-event-schema.ts';
import type { TestStack } from '../support/stack.ts';
import type { SourceDataCopy } from '../support/source-data.ts';
import { startSampleDataStack, type SampleDataStack } from '../support/sample-data-stack.ts';
import { makeDue } from '../support/monitor-tables.ts';
import { failCalls, throttleDynamo, throttleKms } from '../support/aws-faults.ts';
import { waitFor } from '../support/wait-for.ts';
import { serviceSignatureValid, standardSignatureCheck, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { storeStatusEvent } from '../support/delivery-driver.ts';

let t: TestStack;
let data: SourceDataCopy;
let stack: SampleDataStack;
let key: string;
let liveKey: string;
let accountId: string;
let email: string;
let receiver: WebhookReceiver;
const secret = 'whsec-local-test-0123456789';

beforeAll(async () => {
  stack = await startSampleDataStack();
  ({ t, data } = stack);
  email = `ops-${Date.now()}@example.com`;
  ({ api_key: key, account_id: accountId } = await t.issue({ plan: 'production', mode: 'test', email }));
  liveKey = (await t.issue({ plan: 'production', mode: 'live', accountId })).api_key;
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await stack.stop();
});

async function monitor(first: string, last: string, webhookUrl = receiver.url, as = key): Promise<string> {
  const res = await t.call('/v1/monitor', {
    method: 'POST',
    key: as,
    body: JSON.stringify({ first_name: first, last_name: last, state: 'WA', webhook_url: webhookUrl, webhook_secret: secret }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return res.body.monitor_id as string;
}

const pythonHmac = (body: string) =>
  execFileSync(
    'python3',
    ['-c', 'import hmac,hashlib,sys; print(hmac.new(sys.argv[1].encode(), sys.stdin.buffer.read(), hashlib.sha256).hexdigest())', secret],
    { input: body },
  )
    .toString()
    .trim();

describe('webhook delivery', () => {
  it('a board change reaches the receiver as a signed webhook', async () => {
    const id = await monitor('Rebecca', 'Long', receiver.url, liveKey);
    await makeDue(id);
    const file = join(data.dir, 'boards', 'qxh8-f4bd.json');
    const rows = JSON.parse(await readFile(file, 'utf8')) as Record<string, string>[];
    for (const row of rows) if (row.credentialnumber === 'PA00540981') row.status = 'Revoked';
    await writeFile(file, JSON.stringify(rows));
    await t.stack.scheduler.fire('dailyMonitorSweep');

    const deadline = Date.now() + 15_000;
    // The change also makes the license expired (a second event, delivered alongside): take the status change's.
    const isChange = (r: { body: string }) => r.body.includes(id) && r.body.includes('"license.status_changed"');
    while (!receiver.received.some(isChange) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const hook = receiver.received.find(isChange)!;
    expect(hook).toBeDefined();
    const payload = anyWebhookEventSchema.parse(JSON.parse(hook.body));
    expect(payload).toMatchObject({ event: 'license.status_changed', monitor_id: id, change: { to: 'revoked' } });
    expect(hook.headers['content-type']).toBe('application/json');
    expect(hook.headers['service-event-id']).toBe(payload.event_id);
    expect(hook.headers['service-signature']).toBe(pythonHmac(hook.body));
    // Both signatures verify, as a receiver checks them; the Standard Webhooks one within 5 minutes only.
    expect(serviceSignatureValid(hook, secret)).toBe(true);
    expect(hook.headers['webhook-id']).toBe(payload.event_id);
    expect(standardSignatureCheck(hook, secret)).toBe('valid');
    expect(standardSignatureCheck(hook, secret, new Date(Date.now() + 6 * 60_000))).toBe('stale');
    expect(String(hook.headers['user-agent'])).toMatch(/LicenseVerificationAPI/);
    expect(Date.parse(String(hook.headers['service-timestamp']))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('retries at +5 min, +30 min, +2 h, +8 h and +24 h, then marks the event failed and e-mails the account once', async () => {
    receiver.answer.status = 500;
    try {
      const monitorId = await monitor('Helen', 'Thomas');
      const events = new DynamoEventStore();
      const start = new Date();
      const eventId = await storeStatusEvent(events, monitorId, start);
      const offsets = [0, 5, 35, 155, 635, 2075].map((m) => m * 60_000);
      const outcomes: string[] = [];
      for (const offset of offsets)
        outcomes.push(
          await dispatchWebhook(
            { event_id: eventId, due_at: new Date(start.getTime() + offset).toISOString() },
            new Date(start.getTime() + offset),
            webhookDispatchServices(),
          ),
        );
      expect(outcomes).toEqual(['retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'failed']);
      const stored = (await events.get(eventId))!;
      expect(stored.delivery.state).toBe('failed');
      expect(stored.delivery.attempts.map((a) => Date.parse(a.at) - start.getTime())).toEqual(offsets);
      expect(stored.delivery.attempts.every((a) => a.status === 500 && !a.ok)).toBe(true);
      // Each attempt carried the same event id and body.
      const mine = receiver.received.filter((r) => r.headers['service-event-id'] === eventId);
      expect(mine).toHaveLength(6);
      expect(new Set(mine.map((r) => r.body)).size).toBe(1);
      // A step that arrives early only waits: at most 900 s per hop.
      expect(await dispatchWebhook({ event_id: eventId, due_at: new Date(Date.now() + 7_200_000).toISOString() }, new Date(), webhookDispatchServices())).toBe(
        'waiting',
      );

      const store = (await (await fetch(`${t.stack.endpoints.ses}/store`)).json()) as {
        emails: { destination: { to: string[] }; subject: string; body: { text: string } }[];
      };
      const mails = store.emails.filter((m) => JSON.stringify(m).includes(eventId));
      expect(mails).toHaveLength(1);
      expect(JSON.stringify(mails[0])).toContain(email);
      expect(JSON.stringify(mails[0])).toContain(monitorId);
    } finally {
      receiver.answer.status = 200;
    }
  });

  it('sends nothing for a deleted monitor, pending retries included', async () => {
    const monitorId = await monitor('Jo', 'Solano');
    const events = new DynamoEventStore();
    const eventId = newId('evt');
    const now = new Date();
    await events.createOnce({
      event_id: eventId,
      owner: 'x',
      monitor_id: monitorId,
      kind: 'license.expiry_approaching',
      created_at: now.toISOString(),
      created_key: `${now.toISOString()}#${eventId}`,
      body: '{}',
      delivery: { state: 'pending', attempts: [] },
    });
    await t.call(`/v1/monitor/${monitorId}`, { method: 'DELETE', key });
    expect(await dispatchWebhook({ event_id: eventId, due_at: now.toISOString() }, now, webhookDispatchServices())).toBe('cancelled');
    expect(receiver.received.some((r) => r.headers['service-event-id'] === eventId)).toBe(false);
  });
});

/** A pending event of the monitor, stored as a check stores it. */
async function storeEvent(monitorId: string): Promise<string> {
  const eventId = newId('evt');
  const now = new Date().toISOString();
  await new DynamoEventStore().createOnce({
    event_id: eventId,
    owner: 'x',
    monitor_id: monitorId,
    kind: 'license.status_changed',
    created_at: now,
    created_key: `${now}#${eventId}`,
    body: JSON.stringify({ event: 'license.status_changed', event_id: eventId }),
    delivery: { state: 'pending', attempts: [] },
  });
  return eventId;
}

/** Delivery messages of an event on the queue (ready, delayed or in flight). */
function queuedFor(eventId: string): DeliveryMessage[] {
  const q = t.stack.emulators.sqs.inspectQueue('webhook-delivery')!;
  return [...q.messages.ready, ...q.messages.delayed, ...q.messages.inflight.map((i) => i.message)]
    .map((m) => JSON.parse(m.body) as DeliveryMessage)
    .filter((m) => m.event_id === eventId);
}

const postsFor = (eventId: string) => receiver.postsFor(eventId);

describe('a delivery message delivered again', () => {
  it('does not POST an attempt already recorded, nor queue a second retry', async () => {
    receiver.answer.status = 500;
    try {
      const eventId = await storeEvent(await monitor('Helen', 'Thomas'));
      const now = new Date();
      const message: DeliveryMessage = { event_id: eventId, due_at: now.toISOString(), attempt: 0 };
      expect(await dispatchWebhook(message, now, webhookDispatchServices())).toBe('retry_scheduled');
      // The worker answered too late (or failed after recording): SQS delivers the same message again.
      expect(await dispatchWebhook(message, new Date(), webhookDispatchServices())).toBe('duplicate');
      expect(postsFor(eventId)).toHaveLength(1);
      expect((await new DynamoEventStore().get(eventId))!.delivery.attempts).toHaveLength(1);
      expect(queuedFor(eventId)).toEqual([{ event_id: eventId, due_at: new Date(now.getTime() + 300_000).toISOString(), attempt: 1 }]);
    } finally {
      receiver.answer.status = 200;
    }
  });

  it('after a worker stopped between recording the attempt and queueing its retry: queues the retry once, without POSTing', async () => {
    receiver.answer.status = 500;
    try {
      const eventId = await storeEvent(await monitor('Helen', 'Thomas'));
      const now = new Date();
      const message: DeliveryMessage = { event_id: eventId, due_at: now.toISOString(), attempt: 0 };
      const lost = failCalls('sqs', () => new Error('connection reset'), { operations: ['SendMessage'], calls: 1 });
      try {
        await expect(dispatchWebhook(message, now, webhookDispatchServices())).rejects.toThrow('connection reset');
      } finally {
        lost();
      }
      expect((await new DynamoEventStore().get(eventId))!.delivery.attempts).toHaveLength(1);
      expect(queuedFor(eventId)).toEqual([]);

      expect(await dispatchWebhook(message, new Date(), webhookDispatchServices())).toBe('duplicate');
      expect(await dispatchWebhook(message, new Date(), webhookDispatchServices())).toBe('duplicate');
      expect(postsFor(eventId)).toHaveLength(1);
      expect(queuedFor(eventId)).toEqual([{ event_id: eventId, due_at: new Date(now.getTime() + 300_000).toISOString(), attempt: 1 }]);
    } finally {
      receiver.answer.status = 200;
    }
  });

  it('two copies of one attempt at the same time: one POST, one record, one retry; the other copy runs again after the POST', async () => {
    receiver.answer.status = 500;
    try {
      const eventId = await storeEvent(await monitor('Helen', 'Thomas'));
      const now = new Date();
      const message: DeliveryMessage = { event_id: eventId, due_at: now.toISOString(), attempt: 0 };
      const outcomes = await Promise.all([dispatchWebhook(message, now, webhookDispatchServices()), dispatchWebhook(message, now, webhookDispatchServices())]);
      expect(outcomes.filter((o) => o === 'retry_scheduled')).toHaveLength(1);
      // The other copy met the note before the POST (waiting), or, arriving once the first had finished,
      // found the attempt made (duplicate).
      const other = outcomes.find((o) => o !== 'retry_scheduled');
      expect(other).toMatch(/^(waiting|duplicate)$/);
      const stored = (await new DynamoEventStore().get(eventId))!;
      expect(stored.delivery.attempts).toHaveLength(1);
      // The note before the POST is exclusive: a copy refused it is queued for the note's end.
      const retry = { event_id: eventId, due_at: new Date(now.getTime() + 300_000).toISOString(), attempt: 1 };
      expect(queuedFor(eventId).sort((a, b) => a.attempt! - b.attempt!)).toEqual(
        other === 'waiting' ? [{ ...message, due_at: stored.in_flight!.until }, retry] : [retry],
      );
      expect(postsFor(eventId)).toHaveLength(1);
      expect(await dispatchWebhook(message, new Date(stored.in_flight!.until), webhookDispatchServices())).toBe('duplicate');
      expect(postsFor(eventId)).toHaveLength(1);
    } finally {
      receiver.answer.status = 200;
    }
  });

  it("throttled DynamoDB after the POST: the message fails, the redelivery POSTs again once the first POST's note has ended, recorded once", async () => {
    const eventId = await storeEvent(await monitor('Helen', 'Thomas'));
    const message: DeliveryMessage = { event_id: eventId, due_at: new Date().toISOString(), attempt: 0 };
    // The record after the POST, not the note written just before it.
    const throttle = throttleDynamo({
      tables: ['events'],
      operations: ['UpdateItem'],
      calls: 1,
      when: (input) => !String((input as { UpdateExpression?: string }).UpdateExpression).startsWith('SET in_flight'),
    });
    try {
      await expect(dispatchWebhook(message, new Date(), webhookDispatchServices())).rejects.toMatchObject({ name: 'ProvisionedThroughputExceededException' });
    } finally {
      throttle();
    }
    expect(throttle.injected).toBe(1);
    // The first POST may still be under way until its note ends: the redelivery waits for that.
    expect(await dispatchWebhook(message, new Date(), webhookDispatchServices())).toBe('waiting');
    const noteEnd = new Date((await new DynamoEventStore().get(eventId))!.in_flight!.until);
    expect(await dispatchWebhook(message, noteEnd, webhookDispatchServices())).toBe('delivered');
    expect(await dispatchWebhook(message, noteEnd, webhookDispatchServices())).toBe('skipped');
    const stored = (await new DynamoEventStore().get(eventId))!;
    expect(stored.delivery.state).toBe('delivered');
    expect(stored.delivery.attempts).toHaveLength(1);
    expect(postsFor(eventId)).toHaveLength(2);
    expect(new Set(postsFor(eventId).map((p) => p.body)).size).toBe(1);
  });

  it("the note before the POST runs from the moment just before the POST, not the step's start", async () => {
    const eventId = await storeEvent(await monitor('Helen', 'Thomas'));
    const services = webhookDispatchServices();
    const slowReadMs = 1_500;
    // The monitor's read takes a while, as a slow store or URL check would: the POST starts that much later.
    const slowMonitors = Object.assign(Object.create(services.monitors) as MonitorStore, {
      get: async (...args: Parameters<MonitorStore['get']>) => {
        await new Promise((r) => setTimeout(r, slowReadMs));
        return services.monitors.get(...args);
      },
    });
    const now = new Date();
    const message: DeliveryMessage = { event_id: eventId, due_at: now.toISOString(), attempt: 0 };
    expect(await dispatchWebhook(message, now, { ...services, monitors: slowMonitors })).toBe('delivered');
    const note = (await new DynamoEventStore().get(eventId))!.in_flight!;
    expect(Date.parse(note.until) - now.getTime()).toBeGreaterThanOrEqual(slowReadMs + defaultWebhookTimeoutMs + postNoteMarginMs);
  });

  it('throttled KMS opening the webhook secret: the message fails before any POST, the redelivery delivers', async () => {
    const eventId = await storeEvent(await monitor('Helen', 'Thomas'));
    const message: DeliveryMessage = { event_id: eventId, due_at: new Date().toISOString(), attempt: 0 };
    const throttle = throttleKms({ operations: ['Decrypt'], calls: 1 });
    try {
      await expect(dispatchWebhook(message, new Date(), webhookDispatchServices())).rejects.toMatchObject({ name: 'ThrottlingException' });
    } finally {
      throttle();
    }
    expect(throttle.injected).toBe(1);
    expect(postsFor(eventId)).toEqual([]);
    expect((await new DynamoEventStore().get(eventId))!.delivery).toEqual({ state: 'pending', attempts: [] });
    expect(await dispatchWebhook(message, new Date(), webhookDispatchServices())).toBe('delivered');
    expect(postsFor(eventId)).toHaveLength(1);
  });
});

describe('the delivery worker', () => {
  it('delivers a batch of 10 at once: the batch takes about as long as one slow receiver', async () => {
    const monitorId = await monitor('Helen', 'Thomas');
    const ids = await Promise.all(Array.from({ length: 10 }, () => storeEvent(monitorId)));
    const now = new Date().toISOString();
    const event = {
      Records: ids.map((id, i) => ({ messageId: `m${i}`, receiptHandle: `r${i}`, body: JSON.stringify({ event_id: id, due_at: now, attempt: 0 }) })),
    };
    const worker = workers.find((w) => w.id === 'WebhookDelivery')!;
    receiver.answer.afterMs = 1_500;
    let response: unknown;
    const started = Date.now();
    try {
      response = await invoke(worker.entry, worker.id, event, worker.timeoutSeconds * 1000);
    } finally {
      receiver.answer.afterMs = 0;
    }
    // One after another this would take 15 s.
    expect(Date.now() - started).toBeLessThan(6_000);
    expect(response).toEqual({ batchItemFailures: [] });
    const stored = await Promise.all(ids.map((id) => new DynamoEventStore().get(id)));
    expect(stored.map((e) => e!.delivery.state)).toEqual(Array(10).fill('delivered'));
    await waitFor(() => (ids.every((id) => postsFor(id).length === 1) ? true : undefined));
  });
});

describe('GET /v1/events', () => {
  it("lists the caller's events with their delivery attempts, newest first; filters by monitor; isolates accounts", async () => {
    // The board change of the first test was followed by a live monitor: its events are the live key's.
    const res = await t.call('/v1/events', { key: liveKey });
    expect(res.status).toBe(200);
    eventPageSchema.parse(res.body);
    const delivered = (res.body.data as any[]).find((e) => e.event === 'license.status_changed');
    expect(delivered).toBeDefined();
    expect(delivered.delivery.state).toBe('delivered');
    expect(delivered.delivery.attempts[0]).toMatchObject({ ok: true, status: 200 });
    expect(delivered.payload).toMatchObject({ event_id: delivered.event_id, monitor_id: delivered.monitor_id });

    const filtered = await t.call(`/v1/events?monitor_id=${delivered.monitor_id}&limit=1`, { key: liveKey });
    // The same account's test key sees none of its live events.
    expect((await t.call(`/v1/events?monitor_id=${delivered.monitor_id}`, { key })).status).toBe(404);
    expect(filtered.body.data.map((e: any) => e.monitor_id)).toEqual([delivered.monitor_id]);
    expect(filtered.body).toHaveProperty('has_more');

    const other = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
    expect((await t.call('/v1/events', { key: other })).body.data).toEqual([]);
    const foreign = await t.call(`/v1/events?monitor_id=${delivered.monitor_id}`, { key: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: 'resource_not_found', param: 'monitor_id' });
  });
});

/** A pending event of the caller's monitor, stored under its owner so GET /v1/events lists it. */
async function ownedEvent(
  monitorId: string,
  attempts: { at: string; ok: boolean; status: number | null; error: string | null; duration_ms: number }[] = [],
): Promise<string> {
  const eventId = newId('evt');
  const now = new Date().toISOString();
  await new DynamoEventStore().createOnce({
    event_id: eventId,
    owner: ownerKey(accountId, 'test'),
    monitor_id: monitorId,
    kind: 'license.status_changed',
    created_at: now,
    created_key: `${now}#${eventId}`,
    body: JSON.stringify({ event: 'license.status_changed', event_id: eventId }),
    delivery: { state: 'pending', attempts },
  });
  return eventId;
}

async function attemptsShown(monitorId: string, eventId: string): Promise<{ text: string; attempts: any[] }> {
  const res = await t.call(`/v1/events?monitor_id=${monitorId}`, { key });
  expect(res.status).toBe(200);
  const event = (res.body.data as any[]).find((e) => e.event_id === eventId);
  // The stored body here is a stub; the delivery part is checked against the documented schema.
  eventSchema.shape.delivery.parse(event.delivery);
  return { text: JSON.stringify(res.body), attempts: event.delivery.attempts };
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('delivery errors in GET /v1/events', () => {
  it('a refused connection is shown as connection_failed: no system error, address or port; the precise cause is logged', async () => {
    const port = await closedPort();
    const monitorId = await monitor('Helen', 'Thomas', `http://127.0.0.1:${port}/hook`);
    const eventId = await ownedEvent(monitorId);
    const info = vi.spyOn(logger, 'info');
    try {
      expect(await dispatchWebhook({ event_id: eventId, due_at: new Date().toISOString(), attempt: 0 }, new Date(), webhookDispatchServices())).toBe(
        'retry_scheduled',
      );
      const logged = info.mock.calls.find(([message]) => message === 'Webhook attempt failed');
      expect(logged?.[1]).toMatchObject({ event_id: eventId, monitor_id: monitorId, error: 'connection_failed', detail: 'connection failed (ECONNREFUSED)' });
    } finally {
      info.mockRestore();
    }
    expect((await new DynamoEventStore().get(eventId))!.delivery.attempts[0]).toMatchObject({ ok: false, status: null, error: 'connection_failed' });
    const { text, attempts } = await attemptsShown(monitorId, eventId);
    expect(attempts).toEqual([
      { chain: 0, attempt: 0, at: expect.any(String), ok: false, status: null, error: 'connection_failed', duration_ms: expect.any(Number) },
    ]);
    expect(text).not.toMatch(/ECONNREFUSED|connection failed \(/);
    expect(text).not.toContain(String(port));
  });

  it('a receiver that now resolves to a blocked range is blocked_destination, without the address', async () => {
    const monitorId = await monitor('Helen', 'Thomas');
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('monitors'),
        Key: { monitor_id: monitorId },
        UpdateExpression: 'SET webhook_url = :u',
        ExpressionAttributeValues: { ':u': 'https://10.20.30.40/hook' },
      }),
    );
    const eventId = await ownedEvent(monitorId);
    expect(await dispatchWebhook({ event_id: eventId, due_at: new Date().toISOString(), attempt: 0 }, new Date(), webhookDispatchServices())).toBe(
      'retry_scheduled',
    );
    const { text, attempts } = await attemptsShown(monitorId, eventId);
    expect(attempts[0]).toMatchObject({ ok: false, status: null, error: 'blocked_destination' });
    expect(text).not.toContain('10.20.30.40');
  });

  it('a non-2xx answer is http_status with its status', async () => {
    receiver.answer.status = 503;
    try {
      const monitorId = await monitor('Helen', 'Thomas');
      const eventId = await ownedEvent(monitorId);
      await dispatchWebhook({ event_id: eventId, due_at: new Date().toISOString(), attempt: 0 }, new Date(), webhookDispatchServices());
      expect((await attemptsShown(monitorId, eventId)).attempts[0]).toMatchObject({ ok: false, status: 503, error: 'http_status' });
    } finally {
      receiver.answer.status = 200;
    }
  });

  it('attempts stored with the precise text before errors were generic are shown by kind', async () => {
    const monitorId = await monitor('Helen', 'Thomas');
    const at = new Date().toISOString();
    const eventId = await ownedEvent(monitorId, [
      { at, ok: false, status: null, error: 'connection failed (ECONNREFUSED)', duration_ms: 2 },
      { at, ok: false, status: null, error: 'timed out after 10000 ms', duration_ms: 10_000 },
      { at, ok: false, status: 502, error: 'HTTP 502', duration_ms: 9 },
      {
        at,
        ok: false,
        status: null,
        error: 'webhook URL refused: webhook_url resolves to a non-public address (10.0.0.7, 10.0.0.0/8 private)',
        duration_ms: 1,
      },
      { at, ok: false, status: null, error: 'connection failed (CERT_HAS_EXPIRED)', duration_ms: 40 },
    ]);
    const { text, attempts } = await attemptsShown(monitorId, eventId);
    expect(attempts.map((a) => a.error)).toEqual(['connection_failed', 'timeout', 'http_status', 'blocked_destination', 'tls_error']);
    expect(text).not.toMatch(/ECONNREFUSED|10\.0\.0\.7|CERT_HAS_EXPIRED|timed out after/);
  });
});

describe('sealed webhook secrets', () => {
  it("are bound to their monitor: another monitor's sealed secret copied onto a monitor does not open, and nothing is sent", async () => {
    const victim = await monitor('Helen', 'Thomas');
    const attacker = await monitor('Helen', 'Thomas');
    const stolen = (await new DynamoMonitorStore().get(victim))!.webhook_secret_sealed!;
    expect(stolen).toMatch(/^aes2:/);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('monitors'),
        Key: { monitor_id: attacker },
        UpdateExpression: 'SET webhook_secret_sealed = :s',
        ExpressionAttributeValues: { ':s': stolen },
      }),
    );
    const eventId = await storeEvent(attacker);
    await expect(dispatchWebhook({ event_id: eventId, due_at: new Date().toISOString(), attempt: 0 }, new Date(), webhookDispatchServices())).rejects.toThrow(
      /unable to authenticate/,
    );
    expect(postsFor(eventId)).toEqual([]);
    // The victim's own events still go out, signed with its secret.
    const own = await storeEvent(victim);
    expect(await dispatchWebhook({ event_id: own, due_at: new Date().toISOString(), attempt: 0 }, new Date(), webhookDispatchServices())).toBe('delivered');
    expect(serviceSignatureValid(postsFor(own)[0]!, secret)).toBe(true);
  });
});
