/**
 * POST /v1/monitor/{monitor_id}/test-webhook over HTTP with a real local receiver: a signed
 * `monitor.test` event is posted at once and the receiver's answer returned (status, duration, outcome),
 * bounded by the receiver time-out; the URL guard applies; the event and its attempt are recorded and
 * listed. Another account's or mode's monitor is 404; a deleted one is refused.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { deliveryPageSchema, testWebhookResponseSchema } from '#shared/features/monitoring/delivery/delivery-views.ts';
import { eventPageSchema } from '#shared/features/monitoring/delivery/event-view.ts';
import { testWebhookEventSchema } from '#shared/features/monitoring/delivery/webhook-event-schema.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { monitorOn, serviceSignatureValid, standardSignatureCheck, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

let t: TestStack;
let receiver: WebhookReceiver;
let key: string;
let accountId: string;
const secret = 'test-event-secret-0123456789';

beforeAll(async () => {
  t = await startTestStack();
  receiver = await startWebhookReceiver();
  ({ api_key: key, account_id: accountId } = await t.issue({ plan: 'production', mode: 'test' }));
});
afterAll(async () => {
  await receiver.close();
  await t.stop();
});

const monitor = () => monitorOn(t, key, receiver, secret);

const sendTest = (monitorId: string, as = key) => t.call(`/v1/monitor/${monitorId}/test-webhook`, { method: 'POST', key: as });

describe('POST /v1/monitor/{monitor_id}/test-webhook', () => {
  it("posts a signed monitor.test event now and answers the receiver's status and time; the event is listed", async () => {
    const monitorId = await monitor();
    const res = await sendTest(monitorId);
    expect(res.status).toBe(200);
    const result = testWebhookResponseSchema.parse(res.body);
    expect(result).toMatchObject({ event: 'monitor.test', monitor_id: monitorId, ok: true, status: 200, error: null });
    const [post] = receiver.postsFor(result.event_id);
    expect(post).toBeDefined();
    expect(testWebhookEventSchema.parse(JSON.parse(post!.body))).toMatchObject({ event: 'monitor.test', event_id: result.event_id, monitor_id: monitorId });
    expect(serviceSignatureValid(post!, secret)).toBe(true);
    expect(standardSignatureCheck(post!, secret)).toBe('valid');

    const events = eventPageSchema.parse((await t.call(`/v1/events?monitor_id=${monitorId}`, { key })).body).data;
    expect(events.map((e) => [e.event_id, e.event, e.delivery.state])).toEqual([[result.event_id, 'monitor.test', 'delivered']]);
    expect(events[0]!.payload).toEqual(JSON.parse(post!.body));
    const deliveries = deliveryPageSchema.parse((await t.call(`/v1/monitor/${monitorId}/deliveries`, { key })).body).data;
    expect(deliveries).toEqual([
      expect.objectContaining({
        event_id: result.event_id,
        event: 'monitor.test',
        chain: 0,
        attempt: 0,
        ok: true,
        status: 200,
        duration_ms: result.duration_ms,
      }),
    ]);
  });

  it('a refusing receiver: ok false with its status and http_status; the event is failed and not retried', async () => {
    const monitorId = await monitor();
    receiver.answer.status = 401;
    try {
      const res = await sendTest(monitorId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: false, status: 401, error: 'http_status' });
      const listed = (await t.call(`/v1/events?monitor_id=${monitorId}&delivery_state=failed`, { key })).body.data as { event_id: string }[];
      expect(listed.map((e) => e.event_id)).toEqual([res.body.event_id]);
    } finally {
      receiver.answer.status = 200;
    }
  });

  it('a receiver that does not answer is cut off at the 10 s receiver time-out, under the route limit', async () => {
    const monitorId = await monitor();
    receiver.answer.afterMs = 12_000;
    try {
      const started = Date.now();
      const res = await sendTest(monitorId);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ok: false, status: null, error: 'timeout' });
      expect(res.body.duration_ms).toBeGreaterThanOrEqual(9_900);
      expect(Date.now() - started).toBeLessThan(14_000);
    } finally {
      receiver.answer.afterMs = 0;
    }
  }, 30_000);

  it('a URL that now resolves to a blocked range is refused by the guard: nothing is sent', async () => {
    const monitorId = await monitor();
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('monitors'),
        Key: { monitor_id: monitorId },
        UpdateExpression: 'SET webhook_url = :u',
        ExpressionAttributeValues: { ':u': 'https://169.254.169.254/latest/meta-data' },
      }),
    );
    const before = receiver.received.length;
    const res = await sendTest(monitorId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: false, status: null, error: 'blocked_destination' });
    expect(res.text).not.toContain('169.254');
    expect(receiver.received.length).toBe(before);
  });

  it("another account's or mode's monitor is 404; a deleted monitor is refused; nothing is sent", async () => {
    const monitorId = await monitor();
    const before = receiver.received.length;
    const otherMode = (await t.issue({ plan: 'production', mode: 'live', accountId })).api_key;
    const otherAccount = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
    for (const as of [otherMode, otherAccount]) {
      const res = await sendTest(monitorId, as);
      expect(res.status).toBe(404);
      expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'monitor_id' });
    }
    expect((await t.call(`/v1/monitor/${monitorId}`, { method: 'DELETE', key })).status).toBe(200);
    const deleted = await sendTest(monitorId);
    expect(deleted.status).toBe(409);
    expect(errorOf(deleted.body)).toMatchObject({ code: 'monitor_deleted', param: 'monitor_id' });
    expect(receiver.received.length).toBe(before);
  });
});
