/**
 * One delivery step for an event: a message that arrives before its due time is sent on again with the
 * remaining delay (SQS delays are at most 900 s); a due one is delivered. Success ends it; a failure
 * schedules the next retry (+5 min, +30 min, +2 h, +8 h, +24 h) or, after the fifth retry, e-mails the
 * account and then marks the event failed. Events of deleted monitors are cancelled. The same event id
 * and body go out on every attempt.
 *
 * The e-mail comes before the final state: the last attempt is recorded with the e-mail owed
 * (`failure_alert: pending`, the event still `pending`), the e-mail is sent, and only then is the event
 * marked `failed`, by one conditional write. A send that fails throws, so the queue redelivers the
 * step; the redelivery finds the e-mail owed and only sends it, without posting the webhook again or
 * recording another attempt. The e-mail is at least once (a crash between sending and the final write
 * sends it again); the final state and its `failed` count happen once.
 *
 * Each message names its attempt number, and each attempt is recorded once (a conditional write), so a
 * message delivered again (SQS is at least once; a worker can fail after recording) neither POSTs an
 * attempt already recorded nor starts a second retry chain: it only makes sure the retry that the
 * attempt scheduled is queued, which a crash between recording and queueing would have lost. Two copies
 * of one attempt running at the same moment can both POST; one is recorded, and only it queues the next.
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import * as z from 'zod';
import { DynamoAccountStore, type AccountStore } from '../auth/account-store.ts';
import { containerValue } from '../container.ts';
import { sqs } from '../aws/sqs.ts';
import { queueUrl } from '../config.ts';
import { logger } from '../observability/logger.ts';
import type { WebhookDeliveryResult } from '../observability/catalogue.ts';
import { recordMetric } from '../observability/metrics.ts';
import { deliverWebhook } from '../webhooks/deliver-webhook.ts';
import { publicDeliveryError } from '../webhooks/delivery-errors.ts';
import { isDue, nextAttemptAt, sqsHopDelaySeconds } from '../webhooks/retry-schedule.ts';
import { checkWebhookUrl, webhookLoopbackAllowedFromEnv } from '../webhooks/webhook-url-guard.ts';
import { AttemptConflict, EventStore, type EventRecord } from './event-store.ts';
import { MonitorStore, type MonitorRecord } from './monitor-store.ts';
import { sealerFromEnvironment } from './secret-sealer.ts';

export interface DeliveryMessage {
  readonly event_id: string;
  readonly due_at: string;
  /**
   * The attempt this message makes: 0 for the first, n for the nth retry. Absent on messages queued
   * before attempts were numbered: then the next attempt not yet recorded.
   */
  readonly attempt?: number;
}

/** A delivery queue message as received (queue-worker.ts parses every body with it). */
export const deliveryMessageSchema: z.ZodType<DeliveryMessage> = z.object({
  event_id: z.string().min(1),
  due_at: z.iso.datetime(),
  attempt: z.number().int().min(0).optional(),
});

/** `duplicate`: this message's attempt was already recorded (or lost the race to record it); nothing was sent. */
export type DispatchOutcome = 'waiting' | 'delivered' | 'retry_scheduled' | 'failed' | 'cancelled' | 'skipped' | 'duplicate';

async function enqueue(message: DeliveryMessage, now: Date): Promise<number> {
  const delay = sqsHopDelaySeconds(new Date(message.due_at), now);
  await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl('webhookDelivery'), MessageBody: JSON.stringify(message), DelaySeconds: delay }));
  return delay;
}

/** Queues attempt `number` of an event for `dueAt`, then notes that it is queued. */
async function queueAttempt(events: EventStore, eventId: string, number: number, dueAt: Date, now: Date): Promise<void> {
  await enqueue({ event_id: eventId, due_at: dueAt.toISOString(), attempt: number }, now);
  await events.markQueued(eventId, number);
}

/**
 * A message whose attempt is already recorded: when that attempt is the latest and scheduled a retry not
 * known to be queued (the worker stopped between recording and queueing, or before noting it), queue it.
 */
async function ensureRetryQueued(events: EventStore, event: EventRecord, number: number, now: Date): Promise<void> {
  const recorded = event.delivery.attempts.length;
  if (number !== recorded - 1 || (event.queued_attempt ?? 0) >= recorded) return;
  const next = nextAttemptAt(new Date(event.delivery.attempts[0]!.at), recorded);
  if (next) await queueAttempt(events, event.event_id, recorded, next, now);
}

/** The SES client and the e-mail, loaded only when an event fails for good (after its fifth retry). */
const failureAlert = () => import('./failure-alert.ts');

/** What a delivery step uses: the event, monitor and account stores. */
export interface DispatchServices {
  readonly events: EventStore;
  readonly monitors: MonitorStore;
  readonly accounts: Pick<AccountStore, 'getAccount'>;
}

/** The delivery services of this container. */
export const webhookDispatchServices = containerValue(
  (): DispatchServices => ({ events: new EventStore(), monitors: new MonitorStore(), accounts: new DynamoAccountStore() }),
);

export interface DispatchOptions {
  /** How long one delivery may take (default: the delivery time-out). */
  readonly timeoutMs?: number;
}

const deliveryResults = new Set<DispatchOutcome>(['delivered', 'retry_scheduled', 'failed', 'cancelled'] satisfies WebhookDeliveryResult[]);

