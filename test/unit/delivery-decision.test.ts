/**
 * The delivery decision (delivery-decision.ts), table by table: what is posted or cancelled before the
 * POST, and after it the attempt recorded and what follows, for every step of the fixed retry schedule
 * (spec, Events → Retry policy: +5 min, +30 min, +2 h, +8 h, +24 h; after the 5th retry, failed and
 * the e-mail owed).
 */
import { describe, expect, it } from 'vitest';
import { attemptRecord, decideDelivery, deliverable, retryDueAt } from '#shared/features/monitoring/delivery/delivery-decision.ts';
import type { DeliveryAttempt, EventRecord } from '#shared/features/monitoring/delivery/event-record.ts';
import type { MonitorRecord } from '#shared/features/monitoring/checks/monitor-record.ts';
import type { WebhookPostResult } from '#shared/features/webhooks/deliver-webhook.ts';

const minute = 60_000;
const hour = 60 * minute;
const first = new Date('2026-06-01T12:00:00.000Z');
const sinceFirst = (ms: number) => new Date(first.getTime() + ms);

const failedAt = (when: Date, extra: Partial<DeliveryAttempt> = {}): DeliveryAttempt => ({
  at: when.toISOString(),
  ok: false,
  status: 500,
  error: 'http_status',
  duration_ms: 40,
  ...extra,
});

function event(attempts: DeliveryAttempt[] = [], overrides: Partial<EventRecord> = {}): EventRecord {
  return {
    event_id: 'evt_AAAAAAAAAAAAAAAAAAAAAAAA',
    owner: 'acct#live',
    monitor_id: 'mon_AAAAAAAAAAAAAAAAAAAAAAAA',
    kind: 'license.status_changed',
    created_at: first.toISOString(),
    created_key: `${first.toISOString()}#evt_AAAAAAAAAAAAAAAAAAAAAAAA`,
    body: '{"event":"license.status_changed"}',
    delivery: { state: 'pending', attempts },
    ...overrides,
  };
}

function monitor(overrides: Partial<MonitorRecord> = {}): MonitorRecord {
  return {
    monitor_id: 'mon_AAAAAAAAAAAAAAAAAAAAAAAA',
    owner: 'acct#live',
    account_id: 'acct',
    mode: 'live',
    status: 'active',
    created_at: first.toISOString(),
    created_key: `${first.toISOString()}#mon_AAAAAAAAAAAAAAAAAAAAAAAA`,
    request: { first_name: 'Jane', last_name: 'Doe', state: 'CA' },
    provider: { name: 'Jane Doe', npi: null, state: 'CA', current_status: 'active', expiry_date: null },
    webhook_url: 'https://hooks.example.com/license',
    webhook_secret_sealed: 'sealed',
    alert_days_before_expiry: 30,
    next_check_at: first.toISOString(),
    last_verification_id: 'vrf_1',
    snapshot: {
      status: 'active',
      expiryDate: null,
      disciplinary: false,
      oigExcluded: false,
      checkedAt: first.toISOString(),
      expiryAlertedFor: null,
      expiredAlertedFor: null,
    },
    ...overrides,
  };
}

const ok: WebhookPostResult = { ok: true, status: 204, error: null, detail: null, durationMs: 12.4 };
const serverError: WebhookPostResult = { ok: false, status: 500, error: 'http_status', detail: 'HTTP 500', durationMs: 30.6 };
const timedOut: WebhookPostResult = { ok: false, status: null, error: 'timeout', detail: 'timed out after 10000 ms', durationMs: 10_000 };

/** The scheduled time of attempt n (0: the first) when the first attempt was at `first`. */
const scheduled = [0, 5 * minute, 35 * minute, 2 * hour + 35 * minute, 10 * hour + 35 * minute, 34 * hour + 35 * minute].map(sinceFirst);

/** The failed attempts recorded before attempt `n`, each at its scheduled time. */
const failedBefore = (n: number) => scheduled.slice(0, n).map((when) => failedAt(when));

describe('before the POST: what is sent, or the chain is cancelled', () => {
  const cases: { name: string; monitor: MonitorRecord | undefined; next: 'post' | 'cancelled' }[] = [
    { name: 'an active monitor with its sealed secret is posted to', monitor: monitor(), next: 'post' },
    { name: 'a deleted monitor cancels the chain', monitor: monitor({ status: 'deleted', webhook_secret_sealed: undefined }), next: 'cancelled' },
    { name: 'a monitor that is gone cancels the chain', monitor: undefined, next: 'cancelled' },
    { name: 'an active monitor without a sealed secret cancels the chain', monitor: monitor({ webhook_secret_sealed: undefined }), next: 'cancelled' },
  ];
  it.each(cases)('$name', ({ monitor: m, next }) => {
    const decision = decideDelivery({ event: event(), monitor: m, attempt: 0, now: first });
    expect(decision.next).toBe(next);
    expect(deliverable(m)).toBe(next === 'post');
  });

  it('posts the same event id and body on every attempt, to the monitor read', () => {
    const m = monitor();
    for (let n = 0; n <= 5; n += 1) {
      expect(decideDelivery({ event: event(failedBefore(n)), monitor: m, attempt: n, now: scheduled[n]! })).toEqual({
        next: 'post',
        monitor: m,
        eventId: 'evt_AAAAAAAAAAAAAAAAAAAAAAAA',
        body: '{"event":"license.status_changed"}',
      });
    }
  });
});

