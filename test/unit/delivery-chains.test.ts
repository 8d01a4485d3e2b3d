/** The pure parts of redelivery, rotation and the delivery list: chains, POST notes, secrets in force, delivery ids. */
import { describe, expect, it } from 'vitest';
import {
  chainAttempts,
  chainOf,
  postNoteEnd,
  firstAttemptDue,
  inFlightUntil,
  maxChains,
  numberedAttempts,
  redeliveryRefusal,
} from '#shared/features/monitoring/delivery/delivery-chain.ts';
import { deliveryId, eventDeliveries, parseDeliveryId, deliveryIdPattern } from '#shared/features/monitoring/delivery/delivery-list.ts';
import type { DeliveryAttempt, EventRecord } from '#shared/features/monitoring/delivery/event-record.ts';
import { overlapEnd, previousSecretInForce, previousSecretLapsed } from '#shared/features/monitoring/secrets/webhook-secrets.ts';
import { testEventBody } from '#shared/features/monitoring/delivery/test-event.ts';
import { testWebhookEventSchema } from '#shared/features/monitoring/delivery/webhook-event-schema.ts';
import {
  serviceSignatureValue,
  signStandardWebhook,
  signWebhookBody,
  standardSignatureValue,
  verifyStandardWebhook,
  verifyWebhookSignature,
} from '#shared/features/webhooks/webhook-signature.ts';

const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 12, 0, s)).toISOString();
const failed = (s: number, extra: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  at: at(s),
  ok: false,
  status: 500,
  error: 'http_status',
  duration_ms: 3,
  ...extra,
});

function event(overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    event_id: 'evt_AAAAAAAAAAAAAAAAAAAAAAAA',
    owner: 'acct#test',
    monitor_id: 'mon_AAAAAAAAAAAAAAAAAAAAAAAA',
    kind: 'license.status_changed',
    created_at: at(0),
    created_key: `${at(0)}#evt_AAAAAAAAAAAAAAAAAAAAAAAA`,
    body: '{}',
    delivery: { state: 'pending', attempts: [] },
    ...overrides,
  };
}

