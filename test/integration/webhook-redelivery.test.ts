/**
 * POST /v1/events/{event_id}/redeliver over HTTP, with a real local receiver: a new attempt chain with
 * the same event id and body bytes for failed, delivered and pending events; the old chain's messages
 * post nothing once the new chain has started; concurrent and repeated requests start one chain; a
 * deleted monitor's events are refused. GET /v1/events filters by delivery state, and
 * GET /v1/monitor/{monitor_id}/deliveries lists every attempt of every chain. The delivery worker is not
 * running: the test steps each delivery message itself, at the time it chooses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#shared/platform/ids.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { type EventStore, filteredPageSize, maxFilteredPages } from '#shared/features/monitoring/delivery/event-store.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import type { EventRecord } from '#shared/features/monitoring/delivery/event-record.ts';
import { eventPageSchema, eventSchema } from '#shared/features/monitoring/delivery/event-view.ts';
import { deliveryPageSchema } from '#shared/features/monitoring/delivery/delivery-views.ts';
import { maxEventPages } from '#shared/features/monitoring/delivery/delivery-list.ts';
import { ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { redeliverEvent } from '#shared/features/monitoring/delivery/redeliver-event.ts';
import { dispatchWebhook, enqueue } from '#shared/features/monitoring/delivery/webhook-dispatch.ts';
import { webhookDispatchServices } from '#shared/features/monitoring/delivery/webhook-dispatch-services.ts';
import { nextAttemptAt } from '#shared/features/webhooks/retry-schedule.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { deliveryDriver, type DeliveryDriver } from '../support/delivery-driver.ts';
import { startWebhookReceiver, serviceSignatureValid, type WebhookReceiver } from '../support/webhook-receiver.ts';

let t: TestStack;
let receiver: WebhookReceiver;
let driver: DeliveryDriver;
let key: string;
let accountId: string;
const secret = 'redelivery-secret-0123456789';
const events = new DynamoEventStore();

beforeAll(async () => {
  t = await startTestStack({ workers: workers.filter((w) => w.queue !== 'webhookDelivery') });
  receiver = await startWebhookReceiver();
  driver = deliveryDriver(t);
  ({ api_key: key, account_id: accountId } = await t.issue({ plan: 'production', mode: 'test' }));
});
afterAll(async () => {
  await receiver.close();
  await t.stop();
});

const json = { 'content-type': 'application/json' };

async function monitor(as = key): Promise<string> {
  const res = await t.call('/v1/monitor', {
    method: 'POST',
    key: as,
    headers: json,
    body: JSON.stringify({ first_name: 'Dana', last_name: 'test-flapping', state: 'WA', webhook_url: receiver.url, webhook_secret: secret }),
  });
  expect(res.status).toBe(200);
  return res.body.monitor_id as string;
}

/** A real event of a monitor: its check finds the flapping status changed; the first attempt is queued. */
async function newEvent(monitorId: string, as = key): Promise<string> {
  const res = await t.call(`/v1/monitor/${monitorId}/check`, { method: 'POST', key: as });
  expect(res.status).toBe(200);
  return res.body.events[0].event_id as string;
}

/** Runs the event's whole first chain against a receiver answering 500: six attempts, then failed. */
async function failForGood(eventId: string): Promise<EventRecord> {
  receiver.answer.status = 500;
  try {
    const start = new Date();
    for (let n = 0; n <= 5; n += 1) await driver.step(eventId, new Date(nextAttemptAt(start, n)!.getTime() + 1_000));
  } finally {
    receiver.answer.status = 200;
  }
  const event = (await events.get(eventId))!;
  expect(event.delivery.state).toBe('failed');
  return event;
}

/** An event stored as it would be published, created at `at`, in `state` with `attempts`. */
async function storedEvent(
  owner: string,
  monitorId: string,
  at: number,
  state: EventRecord['delivery']['state'],
  attempts: EventRecord['delivery']['attempts'] = [],
): Promise<string> {
  const eventId = newId('evt');
  const createdAt = new Date(at).toISOString();
  await events.createOnce({
    event_id: eventId,
    owner,
    monitor_id: monitorId,
    kind: 'license.status_changed',
    created_at: createdAt,
    created_key: `${createdAt}#${eventId}`,
    body: JSON.stringify({ event: 'license.status_changed', event_id: eventId }),
    delivery: { state, attempts },
  });
  return eventId;
}

const redeliver = (eventId: string, headers: Record<string, string> = {}, as = key) =>
  t.call(`/v1/events/${eventId}/redeliver`, { method: 'POST', key: as, headers });

