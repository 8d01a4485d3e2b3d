/**
 * Webhook signatures. Every delivery carries two, keyed with the monitor's `webhook_secret`:
 *
 * 1. The service's own (docs/api-guide.md, "Webhooks"): header `Service-Signature`, the lowercase hex
 *    HMAC-SHA256 of the exact raw request body (UTF-8 bytes), keyed with the secret's UTF-8 bytes.
 *    Receivers compare in constant time; a mismatch means the request is rejected. It does not cover
 *    the time of sending, so a captured request replays with a valid signature.
 * 2. Standard Webhooks (standardwebhooks.com): headers `webhook-id` (the event id), `webhook-timestamp`
 *    (unix seconds of this attempt) and `webhook-signature`, `v1,` and the base64 HMAC-SHA256 of
 *    `${id}.${timestamp}.${body}`. It covers the time, so a receiver refuses a request whose timestamp
 *    is more than 5 minutes from its clock, and a replay with a changed timestamp no longer verifies.
 *    The HMAC key is the same bytes as `Service-Signature`'s (the secret's UTF-8 bytes). Standard
 *    Webhooks libraries take the key as `whsec_` + base64 of the key bytes: `standardWebhooksSecret`
 *    gives that string, which a receiver passes to such a library unchanged.
 *
 * While a secret is being rotated (the overlap window), `Service-Signature` still carries exactly one
 * value, as the API guide documents it ("Rotating a webhook secret"): the signature by the PREVIOUS
 * secret, so a receiver that has not switched yet keeps verifying, and one that holds both secrets
 * accepts it by trying each; once the overlap is over it is the new secret's. `webhook-signature`
 * carries both, the new one first, as the space-separated `v1,` list Standard Webhooks defines: a
 * receiver accepts the delivery when any entry matches a secret it holds. The zero-failure rotation: add
 * the new secret to the receiver's accepted set at any moment of the overlap, drop the old one after it
 * ends.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const signatureHeader = 'Service-Signature';

export const standardIdHeader = 'webhook-id';
export const standardTimestampHeader = 'webhook-timestamp';
export const standardSignatureHeader = 'webhook-signature';

/** How far a Standard Webhooks timestamp may be from the receiver's clock, either way (that scheme's default). */
export const standardToleranceSeconds = 5 * 60;

/** Lowercase hex HMAC-SHA256 of the raw body's UTF-8 bytes. */
export function signWebhookBody(rawBody: string, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(Buffer.from(rawBody, 'utf8')).digest('hex');
}

/** The secrets in force for a delivery: the monitor's secret and, during a rotation's overlap, the one it replaced. */
export interface SigningSecrets {
  readonly secret: string;
  readonly previousSecret?: string;
}

/**
 * The `Service-Signature` value: exactly one hex signature, by the previous secret during a rotation's
 * overlap (receivers that have not switched keep verifying), by the secret otherwise.
 */
export function serviceSignatureValue(rawBody: string, secrets: SigningSecrets): string {
  return signWebhookBody(rawBody, secrets.previousSecret ?? secrets.secret);
}

const hexSignature = /^[0-9a-f]{64}$/;

/**
 * Constant-time comparison of a received `Service-Signature` with the expected one, as the API guide
 * has it: the whole header is the signature. A value that is not exactly 64 lowercase hex characters
 * (wrong length, upper case, a list, missing) never matches.
 */
export function verifyWebhookSignature(rawBody: string, secret: string, header: string | null | undefined): boolean {
  if (typeof header !== 'string' || !hexSignature.test(header)) return false;
  return timingSafeEqual(Buffer.from(header, 'hex'), Buffer.from(signWebhookBody(rawBody, secret), 'hex'));
}

/** The secret in the form Standard Webhooks libraries take: `whsec_` + base64 of its UTF-8 bytes. */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}

/** `v1,` + base64 HMAC-SHA256 of `${id}.${timestampSeconds}.${body}`, keyed with the secret's UTF-8 bytes. */
export function signStandardWebhook(id: string, timestampSeconds: number, rawBody: string, secret: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(Buffer.from(`${id}.${timestampSeconds}.${rawBody}`, 'utf8'))
    .digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` value for the secrets in force: one `v1,` signature per secret, the new first, space-separated. */
export function standardSignatureValue(id: string, timestampSeconds: number, rawBody: string, secrets: SigningSecrets): string {
  const keys = secrets.previousSecret === undefined ? [secrets.secret] : [secrets.secret, secrets.previousSecret];
  return keys.map((secret) => signStandardWebhook(id, timestampSeconds, rawBody, secret)).join(' ');
}

export type StandardVerification =
  | { ok: true }
  | { ok: false; reason: 'missing_headers' | 'invalid_timestamp' | 'too_old' | 'too_new' | 'no_matching_signature' };

/**
 * A receiver's check of the Standard Webhooks signature: the timestamp within `toleranceSeconds` of
 * `now`, then any `v1,` signature of the space-separated list equal (constant time) to the expected one.
 */
export function verifyStandardWebhook(
  rawBody: string,
  secret: string,
  headers: { id?: string | null; timestamp?: string | null; signature?: string | null },
  now: Date = new Date(),
  toleranceSeconds = standardToleranceSeconds,
): StandardVerification {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing_headers' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'invalid_timestamp' };
  const seconds = Number(timestamp);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (nowSeconds - seconds > toleranceSeconds) return { ok: false, reason: 'too_old' };
  if (seconds - nowSeconds > toleranceSeconds) return { ok: false, reason: 'too_new' };
  const expected = Buffer.from(signStandardWebhook(id, seconds, rawBody, secret).slice(3), 'base64');
  for (const candidate of signature.split(' ')) {
    const [version, value] = candidate.split(',');
    if (version !== 'v1' || value === undefined) continue;
    const received = Buffer.from(value, 'base64');
    if (received.length === expected.length && timingSafeEqual(received, expected)) return { ok: true };
  }
  return { ok: false, reason: 'no_matching_signature' };
}
