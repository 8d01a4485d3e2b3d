/**
 * Requests to a source's own hosts only. Each source names where it may be fetched from: the origin of
 * its configured base URL (scheme, host and port, as configured) and, over https, the further hosts its
 * definition lists (a data portal its landing page links to, a file store its download redirects to).
 * Every request, the first and each redirect alike, is checked before it is sent:
 * - its origin must be one the source names: a link or redirect anywhere else is refused;
 * - every address its host resolves to must be public, by the webhook guard's rules (ip-ranges.ts); a
 *   local stack may allow loopback (`SOURCE_ALLOW_LOOPBACK=true`, refused on AWS Lambda and never set
 *   by the deployment), so that its sources can point at the simulator on this machine;
 * - the connection is made to the checked addresses only (net/destination.ts), so a DNS answer that
 *   changes after the check cannot move it.
 * Redirects are followed by hand, each hop checked as above, at most `maxRedirects` of them. A refusal is
 * an IngestRefusal of kind `off_host`: final for the file, never retried. Its message names the refused
 * origin, never the rest of the link or any fetched bytes.
 *
 * The answer is a fetch `Response` (body streamed, content coding undone), whose `url` is the URL that
 * answered, after any redirects.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline, Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { environment, sourceLoopbackAllowedFromEnv } from '../../platform/config.ts';
import { hostAddresses, normalizeHost, pinnedLookup, refusedAddress, type Resolve, systemResolve } from '../../platform/net/destination.ts';
import { SourceError } from './errors.ts';
import { IngestRefusal } from './ingest-refusal.ts';

/** Redirects followed for one request before it is given up on. */
export const maxRedirects = 5;

/** How long a source host's name resolution may take. */
export const sourceResolveTimeoutMs = 5_000;

/** Where a source may be fetched from. */
export interface SourceHosts {
  /** Origins (`https://host`, `http://127.0.0.1:4010`) a request may go to. */
  readonly origins: ReadonlySet<string>;
  /** Loopback addresses are allowed (a local stack's simulator); every other non-public address never is. */
  readonly allowLoopback: boolean;
  /** Name resolution (the system resolver by default). */
  readonly resolve?: Resolve;
}

/**
 * The hosts of a source: the origin of each configured URL (a base URL, a fixed file URL), and the
 * `https` origin of each further host its definition names.
 */
export function sourceHosts(configuredUrls: readonly string[], furtherHosts: readonly string[] = [], env: NodeJS.ProcessEnv = environment()): SourceHosts {
  const origins = new Set<string>();
  for (const url of configuredUrls) origins.add(new URL(url).origin);
  for (const host of furtherHosts) origins.add(new URL(`https://${host}`).origin);
  return { origins, allowLoopback: sourceLoopbackAllowedFromEnv(env) };
}

export interface GuardedRequest {
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** Statuses whose response has no body, per the fetch standard. */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

/** Checks one URL against the source's hosts; answers the addresses to connect to. */
async function vet(source: string, url: URL, hosts: SourceHosts): Promise<string[]> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new IngestRefusal(
      source,
      'off_host',
      `refused a link or redirect to a ${url.protocol.replace(/:$/, '')} URL: only the source's http(s) hosts are fetched`,
    );
  }
  if (!hosts.origins.has(url.origin)) {
    throw new IngestRefusal(source, 'off_host', `refused a link or redirect to ${url.origin}: not a host of this source (${[...hosts.origins].join(', ')})`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new IngestRefusal(source, 'off_host', `refused a link or redirect to ${url.origin} carrying credentials`);
  }
  const host = normalizeHost(url.hostname);
  const resolved = await hostAddresses(host, hosts.resolve ?? systemResolve, sourceResolveTimeoutMs);
  if (!resolved.ok) {
    if (resolved.failure === 'invalid_address') throw new IngestRefusal(source, 'off_host', `${host} resolved to something that is no IP address`);
    throw new SourceError(source, 'connection', `${host} could not be resolved${resolved.code ? ` (${resolved.code})` : ''}`);
  }
  const blocked = refusedAddress(resolved.addresses, hosts.allowLoopback);
  if (blocked)
    throw new IngestRefusal(source, 'off_host', `refused ${url.origin}: ${host} resolves to a non-public address (${blocked.address}, ${blocked.range})`);
  return resolved.addresses;
}

