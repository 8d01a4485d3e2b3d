/**
 * One delivery step for an event: a message that arrives before its due time is sent on again with the
 * remaining delay (SQS delays are at most 900 s); a due one is delivered. Success ends it; a failure
 * schedules the next retry (+5 min, +30 min, +2 h, +8 h, +24 h) or, after the fifth retry, e-mails the
 * account and then marks the event failed. Events of deleted monitors are cancelled. The same event id
 * and body go out on every attempt. What an attempt posts and what follows it is decided by the pure
 * `decideDelivery` (delivery-decision.ts); this module reads, writes and queues accordingly.
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
 * of one attempt running at the same moment do not both POST: the note before the POST (below) is an
 * exclusive lease, and the copy refused it runs again once that note has ended.
 *
 * Each message also names its delivery chain (delivery-chain.ts): a redelivery starts a new chain with
 * attempts numbered from 0, and a message of an earlier chain is a no-op (`superseded`). Just before
 * its POST a worker notes, by a conditional write that holds only while its chain is current, until
 * when that POST may last, only if no other note is open; the new chain's first attempt waits for it, so
 * no POST of an old chain happens once the new chain has started posting.
 */
import type { AccountStore } from '../../accounts/accounts.ts';
import { logger } from '../../../platform/observability/logger.ts';
import type { DeliveryOutcomeDimension } from '../../../platform/observability/catalogue.ts';
import { recordMetric } from '../../../platform/observability/metrics.ts';
import { defaultWebhookTimeoutMs } from '../../webhooks/deliver-webhook.ts';
import { publicDeliveryError } from '../../webhooks/delivery-errors.ts';
import { isDue, sqsHopDelaySeconds } from '../../webhooks/retry-schedule.ts';
import { chainAttempts, chainOf, openNoteUntil, postNoteEnd } from './delivery-chain.ts';
import { decideDelivery, retryDueAt } from './delivery-decision.ts';
import { AttemptConflict, type EventStore } from './event-store.ts';
import type { EventRecord } from './event-record.ts';
import type { MonitorStore } from '../checks/monitor-store.ts';
import type { MonitorRecord } from '../checks/monitor-record.ts';
import type { SecretSealer } from '../secrets/secret-sealer.ts';
import type { DeliveryMessage, DeliveryQueue, FailureMailer } from './delivery-ports.ts';

export { type DeliveryMessage, deliveryMessageSchema } from './delivery-ports.ts';
import { postWebhookAttempt } from './webhook-attempt.ts';
import { previousSecretLapsed } from '../secrets/webhook-secrets.ts';

/**
 * `duplicate`: this message's attempt was already recorded (or lost the race to record it); nothing was
 * sent. `superseded`: the message belongs to an earlier chain than the event's; nothing was sent.
 */
export type DispatchOutcome = 'waiting' | 'delivered' | 'retry_scheduled' | 'failed' | 'cancelled' | 'skipped' | 'duplicate' | 'superseded';

/** Queues a delivery message (with the delay SQS allows; a later hop waits the rest). */
export async function enqueue(queue: DeliveryQueue, message: DeliveryMessage, now: Date): Promise<number> {
  const delay = sqsHopDelaySeconds(new Date(message.due_at), now);
  await queue.send(message, delay);
  return delay;
}

/** The message of attempt `number` of chain `chain` (messages of the first chain name no chain, as before chains). */
export function attemptMessage(eventId: string, chain: number, number: number, dueAt: Date): DeliveryMessage {
  return { event_id: eventId, due_at: dueAt.toISOString(), attempt: number, ...(chain > 0 ? { chain } : {}) };
}

/** Queues attempt `number` of an event's chain `chain` for `dueAt`, then notes that it is queued. */
async function queueAttempt(
  { events, queue }: Pick<DispatchServices, 'events' | 'queue'>,
  eventId: string,
  chain: number,
  number: number,
  dueAt: Date,
  now: Date,
): Promise<void> {
  await enqueue(queue, attemptMessage(eventId, chain, number, dueAt), now);
  await events.markQueued(eventId, chain, number);
}

/**
 * A message whose attempt is already recorded: when that attempt is the latest and scheduled a retry not
 * known to be queued (the worker stopped between recording and queueing, or before noting it), queue it.
 */
async function ensureRetryQueued(services: Pick<DispatchServices, 'events' | 'queue'>, event: EventRecord, number: number, now: Date): Promise<void> {
  const attempts = chainAttempts(event);
  const recorded = attempts.length;
  if (number !== recorded - 1 || (event.queued_attempt ?? 0) >= recorded) return;
  const next = retryDueAt(attempts, recorded, now);
  if (next) await queueAttempt(services, event.event_id, chainOf(event).chain, recorded, next, now);
}

/** How long a message of a chain not yet started is kept waiting for its chain to start. */
export const chainStartGraceMs = 5 * 60_000;

const chainStartRecheckSeconds = 2;

async function awaitChainStart(queue: DeliveryQueue, message: DeliveryMessage, now: Date): Promise<DispatchOutcome> {
  if (now.getTime() - Date.parse(message.due_at) > chainStartGraceMs) return 'superseded';
  await queue.send(message, chainStartRecheckSeconds);
  return 'waiting';
}

/** What a delivery step uses: the event, monitor and account stores, the delivery queue, the failure mailer and the secret sealer. */
export interface DispatchServices {
  readonly events: EventStore;
  readonly monitors: MonitorStore;
  readonly accounts: Pick<AccountStore, 'getAccount'>;
  readonly queue: DeliveryQueue;
  readonly mailer: FailureMailer;
  readonly sealer: SecretSealer;
}

