/**
 * What a failed delivery attempt is called where the customer can see it (`GET /v1/events`, the
 * failure e-mail): one of a few generic kinds, never the system error, the address connected to or the
 * resolver's answer, so the attempts cannot be read as a port scan or a map of anyone's network. The
 * precise cause is logged by the delivery worker only.
 */
export const deliveryErrors = ['connection_failed', 'timeout', 'tls_error', 'http_status', 'blocked_destination'] as const;

export type DeliveryError = (typeof deliveryErrors)[number];

export const deliveryErrorDescriptions: Record<DeliveryError, string> = {
  connection_failed: 'No connection could be made to the receiver (refused, reset, unreachable, not resolvable, or not connected within the time-out).',
  timeout: 'Connected and sent, but no response within the receiver time-out (10 s).',
  tls_error: 'The TLS handshake failed (certificate invalid, expired, for another name, or no TLS on that port).',
  http_status: 'The receiver answered a status other than 2xx (a 3xx redirect is never followed); see `status`.',
  blocked_destination: 'The URL is no longer allowed: its host now resolves to a blocked address range, or its port or scheme is not allowed.',
};

/** Node's and OpenSSL's codes for a failed TLS handshake or certificate check. */
const tlsCode = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|EPROTO$|HOSTNAME_MISMATCH$|ERR_OSSL_)/;

/** The kind of a failed request from its error (before any response): TLS or connection. */
export function classifyRequestError(error: unknown): Extract<DeliveryError, 'tls_error' | 'connection_failed'> {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && tlsCode.test(code) ? 'tls_error' : 'connection_failed';
}

const isDeliveryError = (value: string): value is DeliveryError => (deliveryErrors as readonly string[]).includes(value);

/**
 * The generic kind of a stored attempt's error. Attempts recorded before errors were generic hold the
 * precise text (`connection failed (ECONNREFUSED)`, `timed out after 10000 ms`, `HTTP 500`,
 * `webhook URL refused: …`): they are shown by kind too.
 */
export function publicDeliveryError(stored: string | null, status: number | null): DeliveryError | null {
  if (stored === null) return null;
  if (isDeliveryError(stored)) return stored;
  if (/^webhook URL refused/i.test(stored)) return 'blocked_destination';
  if (/^timed out/i.test(stored)) return 'timeout';
  if (status !== null || /^HTTP \d{3}$|^redirect not followed/i.test(stored)) return 'http_status';
  const code = /\(([A-Z0-9_]+)\)\s*$/.exec(stored)?.[1];
  return code !== undefined && tlsCode.test(code) ? 'tls_error' : 'connection_failed';
}
