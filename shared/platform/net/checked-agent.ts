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
 * TCP (and TLS) connection; a pooled connection is one that was checked when it was made. undici is
 * loaded with this module: callers import it when they first need it (sources/http-fetch.ts), so a
 * function that makes no such request does not load it at its start.
 */
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import { type AddressRules, hostAddresses, normalizeHost, pinnedLookup, RefusedDestination, refusedAddress, systemResolve } from './destination.ts';

/** undici's own fetch, which takes this agent as its `dispatcher` (the global fetch's undici may differ in version). */
export { fetch } from 'undici';

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
