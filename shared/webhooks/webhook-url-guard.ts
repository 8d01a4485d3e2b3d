/**
 * Webhook URL check against server-side request forgery (issue "Monitors"):
 * - live keys: `https:` only; test keys: `https:`, or `http:` only to a host allowed by configuration;
 * - no credentials in the URL, a host name, port 1-65535, at most 2048 characters;
 * - every resolved address (or the literal IP host) must be outside the blocked ranges (see
 *   ip-ranges.ts), unless the host is allowed by configuration (local receivers).
 * The vetted addresses are returned so delivery connects only to them (defeats DNS rebinding).
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { blockedRange } from './ip-ranges.ts';

export const maxWebhookUrlLength = 2048;

export type Resolve = (host: string) => Promise<string[]>;

export interface WebhookUrlOptions {
  readonly mode: 'live' | 'test';
  /** Hosts exempt from the address-range check and, for test keys, allowed over `http:`. */
  readonly allowedHosts: readonly string[];
  /** Name resolution; defaults to the system resolver with every address (`all: true`). */
  readonly resolve?: Resolve;
}

export type WebhookUrlCheck = { ok: true; url: URL; addresses: string[] } | { ok: false; reason: string };

/** System resolution of every address of a host name (A and AAAA, as the OS resolver returns them). */
export const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Host names from `WEBHOOK_ALLOWED_HOSTS` (comma-separated, e.g. `127.0.0.1,localhost` locally). */
export function webhookAllowedHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.WEBHOOK_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => host !== '');
}

/** Lower case, no IPv6 brackets, no trailing dot; IPv6 literals in the URL parser's compressed form. */
export function normalizeHost(host: string): string {
  const bare = host.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(bare) === 6) {
    try {
      return new URL(`http://[${bare}]/`).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return bare;
    }
  }
  return bare;
}

const refuse = (reason: string): WebhookUrlCheck => ({ ok: false, reason });

export async function checkWebhookUrl(url: string, options: WebhookUrlOptions): Promise<WebhookUrlCheck> {
  if (typeof url !== 'string' || url === '') return refuse('webhook_url is required');
  if (url.length > maxWebhookUrlLength) return refuse(`webhook_url is longer than ${maxWebhookUrlLength} characters`);
  // The URL parser silently drops surrounding spaces, tabs and newlines: refuse them instead.
  if (/[\s\u0000-\u001f\u007f]/.test(url)) return refuse('webhook_url contains white space or control characters');

  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('webhook_url is not a valid URL');
  }

  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return refuse('webhook_url must use https');
  const host = normalizeHost(parsed.hostname);
  if (host === '') return refuse('webhook_url has no host name');
  const allowed = options.allowedHosts.some((entry) => normalizeHost(entry) === host);

  if (parsed.protocol === 'http:') {
    if (options.mode === 'live') return refuse('webhook_url must use https for live keys');
    if (!allowed) return refuse('webhook_url must use https (http only to a host allowed by configuration, test keys only)');
  }

  if (parsed.username !== '' || parsed.password !== '') return refuse('webhook_url must not contain credentials');
  if (parsed.port !== '') {
    const port = Number(parsed.port);
    if (!Number.isInteger(port) || port < 1 || port > 65535) return refuse('webhook_url has an invalid port');
  }

  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(host);
    } catch (error) {
      const code = (error as { code?: string }).code;
      return refuse(`webhook_url host ${host} could not be resolved${code ? ` (${code})` : ''}`);
    }
    if (addresses.length === 0) return refuse(`webhook_url host ${host} could not be resolved`);
  }

  for (const address of addresses) {
    // Even allowed hosts must resolve to IP addresses; only the range check is waived for them.
    const blocked = blockedRange(address);
    if (blocked === 'not an IP address') return refuse(`webhook_url host ${host} resolved to an invalid address`);
    if (blocked !== null && !allowed) {
      return refuse(`webhook_url resolves to a non-public address (${address}, ${blocked})`);
    }
  }
  return { ok: true, url: parsed, addresses: addresses.map((address) => address.replace(/^\[|\]$/g, '')) };
}
