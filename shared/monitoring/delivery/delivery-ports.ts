/**
 * The ports of webhook delivery beside the event and monitor stores: the delivery queue and the mailer
 * of the failure e-mail. Adapters (adapters/) implement them; webhook-dispatch-services.ts composes them.
 */
import type { DeliveryMessage } from './webhook-dispatch.ts';

/** The queue of delivery steps (SQS: a delay of at most 900 s; a later hop waits the rest). */
export interface DeliveryQueue {
  send(message: DeliveryMessage, delaySeconds: number): Promise<void>;
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
