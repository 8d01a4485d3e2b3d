/**
 * Client for the license verification API: one method per operation of the OpenAPI document, retries
 * with backoff (POSTs only under an Idempotency-Key, which the client makes unless given one), cursor
 * pagination, and the two checks a receiver of the API's output makes offline: webhook signatures and
 * certificate signatures. Plain ES module JavaScript for Node.js 20 or newer; no dependencies (global
 * fetch and node:crypto). Types: index.d.ts, over schema.d.ts generated from the OpenAPI document.
 */
import { createHash, createHmac, createPublicKey, randomUUID, timingSafeEqual, verify as verifySignature } from 'node:crypto';

export const VERSION = '0.1.0';

const DEFAULTS = {
  maxRetries: 2,
  timeoutMs: 60_000,
  retryBaseDelayMs: 500,
  maxRetryDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
};

/** The code an error without a JSON body (an HTML page, a proxy's answer) is given, by its status. */
const CODE_BY_STATUS = {
  400: 'invalid_request',
  401: 'authentication_failed',
  404: 'resource_not_found',
  405: 'method_not_allowed',
  413: 'request_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limit_exceeded',
  500: 'internal_error',
  502: 'service_unavailable',
  503: 'service_unavailable',
  504: 'service_unavailable',
};

/** An error answer of the API, or no answer at all (`status` null: `connection_error` or `timeout`). */
export class LicenseVerificationError extends Error {
  constructor(init) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'LicenseVerificationError';
    this.status = init.status ?? null;
    this.code = init.code;
    this.param = init.param ?? null;
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
    this.resetAt = init.resetAt ?? null;
    this.docs = init.docs ?? null;
    this.body = init.body ?? null;
    this.headers = init.headers ?? null;
    this.method = init.method ?? null;
    this.url = init.url ?? null;
    this.attempts = init.attempts ?? 1;
  }
}

/** A webhook delivery that failed verification; `reason` says which check refused it. */
export class WebhookVerificationError extends Error {
  constructor(reason, message) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

export class LicenseVerificationClient {
  #baseUrl;
  #apiKey;
  #fetch;
  #settings;
  #jwks = null;

  constructor(options) {
    if (!options || typeof options.baseUrl !== 'string' || options.baseUrl === '') throw new TypeError('LicenseVerificationClient: baseUrl is required');
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#apiKey = options.apiKey;
    this.#fetch = options.fetch ?? globalThis.fetch;
    if (typeof this.#fetch !== 'function') throw new TypeError('LicenseVerificationClient: no fetch available; pass options.fetch');
    this.#settings = {
      maxRetries: options.maxRetries ?? DEFAULTS.maxRetries,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
      retryBaseDelayMs: options.retryBaseDelayMs ?? DEFAULTS.retryBaseDelayMs,
      maxRetryDelayMs: options.maxRetryDelayMs ?? DEFAULTS.maxRetryDelayMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULTS.maxRetryAfterMs,
      userAgent: options.userAgent ?? `license-verification-client-js/${VERSION}`,
      headers: options.headers ?? {},
    };
    /** Async iterators over every item of a list operation, following `next_cursor`. */
    this.paginate = Object.freeze({
      listApiKeys: (query, options) => this.#items((q, o) => this.listApiKeys(q, o), query, options),
      listMonitors: (query, options) => this.#items((q, o) => this.listMonitors(q, o), query, options),
      listEvents: (query, options) => this.#items((q, o) => this.listEvents(q, o), query, options),
      listMonitorDeliveries: (params, query, options) => this.#items((q, o) => this.listMonitorDeliveries(params, q, o), query, options),
      listVerifications: (query, options) => this.#items((q, o) => this.listVerifications(q, o), query, options),
    });
  }

  // Service

  health(options) {
    return this.#call({ method: 'GET', path: '/health', auth: false }, options);
  }
  getOpenApi(options) {
    return this.#call({ method: 'GET', path: '/v1/openapi.json', auth: false }, options);
  }
  getApiReference(options) {
    return this.#call({ method: 'GET', path: '/docs', auth: false, accept: 'text/html', as: 'text' }, options);
  }
  getCoverage(options) {
    return this.#call({ method: 'GET', path: '/v1/coverage' }, options);
  }
  getSources(query, options) {
    return this.#call({ method: 'GET', path: '/v1/sources', query }, options);
  }