/**
 * The body of a response with its content coding undone (gzip, deflate, br), as fetch would. Joined by
 * `pipeline`, so an aborted or failed transfer fails the decoded stream too, and a cancelled read closes
 * the connection.
 */
function decoded(response: IncomingMessage): Readable {
  const coding = (response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder =
    coding === 'gzip' || coding === 'x-gzip' ? createGunzip() : coding === 'deflate' ? createInflate() : coding === 'br' ? createBrotliDecompress() : null;
  if (!decoder) return response;
  // The outcome reaches the reader through the decoder's own error or end.
  return pipeline(response, decoder, () => undefined);
}

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header Headers cannot hold is not one a caller reads.
    }
  }
  return headers;
}

/** One request, connected to `addresses` only; the answer's body is streamed. */
function requestOnce(url: URL, addresses: readonly string[], request: GuardedRequest): Promise<Response> {
  const { signal } = request;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      {
        method: request.method ?? 'GET',
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port === '' ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          ...request.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        lookup: pinnedLookup(addresses),
        // A fresh connection per request: no pooled socket from an earlier resolution is reused.
        agent: false,
        ...(signal ? { signal } : {}),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const noBody = nullBodyStatuses.has(status);
        if (noBody) response.resume();
        const stream = noBody ? null : (Readable.toWeb(decoded(response)) as unknown as ReadableStream<Uint8Array>);
        try {
          resolve(new Response(stream, { status, statusText: response.statusMessage ?? '', headers: headersOf(response) }));
        } catch (error) {
          response.destroy();
          reject(new Error(`unusable response (HTTP ${status})`, { cause: error }));
        }
      },
    );
    req.on('error', (error) => reject(signal?.aborted ? signal.reason : error));
    req.end(body);
  });
}

/**
 * Sends `request` to `url` and follows redirects, each hop checked against the source's hosts before it
 * is requested. Throws IngestRefusal (`off_host`) for a hop refused; SourceError for a host that does
 * not resolve, too many redirects, a redirect without a usable target; the connection's own errors.
 */
export async function guardedFetch(source: string, url: string, hosts: SourceHosts, request: GuardedRequest = {}): Promise<Response> {
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    throw new SourceError(source, 'rejected', 'the source URL is not a valid URL');
  }
  let hop: GuardedRequest = request;
  for (let redirects = 0; ; redirects++) {
    const addresses = await vet(source, current, hosts);
    const response = await requestOnce(current, addresses, hop);
    const location = response.headers.get('location');
    if (!redirectStatuses.has(response.status) || location === null) {
      Object.defineProperty(response, 'url', { value: current.toString() });
      return response;
    }
    await response.body?.cancel();
    if (redirects >= maxRedirects) throw new SourceError(source, 'malformed', `more than ${maxRedirects} redirects`, { status: response.status });
    let next: URL;
    try {
      next = new URL(location, current);
    } catch {
      throw new SourceError(source, 'malformed', `a redirect (HTTP ${response.status}) to no valid URL`, { status: response.status });
    }
    // As fetch does: a 303, and a 301 or 302 answering a POST, continue as a GET without the body.
    const asGet = response.status === 303 || ((response.status === 301 || response.status === 302) && hop.method === 'POST');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(hop.headers ?? {})) {
      const lower = name.toLowerCase();
      if (asGet && lower === 'content-type') continue;
      // Cookies and credentials stay with the origin they were meant for.
      if (next.origin !== current.origin && (lower === 'cookie' || lower === 'authorization')) continue;
      headers[name] = value;
    }
    hop = asGet ? { method: 'GET', headers, ...(hop.signal ? { signal: hop.signal } : {}) } : { ...hop, headers };
    current = next;
  }
}
