/**
 * Idempotency-Key records. A POST with a key claims a record before doing any work; a repeat with the
 * same key and the same request gets the stored response back, a different request gets 409. Records
 * live 24 hours. Only successful (2xx) responses are stored; an error releases the key for a retry,
 * remembering any quota already charged so that the retry is not charged again. A record keeps a keyed
 * fingerprint of its request, never the request itself (request-fingerprint.ts).
 *
 * A stored body over `compressAboveBytes` is kept brotli-compressed (`body_br`, binary) instead of as
 * text: the largest response, a bulk of 100 with NPIs (a few hundred KB of JSON), shrinks about tenfold,
 * so a record stays far under DynamoDB's 400 KB item limit and its write costs a tenth of the units.
 */
import type { RequestFingerprints } from './request-fingerprint.ts';

export const idempotencyTtlSeconds = 24 * 60 * 60;
/** How long a claim blocks a concurrent duplicate before it is presumed abandoned (crashed worker). */
export const claimLeaseSeconds = 60;

export interface StoredResponse {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export type Claim =
  | { outcome: 'claimed'; charged: number }
  | { outcome: 'replay'; response: StoredResponse }
  | { outcome: 'conflict' }
  | { outcome: 'in_progress'; retryAfter: number };

/** The Idempotency-Key records (adapters/idempotency-store.ts). */
export interface IdempotencyStore {
  /** Claims the key for this request, or says what became of an earlier claim. */
  claim(scopeKey: string, fingerprints: RequestFingerprints, now: Date, attempt?: number): Promise<Claim>;
  /** Adds to the quota units the claimed request has charged (negative: gives them back). */
  addCharged(scopeKey: string, units: number): Promise<void>;
  /** Stores the successful response a repeat gets back. */
  complete(scopeKey: string, response: StoredResponse): Promise<void>;
  /** Releases the claim so that a retry may claim it again. */
  release(scopeKey: string): Promise<void>;
}
