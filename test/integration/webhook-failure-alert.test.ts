/**
 * The e-mail sent when a webhook fails for good, against the local stack: it goes out before the event
 * is marked failed, a failed send is retried by the queue without posting the webhook again or
 * recording another attempt, and the final state is written once. SES is the local emulator; a send is
 * made to fail (or observed) by middleware on this process's SES client, which the handler uses too.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ses } from '#shared/platform/aws/ses.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import type { DeliveryAttempt } from '#shared/features/monitoring/delivery/event-record.ts';
import { dispatchWebhook } from '#shared/features/monitoring/delivery/webhook-dispatch.ts';
import { webhookDispatchServices } from '#shared/features/monitoring/delivery/webhook-dispatch-services.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';
import { storeStatusEvent } from '../support/delivery-driver.ts';

let t: TestStack;
let data: SourceDataCopy;
let key: string;
let email: string;
let receiver: WebhookReceiver;
const events = new DynamoEventStore();
const middlewareName = 'testSesHook';

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
  await ingestLeie(dynamoExclusionStore());
  email = `alerts-${Date.now()}@example.com`;
  key = (await t.issue({ plan: 'production', mode: 'test', email })).api_key;
  receiver = await startWebhookReceiver();
  receiver.answer.status = 500;
});
afterEach(() => {
  ses().middlewareStack.remove(middlewareName);
  delete process.env.ALERT_EMAIL;
});
afterAll(async () => {
  await receiver.close();
  await t.stop();
  await data.remove();
});

/** Runs `hook` before each SES call this process makes (the handler's included) until the test ends. */
function onSesSend(hook: () => Promise<void>): void {
  ses().middlewareStack.add(
    (next) => async (args) => {
      await hook();
      return next(args);
    },
    { step: 'initialize', name: middlewareName },
  );
}

async function monitor(): Promise<string> {
  const res = await t.call('/v1/monitor', {
    method: 'POST',
    key,
    body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', webhook_url: receiver.url, webhook_secret: 'whsec-alert-test-0123456789' }),
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(200);
  return res.body.monitor_id as string;
}

const offsetsMin = [0, 5, 35, 155, 635, 2075];

/** An event whose first five attempts failed: its next step (at +2075 min) is the last one. */
async function eventOnItsLastAttempt(monitorId: string): Promise<{ eventId: string; step: { event_id: string; due_at: string }; at: Date }> {
  const start = new Date(Date.now() - 2075 * 60_000);
  const attempts: DeliveryAttempt[] = offsetsMin
    .slice(0, 5)
    .map((m) => ({ at: new Date(start.getTime() + m * 60_000).toISOString(), ok: false, status: 500, error: 'HTTP 500', duration_ms: 3 }));
  const eventId = await storeStatusEvent(events, monitorId, start, attempts);
  const at = new Date(start.getTime() + 2075 * 60_000);
  return { eventId, step: { event_id: eventId, due_at: at.toISOString() }, at };
}

async function mailsAbout(eventId: string): Promise<unknown[]> {
  const store = (await (await fetch(`${t.stack.endpoints.ses}/store`)).json()) as { emails: unknown[] };
  return store.emails.filter((m) => JSON.stringify(m).includes(eventId));
}

describe('webhook failure e-mail', () => {
  it('is sent while the event is still pending; the event is failed only after it went out', async () => {
    const { eventId, step, at } = await eventOnItsLastAttempt(await monitor());
    const seenAtSend: unknown[] = [];
    onSesSend(async () => {
      const stored = (await events.get(eventId))!;
      seenAtSend.push({ state: stored.delivery.state, attempts: stored.delivery.attempts.length, alert: stored.failure_alert });
    });
    // As the delivery worker, with its permissions: SES only from the alert sender.
    expect(await invokeAs('WebhookDelivery', () => dispatchWebhook(step, at, webhookDispatchServices()))).toBe('failed');
    expect(seenAtSend).toEqual([{ state: 'pending', attempts: 6, alert: 'pending' }]);
    const stored = (await events.get(eventId))!;
    expect(stored.delivery.state).toBe('failed');
    expect(stored.failure_alert).toBe('sent');
    expect(await mailsAbout(eventId)).toHaveLength(1);
  });

  it('a failed send fails the step; the redelivered step sends the e-mail only, then marks the event failed once', async () => {
    const { eventId, step, at } = await eventOnItsLastAttempt(await monitor());
    onSesSend(async () => {
      throw Object.assign(new Error('SES is unavailable'), { name: 'ServiceUnavailable' });
    });
    await expect(dispatchWebhook(step, at, webhookDispatchServices())).rejects.toThrow('SES is unavailable');
    let stored = (await events.get(eventId))!;
    // Not final: the last attempt is recorded once, the e-mail is owed.
    expect(stored.delivery.state).toBe('pending');
    expect(stored.failure_alert).toBe('pending');
    expect(stored.delivery.attempts).toHaveLength(6);
    expect(receiver.postsFor(eventId)).toHaveLength(1);
    expect(await mailsAbout(eventId)).toHaveLength(0);

    // The queue redelivers the same message once SES answers again.
    ses().middlewareStack.remove(middlewareName);
    expect(await dispatchWebhook(step, new Date(at.getTime() + 120_000), webhookDispatchServices())).toBe('failed');
    stored = (await events.get(eventId))!;
    expect(stored.delivery.state).toBe('failed');
    expect(stored.failure_alert).toBe('sent');
    expect(stored.delivery.attempts).toHaveLength(6);
    expect(receiver.postsFor(eventId)).toHaveLength(1);
    expect(await mailsAbout(eventId)).toHaveLength(1);

    // A further duplicate finds the event final and does nothing.
    expect(await dispatchWebhook(step, new Date(at.getTime() + 240_000), webhookDispatchServices())).toBe('skipped');
    expect(receiver.postsFor(eventId)).toHaveLength(1);
    expect(await mailsAbout(eventId)).toHaveLength(1);
  });

  it('two deliveries of the last step at once: one final attempt recorded, one e-mail, one failed outcome', async () => {
    const { eventId, step, at } = await eventOnItsLastAttempt(await monitor());
    const outcomes = await Promise.all([dispatchWebhook(step, at, webhookDispatchServices()), dispatchWebhook(step, at, webhookDispatchServices())]);
    // The note before the POST is exclusive: the second copy waits for it instead of posting, or, arriving
    // once the first has finished, finds the attempt already made.
    const [first, second] = outcomes.sort();
    expect(second === 'failed' ? first : second).toMatch(/^(waiting|duplicate)$/);
    expect(outcomes.filter((o) => o === 'failed')).toHaveLength(1);
    expect(receiver.postsFor(eventId)).toHaveLength(1);
    const stored = (await events.get(eventId))!;
    expect(stored.delivery.state).toBe('failed');
    expect(stored.delivery.attempts).toHaveLength(6);
    expect(await mailsAbout(eventId)).toHaveLength(1);
  });

  it('where the deployment has no sender (dev without alertFromEmail), the event is failed without an e-mail', async () => {
    process.env.ALERT_EMAIL = 'disabled';
    const { eventId, step, at } = await eventOnItsLastAttempt(await monitor());
    expect(await dispatchWebhook(step, at, webhookDispatchServices())).toBe('failed');
    const stored = (await events.get(eventId))!;
    expect(stored.delivery.state).toBe('failed');
    expect(stored.failure_alert).toBe('none');
    expect(await mailsAbout(eventId)).toHaveLength(0);
  });
});
