/**
 * Typed failures of external sources, so the verification engine can act on them:
 * `unavailable` (could not get an answer: connection failure, time-out, 5xx, throttled past retries,
 * an answer that is not in the source's format, more rows than one query may answer, or pages that
 * disagree with the counts around them — a partial answer is no answer) versus `rejected` (the source
 * understood and refused the query: a bug on our side or bad input, never retried).
 */
import type { UnavailableReasonCode } from '../../domain/source-reports.ts';

export type SourceFailure = 'connection' | 'timeout' | 'server_error' | 'throttled' | 'malformed' | 'too_many_rows' | 'inconsistent' | 'rejected';

export interface UnavailableReason {
  readonly code: UnavailableReasonCode;
  /** One sentence for people; never names the provider. */
  readonly message: string;
  /** What could not be read: a license `status` or `license_type` value, or a `column` rows lack. */
  readonly field?: 'status' | 'license_type' | 'column';
  /** The value as the source wrote it (a status spelling), or the missing column's name. */
  readonly raw_value?: string;
}

export class SourceError extends Error {
  readonly source: string;
  readonly failure: SourceFailure;
  readonly status?: number;
  /** Wait the source asked for (Retry-After), ms. */
  readonly retryAfterMs?: number;
  /** Why the answer is unusable, where more is known than the failure kind (a missing column). */
  readonly reason?: UnavailableReason;

  constructor(
    source: string,
    failure: SourceFailure,
    message: string,
    options: { status?: number; retryAfterMs?: number; cause?: unknown; reason?: UnavailableReason } = {},
  ) {
    super(`${source}: ${message}`, { cause: options.cause });
    this.name = 'SourceError';
    this.source = source;
    this.failure = failure;
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
    this.reason = options.reason;
  }

  /** True when the source gave no usable answer (as opposed to refusing the query). */
  get unavailable(): boolean {
    return this.failure !== 'rejected';
  }
}

export function isSourceUnavailable(error: unknown): error is SourceError {
  return error instanceof SourceError && error.unavailable;
}

/** The reason an unavailable source is reported with: the error's own, else one from its failure kind. */
export function unavailableReasonOf(error: SourceError): UnavailableReason {
  if (error.reason) return error.reason;
  switch (error.failure) {
    case 'malformed':
      return { code: 'format_changed', message: 'The source answered in a format the service does not recognise.' };
    case 'too_many_rows':
    case 'inconsistent':
      return { code: 'incomplete_answer', message: 'The source’s answer could not be read whole.' };
    default:
      return { code: 'unreachable', message: 'The source could not be reached or did not answer in time.' };
  }
}
