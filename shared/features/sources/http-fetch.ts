/**
 * HTTP GET for external sources: a time limit per attempt, bounded retries with exponential backoff and
 * full jitter on connection failures, time-outs, 5xx and 429 (honouring Retry-After up to a cap), and
 * every failure turned into a typed SourceError. 4xx other than 429 are returned to the caller.
 *
 * A request's deadline bounds it all: an attempt gets at most what is left of the deadline (half of it
 * while a retry could still follow), a retry is made only if it can still be given a useful time, and a
 * call that starts after the deadline fails at once as a time-out.
 *
 * Every response returned to the caller is noted, bytes as received, for the evidence capture the call
 * runs in, if any (evidence-capture.ts): what the source said is kept with the answer read from it.
 *
 * The URL is the source's configured one; a redirect is followed only within its origin (at most
 * `maxRedirects`), each hop before it is requested: a redirect to another host, or another port or
 * scheme, is not followed and the source is unreachable for the call (never retried).
 *
 * Every connection is made through a keep-alive agent (platform/net/checked-agent.ts) that checks the
 * addresses the host resolves to by the rules source downloads follow (public only; loopback where the
 * local stack allows it, `SOURCE_ALLOW_LOOPBACK`) and connects to the checked addresses only. A refused
 * address leaves the source unreachable for the call, never retried, with nothing sent; consecutive
 * calls to one source reuse its connection.
 */
import type { Agent } from 'undici';
import { environment, sourceLoopbackAllowedFromEnv } from '../../platform/config.ts';
import { Deadline } from '../../platform/deadline.ts';
import { type AddressRules, refusedDestinationOf, systemResolve } from '../../platform/net/destination.ts';
import { noteSourceResponse } from '../evidence/evidence-capture.ts';
import { SourceError } from './errors.ts';
import { maxRedirects } from './guarded-fetch.ts';
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

/** The shortest attempt worth making: with less time left, the call fails as a time-out at once. */
export const minAttemptMs = 100;

export interface SourceResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body's bytes as received (after any transfer content coding is undone): what `text` was decoded from. */
  readonly bytes: Uint8Array;
  /** The cookies the answer and the redirects before it set (`name=value; …`), for later requests to the same origin; empty when none. */
  readonly cookies: string;
}

const utf8 = new TextDecoder('utf-8');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);

export interface SourceRequest {
  readonly headers?: Record<string, string>;
  /** GET by default; a POST (a search form's submission) sends `body`, and a redirect after it continues as a GET. */
  readonly method?: 'GET' | 'POST';
  readonly body?: string;
  /** What the connection may reach; by default public addresses, and loopback where `SOURCE_ALLOW_LOOPBACK` allows it. */
  readonly addresses?: AddressRules;
}

type CheckedAgents = typeof import('../../platform/net/checked-agent.ts');
type FetchResponse = Awaited<ReturnType<CheckedAgents['fetch']>>;

/** The agent module (and undici with it), loaded on the first lookup: a function that makes none does not load it at its start. */
let checkedAgents: Promise<CheckedAgents> | undefined;

/** One keep-alive agent per set of rules (in practice one per process), so connections are reused across calls. */
const agents = new WeakMap<NonNullable<AddressRules['resolve']>, Map<boolean, Agent>>();

/** What a request is sent with: undici's fetch through the agent of `rules`. */
async function senderFor(rules: AddressRules): Promise<{ fetch: CheckedAgents['fetch']; agent: Agent }> {
  checkedAgents ??= import('../../platform/net/checked-agent.ts');
  const { checkedAgent, fetch } = await checkedAgents;
  const resolve = rules.resolve ?? systemResolve;
  const byLoopback = agents.get(resolve) ?? new Map<boolean, Agent>();
  agents.set(resolve, byLoopback);
  const agent = byLoopback.get(rules.allowLoopback) ?? checkedAgent({ allowLoopback: rules.allowLoopback, resolve });
  byLoopback.set(rules.allowLoopback, agent);
  return { fetch, agent };
}

/** The `name=value` pairs of a response's Set-Cookie headers. */
function cookiesSet(headers: Headers): string[] {
  return headers.getSetCookie().flatMap((line) => {
    const pair = line.split(';')[0]!.trim();
    return pair.includes('=') ? [pair] : [];
  });
}

/** Cookies as one Cookie header, a later value of a name replacing an earlier one. */
function cookieHeader(pairs: readonly string[]): string {
  const byName = new Map(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const));
  return [...byName.values()].join('; ');
}

/**
 * A request that follows redirects within the URL's own origin only (SourceError for any other), the
 * cookies a redirect sets sent on with the next hop (a form's answer is often a redirect to a page of
 * the session it opened); a POST redirected by a 301, 302 or 303 continues as a GET without its body.
 */
