/**
 * Webhook URL check against server-side request forgery (issue "Monitors"):
 * - `https:` only, on port 443 or 8443 (`webhookPorts`), for live and test keys alike;
 * - no credentials in the URL, a host name, at most 2048 characters;
 * - every resolved address (or the literal IP host) must be outside the blocked ranges (see
 *   net/ip-ranges.ts).
 * One exception, for integrators' tests on a local stack: with `WEBHOOK_ALLOW_LOOPBACK=true` (off by
 * default, refused on AWS Lambda and by the deployment configuration), a test key may post to a
 * receiver on this machine, over `http:` or `https:` on any port, when every address of its host is a
 * loopback address. Nothing else is waived. `WEBHOOK_ALLOW_LOOPBACK=all` extends the same waiver to live
 * keys, whose monitors on a local stack follow the source simulator: the service's own tests use it to
 * receive the events of real change detection; it is refused where `true` is.
 * The vetted addresses are returned so delivery connects only to them (defeats DNS rebinding).
 */
import { allLoopback, firstBlocked, hostAddresses, normalizeHost, type Resolve, systemResolve } from '../../platform/net/destination.ts';

export { normalizeHost, type Resolve, systemResolve };

export const maxWebhookUrlLength = 2048;

/**
 * Ports a webhook may be sent to: HTTPS's own, and 8443, its conventional alternative for a receiver
 * that shares a host whose 443 is taken. Both only over TLS; no other port of anyone's host is reachable.
 */
export const webhookPorts: readonly number[] = Object.freeze([443, 8443]);

export interface WebhookUrlOptions {
  readonly mode: 'live' | 'test';
  /**
   * Local stack only: test keys (`true`) or every key (`'all'`) may post to loopback receivers (http or
   * https, any port). Default false; see `webhookLoopbackAllowedFromEnv`.
   */
  readonly allowLoopback?: boolean | 'all';
  /** Name resolution; defaults to the system resolver with every address (`all: true`). */
  readonly resolve?: Resolve;
  /** How long name resolution may take before the host counts as unresolvable (default `resolveTimeoutMs`). */
  readonly resolveTimeoutMs?: number;
}

/** How long a webhook host's name resolution may take: the check runs before each POST, within its route's or worker's time. */
export const resolveTimeoutMs = 3_000;

/**
 * Why a URL is refused, as a kind: `invalid_url` (malformed, wrong scheme, credentials, length),
 * `blocked_destination` (a blocked address range or port), `unresolvable` (the host has no address).
 */
export type WebhookUrlRefusal = 'invalid_url' | 'blocked_destination' | 'unresolvable';

export type WebhookUrlCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string; refusal: WebhookUrlRefusal };

const refuse = (refusal: WebhookUrlRefusal, reason: string): WebhookUrlCheck => ({ ok: false, reason, refusal });

/** The URL's port, or its scheme's default. */
const portOf = (url: URL) => (url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port));

export async function checkWebhookUrl(url: string, options: WebhookUrlOptions): Promise<WebhookUrlCheck> {
  if (typeof url !== 'string' || url === '') return refuse('invalid_url', 'webhook_url is required');
  if (url.length > maxWebhookUrlLength) return refuse('invalid_url', `webhook_url is longer than ${maxWebhookUrlLength} characters`);
  // The URL parser silently drops surrounding spaces, tabs and newlines: refuse them instead.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point of this check.
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return refuse('invalid_url', 'webhook_url contains white space or control characters');

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('invalid_url', 'webhook_url is not a valid URL');
  }

  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return refuse('invalid_url', 'webhook_url must use https');
  const host = normalizeHost(parsed.hostname);
  if (host === '') return refuse('invalid_url', 'webhook_url has no host name');
  if (parsed.username !== '' || parsed.password !== '') return refuse('invalid_url', 'webhook_url must not contain credentials');
  const port = portOf(parsed);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return refuse('invalid_url', 'webhook_url has an invalid port');

  // Only a key the local stack's setting covers may leave https on 443/8443, and then only for a loopback host.
  const loopbackOnly = options.allowLoopback === 'all' || (options.mode === 'test' && options.allowLoopback === true);
  if (!loopbackOnly) {
    if (parsed.protocol !== 'https:') return refuse('invalid_url', 'webhook_url must use https');
    if (!webhookPorts.includes(port)) return refuse('blocked_destination', `webhook_url must use port ${webhookPorts.join(' or ')}`);
  }

  const resolved = await hostAddresses(host, options.resolve ?? systemResolve, options.resolveTimeoutMs ?? resolveTimeoutMs);
  if (!resolved.ok) {
    if (resolved.failure === 'invalid_address') return refuse('unresolvable', `webhook_url host ${host} resolved to an invalid address`);
    return refuse('unresolvable', `webhook_url host ${host} could not be resolved${resolved.code ? ` (${resolved.code})` : ''}`);
  }
  const { addresses } = resolved;

  const vetted = { ok: true as const, url: parsed, addresses };
  if (loopbackOnly && allLoopback(addresses)) return vetted;
  if (parsed.protocol !== 'https:') {
    return refuse('invalid_url', 'webhook_url must use https (http only to a loopback receiver of a local stack, test keys)');
  }
  if (!webhookPorts.includes(port)) {
    return refuse(
      'blocked_destination',
      `webhook_url must use port ${webhookPorts.join(' or ')} (any port only to a loopback receiver of a local stack, test keys)`,
    );
  }
  const blocked = firstBlocked(addresses);
  if (blocked !== null) return refuse('blocked_destination', `webhook_url resolves to a non-public address (${blocked.address}, ${blocked.range})`);
  return vetted;
}