  // Account and keys

  getAccount(options) {
    return this.#call({ method: 'GET', path: '/v1/account' }, options);
  }
  getUsage(query, options) {
    return this.#call({ method: 'GET', path: '/v1/usage', query }, options);
  }
  listApiKeys(query, options) {
    return this.#call({ method: 'GET', path: '/v1/keys', query }, options);
  }
  createApiKey(body, options) {
    return this.#call({ method: 'POST', path: '/v1/keys', body }, options);
  }
  getApiKey(params, options) {
    return this.#call({ method: 'GET', path: route('/v1/keys/{key_id}', params) }, options);
  }
  revokeApiKey(params, options) {
    return this.#call({ method: 'DELETE', path: route('/v1/keys/{key_id}', params) }, options);
  }
  rollApiKey(params, body, options) {
    return this.#call({ method: 'POST', path: route('/v1/keys/{key_id}/roll', params), body }, options);
  }

  // Verifications and certificates

  verify(body, options) {
    return this.#call({ method: 'POST', path: '/v1/verify', body }, options);
  }
  verifyBulk(body, options) {
    return this.#call({ method: 'POST', path: '/v1/verify/bulk', body }, options);
  }
  getCertificate(params, options) {
    return this.#call({ method: 'GET', path: route('/v1/certificate/{verification_id}', params) }, options);
  }
  getCertificatePdf(params, options) {
    return this.#call({ method: 'GET', path: route('/v1/certificate/{verification_id}/pdf', params), accept: 'application/pdf', as: 'bytes' }, options);
  }
  getCertificateEvidence(params, options) {
    return this.#call({ method: 'GET', path: route('/v1/certificate/{verification_id}/evidence', params) }, options);
  }
  getRecord(params, options) {
    const json = options?.format === 'json';
    return this.#call(
      {
        method: 'GET',
        path: route('/records/{verification_id}', params),
        auth: false,
        accept: json ? 'application/json' : 'text/html',
        as: json ? 'json' : 'text',
      },
      options,
    );
  }
  getSigningKeys(options) {
    return this.#call({ method: 'GET', path: '/v1/signing-keys', auth: false }, options);
  }
  listVerifications(query, options) {
    return this.#call({ method: 'GET', path: '/v1/verifications', query }, options);
  }
  createHistoryExport(body, options) {
    return this.#call({ method: 'POST', path: '/v1/verifications/exports', body }, options);
  }
  getHistoryExport(params, options) {
    return this.#call({ method: 'GET', path: route('/v1/verifications/exports/{export_id}', params) }, options);
  }
  /**
   * A ready export's CSV, through its stable download route: the service answers 302 to a link signed at
   * that moment (valid 60 seconds), followed here without the API key. Works until the export's `expires_at`.
   */
  async getHistoryExportDownload(params, options = {}) {
    const path = route('/v1/verifications/exports/{export_id}/download', params);
    const { headers } = await this.#send({ method: 'GET', path, as: 'text', redirect: 'manual' }, options);
    const location = headers.get('location');
    if (!location) throw new LicenseVerificationError({ status: null, code: 'invalid_response', message: `GET ${path} answered no Location` });
    return this.#download(location, options);
  }

  // Monitors and events

  createMonitor(body, options) {
    return this.#call({ method: 'POST', path: '/v1/monitor', body }, options);
  }
  listMonitors(query, options) {
    return this.#call({ method: 'GET', path: '/v1/monitors', query }, options);
  }
  getMonitor(params, options) {
    return this.#call({ method: 'GET', path: route('/v1/monitor/{monitor_id}', params) }, options);
  }
  deleteMonitor(params, options) {
    return this.#call({ method: 'DELETE', path: route('/v1/monitor/{monitor_id}', params) }, options);
  }
  checkMonitor(params, body, options) {
    return this.#call({ method: 'POST', path: route('/v1/monitor/{monitor_id}/check', params), body }, options);
  }
  testMonitorWebhook(params, body, options) {
    return this.#call({ method: 'POST', path: route('/v1/monitor/{monitor_id}/test-webhook', params), body }, options);
  }
  rotateMonitorSecret(params, body, options) {
    return this.#call({ method: 'POST', path: route('/v1/monitor/{monitor_id}/rotate-secret', params), body }, options);
  }
  listMonitorDeliveries(params, query, options) {
    return this.#call({ method: 'GET', path: route('/v1/monitor/{monitor_id}/deliveries', params), query }, options);
  }
  listEvents(query, options) {
    return this.#call({ method: 'GET', path: '/v1/events', query }, options);
  }
  getEvent(params, options) {
    return this.#call({ method: 'GET', path: route('/v1/events/{event_id}', params) }, options);
  }
  redeliverEvent(params, body, options) {
    return this.#call({ method: 'POST', path: route('/v1/events/{event_id}/redeliver', params), body }, options);
  }