async function fetchOnOrigin(
  source: string,
  url: string,
  init: SourceRequest,
  signal: AbortSignal,
  { fetch, agent }: { fetch: CheckedAgents['fetch']; agent: Agent },
): Promise<{ response: FetchResponse; cookies: string }> {
  const origin = new URL(url).origin;
  let current = url;
  let method = init.method ?? 'GET';
  let body = init.body;
  const cookies: string[] = [];
  for (let redirects = 0; ; redirects++) {
    const sent = cookies.length > 0 ? cookieHeader([...(init.headers?.cookie ? [init.headers.cookie] : []), ...cookies]) : undefined;
    const headers: Record<string, string> = { ...init.headers, ...(sent ? { cookie: sent } : {}) };
    if (body === undefined) delete headers['content-type'];
    const response = await fetch(current, { method, headers, ...(body === undefined ? {} : { body }), signal, redirect: 'manual', dispatcher: agent });
    cookies.push(...cookiesSet(response.headers));
    const location = response.headers.get('location');
    if (!redirectStatuses.has(response.status) || location === null) return { response, cookies: cookieHeader(cookies) };
    await response.body?.cancel();
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new SourceError(source, 'malformed', `a redirect (HTTP ${response.status}) to no valid URL`, { status: response.status });
    }
    if (next.origin !== origin) {
      throw new SourceError(source, 'connection', `redirected off its host (HTTP ${response.status} to ${next.origin}): not followed`, {
        status: response.status,
      });
    }
    if (redirects >= maxRedirects) throw new SourceError(source, 'malformed', `more than ${maxRedirects} redirects`, { status: response.status });
    if (method === 'POST' && response.status !== 307 && response.status !== 308) {
      method = 'GET';
      body = undefined;
    }
    current = next.toString();
  }
}

/** One source request, every attempt included, observed as one call (latency, failure, trace). */
export function fetchSource(
  source: string,
  url: string,
  init: SourceRequest = {},
  policy: FetchPolicy = defaultFetchPolicy,
  deadline: Deadline = Deadline.none(),
): Promise<SourceResponse> {
  return observeSourceCall(source, () => fetchWithRetries(source, url, init, policy, deadline));
}

function outOfTime(source: string, last: SourceError | undefined): SourceError {
  return last ?? new SourceError(source, 'timeout', 'no time left before the request deadline');
}

async function fetchWithRetries(source: string, url: string, init: SourceRequest, policy: FetchPolicy, deadline: Deadline): Promise<SourceResponse> {
  const sender = await senderFor(init.addresses ?? { allowLoopback: sourceLoopbackAllowedFromEnv(environment()) });
  let last: SourceError | undefined;
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0) {
      const wait =
        last?.failure === 'throttled' && last.retryAfterMs !== undefined
          ? Math.min(last.retryAfterMs, policy.maxRetryAfterMs ?? 2_000)
          : Math.random() * policy.backoffMs * 2 ** attempt;
      if (deadline.remainingMs() - wait < minAttemptMs) throw outOfTime(source, last);
      await sleep(wait);
    }
    const remaining = deadline.remainingMs();
    if (remaining < minAttemptMs) throw outOfTime(source, last);
    // While a retry may follow, an attempt takes at most half of what is left, so the retry has time too.
    const share = attempt < policy.retries ? Math.max(minAttemptMs, remaining / 2) : remaining;
    const timeoutMs = Math.floor(Math.min(policy.timeoutMs, share));
    try {
      const { response, cookies } = await fetchOnOrigin(source, url, init, AbortSignal.timeout(timeoutMs), sender);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const text = utf8.decode(bytes);
      if (response.status === 429) {
        last = new SourceError(source, 'throttled', 'throttled (HTTP 429)', { status: 429, retryAfterMs: retryAfterMs(response.headers) });
        continue;
      }
      if (response.status >= 500) {
        last = new SourceError(source, 'server_error', `HTTP ${response.status}`, { status: response.status });
        continue;
      }
      // The response answered is evidence of what the source said (evidence-capture.ts).
      noteSourceResponse({
        source,
        status: response.status,
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
        bytes,
        fetchedAt: new Date(),
      });
      return { status: response.status, headers: response.headers, text, bytes, cookies };
    } catch (error) {
      // A redirect that is not followed is the answer: asking again would be redirected again.
      if (error instanceof SourceError) throw error;
      // An address the rules refuse is refused again on a retry: the source is unreachable for the call.
      const refused = refusedDestinationOf(error);
      if (refused) throw new SourceError(source, 'connection', `refused ${new URL(url).origin}: ${refused.message}`);
      const name = (error as Error).name;
      last =
        name === 'TimeoutError' || name === 'AbortError'
          ? new SourceError(source, 'timeout', `no answer within ${timeoutMs} ms`, { cause: error })
          : new SourceError(source, 'connection', `connection failed (${describe(error)})`, { cause: error });
    }
  }
  throw last!;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message;
}
