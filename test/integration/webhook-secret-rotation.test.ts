/**
 * POST /v1/monitor/{monitor_id}/rotate-secret over HTTP, with the delivery worker running and a real
 * local receiver that verifies every delivery with the secrets it holds: during the overlap
 * `Service-Signature` is one value, signed by the old secret, and `webhook-signature` carries both, so
 * a receiver adding the new secret at any moment of the overlap and dropping the old after it accepts
 * every delivery (zero failed deliveries), one checking only `Service-Signature` with the old secret
 * keeps verifying during the whole overlap, and one holding both verifies before, during and after.
 * After the overlap only the new secret signs and the old one is erased. Secrets are stored sealed
 * only; bad requests change nothing.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { DynamoEventStore } from '#shared/features/monitoring/delivery/adapters/event-store.ts';
import { secretRotationSchema } from '#shared/features/monitoring/delivery/delivery-views.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import {
  monitorOn,
  type ReceivedWebhook,
  serviceSignatureValid,
  standardSignatureCheck,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../support/webhook-receiver.ts';

let t: TestStack;
let receiver: WebhookReceiver;
let key: string;
const oldSecret = 'rotation-old-secret-0123456789';
const newSecret = 'rotation-new-secret-9876543210';
/** The secrets the receiver accepts (it answers 200 when both signatures verify with one of them); the test switches them. */
let receiverSecrets = [oldSecret];
/** Every delivery as the receiver judged it, and as two other receivers would have. */
const verdicts: {
  secrets: string[];
  /** The receiver's own verdict: `Service-Signature` and `webhook-signature` each verify with one of its secrets. */
  accepted: boolean;
  /** A receiver checking only `Service-Signature`, with the old secret. */
  oldServiceSignature: boolean;
  /** A receiver holding both secrets throughout. */
  bothSecrets: boolean;
  /** The values in `Service-Signature` (comma-separated) and the entries of `webhook-signature` (space-separated). */
  serviceValues: number;
  standardEntries: number;
}[] = [];

const verifies = (request: ReceivedWebhook, secrets: readonly string[]) =>
  secrets.some((s) => serviceSignatureValid(request, s)) && secrets.some((s) => standardSignatureCheck(request, s) === 'valid');

const judge = (request: ReceivedWebhook) => {
  const accepted = verifies(request, receiverSecrets);
  verdicts.push({
    secrets: [...receiverSecrets],
    accepted,
    oldServiceSignature: serviceSignatureValid(request, oldSecret),
    bothSecrets: verifies(request, [oldSecret, newSecret]),
    serviceValues: String(request.headers['service-signature']).split(',').length,
    standardEntries: String(request.headers['webhook-signature']).split(' ').length,
  });
  return accepted ? 200 : 401;
};

beforeAll(async () => {
  t = await startTestStack();
  receiver = await startWebhookReceiver('/hook', judge);
  key = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
});
afterAll(async () => {
  await receiver.close();
  await t.stop();
});

const json = { 'content-type': 'application/json' };

const monitor = (secret = oldSecret) => monitorOn(t, key, receiver, secret, { first_name: 'Rae', last_name: 'test-flapping' });

const rotate = (monitorId: string, body: unknown, as = key) =>
  t.call(`/v1/monitor/${monitorId}/rotate-secret`, { method: 'POST', key: as, headers: json, body: JSON.stringify(body) });

const storedMonitor = async (monitorId: string) =>
  (await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: monitorId }, ConsistentRead: true }))).Item!;

/** A check (the flapping status changes every time) and the delivery of its events by the worker; their ids. */
async function deliveredCheck(monitorId: string): Promise<string[]> {
  const res = await t.call(`/v1/monitor/${monitorId}/check`, { method: 'POST', key });
  expect(res.status).toBe(200);
  const ids = (res.body.events as { event_id: string }[]).map((e) => e.event_id);
  const events = new DynamoEventStore();
  await waitFor(async () => {
    const states = await Promise.all(ids.map(async (id) => (await events.get(id))?.delivery));
    return states.every((d) => d && d.state !== 'pending' && d.attempts.length > 0) ? true : undefined;
  }, 20_000);
  return ids;
}