export interface DispatchOptions {
  /** How long one delivery may take (default: the delivery time-out). */
  readonly timeoutMs?: number;
}

const deliveryResults = new Set<DispatchOutcome>(['delivered', 'retry_scheduled', 'failed', 'cancelled'] satisfies DeliveryOutcomeDimension[]);

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
  const stepStarted = performance.now();
  if (!isDue(new Date(message.due_at), now)) {
    await enqueue(services.queue, message, now);
    return 'waiting';
  }
  const { events, monitors } = services;
  const event = await events.get(message.event_id);
  if (!event) return 'skipped';
  const position = chainOf(event);
  const chain = message.chain ?? 0;
  // A redelivery started a newer chain: this message's chain is over.
  if (chain < position.chain) return 'superseded';
  // The redelivery queues its chain's first message just before it starts the chain: look again shortly,
  // until one that was never started (the request failed in between) is given up. Whatever the state:
  // the chain may start from a delivered or failed event after this message was read.
  if (chain > position.chain) return awaitChainStart(services.queue, message, now);
  if (event.delivery.state !== 'pending') return 'skipped';
  // The last attempt is recorded and its e-mail still owed: whichever message this is, send it now.
  if (event.failure_alert === 'pending') return completeFailure(event, await monitors.get(event.monitor_id), services);
  const attempts = chainAttempts(event);
  const number = message.attempt ?? attempts.length;
  if (number < attempts.length) {
    await ensureRetryQueued(services, event, number, now);
    return 'duplicate';
  }
  if (number > attempts.length) {
    // Never queued before the attempt ahead of it is recorded; a message like this is not acted on.
    logger.warn('Webhook step ahead of the recorded attempts; ignored', {
      event_id: event.event_id,
      attempt: number,
      recorded: attempts.length,
    });
    return 'skipped';
  }
  const monitor = await monitors.get(event.monitor_id);
  const send = decideDelivery({ event, monitor, attempt: number, now });
  if (send.next === 'cancelled') {
    await events.setState(event.event_id, 'cancelled');
    return 'cancelled';
  }
  if (previousSecretLapsed(send.monitor, now)) await monitors.dropExpiredPreviousSecret(send.monitor.monitor_id, now);

  const timeoutMs = options.timeoutMs ?? defaultWebhookTimeoutMs;
  const result = await postWebhookAttempt(
    send.monitor,
    { eventId: send.eventId, body: send.body, now, timeoutMs, chain: position.chain, attempt: number },
    services.sealer,
    () => {
      // The note's end counts from the moment just before the POST (the reads, URL check and secrets took time since `now`).
      const postAt = new Date(now.getTime() + (performance.now() - stepStarted));
      return events.notePost(event.event_id, position, number, postAt, postNoteEnd(postAt, timeoutMs));
    },
  );
  if (result === null) return refusedPost(message, event.event_id, position.chain, number, now, services);

  const decision = decideDelivery({ event, monitor, attempt: number, now, post: result });
  switch (decision.next) {
    case 'delivered':
      await events.recordAttempt(event.event_id, position, number, decision.record, 'delivered');
      return 'delivered';
    case 'retry':
      await events.recordAttempt(event.event_id, position, number, decision.record, 'pending');
      await queueAttempt(services, event.event_id, position.chain, decision.retry.attempt, decision.retry.at, now);
      return 'retry_scheduled';
    case 'failed':
      // The last attempt is recorded with the e-mail owed, then the e-mail is sent and the event marked failed.
      if (!(await events.recordFinalAttempt(event.event_id, position, number, decision.record))) return 'duplicate';
      return completeFailure({ ...event, delivery: { ...event.delivery, attempts: [...event.delivery.attempts, decision.record] } }, monitor, services);
  }
}

/**
 * The note before the POST was refused: a redelivery started a new chain (`superseded`), the attempt was
 * recorded meanwhile (`duplicate`), or another copy of the message holds the note: then this one runs
 * again once that note has ended (`waiting`), and finds the attempt recorded, or posts it if the other
 * copy stopped before recording it.
 */
async function refusedPost(
  message: DeliveryMessage,
  eventId: string,
  chain: number,
  number: number,
  now: Date,
  { events, queue }: Pick<DispatchServices, 'events' | 'queue'>,
): Promise<DispatchOutcome> {
  const again = await events.get(eventId);
  if (!again || chainOf(again).chain !== chain) return 'superseded';
  if (again.delivery.state !== 'pending' || number < chainAttempts(again).length) return 'duplicate';
  const noteEnd = openNoteUntil(again, now) ?? now;
  await enqueue(queue, { ...message, due_at: noteEnd.toISOString() }, now);
  return 'waiting';
}

/** E-mails the account that the event failed for good (throws if the send fails), then marks it failed. */
async function completeFailure(
  event: EventRecord,
  monitor: MonitorRecord | undefined,
  { events, accounts, mailer }: DispatchServices,
): Promise<DispatchOutcome> {
  const account = monitor ? await accounts.getAccount(monitor.account_id) : undefined;
  const context = { monitor_id: event.monitor_id, event_id: event.event_id };
  let alert: 'sent' | 'none' = 'none';
  if (!mailer.enabled()) {
    logger.warn('Webhook failed for good; failure e-mail is disabled in this deployment', context);
  } else if (!monitor || !account?.email) {
    logger.warn('Webhook failed for good; the account has no e-mail address', context);
  } else {
    const last = event.delivery.attempts.at(-1);
    await mailer.sendDeliveryFailure(account.email, {
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
