/**
 * Webhook signature (spec, Events → Signature): header `Service-Signature` carries the lowercase hex
 * HMAC-SHA256 of the exact raw request body (UTF-8 bytes), keyed with the monitor's `webhook_secret`.
 * Receivers compare in constant time; a mismatch means the request is rejected.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureHeader = 'Service-Signature';

/** Lowercase hex HMAC-SHA256 of the raw body's UTF-8 bytes. */
export function signWebhookBody(rawBody: string, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(rawBody, 'utf8')).digest('hex');
}

const hexSignature = /^[0-9a-f]{64}$/;

/**
 * Constant-time comparison of a received signature with the expected one. Anything that is not exactly
 * 64 lowercase hex characters (wrong length, upper case, missing) is refused before comparing.
 */
export function verifyWebhookSignature(rawBody: string, secret: string, header: string | null | undefined): boolean {
  if (typeof header !== 'string' || !hexSignature.test(header)) return false;
  const expected = Buffer.from(signWebhookBody(rawBody, secret), 'hex');
  const received = Buffer.from(header, 'hex');
  if (received.length !== expected.length) return false;
  return timingSafeEqual(received, expected);
}
