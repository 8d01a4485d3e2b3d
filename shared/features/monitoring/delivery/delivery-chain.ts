/**
 * Delivery chains. An event's first chain (0) starts when it is published; each redelivery starts the
 * next one: the same event id and body, a fresh retry schedule (retry-schedule.ts), attempts numbered
 * from 0 again. Every attempt of every chain stays in the event's `delivery.attempts`, oldest first, so
 * the history of earlier chains remains visible; `chain_start` is where the current chain's attempts
 * begin in that list.
 *
 * Only the current chain may post: a delivery message names its chain, and one of an earlier chain is a
 * no-op. Just before posting, a worker notes (`in_flight`, a write conditional on the chain still being
 * current and on no other note being open, so two copies of one message never both post) until when its POST may last: the delivery's deadline and a margin. A new chain starts its
 * first attempt only once the last such note has lapsed, so an old chain's last POST is over (recorded
 * or not) before the new chain's first one, and an old-chain worker that looks after the new chain
 * started finds its note refused and posts nothing.
 *
 * Pure: no AWS calls.
 */
import type { DeliveryAttempt, EventRecord } from './event-record.ts';

/** How many chains an event may have (the first and 19 redeliveries): bounds the item's size, 400 KB at most. */
export const maxChains = 20;

/** Added to the delivery time-out in a POST's note: the write before the POST and the connection's end. */
export const postNoteMarginMs = 5_000;

export interface ChainPosition {
  /** The current chain: 0 for the first. */
  readonly chain: number;
  /** The index in `delivery.attempts` of the chain's first attempt. */
  readonly start: number;
}

/** The event's current chain (events stored before chains are in chain 0 from the start). */
export function chainOf(event: Pick<EventRecord, 'chain' | 'chain_start'>): ChainPosition {
  return { chain: event.chain ?? 0, start: event.chain_start ?? 0 };
}

/** The attempts of the current chain, oldest first. */
export function chainAttempts(event: EventRecord): DeliveryAttempt[] {
  return event.delivery.attempts.slice(chainOf(event).start);
}

/** An attempt with its chain and number, as the API shows it. */
export interface NumberedAttempt extends DeliveryAttempt {
  readonly chain: number;
  readonly attempt: number;
}

/**
 * Every attempt with its chain and number in the chain. Attempts recorded before chains carry neither:
 * they are chain 0, numbered by position.
 */
export function numberedAttempts(event: EventRecord): NumberedAttempt[] {
  return event.delivery.attempts.map((attempt, index) => ({ ...attempt, chain: attempt.chain ?? 0, attempt: attempt.attempt ?? index }));
}

/** Until when a POST set out at `now` may last: the delivery's deadline and the margin. */
export function postNoteEnd(now: Date, deliveryTimeoutMs: number): Date {
  return new Date(now.getTime() + deliveryTimeoutMs + postNoteMarginMs);
}

/** The end of the note of a POST that may be under way at `now` whatever its attempt: null when none is, or it has lapsed. */
export function openNoteUntil(event: Pick<EventRecord, 'in_flight'>, now: Date): Date | null {
  const note = event.in_flight;
  return note && Date.parse(note.until) > now.getTime() ? new Date(note.until) : null;
}

/**
 * The end of the last POST's note while that POST may still be under way at `now`: not lapsed, and its
 * attempt not recorded yet (a recorded attempt's POST is over); null otherwise.
 */
export function inFlightUntil(event: EventRecord, now: Date): Date | null {
  const note = event.in_flight;
  if (!note || Date.parse(note.until) <= now.getTime()) return null;
  if (note.chain === chainOf(event).chain && note.attempt < chainAttempts(event).length) return null;
  return new Date(note.until);
}

export type RedeliveryRefusal = 'monitor_inactive' | 'redelivery_limit';

/**
 * Whether an event may start a new chain: its monitor must be active (an event of a deleted monitor is
 * refused), and it must have fewer than `maxChains` chains.
 */
export function redeliveryRefusal(event: EventRecord, monitorActive: boolean): RedeliveryRefusal | null {
  if (!monitorActive || event.delivery.state === 'cancelled') return 'monitor_inactive';
  if (chainOf(event).chain + 1 >= maxChains) return 'redelivery_limit';
  return null;
}

/** When the new chain's first attempt is due: now, or once the old chain's attempt in flight has lapsed. */
export function firstAttemptDue(event: EventRecord, now: Date): Date {
  return inFlightUntil(event, now) ?? now;
}
