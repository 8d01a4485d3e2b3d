/**
 * The ports of webhook delivery beside the event and monitor stores: the delivery queue and the mailer
 * of the failure e-mail. Adapters (adapters/) implement them; webhook-dispatch-services.ts composes them.
 */
import * as z from 'zod';

export interface DeliveryMessage {
  readonly event_id: string;
  readonly due_at: string;
  /**
   * The attempt this message makes: 0 for the first, n for the nth retry. Absent on messages queued
   * before attempts were numbered: then the next attempt not yet recorded.
   */
  readonly attempt?: number;
  /** The delivery chain the attempt belongs to; absent on messages of the first chain. */
  readonly chain?: number;
}

/** A delivery queue message as received (queue-worker.ts parses every body with it). */
export const deliveryMessageSchema: z.ZodType<DeliveryMessage> = z.object({
  event_id: z.string().min(1),
  due_at: z.iso.datetime(),
  attempt: z.number().int().min(0).optional(),
  chain: z.number().int().min(0).optional(),
});

/** The queue of delivery steps (SQS: a delay of at most 900 s; a later hop waits the rest). */
export interface DeliveryQueue {
  send(message: DeliveryMessage, delaySeconds: number): Promise<void>;
  /**
   * Queues each message at once (a check's first attempts): every one is sent, or this throws naming
   * those that were not; some may have gone out all the same.
   */
  sendAll(messages: readonly DeliveryMessage[]): Promise<void>;
}

/** What the failure e-mail says of the event that failed for good. */
export interface DeliveryFailure {
  readonly monitorId: string;
  readonly eventId: string;
  readonly kind: string;
  readonly lastError: string;
  readonly webhookUrl: string;
}

/** The e-mail sent when an event's webhook failed after its last retry. */
export interface FailureMailer {
  /** False where the deployment has no sender. */
  enabled(): boolean;
  /** Sends the e-mail; throws if the send fails. */
  sendDeliveryFailure(to: string, details: DeliveryFailure): Promise<void>;
}
