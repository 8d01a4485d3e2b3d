/**
 * One webhook delivery attempt (issue "Webhook delivery"; spec, Events and Limits):
 * - HTTP POST of the raw JSON body with `Content-Type`, `Service-Signature`, `Service-Event-Id`,
 *   `Service-Timestamp` (ISO 8601) and a `User-Agent` naming the service;
 * - connects only to the addresses vetted by checkWebhookUrl (a custom `lookup`), so a DNS answer
 *   changed after the check cannot redirect the request; TLS SNI and Host still carry the host name;
 * - one deadline for the whole request (connect, send, response head), 10 s by default;
 * - redirects are never followed (a 3xx is a failure); success is any 2xx;
 * - at most a few KB of the response body are read, then discarded.
 * The outcome is returned, never thrown; retries are the caller's (see retry-schedule.ts).
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { signatureHeader, signWebhookBody } from './webhook-signature.ts';

export const webhookUserAgent = 'LicenseVerificationAPI-Webhooks/1.0';

/** The event id, the same on every attempt: receivers de-duplicate on it. */
export const eventIdHeader = 'Service-Event-Id';
/** When this attempt was sent (ISO 8601). */
export const timestampHeader = 'Service-Timestamp';

/** Spec, Limits: webhook receiver time-out. */
export const defaultWebhookTimeoutMs = 10_000;

/** Response bytes read before the connection is dropped. */
export const maxResponseBytes = 4_096;

export interface WebhookDeliveryRequest {
  readonly url: string;
  /** Addresses from checkWebhookUrl; the only ones connected to. */
  readonly addresses: readonly string[];
  readonly body: string;
  readonly secret: string;
  readonly eventId: string;
  readonly timestamp: Date;
  readonly timeoutMs?: number;
}

export interface WebhookDeliveryResult {
  readonly ok: boolean;
  readonly status: number | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** A `lookup` that answers every query with the vetted addresses instead of asking DNS. */
function pinnedLookup(addresses: readonly string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  }) as unknown as LookupFunction;
}

function describeError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? String(error);
  return code ? `connection failed (${code})` : `connection failed (${message})`;
}

export async function deliverWebhook(request: WebhookDeliveryRequest): Promise<WebhookDeliveryResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = request.timeoutMs ?? defaultWebhookTimeoutMs;

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, status: null, error: 'invalid webhook URL', durationMs: elapsed() };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, status: null, error: `unsupported protocol ${url.protocol}`, durationMs: elapsed() };
  }
  if (request.addresses.length === 0 || request.addresses.some((address) => isIP(address) === 0)) {
    return { ok: false, status: null, error: 'no vetted address to connect to', durationMs: elapsed() };
  }

  const body = Buffer.from(request.body, 'utf8');
  const options: RequestOptions = {
    method: 'POST',
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
      [signatureHeader]: signWebhookBody(request.body, request.secret),
      [eventIdHeader]: request.eventId,
      [timestampHeader]: request.timestamp.toISOString(),
      'User-Agent': webhookUserAgent,
    },
    lookup: pinnedLookup(request.addresses),
    // A fresh connection per attempt: no pooled socket from an earlier resolution is reused.
    agent: false,
  };

  return new Promise<WebhookDeliveryResult>((resolve) => {
    let settled = false;
    let req: ClientRequest | undefined;
    let response: IncomingMessage | undefined;

    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      response?.destroy();
      req?.destroy();
      const ok = error === null && status !== null && status >= 200 && status < 300;
      resolve({ ok, status, error: ok ? null : (error ?? outcomeError(status)), durationMs: elapsed() });
    };

    // Whole-request deadline: `timeout` on the socket would only bound idle time.
    const deadline = setTimeout(() => {
      // The status line arrived in time: the outcome is decided, only the discarded body was late.
      if (response) finish(response.statusCode ?? null, null);
      else finish(null, `timed out after ${timeoutMs} ms`);
    }, timeoutMs);

    try {
      req = (url.protocol === 'https:' ? httpsRequest : httpRequest)(options, (res) => {
        response = res;
        const status = res.statusCode ?? null;
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received >= maxResponseBytes) finish(status, null);
        });
        res.on('end', () => finish(status, null));
        res.on('error', () => finish(status, null));
        res.on('close', () => finish(status, null));
      });
    } catch (error) {
      finish(null, describeError(error));
      return;
    }
    req.on('error', (error) => finish(null, describeError(error)));
    req.end(body);
  });
}

function outcomeError(status: number | null): string {
  if (status === null) return 'no response';
  if (status >= 300 && status < 400) return `redirect not followed (HTTP ${status})`;
  return `HTTP ${status}`;
}