describe('POST /v1/events/{event_id}/redeliver', () => {
  it('a failed event: a new chain posts the same id and body bytes, and the earlier chain stays in the attempts', async () => {
    const monitorId = await monitor();
    const eventId = await newEvent(monitorId);
    await failForGood(eventId);
    const before = receiver.postsFor(eventId);
    expect(before).toHaveLength(6);

    const res = await redeliver(eventId);
    expect(res.status).toBe(202);
    const view = eventSchema.parse(res.body);
    expect(view.delivery).toMatchObject({ state: 'pending', chain: 1 });
    expect(view.delivery.attempts.map((a) => [a.chain, a.attempt])).toEqual([0, 1, 2, 3, 4, 5].map((n) => [0, n]));

    expect(await driver.step(eventId)).toEqual(['delivered']);
    const posts = receiver.postsFor(eventId);
    expect(posts).toHaveLength(7);
    expect(posts[6]!.body).toBe(before[0]!.body);
    expect(serviceSignatureValid(posts[6]!, secret)).toBe(true);

    const listed = await t.call(`/v1/events?monitor_id=${monitorId}`, { key });
    const shown = eventPageSchema.parse(listed.body).data.find((e) => e.event_id === eventId)!;
    expect(shown.delivery.state).toBe('delivered');
    expect(shown.delivery.chain).toBe(1);
    expect(shown.delivery.attempts.at(-1)).toMatchObject({ chain: 1, attempt: 0, ok: true, status: 200 });
    expect(shown.delivery.attempts.slice(0, 6).every((a) => a.chain === 0 && a.status === 500)).toBe(true);
  });

  it('a delivered event is delivered again, with a fresh retry schedule', async () => {
    const eventId = await newEvent(await monitor());
    expect(await driver.step(eventId)).toEqual(['delivered']);
    receiver.answer.status = 503;
    try {
      expect((await redeliver(eventId)).status).toBe(202);
      const [first] = driver.pending(eventId);
      expect(first).toMatchObject({ chain: 1, attempt: 0 });
      const now = new Date(first!.due_at);
      expect(await driver.step(eventId, now)).toEqual(['retry_scheduled']);
      // The retry of the new chain is due 5 minutes after its own first attempt, not the event's.
      const [retry] = driver.pending(eventId);
      expect(retry).toMatchObject({ chain: 1, attempt: 1 });
      expect(Date.parse(retry!.due_at)).toBe(now.getTime() + 5 * 60_000);
    } finally {
      receiver.answer.status = 200;
    }
    expect(await driver.step(eventId)).toEqual(['delivered']);
    const stored = (await events.get(eventId))!;
    expect(stored.delivery.attempts.map((a) => [a.chain, a.attempt, a.ok])).toEqual([
      [0, 0, true],
      [1, 0, false],
      [1, 1, true],
    ]);
    expect(receiver.postsFor(eventId)).toHaveLength(3);
  });

  it('a pending event: the new chain supersedes the old, whose queued retry posts nothing', async () => {
    const eventId = await newEvent(await monitor());
    receiver.answer.status = 500;
    try {
      expect(await driver.step(eventId)).toEqual(['retry_scheduled']);
    } finally {
      receiver.answer.status = 200;
    }
    const oldRetry = driver.pending(eventId);
    expect(oldRetry).toMatchObject([{ attempt: 1 }]);
    expect((await redeliver(eventId)).status).toBe(202);
    // The old chain's retry, even when due, is a no-op; the new chain's first attempt delivers.
    const outcomes = await driver.step(eventId, new Date(Date.now() + 3_600_000));
    // Stepped before the new chain's attempt the old retry is superseded; after it, it finds the event delivered. Either way it posts nothing.
    expect(outcomes).toContain('delivered');
    expect(outcomes).toHaveLength(2);
    expect(['superseded', 'skipped']).toContain(outcomes.find((o) => o !== 'delivered'));
    const stored = (await events.get(eventId))!;
    expect(stored.delivery.attempts.map((a) => [a.chain, a.attempt])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    // Exactly one POST per recorded attempt.
    expect(receiver.postsFor(eventId)).toHaveLength(stored.delivery.attempts.length);
  });

  it('racing with the running chain: an attempt being posted finishes before the new chain posts, and every POST is recorded once', async () => {
    const eventId = await newEvent(await monitor());
    receiver.answer.afterMs = 1_500;
    receiver.answer.status = 500;
    let oldStep: Promise<unknown> = Promise.resolve();
    try {
      oldStep = driver.step(eventId);
      // The old attempt is on the wire when the redelivery arrives.
      await new Promise((r) => setTimeout(r, 500));
      expect((await redeliver(eventId)).status).toBe(202);
      await oldStep;
    } finally {
      receiver.answer.afterMs = 0;
      receiver.answer.status = 200;
    }
    const noted = (await events.get(eventId))!.in_flight!;
    const [first] = driver.pending(eventId).filter((m) => m.chain === 1);
    // The new chain's first attempt waits for the old POST's note to lapse.
    expect(Date.parse(first!.due_at)).toBe(Date.parse(noted.until));
    await driver.step(eventId, new Date(Date.parse(noted.until) + 60 * 60_000));
    const stored = (await events.get(eventId))!;
    expect(stored.delivery.state).toBe('delivered');
    // The old attempt lost its record to the new chain; the new chain's attempt was posted and recorded once.
    expect(stored.delivery.attempts.map((a) => [a.chain, a.attempt])).toEqual([[1, 0]]);
    expect(receiver.postsFor(eventId)).toHaveLength(2);
  });

  it('an old-chain message that looks after the new chain started posts nothing', async () => {
    const eventId = await newEvent(await monitor());
    const [firstAttempt] = driver.pending(eventId);
    expect((await redeliver(eventId)).status).toBe(202);
    const before = receiver.postsFor(eventId).length;
    const outcomes = await driver.step(eventId);
    expect(outcomes.sort()).toEqual(['delivered', 'superseded']);
    expect(firstAttempt!.chain).toBeUndefined();
    expect(receiver.postsFor(eventId).length - before).toBe(1);
  });

  it('a chain that starts after the worker already received its first message still delivers', async () => {
    const eventId = await newEvent(await monitor());
    expect(await driver.step(eventId)).toEqual(['delivered']);
    let stepped: string[] = [];
    // The worker runs the new chain's first message between its queueing and the write that starts the chain.
    const lateStart = Object.assign(Object.create(events) as EventStore, {
      startChain: async (...args: Parameters<EventStore['startChain']>) => {
        stepped = await driver.step(eventId);
        return events.startChain(...args);
      },
    });
    const result = await redeliverEvent(eventId, ownerKey(accountId, 'test'), new Date(), {
      events: lateStart,
      monitors: new DynamoMonitorStore(),
      queue: webhookDispatchServices().queue,
    });
    expect(result.outcome).toBe('started');
    expect(stepped).toEqual(['waiting']);
    expect(driver.pending(eventId)).toMatchObject([{ chain: 1, attempt: 0 }]);
    expect(await driver.step(eventId)).toEqual(['delivered']);
    const stored = (await events.get(eventId))!;
    expect(stored.delivery.state).toBe('delivered');
    expect(stored.delivery.attempts.map((a) => [a.chain, a.attempt])).toEqual([
      [0, 0],
      [1, 0],
    ]);
    expect(receiver.postsFor(eventId)).toHaveLength(2);
  });

  it('two copies of the first message of a new chain racing post once: the copy refused the note runs after it and finds the event delivered', async () => {
    const eventId = await newEvent(await monitor());
    expect(await driver.step(eventId)).toEqual(['delivered']);
    expect((await redeliver(eventId)).status).toBe(202);
    const [first] = driver.pending(eventId);
    expect(first).toMatchObject({ chain: 1, attempt: 0 });
    // A second copy, as a retried or concurrent redelivery queues it.
    await enqueue(webhookDispatchServices().queue, first!, new Date());
    const now = new Date(Math.max(Date.now(), Date.parse(first!.due_at)));
    receiver.answer.afterMs = 1_000;
    let outcomes: string[];
    try {
      outcomes = await Promise.all([dispatchWebhook(first!, now, webhookDispatchServices()), dispatchWebhook(first!, now, webhookDispatchServices())]);
    } finally {
      receiver.answer.afterMs = 0;
    }
    expect(outcomes.sort()).toEqual(['delivered', 'waiting']);
    expect(receiver.postsFor(eventId)).toHaveLength(2);
    const stored = (await events.get(eventId))!;
    // The refused copy is queued again for the end of the note that refused it.
    const again = driver.pending(eventId).filter((m) => m.due_at !== first!.due_at);
    expect(again).toEqual([{ ...first, due_at: stored.in_flight!.until }]);
    expect(await dispatchWebhook(again[0]!, new Date(Date.parse(stored.in_flight!.until) + 1_000), webhookDispatchServices())).toBe('skipped');
    expect(receiver.postsFor(eventId)).toHaveLength(2);
    expect((await events.get(eventId))!.delivery.attempts.map((a) => [a.chain, a.attempt])).toEqual([
      [0, 0],
      [1, 0],
    ]);
  });

  it('two concurrent redeliveries start one chain; an Idempotency-Key replays the first answer', async () => {
    const eventId = await newEvent(await monitor());
    expect(await driver.step(eventId)).toEqual(['delivered']);
    const [a, b] = await Promise.all([redeliver(eventId), redeliver(eventId)]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect((await events.get(eventId))!.chain).toBe(1);
    const outcomes = await driver.step(eventId);
    expect(outcomes.filter((o) => o === 'delivered')).toHaveLength(1);
    expect(receiver.postsFor(eventId)).toHaveLength(2);

    const idem = { 'idempotency-key': `redeliver-${eventId}` };
    const first = await redeliver(eventId, idem);
    const again = await redeliver(eventId, idem);
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect((await events.get(eventId))!.chain).toBe(2);
  });

  it('an event of a deleted monitor is refused with monitor_deleted, and nothing changes', async () => {
    const monitorId = await monitor();
    const eventId = await newEvent(monitorId);
    expect((await t.call(`/v1/monitor/${monitorId}`, { method: 'DELETE', key })).status).toBe(200);
    const before = await events.get(eventId);
    const res = await redeliver(eventId);
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({ code: 'monitor_deleted', param: 'event_id' });
    expect(await events.get(eventId)).toEqual(before);
    expect(driver.pending(eventId).filter((m) => m.chain !== undefined)).toEqual([]);
  });

  it('an unknown, malformed or other owner’s event id is 404', async () => {
    const eventId = await newEvent(await monitor());
    const other = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
    for (const [id, as] of [
      [newId('evt'), key],
      ['evt_short', key],
      [eventId, other],
    ] as const) {
      const res = await redeliver(id, {}, as);
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'event_id' });
    }
    expect((await events.get(eventId))!.chain).toBeUndefined();
  });
});