/** One step, counted in `WebhookDeliveries` by result when it ended an attempt (or cancelled the event). */
export async function dispatchWebhook(
  message: DeliveryMessage,
  now: Date,
  services: DispatchServices,
  options: DispatchOptions = {},
): Promise<DispatchOutcome> {
  const outcome = await dispatchStep(message, now, services, options).catch((error: unknown) => {
    if (error instanceof AttemptConflict) return 'duplicate' as const;
    throw error;
  });
  if (deliveryResults.has(outcome)) recordMetric('webhookDeliveries', 1, { result: outcome });
  return outcome;
}

async function dispatchStep(message: DeliveryMessage, now: Date, services: DispatchServices, options: DispatchOptions): Promise<DispatchOutcome> {
  if (!isDue(new Date(message.due_at), now)) {
    await enqueue(message, now);
    return 'waiting';
  }
  const { events, monitors } = services;
  const event = await events.get(message.event_id);
  if (event?.delivery.state !== 'pending') return 'skipped';
  // The last attempt is recorded and its e-mail still owed: whichever message this is, send it now.
  if (event.failure_alert === 'pending') return completeFailure(event, await monitors.get(event.monitor_id), services);
  const number = message.attempt ?? event.delivery.attempts.length;
  if (number < event.delivery.attempts.length) {
    await ensureRetryQueued(events, event, number, now);
    return 'duplicate';
  }
  if (number > event.delivery.attempts.length) {
    // Never queued before the attempt ahead of it is recorded; a message like this is not acted on.
    logger.warn('Webhook step ahead of the recorded attempts; ignored', {
      event_id: event.event_id,
      attempt: number,
      recorded: event.delivery.attempts.length,
    });
    return 'skipped';
  }
  const monitor = await monitors.get(event.monitor_id);
  if (monitor?.status !== 'active' || monitor.webhook_secret_sealed === undefined) {
    await events.setState(event.event_id, 'cancelled');
    return 'cancelled';
  }

  const started = Date.now();
  const url = await checkWebhookUrl(monitor.webhook_url, { mode: monitor.mode, allowLoopback: webhookLoopbackAllowedFromEnv() });
  const binding = { monitorId: monitor.monitor_id, accountId: monitor.account_id, mode: monitor.mode };
  const result = url.ok
    ? await deliverWebhook({
        url: monitor.webhook_url,
        addresses: url.addresses,
        body: event.body,
        secret: await sealerFromEnvironment().open(monitor.webhook_secret_sealed, binding),
        eventId: event.event_id,
        timestamp: now,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      })
    : {
        ok: false,
        status: null,
        // A host that no longer resolves is a failed connection to the customer; a blocked one is blocked.
        error: url.refusal === 'unresolvable' ? ('connection_failed' as const) : ('blocked_destination' as const),
        detail: `webhook URL refused: ${url.reason}`,
        durationMs: Date.now() - started,
      };

  // The precise cause goes to the log only; the event (and so GET /v1/events) keeps the generic kind.
  if (!result.ok) {
    logger.info('Webhook attempt failed', {
      event_id: event.event_id,
      monitor_id: monitor.monitor_id,
      attempt: number,
      error: result.error,
      status: result.status,
      detail: result.detail,
    });
  }
  const attempt = { at: now.toISOString(), ok: result.ok, status: result.status, error: result.error, duration_ms: Math.round(result.durationMs) };
  if (result.ok) {
    await events.recordAttempt(event.event_id, number, attempt, 'delivered');
    return 'delivered';
  }
  const firstAttemptAt = new Date(event.delivery.attempts[0]?.at ?? now);
  const next = nextAttemptAt(firstAttemptAt, number + 1);
  if (next) {
    await events.recordAttempt(event.event_id, number, attempt, 'pending');
    await queueAttempt(events, event.event_id, number + 1, next, now);
    return 'retry_scheduled';
  }
  if (!(await events.recordFinalAttempt(event.event_id, number, attempt))) return 'duplicate';
  return completeFailure({ ...event, delivery: { ...event.delivery, attempts: [...event.delivery.attempts, attempt] } }, monitor, services);
}

/** E-mails the account that the event failed for good (throws if the send fails), then marks it failed. */
async function completeFailure(event: EventRecord, monitor: MonitorRecord | undefined, { events, accounts }: DispatchServices): Promise<DispatchOutcome> {
  const { alertEmailEnabled, sendDeliveryFailureEmail } = await failureAlert();
  const account = monitor ? await accounts.getAccount(monitor.account_id) : undefined;
  const context = { monitor_id: event.monitor_id, event_id: event.event_id };
  let alert: 'sent' | 'none' = 'none';
  if (!alertEmailEnabled()) {
    logger.warn('Webhook failed for good; failure e-mail is disabled in this deployment', context);
  } else if (!monitor || !account?.email) {
    logger.warn('Webhook failed for good; the account has no e-mail address', context);
  } else {
    const last = event.delivery.attempts.at(-1);
    await sendDeliveryFailureEmail(account.email, {
      monitorId: monitor.monitor_id,
      eventId: event.event_id,
      kind: event.kind,
      lastError: `${publicDeliveryError(last?.error ?? null, last?.status ?? null) ?? 'none'}${last?.status ? ` (HTTP ${last.status})` : ''}`,
      webhookUrl: monitor.webhook_url,
    });
    alert = 'sent';
  }
  return (await events.completeFailure(event.event_id, alert)) ? 'failed' : 'skipped';
}
