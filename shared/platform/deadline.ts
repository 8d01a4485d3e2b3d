/**
 * A request's deadline: the moment by which its work must be done so the answer still reaches the caller
 * before the function's own time-out (and API Gateway's 30 s integration limit). It is derived once from
 * the invocation's remaining time (`context.getRemainingTimeInMillis()`) less what the handler keeps for
 * answering (signing, storing, responding), and every source call gets a share of what is left; a call
 * that cannot finish in time fails as a time-out of that source (served from the cache, or reported
 * `source_unavailable`), never as a gateway time-out.
 */

export interface InvocationTime {
  getRemainingTimeInMillis(): number;
}

export class Deadline {
  private constructor(
    /** Epoch ms; Infinity for no deadline. */
    readonly at: number,
    private readonly now: () => number,
  ) {}

  /** A deadline `ms` from now. */
  static after(ms: number, now: () => number = Date.now): Deadline {
    return new Deadline(now() + Math.max(0, ms), now);
  }

  /** No deadline: work is bounded only by each call's own time limit. */
  static none(): Deadline {
    return new Deadline(Number.POSITIVE_INFINITY, Date.now);
  }

  /**
   * The deadline of an invocation: its remaining time less `reserveMs` kept for answering. Without an
   * invocation context (a command-line run, a test), `fallbackMs` from now.
   */
  static forInvocation(context: InvocationTime | undefined, reserveMs: number, fallbackMs = 25_000): Deadline {
    const remaining = typeof context?.getRemainingTimeInMillis === 'function' ? context.getRemainingTimeInMillis() : fallbackMs + reserveMs;
    return Deadline.after(remaining - reserveMs);
  }

  remainingMs(): number {
    return Math.max(0, this.at - this.now());
  }
}