describe('POST /v1/monitor/{monitor_id}/rotate-secret', () => {
  it('zero failed deliveries: a receiver adding the new secret during the overlap and dropping the old after it verifies every delivery', async () => {
    const monitorId = await monitor();
    receiverSecrets = [oldSecret];
    verdicts.length = 0;
    await deliveredCheck(monitorId);
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.every((v) => v.serviceValues === 1 && v.standardEntries === 1 && v.accepted && v.oldServiceSignature && v.bothSecrets)).toBe(true);

    const rotated = await rotate(monitorId, { webhook_secret: newSecret, overlap_hours: 2 });
    expect(rotated.status).toBe(200);
    const body = secretRotationSchema.parse(rotated.body);
    expect(Date.parse(body.previous_secret_expires_at!) - Date.parse(body.rotated_at)).toBe(2 * 3_600_000);
    expect(rotated.text).not.toContain(newSecret);

    // During the overlap: deliveries (and a test event) before and after the receiver adds the new secret.
    verdicts.length = 0;
    await deliveredCheck(monitorId);
    expect((await t.call(`/v1/monitor/${monitorId}/test-webhook`, { method: 'POST', key })).body).toMatchObject({ ok: true, status: 200 });
    receiverSecrets = [oldSecret, newSecret];
    await deliveredCheck(monitorId);
    expect((await t.call(`/v1/monitor/${monitorId}/test-webhook`, { method: 'POST', key })).body).toMatchObject({ ok: true, status: 200 });
    expect(verdicts.length).toBeGreaterThanOrEqual(4);
    expect(new Set(verdicts.map((v) => v.secrets.length))).toEqual(new Set([1, 2]));
    // One spec signature (the old secret's) and both Standard Webhooks signatures, on every delivery.
    expect(verdicts.every((v) => v.serviceValues === 1 && v.standardEntries === 2)).toBe(true);
    expect(verdicts.every((v) => v.accepted && v.oldServiceSignature && v.bothSecrets)).toBe(true);
    const events = (await t.call(`/v1/events?monitor_id=${monitorId}`, { key })).body.data as { delivery: { state: string; attempts: { ok: boolean }[] } }[];
    expect(events.every((e) => e.delivery.state === 'delivered' && e.delivery.attempts.every((a) => a.ok))).toBe(true);

    // Both secrets are stored sealed only.
    const stored = await storedMonitor(monitorId);
    expect(stored.previous_webhook_secret_sealed).toMatch(/^aes2:/);
    expect(JSON.stringify(stored)).not.toContain(oldSecret);
    expect(JSON.stringify(stored)).not.toContain(newSecret);

    // The overlap ends: only the new secret signs, and the old one is erased by the next delivery.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('monitors'),
        Key: { monitor_id: monitorId },
        UpdateExpression: 'SET previous_secret_expires_at = :past',
        ExpressionAttributeValues: { ':past': new Date(Date.now() - 1_000).toISOString() },
      }),
    );
    // The receiver drops the old secret.
    receiverSecrets = [newSecret];
    verdicts.length = 0;
    await deliveredCheck(monitorId);
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.every((v) => v.serviceValues === 1 && v.standardEntries === 1 && v.accepted && v.bothSecrets)).toBe(true);
    expect(verdicts.some((v) => v.oldServiceSignature)).toBe(false);
    const [last] = receiver.received.slice(-1);
    expect(serviceSignatureValid(last!, oldSecret)).toBe(false);
    expect(standardSignatureCheck(last!, oldSecret)).toBe('bad_signature');
    const after = await storedMonitor(monitorId);
    expect(after).not.toHaveProperty('previous_webhook_secret_sealed');
    expect(after).not.toHaveProperty('previous_secret_expires_at');
  });

  it('overlap_hours 0 drops the old secret at once; the default overlap is 24 hours', async () => {
    const monitorId = await monitor();
    const immediate = await rotate(monitorId, { webhook_secret: newSecret, overlap_hours: 0 });
    expect(immediate.status).toBe(200);
    expect(immediate.body.previous_secret_expires_at).toBeNull();
    expect(await storedMonitor(monitorId)).not.toHaveProperty('previous_webhook_secret_sealed');
    receiverSecrets = [oldSecret];
    const res = await t.call(`/v1/monitor/${monitorId}/test-webhook`, { method: 'POST', key });
    expect(res.body).toMatchObject({ ok: false, status: 401 });

    const withDefault = await rotate(monitorId, { webhook_secret: 'rotation-third-secret-000000' });
    expect(withDefault.status).toBe(200);
    expect(Date.parse(withDefault.body.previous_secret_expires_at) - Date.parse(withDefault.body.rotated_at)).toBe(24 * 3_600_000);
  });

  it('bad requests are 400s naming the field, and change nothing', async () => {
    const monitorId = await monitor();
    const before = await storedMonitor(monitorId);
    for (const [body, param] of [
      [{}, 'webhook_secret'],
      [{ webhook_secret: 'short' }, 'webhook_secret'],
      [{ webhook_secret: 'x'.repeat(257) }, 'webhook_secret'],
      [{ webhook_secret: newSecret, overlap_hours: 169 }, 'overlap_hours'],
      [{ webhook_secret: newSecret, overlap_hours: -1 }, 'overlap_hours'],
      [{ webhook_secret: newSecret, overlap_hours: 1.5 }, 'overlap_hours'],
      [{ webhook_secret: newSecret, overlap_hours: '24' }, 'overlap_hours'],
    ] as const) {
      const res = await rotate(monitorId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorOf(res.body)).toMatchObject({ code: 'invalid_request', param });
    }
    expect(await storedMonitor(monitorId)).toEqual(before);
  });

  it("another account's or mode's monitor is 404 and a deleted one is refused, its secrets untouched", async () => {
    const monitorId = await monitor();
    const before = await storedMonitor(monitorId);
    const outsider = (await t.issue({ plan: 'production', mode: 'test' })).api_key;
    const res = await rotate(monitorId, { webhook_secret: newSecret }, outsider);
    expect(res.status).toBe(404);
    expect(errorOf(res.body)).toMatchObject({ code: 'resource_not_found', param: 'monitor_id' });
    expect(await storedMonitor(monitorId)).toEqual(before);
    expect((await t.call(`/v1/monitor/${monitorId}`, { method: 'DELETE', key })).status).toBe(200);
    const deleted = await rotate(monitorId, { webhook_secret: newSecret });
    expect(deleted.status).toBe(409);
    expect(errorOf(deleted.body)).toMatchObject({ code: 'monitor_deleted' });
    expect(await storedMonitor(monitorId)).not.toHaveProperty('webhook_secret_sealed');
  });
});
