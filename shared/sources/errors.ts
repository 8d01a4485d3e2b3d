/**
 * Typed failures of external sources, so the verification engine can act on them:
 * `unavailable` (could not get an answer: connection failure, time-out, 5xx, throttled past retries,
 * an answer that is not in the source's format, more rows than one query may answer, or pages that
 * disagree with the counts around them — a partial answer is no answer) versus `rejected` (the source
 * understood and refused the query: a bug on our side or bad input, never retried).
 */
export type SourceFailure = 'connection' | 'timeout' | 'server_error' | 'throttled' | 'malformed' | 'too_many_rows' | 'inconsistent' | 'rejected';

export class SourceError extends Error {
  readonly source: string;
  readonly failure: SourceFailure;
  readonly status?: number;
  /** Wait the source asked for (Retry-After), ms. */
  readonly retryAfterMs?: number;

  constructor(source: string, failure: SourceFailure, message: string, options: { status?: number; retryAfterMs?: number; cause?: unknown } = {}) {
    super(`${source}: ${message}`, { cause: options.cause });
    this.name = 'SourceError';
    this.source = source;
    this.failure = failure;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True when the source gave no usable answer (as opposed to refusing the query). */
  get unavailable(): boolean {
    return this.failure !== 'rejected';
  }
}

export function isSourceUnavailable(error: unknown): error is SourceError {
  return error instanceof SourceError && error.unavailable;
}
