/**
 * One webhook delivery attempt (docs/api-guide.md, "Webhooks"):
 * - HTTP POST of the raw JSON body with `Content-Type`, `Service-Signature`, `Service-Event-Id`,
 *   `Service-Timestamp` (ISO 8601), the Standard Webhooks headers `webhook-id`, `webhook-timestamp`
 *   (unix seconds, the same instant) and `webhook-signature` (see webhook-signature.ts), and a
 *   `User-Agent` naming the service;
 * - connects only to the addresses vetted by checkWebhookUrl (a custom `lookup`), so a DNS answer
 *   changed after the check cannot redirect the request; TLS SNI and Host still carry the host name;
 * - one deadline for the whole request (connect, send, response head), 10 s by default;
 * - redirects are never followed (a 3xx is a failure); success is any 2xx;
 * - at most a few KB of the response body are read, then discarded.
 * The outcome is returned, never thrown, with the failure as a generic kind (delivery-errors.ts) for the
 * customer and the precise cause (`detail`) for the logs only; retries are the caller's (see
 * retry-schedule.ts).
 */
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { pinnedLookup } from '../../platform/net/destination.ts';
import { classifyRequestError, type DeliveryError } from './delivery-errors.ts';
import {
  serviceSignatureValue,
  signatureHeader,
  standardIdHeader,
  standardSignatureHeader,
  standardSignatureValue,
  standardTimestampHeader,
} from './webhook-signature.ts';

export const webhookUserAgent = 'LicenseVerificationAPI-Webhooks/1.0';

/** The event id, the same on every attempt: receivers de-duplicate on it. */
export const eventIdHeader = 'Service-Event-Id';
/** When this attempt was sent (ISO 8601). */
export const timestampHeader = 'Service-Timestamp';

/** The receiver's time-out: any 2xx within 10 seconds is success (docs/api-guide.md, "Webhooks"). */
export const defaultWebhookTimeoutMs = 10_000;

/** Response bytes read before the connection is dropped. */
export const maxResponseBytes = 4_096;

export interface WebhookDeliveryRequest {
  readonly url: string;
  /** Addresses from checkWebhookUrl; the only ones connected to. */
  readonly addresses: readonly string[];
  readonly body: string;
  readonly secret: string;
  /** The secret being rotated out, during its overlap window: it signs `Service-Signature`, and `webhook-signature` after the new secret. */
  readonly previousSecret?: string;
  readonly eventId: string;
  readonly timestamp: Date;
  readonly timeoutMs?: number;
}

export interface WebhookPostResult {
  readonly ok: boolean;
  readonly status: number | null;
  /** Why it failed, as a kind the customer may see; null on success. */
  readonly error: DeliveryError | null;
  /** The precise cause (system error code, time-out, status): for logs only, never shown to the customer. */
  readonly detail: string | null;
  readonly durationMs: number;
}

function describeError(error: unknown): string {
  const code = (error as { code?: string }).code;
  const message = (error as Error).message ?? String(error);
  return code ? `connection failed (${code})` : `connection failed (${message})`;
}

type Failure = { readonly error: DeliveryError; readonly detail: string };

export async function deliverWebhook(request: WebhookDeliveryRequest): Promise<WebhookPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const timeoutMs = request.timeoutMs ?? defaultWebhookTimeoutMs;

  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return { ok: false, status: null, error: 'blocked_destination', detail: 'invalid webhook URL', durationMs: elapsed() };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, status: null, error: 'blocked_destination', detail: `unsupported protocol ${url.protocol}`, durationMs: elapsed() };
  }
  if (request.addresses.length === 0 || request.addresses.some((address) => isIP(address) === 0)) {
    return { ok: false, status: null, error: 'blocked_destination', detail: 'no vetted address to connect to', durationMs: elapsed() };
  }

  const body = Buffer.from(request.body, 'utf8');
  const unixSeconds = Math.floor(request.timestamp.getTime() / 1000);
  const options: RequestOptions = {
    method: 'POST',
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port === '' ? undefined : Number(url.port),
    path: `${url.pathname}${url.search}`,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
      [signatureHeader]: serviceSignatureValue(request.body, request),
      [eventIdHeader]: request.eventId,
      [timestampHeader]: request.timestamp.toISOString(),
      [standardIdHeader]: request.eventId,
      [standardTimestampHeader]: String(unixSeconds),
      [standardSignatureHeader]: standardSignatureValue(request.eventId, unixSeconds, request.body, request),
      'User-Agent': webhookUserAgent,
    },
    lookup: pinnedLookup(request.addresses),
    // A fresh connection per attempt: no pooled socket from an earlier resolution is reused.
    agent: false,
  };

  return new Promise<WebhookPostResult>((resolve) => {
    let settled = false;
    let req: ClientRequest | undefined;
    let response: IncomingMessage | undefined;
    /** The connection (and TLS, for https) is up and the request could be sent. */
    let connected = false;

    const finish = (status: number | null, failure: Failure | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      response?.destroy();
      req?.destroy();
      const ok = failure === null && status !== null && status >= 200 && status < 300;
      const outcome = ok ? null : (failure ?? outcomeFailure(status));
      resolve({ ok, status, error: outcome?.error ?? null, detail: outcome?.detail ?? null, durationMs: elapsed() });
    };

    // Whole-request deadline: `timeout` on the socket would only bound idle time.
    const deadline = setTimeout(() => {
      // The status line arrived in time: the outcome is decided, only the discarded body was late.
      if (response) finish(response.statusCode ?? null, null);
      // Not connected in time is a failed connection: whether a port drops or refuses is not told apart.
      else if (!connected) finish(null, { error: 'connection_failed', detail: `not connected after ${timeoutMs} ms` });
      else finish(null, { error: 'timeout', detail: `timed out after ${timeoutMs} ms` });
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
      finish(null, { error: classifyRequestError(error), detail: describeError(error) });
      return;
    }
    req.on('socket', (socket) => {
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => (connected = true));
    });
    req.on('error', (error) => finish(null, { error: classifyRequestError(error), detail: describeError(error) }));
    req.end(body);
  });
}

function outcomeFailure(status: number | null): Failure {
  if (status === null) return { error: 'connection_failed', detail: 'no response' };
  if (status >= 300 && status < 400) return { error: 'http_status', detail: `redirect not followed (HTTP ${status})` };
  return { error: 'http_status', detail: `HTTP ${status}` };
}