  // Helpers over the operations

  /**
   * Polls an export until it is final (`ready`, `failed` or `expired`), waiting between looks as its
   * `Retry-After` says (clamped to `minIntervalMs`..`maxIntervalMs`); answers the final export.
   */
  async waitForHistoryExport(params, options = {}) {
    const { timeoutMs = 15 * 60_000, minIntervalMs = 250, maxIntervalMs = 30_000, signal } = options;
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { data, headers } = await this.request('GET', route('/v1/verifications/exports/{export_id}', params), { signal });
      if (data.status !== 'pending') return data;
      const retryAfter = parseRetryAfter(headers.get('retry-after'));
      const wait = Math.min(Math.max(retryAfter === null ? 10_000 : retryAfter * 1000, minIntervalMs), maxIntervalMs);
      if (Date.now() + wait > deadline) {
        throw new LicenseVerificationError({
          status: null,
          code: 'timeout',
          message: `Export ${data.export_id} was still pending after ${timeoutMs} ms.`,
          body: data,
        });
      }
      await sleep(wait, signal);
    }
  }

  /**
   * Downloads a ready export's CSV from its `download_url` (a presigned link: no API key is sent). The link
   * was signed when the export was read and may end within 15 minutes; `getHistoryExportDownload` signs one
   * at the moment of the download.
   */
  async downloadHistoryExport(historyExport, options = {}) {
    if (!historyExport?.download_url) throw new TypeError('downloadHistoryExport: the export has no download_url (is it ready?)');
    return this.#download(historyExport.download_url, options);
  }

  /** GETs a presigned link to an export's file, without the API key; answers its text. */
  async #download(url, options) {
    const signal = options.signal
      ? AbortSignal.any([options.signal, AbortSignal.timeout(this.#settings.timeoutMs)])
      : AbortSignal.timeout(this.#settings.timeoutMs);
    const res = await this.#fetch(url, { signal });
    if (!res.ok) {
      throw new LicenseVerificationError({
        status: res.status,
        code: 'download_failed',
        message: `The export's download answered ${res.status}.`,
        body: await res.text(),
      });
    }
    return res.text();
  }

  /**
   * Checks a certificate's hash and signature against the service's signing keys (fetched from
   * GET /v1/signing-keys, kept, and fetched again when a certificate names a key they lack). Takes the
   * certificate, or a verification id to fetch it first.
   */
  async verifyCertificate(certificateOrId, options) {
    const certificate = typeof certificateOrId === 'string' ? await this.getCertificate({ verification_id: certificateOrId }, options) : certificateOrId;
    const kid = certificate?.signing_key_id;
    if (this.#jwks === null || !this.#jwks.keys.some((k) => k.kid === kid)) this.#jwks = await this.getSigningKeys(options);
    return verifyCertificate(certificate, this.#jwks);
  }

  /**
   * One request with the client's authentication, retries and errors, for what the typed methods do not
   * cover (response headers such as `Idempotent-Replayed`, `Location` or the rate-limit headers).
   */
  async request(method, path, options = {}) {
    const { query, body, auth = true, accept = 'application/json', as = 'json', ...rest } = options;
    return this.#send({ method: method.toUpperCase(), path, query, body, auth, accept, as }, rest);
  }

  async *#items(page, query, options) {
    let cursor = query?.starting_after;
    for (;;) {
      const result = await page(cursor === undefined ? { ...query } : { ...query, starting_after: cursor }, options);
      yield* result.data;
      if (!result.has_more || !result.next_cursor) return;
      if (result.next_cursor === cursor) throw new Error(`Pagination did not advance past ${cursor}`);
      cursor = result.next_cursor;
    }
  }

  async #call(operation, options) {
    return (await this.#send(operation, options ?? {})).data;
  }

  async #send(operation, options) {
    const { method, path, query, body, auth = true, accept = 'application/json', as = 'json', redirect } = operation;
    const settings = this.#settings;
    const maxRetries = options.maxRetries ?? settings.maxRetries;
    const timeoutMs = options.timeoutMs ?? settings.timeoutMs;
    const url = this.#baseUrl + path + queryString(query);
    const headers = { accept, 'user-agent': settings.userAgent, ...settings.headers, ...options.headers };
    if (auth) {
      if (!this.#apiKey) throw new TypeError(`${method} ${path} needs an API key: pass apiKey to the client`);
      headers.authorization = `Bearer ${this.#apiKey}`;
    }
    // A POST carries an Idempotency-Key, the same on every attempt, so that a retry never does the work
    // twice; `idempotencyKey: null` sends none, and then the POST is never retried.
    let retryable = method === 'GET' || method === 'DELETE';
    if (method === 'POST') {
      const key = options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
      if (key !== null) {
        headers['idempotency-key'] = key;
        retryable = true;
      }
    }
    let payload;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const external = options.signal;
    let internalErrors = 0;
    for (let attempt = 1; ; attempt++) {
      external?.throwIfAborted();
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = external ? AbortSignal.any([external, timeout]) : timeout;
      let res;
      let text;
      let bytes;
      try {
        res = await this.#fetch(url, { method, headers, body: payload, signal, ...(redirect ? { redirect } : {}) });
        if (res.ok && as === 'bytes') bytes = new Uint8Array(await res.arrayBuffer());
        else text = await res.text();
      } catch (cause) {
        if (external?.aborted) throw external.reason;
        const timedOut = timeout.aborted;
        const error = new LicenseVerificationError({
          status: null,
          code: timedOut ? 'timeout' : 'connection_error',
          message: timedOut ? `${method} ${path}: no answer within ${timeoutMs} ms` : `${method} ${path}: ${cause?.message ?? 'the request failed'}`,
          method,
          url,
          attempts: attempt,
          cause,
        });
        if (!retryable || attempt > maxRetries) throw error;
        await sleep(this.#backoff(attempt), external);
        continue;
      }
      // `redirect: 'manual'`: a 3xx is the answer, its `Location` for the caller to follow.
      if (res.ok || (redirect === 'manual' && res.status >= 300 && res.status < 400)) {
        let data = bytes;
        if (as === 'text') data = text;
        else if (as === 'json') {
          try {
            data = text === '' ? null : JSON.parse(text);
          } catch (cause) {
            throw new LicenseVerificationError({
              status: res.status,
              code: 'invalid_response',
              message: `${method} ${path} answered ${res.status} with a body that is not JSON`,
              body: text,
              headers: res.headers,
              requestId: res.headers.get('x-request-id'),
              method,
              url,
              attempts: attempt,
              cause,
            });
          }
        }
        return { status: res.status, headers: res.headers, data };
      }
      const error = errorFrom(res, text, { method, path, url, attempts: attempt });
      if (error.status === 500) internalErrors++;
      const delay = retryable && attempt <= maxRetries ? this.#retryDelay(error, attempt, internalErrors) : null;
      if (delay === null) throw error;
      await sleep(delay, external);
    }
  }

  /** How long to wait before retrying this error, or null when it is not retried. */
  #retryDelay(error, attempt, internalErrors) {
    const { status, code, retryAfter, resetAt } = error;
    let retry = false;
    // A 429 with only `reset_at` is the Developer plan's spent monthly quota: nothing to wait for here.
    if (status === 429) retry = retryAfter !== null || resetAt === null;
    else if (status === 409) retry = code === 'idempotency_in_progress';
    else if (status === 500)
      retry = internalErrors <= 1; // at most once more, as the guide says
    else if (status === 502 || status === 503 || status === 504) retry = true;
    if (!retry) return null;
    if (retryAfter === null) return this.#backoff(attempt);
    const ms = retryAfter * 1000;
    if (ms > this.#settings.maxRetryAfterMs) return null; // e.g. a daily limit: not worth waiting for in a call
    return ms + Math.random() * Math.min(1000, ms * 0.1 + 100);
  }

  /** Exponential backoff with jitter: half the step fixed, half random. */
  #backoff(attempt) {
    const step = Math.min(this.#settings.maxRetryDelayMs, this.#settings.retryBaseDelayMs * 2 ** (attempt - 1));
    return step / 2 + Math.random() * (step / 2);
  }
}

function route(template, params) {
  return template.replace(/\{(\w+)\}/g, (_, name) => {
    const value = params?.[name];
    if (typeof value !== 'string' || value === '') throw new TypeError(`Missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

function queryString(query) {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) search.append(name, String(value));
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

/** Retry-After in seconds (delta-seconds or an HTTP date), or null. */
function parseRetryAfter(value) {
  if (value === null || value === undefined || value === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

function errorFrom(res, text, context) {
  let body = text;
  try {
    body = JSON.parse(text);
  } catch {}
  const detail = body !== null && typeof body === 'object' && body.error !== null && typeof body.error === 'object' ? body.error : null;
  const headerRetryAfter = parseRetryAfter(res.headers.get('retry-after'));
  const code = typeof detail?.code === 'string' ? detail.code : (CODE_BY_STATUS[res.status] ?? 'http_error');
  return new LicenseVerificationError({
    status: res.status,
    code,
    message: typeof detail?.message === 'string' ? detail.message : `${context.method} ${context.path} answered ${res.status}`,
    param: detail?.param,
    requestId: detail?.request_id ?? res.headers.get('x-request-id'),
    retryAfter: typeof detail?.retry_after === 'number' ? detail.retry_after : headerRetryAfter,
    resetAt: detail?.reset_at,
    docs: detail?.docs,
    body,
    headers: res.headers,
    method: context.method,
    url: context.url,
    attempts: context.attempts,
  });
}

function sleep(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// Webhooks

const equalBytes = (a, b) => a.length === b.length && timingSafeEqual(a, b);

function rawBytes(body) {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('verifyWebhook: body must be the raw request body (a string, Buffer, Uint8Array or ArrayBuffer), not parsed JSON');
}

function headerReader(headers) {
  if (headers && typeof headers.get === 'function') return (name) => headers.get(name) ?? undefined;
  const lower = new Map(Object.entries(headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  return (name) => {
    const value = lower.get(name);
    if (Array.isArray(value)) return value.join(' ');
    return value === undefined || value === null ? undefined : String(value);
  };
}

/**
 * Verifies a webhook delivery as the API guide says a receiver should: the `Service-Signature` header
 * (hex HMAC-SHA256 of the raw body) and the Standard Webhooks `webhook-signature` (any `v1,` entry: base64
 * HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`), each by any of the secrets given (so both
 * secrets of a rotation are accepted), compared in constant time, with `webhook-timestamp` within
 * `toleranceSeconds` of `now`. Answers the parsed event; throws a WebhookVerificationError.
 */
export function verifyWebhook(options) {
  const { body, headers, secret, secrets, toleranceSeconds = 300, now } = options ?? {};
  const keys = [...(Array.isArray(secret) ? secret : secret === undefined || secret === null ? [] : [secret]), ...(secrets ?? [])];
  if (keys.length === 0 || keys.some((k) => typeof k !== 'string' || k === ''))
    throw new TypeError('verifyWebhook: give the webhook secret (or several) as non-empty strings');
  const raw = rawBytes(body);
  const header = headerReader(headers);
  const serviceSignature = header('service-signature');
  const id = header('webhook-id');
  const timestamp = header('webhook-timestamp');
  const signatures = header('webhook-signature');
  for (const [name, value] of [
    ['Service-Signature', serviceSignature],
    ['webhook-id', id],
    ['webhook-timestamp', timestamp],
    ['webhook-signature', signatures],
  ]) {
    if (!value) throw new WebhookVerificationError('missing_header', `The ${name} header is missing.`);
  }
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('invalid_timestamp', 'webhook-timestamp is not a unix time in seconds.');

  const received = Buffer.from(serviceSignature, 'utf8');
  const serviceOk = keys.some((key) => equalBytes(received, Buffer.from(createHmac('sha256', key).update(raw).digest('hex'), 'utf8')));
  if (!serviceOk) throw new WebhookVerificationError('invalid_service_signature', 'Service-Signature matches none of the secrets.');

  const entries = signatures
    .split(' ')
    .map((entry) => entry.split(','))
    .filter(([version, value]) => version === 'v1' && value !== undefined)
    .map(([, value]) => Buffer.from(value, 'base64'));
  const standardOk = keys.some((key) => {
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(raw).digest();
    return entries.some((value) => equalBytes(value, expected));
  });
  if (!standardOk) throw new WebhookVerificationError('invalid_webhook_signature', 'No v1 entry of webhook-signature matches any of the secrets.');

  const nowMs = now === undefined ? Date.now() : now instanceof Date ? now.getTime() : now;
  if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > toleranceSeconds) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `webhook-timestamp is more than ${toleranceSeconds} s from now: a replay, or a clock off.`,
    );
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new WebhookVerificationError('invalid_body', 'The body is not JSON.');
  }
}

// Certificates

/** The order of P-256. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
/** Certificates issued before this instant keep the older rules (see the API guide's "Certificates"). */
const PER_MODE_KEYS_FROM = '2026-12-01T00:00:00.000Z';

/** Canonical JSON (RFC 8785) for a certificate's values, as docs/examples/check-certificate.mjs writes it. */
export function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * Checks a certificate offline, as docs/examples/check-certificate.mjs does: `certificate_hash` is
 * `sha256_` + SHA-256 of the canonical JSON without it; `signature` is an ES256 signature (raw r‖s,
 * low-S) over the canonical JSON without either, by the JWKS key named `signing_key_id`, whose `mode`
 * must be the certificate's (older rules for certificates issued before 2026-12-01).
 */
export function verifyCertificate(certificate, jwks) {
  const mode = certificate?.mode ?? null;
  const signingKeyId = certificate?.signing_key_id ?? null;
  const answer = (hashValid, signatureValid, reason) => ({ valid: hashValid && signatureValid, reason, hashValid, signatureValid, mode, signingKeyId });
  if (
    certificate === null ||
    typeof certificate !== 'object' ||
    typeof certificate.certificate_hash !== 'string' ||
    typeof certificate.signature !== 'string'
  ) {
    return answer(false, false, 'malformed_certificate');
  }
  const { certificate_hash, ...unhashed } = certificate;
  const hashValid = `sha256_${createHash('sha256').update(canonicalJson(unhashed), 'utf8').digest('hex')}` === certificate_hash;
  const { signature, ...signed } = unhashed;
  const signatureCheck = () => {
    const legacy = typeof certificate.issued_at === 'string' && certificate.issued_at < PER_MODE_KEYS_FROM;
    const jwk = (jwks?.keys ?? []).find((k) => k.kid === signingKeyId);
    if (jwk === undefined) return 'unknown_signing_key';
    if (!(jwk.mode === mode || (legacy && jwk.mode === 'live' && mode === 'test'))) return 'signing_key_mode_mismatch';
    let raw = Buffer.from(signature.replace(/^vrf_sig_/, ''), 'base64url');
    if (raw.length !== 64) return 'malformed_signature';
    const s = () => BigInt(`0x${raw.subarray(32).toString('hex')}`);
    if (legacy && s() > P256_N / 2n) raw = Buffer.concat([raw.subarray(0, 32), Buffer.from((P256_N - s()).toString(16).padStart(64, '0'), 'hex')]);
    if (s() > P256_N / 2n) return 'high_s_signature';
    try {
      const key = createPublicKey({ key: { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y }, format: 'jwk' });
      return verifySignature('sha256', Buffer.from(canonicalJson(signed), 'utf8'), { key, dsaEncoding: 'ieee-p1363' }, raw) ? null : 'signature_mismatch';
    } catch {
      return 'signature_mismatch';
    }
  };
  const signatureReason = signatureCheck();
  return answer(hashValid, signatureReason === null, hashValid ? signatureReason : 'hash_mismatch');
}
