/**
 * HTTP GET for external sources: a time limit per attempt, bounded retries with exponential backoff and
 * full jitter on connection failures, time-outs, 5xx and 429 (honouring Retry-After up to a cap), and
 * every failure turned into a typed SourceError. 4xx other than 429 are returned to the caller.
 */
import { SourceError } from './errors.ts';
import { observeSourceCall } from './source-telemetry.ts';

export interface FetchPolicy {
  /** Time limit of one attempt, ms. */
  readonly timeoutMs: number;
  /** Retries after the first attempt. */
  readonly retries: number;
  /** Backoff base, ms: attempt n waits a random time in [0, base * 2^n]. */
  readonly backoffMs: number;
  /** Longest wait honoured from a Retry-After header, ms. */
  readonly maxRetryAfterMs?: number;
}

/** Fits the verify function's time limit: at most two attempts of 2.5 s each, plus a short backoff. */
export const defaultFetchPolicy: FetchPolicy = { timeoutMs: 2_500, retries: 1, backoffMs: 150, maxRetryAfterMs: 1_000 };

export interface SourceResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** One source request, every attempt included, observed as one call (latency, failure, trace). */
export function fetchSource(
  source: string,
  url: string,
  init: { headers?: Record<string, string> } = {},
  policy: FetchPolicy = defaultFetchPolicy,
): Promise<SourceResponse> {
  return observeSourceCall(source, () => fetchWithRetries(source, url, init, policy));
}

async function fetchWithRetries(source: string, url: string, init: { headers?: Record<string, string> }, policy: FetchPolicy): Promise<SourceResponse> {
  let last: SourceError | undefined;
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0) {
      const wait =
        last?.failure === 'throttled' && last.retryAfterMs !== undefined
          ? Math.min(last.retryAfterMs, policy.maxRetryAfterMs ?? 2_000)
          : Math.random() * policy.backoffMs * 2 ** attempt;
      await sleep(wait);
    }
    try {
      const response = await fetch(url, { headers: init.headers, signal: AbortSignal.timeout(policy.timeoutMs), redirect: 'follow' });
      const text = await response.text();
      if (response.status === 429) {
        last = new SourceError(source, 'throttled', 'throttled (HTTP 429)', { status: 429, retryAfterMs: retryAfterMs(response.headers) });
        continue;
      }
      if (response.status >= 500) {
        last = new SourceError(source, 'server_error', `HTTP ${response.status}`, { status: response.status });
        continue;
      }
      return { status: response.status, headers: response.headers, text };
    } catch (error) {
      const name = (error as Error).name;
      last =
        name === 'TimeoutError' || name === 'AbortError'
          ? new SourceError(source, 'timeout', `no answer within ${policy.timeoutMs} ms`, { cause: error })
          : new SourceError(source, 'connection', `connection failed (${describe(error)})`, { cause: error });
    }
  }
  throw last!;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