describe('after the POST: the fixed retry schedule, branch by branch', () => {
  const failures: { attempt: number; next: 'retry' | 'failed'; retryAt: Date | null }[] = [
    { attempt: 0, next: 'retry', retryAt: scheduled[1]! },
    { attempt: 1, next: 'retry', retryAt: scheduled[2]! },
    { attempt: 2, next: 'retry', retryAt: scheduled[3]! },
    { attempt: 3, next: 'retry', retryAt: scheduled[4]! },
    { attempt: 4, next: 'retry', retryAt: scheduled[5]! },
    { attempt: 5, next: 'failed', retryAt: null },
  ];

  it.each(failures)('attempt $attempt fails → $next', ({ attempt, next, retryAt }) => {
    const now = scheduled[attempt]!;
    const decision = decideDelivery({ event: event(failedBefore(attempt)), monitor: monitor(), attempt, now, post: serverError });
    const record = { at: now.toISOString(), ok: false, status: 500, error: 'http_status', duration_ms: 31, chain: 0, attempt };
    expect(decision).toEqual(
      next === 'retry' ? { next: 'retry', record, retry: { attempt: attempt + 1, at: retryAt } } : { next: 'failed', record, alertOwed: true },
    );
  });

  it.each([0, 1, 2, 3, 4, 5])('attempt %i answered 2xx → delivered', (attempt) => {
    const now = scheduled[attempt]!;
    expect(decideDelivery({ event: event(failedBefore(attempt)), monitor: monitor(), attempt, now, post: ok })).toEqual({
      next: 'delivered',
      record: { at: now.toISOString(), ok: true, status: 204, error: null, duration_ms: 12, chain: 0, attempt },
    });
  });

  it('a time-out is retried like an error status, and recorded without a status', () => {
    const decision = decideDelivery({ event: event(), monitor: monitor(), attempt: 0, now: first, post: timedOut });
    expect(decision).toEqual({
      next: 'retry',
      record: { at: first.toISOString(), ok: false, status: null, error: 'timeout', duration_ms: 10_000, chain: 0, attempt: 0 },
      retry: { attempt: 1, at: scheduled[1] },
    });
  });

  it('a late worker does not push later retries back: times count from the first attempt', () => {
    const late = sinceFirst(3 * hour);
    const decision = decideDelivery({ event: event(failedBefore(2)), monitor: monitor(), attempt: 2, now: late, post: serverError });
    expect(decision).toMatchObject({ next: 'retry', retry: { attempt: 3, at: scheduled[3] } });
  });

  it('the first attempt of a chain counts from now when none is recorded', () => {
    const now = sinceFirst(7 * minute);
    expect(decideDelivery({ event: event(), monitor: monitor(), attempt: 0, now, post: serverError })).toMatchObject({
      next: 'retry',
      retry: { attempt: 1, at: new Date(now.getTime() + 5 * minute) },
    });
  });

  it('a redelivery chain has a fresh schedule from its own first attempt, and its attempts are recorded in it', () => {
    const restart = sinceFirst(48 * hour);
    const earlier = failedBefore(6);
    const chained = event([...earlier, failedAt(restart, { chain: 1, attempt: 0 })], { chain: 1, chain_start: earlier.length });
    const now = new Date(restart.getTime() + 5 * minute);
    expect(decideDelivery({ event: chained, monitor: monitor(), attempt: 1, now, post: serverError })).toEqual({
      next: 'retry',
      record: { at: now.toISOString(), ok: false, status: 500, error: 'http_status', duration_ms: 31, chain: 1, attempt: 1 },
      retry: { attempt: 2, at: new Date(restart.getTime() + 35 * minute) },
    });
    const last = event([...earlier, ...failedBefore(5).map((a, i) => ({ ...a, chain: 1, attempt: i }))], { chain: 1, chain_start: earlier.length });
    expect(decideDelivery({ event: last, monitor: monitor(), attempt: 5, now, post: serverError })).toMatchObject({ next: 'failed', alertOwed: true });
  });
});

describe('the pieces the decision is made of', () => {
  it('retryDueAt follows the schedule from the first attempt, and ends after the 5th retry', () => {
    const attempts = failedBefore(6);
    expect([0, 1, 2, 3, 4, 5, 6].map((made) => retryDueAt(attempts, made, sinceFirst(99 * hour)))).toEqual([...scheduled, null]);
    expect(retryDueAt([], 1, first)).toEqual(scheduled[1]);
  });

  it('attemptRecord keeps the generic error and rounds the duration', () => {
    expect(attemptRecord(serverError, first, 2, 3)).toEqual({
      at: first.toISOString(),
      ok: false,
      status: 500,
      error: 'http_status',
      duration_ms: 31,
      chain: 2,
      attempt: 3,
    });
  });
});
