/**
 * What one delivery attempt of an event's current chain does, decided without I/O (the retry policy of
 * docs/api-guide.md, "Webhooks"): before the POST, whether the event is still sent (its id and body, to
 * its monitor's URL) or its monitor is gone and the chain is cancelled; after the POST, the attempt to
 * record and what follows: delivered on a 2xx; otherwise a retry at its time on the fixed schedule
 * (retry-schedule.ts: +5 min, +30 min, +2 h, +8 h, +24 h, counted from the chain's first attempt, so a
 * late worker does not push later retries back); once the fifth retry has failed, failed, with the
 * failure e-mail owed. The delivery worker (webhook-dispatch.ts) carries the decision out.
 */
import type { WebhookPostResult } from '../../webhooks/deliver-webhook.ts';
import { nextAttemptAt } from '../../webhooks/retry-schedule.ts';
import { chainAttempts, chainOf } from './delivery-chain.ts';
import type { DeliveryAttempt, EventRecord } from './event-record.ts';
import type { MonitorRecord } from '../checks/monitor-record.ts';

/** A monitor events are delivered to: active, with its sealed secret. */
export type DeliverableMonitor = MonitorRecord & { webhook_secret_sealed: string };

/** The monitor can be delivered to: active with its sealed secret. */
export function deliverable(monitor: MonitorRecord | undefined): monitor is DeliverableMonitor {
  return monitor?.status === 'active' && monitor.webhook_secret_sealed !== undefined;
}

/** The attempt as recorded on the event. */
export function attemptRecord(result: WebhookPostResult, at: Date, chain: number, attempt: number): DeliveryAttempt {
  return {
    at: at.toISOString(),
    ok: result.ok,
    status: result.status,
    error: result.error,
    duration_ms: Math.round(result.durationMs),
    chain,
    attempt,
  };
}

/**
 * When the attempt after `attemptsMade` failed attempts of a chain is due: the schedule counted from the
 * chain's first attempt (`now` when none is recorded yet); null once the fifth retry has failed.
 */
export function retryDueAt(attempts: readonly DeliveryAttempt[], attemptsMade: number, now: Date): Date | null {
  return nextAttemptAt(new Date(attempts[0]?.at ?? now), attemptsMade);
}

/** The event's delivery state at one attempt, and the POST's result once it was made. */
export interface DeliveryInput {
  /** The event as read: its id, body, current chain and the attempts recorded so far. */
  readonly event: EventRecord;
  /** The event's monitor as read (undefined when it is gone). */
  readonly monitor: MonitorRecord | undefined;
  /** The attempt's number in the current chain: 0 for the first, n for the nth retry. */
  readonly attempt: number;
  /** When the attempt is made. */
  readonly now: Date;
  /** The POST's result; absent before the POST. */
  readonly post?: WebhookPostResult;
}

/** Before the POST: what to send and to whom, or the chain is cancelled (the monitor is deleted or gone). */
export type BeforePost =
  | { readonly next: 'post'; readonly monitor: DeliverableMonitor; readonly eventId: string; readonly body: string }
  | { readonly next: 'cancelled' };

/** After the POST: the attempt to record, and whether the event is delivered, retried at `retry.at`, or failed with the e-mail owed. */
export type AfterPost =
  | { readonly next: 'delivered'; readonly record: DeliveryAttempt }
  | { readonly next: 'retry'; readonly record: DeliveryAttempt; readonly retry: { readonly attempt: number; readonly at: Date } }
  | { readonly next: 'failed'; readonly record: DeliveryAttempt; readonly alertOwed: true };

export type DeliveryDecision = BeforePost | AfterPost;

export function decideDelivery(input: DeliveryInput & { readonly post?: undefined }): BeforePost;
export function decideDelivery(input: DeliveryInput & { readonly post: WebhookPostResult }): AfterPost;
export function decideDelivery({ event, monitor, attempt, now, post }: DeliveryInput): DeliveryDecision {
  if (!post) return deliverable(monitor) ? { next: 'post', monitor, eventId: event.event_id, body: event.body } : { next: 'cancelled' };
  const record = attemptRecord(post, now, chainOf(event).chain, attempt);
  if (post.ok) return { next: 'delivered', record };
  const at = retryDueAt(chainAttempts(event), attempt + 1, now);
  return at ? { next: 'retry', record, retry: { attempt: attempt + 1, at } } : { next: 'failed', record, alertOwed: true };
}