describe('GET /v1/events?delivery_state=', () => {
  it('lists only the events in that state, so the failed ones can be found and redelivered', async () => {
    const monitorId = await monitor();
    const failed = await newEvent(monitorId);
    await failForGood(failed);
    // The second check finds the license active again: a status change and a reinstatement.
    const second = await t.call(`/v1/monitor/${monitorId}/check`, { method: 'POST', key });
    const delivered = (second.body.events as { event_id: string }[]).map((e) => e.event_id);
    for (const id of delivered) await driver.step(id);
    const ids = async (state: string) => {
      const res = await t.call(`/v1/events?monitor_id=${monitorId}&delivery_state=${state}`, { key });
      expect(res.status).toBe(200);
      return eventPageSchema.parse(res.body).data.map((e) => e.event_id);
    };
    expect(await ids('failed')).toEqual([failed]);
    expect((await ids('delivered')).sort()).toEqual([...delivered].sort());
    expect(await ids('pending')).toEqual([]);
    expect((await redeliver(failed)).status).toBe(202);
    expect(await ids('failed')).toEqual([]);
    expect(await ids('pending')).toEqual([failed]);
  });

  it(`reads at most ${maxFilteredPages * filteredPageSize} events per page: a page may be short with has_more, and its cursor reads on`, async () => {
    const { api_key, account_id } = await t.issue({ plan: 'production', mode: 'test' });
    const owner = ownerKey(account_id, 'test');
    const stored = (state: EventRecord['delivery']['state'], at: number) => storedEvent(owner, newId('mon'), at, state);
    const base = Date.now() - 86_400_000;
    const oldFailed = await stored('failed', base);
    const bound = maxFilteredPages * filteredPageSize;
    for (let i = 1; i <= bound + 5; i += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => stored('delivered', base + (i + j) * 1_000)));
    const first = await t.call('/v1/events?delivery_state=failed&limit=5', { key: api_key });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual([]);
    expect(first.body.has_more).toBe(true);
    expect(first.body.next_cursor).toMatch(/^evt_/);
    const second = await t.call(`/v1/events?delivery_state=failed&limit=5&starting_after=${first.body.next_cursor}`, { key: api_key });
    expect(second.status).toBe(200);
    expect(second.body.data.map((e: { event_id: string }) => e.event_id)).toEqual([oldFailed]);
    expect(second.body.has_more).toBe(false);
  });

  it("a cursor of another of the caller's monitors is a 400 naming starting_after", async () => {
    // An account of its own: the shared one's requests per minute are spent by the other tests.
    const own = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
    const [a, b] = [await monitor(own), await monitor(own)];
    const ofA = await newEvent(a, own);
    const ofB = await newEvent(b, own);
    for (const state of ['', '&delivery_state=pending']) {
      const res = await t.call(`/v1/events?monitor_id=${a}&starting_after=${ofB}${state}`, { key: own });
      expect(res.status).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param: 'starting_after' });
    }
    // A cursor of the same monitor, or of any of the caller's events without monitor_id, pages on.
    const newest = await newEvent(a, own);
    const page = await t.call(`/v1/events?monitor_id=${a}&starting_after=${newest}`, { key: own });
    expect(page.status).toBe(200);
    expect(eventPageSchema.parse(page.body).data.map((e) => e.event_id)).toContain(ofA);
    expect((await t.call(`/v1/events?starting_after=${ofB}`, { key: own })).status).toBe(200);
  });

  it('an unknown state is a 400 naming delivery_state', async () => {
    const res = await t.call('/v1/events?delivery_state=lost', { key });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param: 'delivery_state' });
  });
});

