/** Errors from AWS or the network that mean "try again shortly" (503), not a bug (500). */

const transientNames = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'InternalServerError',
  'LimitExceededException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

const transientCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

export function isTransientError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { name?: string; code?: string; retryable?: boolean; $metadata?: { httpStatusCode?: number }; errors?: unknown[]; cause?: unknown };
  if (e.name && transientNames.has(e.name)) return true;
  // Errors of ours that say so (a batch send SQS failed on its side).
  if (e.retryable === true) return true;
  if (e.code && transientCodes.has(e.code)) return true;
  if ((e.$metadata?.httpStatusCode ?? 0) >= 500) return true;
  if (Array.isArray(e.errors) && e.errors.some(isTransientError)) return true;
  return e.cause !== undefined && e.cause !== error && isTransientError(e.cause);
}
