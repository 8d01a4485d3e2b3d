/**
 * Webhook retry schedule (docs/api-guide.md, "Webhooks": 5 retries). The table's delays are read as
 * the wait after the previous failed attempt: retry 1 at +5 min after the first attempt, retry 2 at
 * +30 min after retry 1, then +2 h, +8 h, +24 h. Times are computed from the first attempt's time by
 * adding the delays, so a late worker does not push every later retry back. After the 5th retry fails
 * the event is failed.
 *
 * The schedule rides on SQS messages whose DelaySeconds cannot exceed 900: a message that arrives before
 * its due time is sent again with the remaining delay, capped at 900 s (a chain of hops).
 */
const minute = 60_000;
const hour = 60 * minute;

/** Delay before retry n+1, measured from attempt n (the first attempt is attempt 0). */
export const retryDelaysMs: readonly number[] = Object.freeze([5 * minute, 30 * minute, 2 * hour, 8 * hour, 24 * hour]);

export const maxRetries = retryDelaysMs.length;

/** SQS's limit on DelaySeconds. */
export const maxSqsDelaySeconds = 900;

/**
 * When the next attempt is due, given the first attempt's time and how many attempts (first attempt
 * included) have been made and failed. 0 → the first attempt, now. Null once the 5th retry has failed:
 * the event is failed.
 */
export function nextAttemptAt(firstAttemptAt: Date, attemptsMade: number): Date | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0) throw new RangeError(`attemptsMade must be a non-negative integer, got ${attemptsMade}`);
  if (attemptsMade > maxRetries) return null;
  const offset = retryDelaysMs.slice(0, attemptsMade).reduce((sum, delay) => sum + delay, 0);
  return new Date(firstAttemptAt.getTime() + offset);
}

/** The message is due: its attempt may run now. */
export function isDue(dueAt: Date, now: Date): boolean {
  return now.getTime() >= dueAt.getTime();
}

/** DelaySeconds of the next hop of the chain: the remaining wait in whole seconds, rounded up, at most 900. */
export function sqsHopDelaySeconds(dueAt: Date, now: Date): number {
  return Math.min(maxSqsDelaySeconds, Math.max(0, Math.ceil((dueAt.getTime() - now.getTime()) / 1000)));
}
