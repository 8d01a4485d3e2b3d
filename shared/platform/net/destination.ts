/**
 * What every outbound request to an address taken from outside (a customer's webhook URL, a source's
 * link or redirect, a source's configured host) checks before it connects, shared by the webhook guard
 * (webhook-url-guard.ts), the source downloads (sources/guarded-fetch.ts) and the live lookups
 * (checked-agent.ts, sources/http-fetch.ts):
 * - the host's addresses: the literal IP, else every address the resolver gives, within a time limit;
 * - whether any of them lies in a blocked range (ip-ranges.ts), or all of them on loopback;
 * - a `lookup` that answers with the checked addresses only, so the connection goes to what was checked
 *   and a DNS answer changed in between (rebinding) cannot move it.
 */
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { blockedRange, isLoopback } from './ip-ranges.ts';

export type Resolve = (host: string) => Promise<string[]>;

/** What a connection may reach: public addresses, and loopback ones where a local stack allows it. */
export interface AddressRules {
  /** Loopback addresses are allowed (a local stack's simulator); every other non-public address never is. */
  readonly allowLoopback: boolean;
  /** Name resolution (the system resolver by default). */
  readonly resolve?: Resolve;
}

/** A destination the rules refuse: no connection was made. Names the host and the address, nothing else. */
export class RefusedDestination extends Error {
  readonly code = 'EDESTINATIONREFUSED';

  constructor(
    readonly host: string,
    /** Why, e.g. `a non-public address (10.0.0.7, 10.0.0.0/8 private)`. */
    readonly why: string,
  ) {
    super(`${host} resolves to ${why}`);
    this.name = 'RefusedDestination';
  }
}

/** The RefusedDestination behind an error (a failed fetch carries it as its cause), if any. */
export function refusedDestinationOf(error: unknown): RefusedDestination | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof RefusedDestination) return current;
  }
  return undefined;
}

/** System resolution of every address of a host name (A and AAAA, as the OS resolver returns them). */
export const systemResolve: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** Lower case, no IPv6 brackets, no trailing dot; IPv6 literals in the URL parser's compressed form. */
export function normalizeHost(host: string): string {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(bare) === 6) {
    try {
      return new URL(`http://[${bare}]/`).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return bare;
    }
  }
  return bare;
}

/** `resolve(host)`, rejected with code ETIMEOUT when it takes longer than `timeoutMs`. */
async function resolveWithin(resolve: Resolve, host: string, timeoutMs: number): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`resolving ${host} timed out`), { code: 'ETIMEOUT' })), timeoutMs);
  });
  try {
    return await Promise.race([resolve(host), timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

export type HostAddresses =
  | { readonly ok: true; readonly addresses: string[] }
  /** `unresolvable`: no address (a resolver error's code in `code`); `invalid_address`: the resolver gave something that is no IP address. */
  | { readonly ok: false; readonly failure: 'unresolvable' | 'invalid_address'; readonly code?: string };

/** The addresses of a (normalized) host: itself when it is an IP literal, else every address it resolves to. */
export async function hostAddresses(host: string, resolve: Resolve, timeoutMs: number): Promise<HostAddresses> {
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    try {
      addresses = await resolveWithin(resolve, host, timeoutMs);
    } catch (error) {
      const code = (error as { code?: string }).code;
      return { ok: false, failure: 'unresolvable', ...(code ? { code } : {}) };
    }
    if (addresses.length === 0) return { ok: false, failure: 'unresolvable' };
  }
  if (addresses.some((address) => blockedRange(address) === 'not an IP address')) return { ok: false, failure: 'invalid_address' };
  return { ok: true, addresses: addresses.map((address) => address.replace(/^\[|\]$/g, '')) };
}

/** The first address in a blocked range, with the range, or null when every address is public. */
export function firstBlocked(addresses: readonly string[]): { address: string; range: string } | null {
  for (const address of addresses) {
    const range = blockedRange(address);
    if (range !== null) return { address, range };
  }
  return null;
}

/** True when every address is a loopback address (the only waiver a local stack may grant). */
export const allLoopback = (addresses: readonly string[]): boolean => addresses.length > 0 && addresses.every(isLoopback);

/**
 * The address the rules refuse, with its range, or null when every address may be reached: all public,
 * or (where a local stack allows it) all on loopback. One loopback address waives no other address.
 */
export function refusedAddress(addresses: readonly string[], allowLoopback: boolean): { address: string; range: string } | null {
  if (allowLoopback && allLoopback(addresses)) return null;
  return firstBlocked(addresses);
}

/** A `lookup` that answers every query with the checked addresses instead of asking DNS. */
export function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  }) as unknown as LookupFunction;
}
