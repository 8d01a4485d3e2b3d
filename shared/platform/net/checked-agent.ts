/**
 * A keep-alive HTTP agent (undici) for requests to configured hosts made again and again (a source's
 * live lookups): every new connection goes only to addresses that pass the destination rules
 * (destination.ts, ip-ranges.ts), the same ones the source downloads and webhooks are held to.
 * - A host name is resolved by the connection's own `lookup`, which checks every address the resolver
 *   gives and answers with those checked addresses only: the connection is made to what was checked,
 *   with no second resolution in between.
 * - An IP literal (which Node connects to without a lookup) is checked before the connection is made.
 * - A refused destination fails the connection with a RefusedDestination: nothing is sent.
 * Connections are pooled per origin and kept alive, so consecutive requests to one source reuse one
 * TCP (and TLS) connection; a pooled connection is one that was checked when it was made.
 */
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { hostAddresses, normalizeHost, pinnedLookup, refusedAddress, type Resolve, systemResolve } from './destination.ts';

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

/** How long a host's name resolution may take. */
export const resolveTimeoutMs = 5_000;

/** A `lookup` that resolves, checks every address, and answers with the checked addresses only. */
function checkingLookup(rules: AddressRules): LookupFunction {
  const resolve = rules.resolve ?? systemResolve;
  return ((hostname: string, options: { all?: boolean }, callback: (error: Error | null, ...rest: unknown[]) => void) => {
    const host = normalizeHost(hostname);
    void hostAddresses(host, resolve, resolveTimeoutMs).then(
      (resolved) => {
        if (!resolved.ok) {
          if (resolved.failure === 'invalid_address') callback(new RefusedDestination(host, 'something that is no IP address'));
          else callback(Object.assign(new Error(`${host} could not be resolved`), { code: resolved.code ?? 'ENOTFOUND' }));
          return;
        }
        const refused = refusedAddress(resolved.addresses, rules.allowLoopback);
        if (refused) {
          callback(new RefusedDestination(host, `a non-public address (${refused.address}, ${refused.range})`));
          return;
        }
        (pinnedLookup(resolved.addresses) as unknown as (h: string, o: { all?: boolean }, c: typeof callback) => void)(hostname, options, callback);
      },
      (error: unknown) => callback(error as Error),
    );
  }) as unknown as LookupFunction;
}

/** A keep-alive agent whose connections reach only what `rules` allow. */
export function checkedAgent(rules: AddressRules, options: { keepAliveTimeoutMs?: number; connectTimeoutMs?: number } = {}): Agent {
  const base = buildConnector({ lookup: checkingLookup(rules), timeout: options.connectTimeoutMs ?? 10_000 } as buildConnector.BuildOptions);
  const connect: buildConnector.connector = (connection, callback) => {
    const host = normalizeHost(connection.hostname);
    if (isIP(host) !== 0) {
      // Node connects to an IP literal without asking `lookup`: it is checked here instead.
      const refused = refusedAddress([host], rules.allowLoopback);
      if (refused) {
        callback(new RefusedDestination(host, `a non-public address (${refused.address}, ${refused.range})`), null);
        return;
      }
    }
    base(connection, callback);
  };
  return new Agent({ connect, keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000 });
}