describe('GET /v1/monitor/{monitor_id}/deliveries', () => {
  it('lists every attempt of every chain, newest event first and newest attempt first, page by page', async () => {
    const monitorId = await monitor();
    const older = await newEvent(monitorId);
    receiver.answer.status = 500;
    try {
      await driver.step(older);
    } finally {
      receiver.answer.status = 200;
    }
    expect((await redeliver(older)).status).toBe(202);
    await driver.step(older, new Date(Date.now() + 3_600_000));
    const newer = await newEvent(monitorId);
    await driver.step(newer);

    const all: { event_id: string; chain: number; attempt: number; ok: boolean }[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.call(`/v1/monitor/${monitorId}/deliveries?limit=2${cursor ? `&starting_after=${cursor}` : ''}`, { key });
      expect(res.status).toBe(200);
      const page = deliveryPageSchema.parse(res.body);
      all.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    expect(all.map((d) => [d.event_id, d.chain, d.attempt, d.ok])).toEqual([
      [newer, 0, 0, true],
      [older, 1, 0, true],
      [older, 0, 0, false],
    ]);
  });

  it(`reads at most ${maxEventPages} pages of events: a page of no deliveries with events left has has_more and a cursor that reads on`, async () => {
    const { api_key, account_id } = await t.issue({ plan: 'production', mode: 'test' });
    const monitorId = await monitor(api_key);
    const stored = (at: number, attempts: EventRecord['delivery']['attempts']) =>
      storedEvent(ownerKey(account_id, 'test'), monitorId, at, attempts.length ? 'delivered' : 'pending', attempts);
    const base = Date.now() - 86_400_000;
    const attempted = await stored(base, [{ at: new Date(base).toISOString(), ok: true, status: 200, error: null, duration_ms: 5, chain: 0, attempt: 0 }]);
    // With limit=1 a page reads events two at a time: more than the bound of them, none attempted, are newer.
    await Promise.all(Array.from({ length: maxEventPages * 2 + 3 }, (_, i) => stored(base + (i + 1) * 1_000, [])));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await t.call(`/v1/monitor/${monitorId}/deliveries?limit=1${cursor ? `&starting_after=${cursor}` : ''}`, { key: api_key });
      expect(res.status).toBe(200);
      const page = deliveryPageSchema.parse(res.body);
      if (pages === 0) expect(page).toMatchObject({ data: [], has_more: true, next_cursor: expect.stringMatching(/\.0$/) });
      seen.push(...page.data.map((d) => d.delivery_id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([`${attempted}.0`]);
  });

  it("another owner's monitor is 404; a cursor of another monitor is 400", async () => {
    const monitorId = await monitor();
    const other = (await t.issue({ plan: 'production', mode: 'test', accountId })).api_key;
    expect((await t.call(`/v1/monitor/${monitorId}/deliveries`, { key: (await t.issue({ plan: 'production', mode: 'test' })).api_key })).status).toBe(404);
    expect((await t.call(`/v1/monitor/${monitorId}/deliveries`, { key: other })).status).toBe(200);
    const res = await t.call(`/v1/monitor/${monitorId}/deliveries?starting_after=${newId('evt')}.0`, { key });
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param: 'starting_after' });
  });
});
