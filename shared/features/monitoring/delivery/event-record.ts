/**
 * A webhook event as stored: the exact body sent (the same bytes and id on every attempt), its delivery
 * state and the history of its attempts (event-store.ts reads and writes it).
 */

export interface DeliveryAttempt {
  readonly at: string;
  readonly ok: boolean;
  readonly status: number | null;
  /**
   * A generic kind (delivery-errors.ts); attempts recorded before errors were generic hold the precise
   * text, which the API view maps to its kind.
   */
  readonly error: string | null;
  readonly duration_ms: number;
  /** The delivery chain (delivery-chain.ts) and the attempt's number in it; absent on attempts recorded before chains. */
  readonly chain?: number;
  readonly attempt?: number;
}

export interface EventRecord {
  readonly event_id: string;
  readonly owner: string;
  readonly monitor_id: string;
  readonly kind: string;
  readonly created_at: string;
  readonly created_key: string;
  /** The raw JSON body, signed and sent as is. */
  readonly body: string;
  readonly delivery: { state: 'pending' | 'delivered' | 'failed' | 'cancelled'; attempts: DeliveryAttempt[] };
  /**
   * The e-mail owed to the account once the last attempt failed: `pending` from the moment that
   * attempt is recorded (the event stays `pending`) until the e-mail went out, then `sent`, or `none`
   * when there was no one to send it to; only then is the event `failed`. Not part of the API's view.
   */
  readonly failure_alert?: 'pending' | 'sent' | 'none';
  /** The highest attempt number of the current chain whose delivery message is known to be queued (retries only; internal). */
  readonly queued_attempt?: number;
  /** The current delivery chain (0, or absent, for the first; see delivery-chain.ts). */
  readonly chain?: number;
  /** The index in `delivery.attempts` of the current chain's first attempt. */
  readonly chain_start?: number;
  /** The last attempt a worker set out to post, and until when that POST may last (internal; kept once lapsed). */
  readonly in_flight?: { readonly chain: number; readonly attempt: number; readonly until: string };
}
