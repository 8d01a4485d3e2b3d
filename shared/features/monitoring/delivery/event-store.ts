/**
 * Webhook events: the exact body sent (the same bytes and id on every attempt) and the delivery
 * history, kept one year (adapters/event-store.ts); the `EventStore` port the use cases take.
 */
import type { ChainPosition } from './delivery-chain.ts';
import type { DeliveryAttempt, EventRecord } from './event-record.ts';

export const eventRetentionDays = 365;

/** Events read per Query page when listing by delivery state (a FilterExpression reads what it discards). */
export const filteredPageSize = 100;

/** Query pages read at most per list request filtered by delivery state: 500 events, at most 5 MB read. */
export const maxFilteredPages = 5;

/**
 * Attempt `attempt` of an event cannot be recorded: it is recorded already (by an earlier delivery of
 * the same message, or a duplicate of it), or the event is no longer pending (delivered, failed,
 * cancelled).
 */
export class AttemptConflict extends Error {
  constructor(
    readonly eventId: string,
    readonly attempt: number,
  ) {
    super(`Attempt ${attempt} of event ${eventId} is already recorded, or the event is no longer pending`);
    this.name = 'AttemptConflict';
  }
}

/** The webhook events and their delivery (adapters/event-store.ts). */
export interface EventStore {
  /** Stores a new event; storing the same event again leaves the first copy (and its delivery state) as it is. */
  createOnce(record: EventRecord): Promise<void>;
  /**
   * Records attempt number `number` of the chain at `position` and sets the delivery state, once: only
   * while the event is pending, in that chain, with exactly `number` of the chain's attempts recorded.
   * Throws `AttemptConflict` otherwise.
   */
  recordAttempt(eventId: string, position: ChainPosition, number: number, attempt: DeliveryAttempt, state: EventRecord['delivery']['state']): Promise<void>;
  /**
   * Notes, just before attempt `number` of the chain at `position` is posted at `now`, that a POST may be
   * under way until `until`: an exclusive lease. False when nothing may be posted.
   */
  notePost(eventId: string, position: ChainPosition, number: number, now: Date, until: Date): Promise<boolean>;
  /**
   * Starts chain `position.chain + 1` of an event read with `attempts` attempts and the POST note
   * `noteUntil`, only if nothing changed since that read. The event as written, or undefined.
   */
  startChain(eventId: string, position: ChainPosition, attempts: number, noteUntil: string | null): Promise<EventRecord | undefined>;
  /** Notes that the message of attempt `number` of chain `chain` is queued; never lowers the mark, never marks another chain. */
  markQueued(eventId: string, chain: number, number: number): Promise<void>;
  /** Records the last attempt, which failed, and that the failure e-mail is owed; false when another delivery got there first. */
  recordFinalAttempt(eventId: string, position: ChainPosition, number: number, attempt: DeliveryAttempt): Promise<boolean>;
  /** Marks the event `failed` once its e-mail went out (`sent`) or could go to no one (`none`); false when already completed. */
  completeFailure(eventId: string, alert: 'sent' | 'none'): Promise<boolean>;
  setState(eventId: string, state: EventRecord['delivery']['state']): Promise<void>;
  /**
   * Newest first, for one owner (account#mode), optionally one of their monitors and one delivery state;
   * a filtered list may stop early with `hasMore` and `resumeAfter`, the last event read.
   */
  list(
    owner: string,
    limit: number,
    options?: { monitorId?: string; startingAfter?: EventRecord; state?: EventRecord['delivery']['state'] },
  ): Promise<{ items: EventRecord[]; hasMore: boolean; resumeAfter?: string }>;
  get(eventId: string): Promise<EventRecord | undefined>;
}