describe('delivery chains', () => {
  it('events stored before chains are chain 0 from the start, their attempts numbered by position', () => {
    const e = event({ delivery: { state: 'failed', attempts: [failed(1), failed(2)] } });
    expect(chainOf(e)).toEqual({ chain: 0, start: 0 });
    expect(numberedAttempts(e).map((a) => [a.chain, a.attempt])).toEqual([
      [0, 0],
      [0, 1],
    ]);
  });

  it("the current chain's attempts start at chain_start; earlier chains keep their numbers", () => {
    const e = event({
      chain: 1,
      chain_start: 2,
      delivery: { state: 'pending', attempts: [failed(1), failed(2), failed(3, { chain: 1, attempt: 0 })] },
    });
    expect(chainAttempts(e)).toHaveLength(1);
    expect(numberedAttempts(e).map((a) => [a.chain, a.attempt])).toEqual([
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
  });

  it('a POST note holds the next chain back until it lapses, unless its attempt is already recorded', () => {
    const now = new Date(at(10));
    const until = postNoteEnd(now, 10_000);
    expect(until.getTime() - now.getTime()).toBe(15_000);
    const posting = event({ in_flight: { chain: 0, attempt: 0, until: until.toISOString() } });
    expect(inFlightUntil(posting, now)).toEqual(until);
    expect(firstAttemptDue(posting, now)).toEqual(until);
    const recorded = event({ in_flight: { chain: 0, attempt: 0, until: until.toISOString() }, delivery: { state: 'pending', attempts: [failed(10)] } });
    expect(inFlightUntil(recorded, now)).toBeNull();
    expect(firstAttemptDue(recorded, now)).toEqual(now);
    expect(inFlightUntil(posting, new Date(until.getTime() + 1))).toBeNull();
  });

  it('redelivery is refused for a deleted monitor or a cancelled event, and after the last chain', () => {
    expect(redeliveryRefusal(event(), true)).toBeNull();
    expect(redeliveryRefusal(event(), false)).toBe('monitor_inactive');
    expect(redeliveryRefusal(event({ delivery: { state: 'cancelled', attempts: [] } }), true)).toBe('monitor_inactive');
    expect(redeliveryRefusal(event({ chain: maxChains - 2 }), true)).toBeNull();
    expect(redeliveryRefusal(event({ chain: maxChains - 1 }), true)).toBe('redelivery_limit');
  });
});

describe('delivery list', () => {
  it('lists an event’s attempts newest first with ids that name the event and the position', () => {
    const e = event({
      chain: 1,
      chain_start: 1,
      delivery: { state: 'delivered', attempts: [failed(1), { ...failed(2, { chain: 1, attempt: 0 }), ok: true, status: 200, error: null }] },
    });
    const listed = eventDeliveries(e);
    expect(listed.map((d) => [d.delivery_id, d.chain, d.attempt, d.ok])).toEqual([
      [`${e.event_id}.1`, 1, 0, true],
      [`${e.event_id}.0`, 0, 0, false],
    ]);
    expect(eventDeliveries(e, 1).map((d) => d.delivery_id)).toEqual([`${e.event_id}.0`]);
    expect(parseDeliveryId(deliveryId(e.event_id, 12))).toEqual({ eventId: e.event_id, index: 12 });
    expect(deliveryIdPattern.test(deliveryId(e.event_id, 0))).toBe(true);
    expect(deliveryIdPattern.test(`${e.event_id}.-1`)).toBe(false);
    expect(deliveryIdPattern.test(e.event_id)).toBe(false);
  });
});

describe('secrets in force', () => {
  const now = new Date(at(0));
  it('the previous secret signs until its window ends, then has lapsed', () => {
    const monitor = { previous_webhook_secret_sealed: 'aes2:x', previous_secret_expires_at: new Date(now.getTime() + 1_000).toISOString() };
    expect(previousSecretInForce(monitor, now)).toBe(true);
    expect(previousSecretLapsed(monitor, now)).toBe(false);
    const later = new Date(now.getTime() + 1_000);
    expect(previousSecretInForce(monitor, later)).toBe(false);
    expect(previousSecretLapsed(monitor, later)).toBe(true);
    expect(previousSecretLapsed({}, later)).toBe(false);
  });

  it('an overlap of 0 hours ends nothing: there is none', () => {
    expect(overlapEnd(now, 0)).toBeNull();
    expect(overlapEnd(now, 168)!.getTime() - now.getTime()).toBe(168 * 3_600_000);
  });
});

describe('signatures during a rotation', () => {
  const body = '{"event":"monitor.test"}';
  it("Service-Signature is one value, the previous secret's during the overlap; webhook-signature lists both, the new first", () => {
    const rotating = { secret: 'new-secret-0123456789', previousSecret: 'old-secret-0123456789' };
    const header = serviceSignatureValue(body, rotating);
    expect(header).toBe(signWebhookBody(body, 'old-secret-0123456789'));
    expect(header).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(body, 'old-secret-0123456789', header)).toBe(true);
    expect(verifyWebhookSignature(body, 'new-secret-0123456789', header)).toBe(false);
    expect(verifyWebhookSignature(body, 'old-secret-0123456789', header.toUpperCase())).toBe(false);
    // A list is not a spec signature, even when one of its values matches.
    expect(verifyWebhookSignature(body, 'old-secret-0123456789', `${signWebhookBody(body, 'new-secret-0123456789')},${header}`)).toBe(false);
    expect(serviceSignatureValue(body, { secret: 'only-secret-0123456789' })).toBe(signWebhookBody(body, 'only-secret-0123456789'));

    const ts = 1_800_000_000;
    const standard = standardSignatureValue('evt_x', ts, body, rotating);
    expect(standard.split(' ')).toEqual([
      signStandardWebhook('evt_x', ts, body, 'new-secret-0123456789'),
      signStandardWebhook('evt_x', ts, body, 'old-secret-0123456789'),
    ]);
    const headers = { id: 'evt_x', timestamp: String(ts), signature: standard };
    expect(verifyStandardWebhook(body, 'old-secret-0123456789', headers, new Date(ts * 1000))).toEqual({ ok: true });
    expect(verifyStandardWebhook(body, 'new-secret-0123456789', headers, new Date(ts * 1000))).toEqual({ ok: true });
  });
});

describe('the test event', () => {
  it('is a monitor.test body of the documented shape', () => {
    const body = JSON.parse(testEventBody('evt_AAAAAAAAAAAAAAAAAAAAAAAA', 'mon_AAAAAAAAAAAAAAAAAAAAAAAA', new Date(at(0))));
    expect(testWebhookEventSchema.parse(body)).toMatchObject({ event: 'monitor.test', data: { test: true } });
  });
});
