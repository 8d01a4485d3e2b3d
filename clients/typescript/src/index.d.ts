/**
 * Types of the license verification client. Every request and response type is derived from
 * `operations[...]` (and `webhooks[...]`) of schema.d.ts, which openapi-typescript generates from the
 * API's OpenAPI document (`npm run generate`); none is written here by hand.
 */
import type { operations, paths, webhooks } from './schema.js';

export type { operations, paths, webhooks };

export declare const VERSION: string;

// Types derived from the generated operations

/** The API's operation ids: the document's paths' (its webhooks are deliveries to the caller, not operations of the client). */
export type OperationId =
  | 'CheckMonitor'
  | 'CreateApiKey'
  | 'CreateHistoryExport'
  | 'CreateMonitor'
  | 'DeleteMonitor'
  | 'GetAccount'
  | 'GetApiKey'
  | 'GetApiReference'
  | 'GetCertificate'
  | 'GetCertificateEvidence'
  | 'GetCertificatePdf'
  | 'GetCoverage'
  | 'GetEvent'
  | 'GetHistoryExport'
  | 'GetHistoryExportDownload'
  | 'GetMonitor'
  | 'GetOpenApi'
  | 'GetRecord'
  | 'GetSigningKeys'
  | 'GetSources'
  | 'GetUsage'
  | 'Health'
  | 'ListApiKeys'
  | 'ListEvents'
  | 'ListMonitorDeliveries'
  | 'ListMonitors'
  | 'ListVerifications'
  | 'RedeliverEvent'
  | 'RevokeApiKey'
  | 'RollApiKey'
  | 'RotateMonitorSecret'
  | 'TestMonitorWebhook'
  | 'Verify'
  | 'VerifyBulk';
type Responses<O extends OperationId> = operations[O]['responses'];
type SuccessResponse<O extends OperationId> = Responses<O>[Extract<keyof Responses<O>, 200 | 201 | 202>];
type JsonContent<T> = T extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON body of an operation's success answer. */
export type ResponseBody<O extends OperationId> = JsonContent<SuccessResponse<O>>;
/** The JSON request body of an operation. */
export type RequestBody<O extends OperationId> = JsonContent<NonNullable<operations[O]['requestBody']>>;
/** The query parameters of an operation. */
export type QueryParams<O extends OperationId> = NonNullable<operations[O]['parameters']['query']>;
/** The path parameters of an operation. */
export type PathParams<O extends OperationId> = NonNullable<operations[O]['parameters']['path']>;
/** The list operations, which answer `{ data, has_more, next_cursor }`. */
export type ListOperationId = 'ListApiKeys' | 'ListMonitors' | 'ListEvents' | 'ListMonitorDeliveries' | 'ListVerifications';
/** One item of a list operation's page. */
export type PageItem<O extends ListOperationId> = ResponseBody<O> extends { data: (infer I)[] } ? I : never;
/** The body of an error answer: `{ error: { code, message, param?, … } }`. */
export type ErrorResponseBody = JsonContent<operations['Verify']['responses'][400]>;
/** The error codes the API documents. */
export type ApiErrorCode = ErrorResponseBody['error']['code'];

/** Shorthands for the common shapes, by operation. */
export type VerificationRequest = RequestBody<'Verify'>;
export type VerificationResult = ResponseBody<'Verify'>;
export type Certificate = ResponseBody<'GetCertificate'>;
export type SigningKeys = ResponseBody<'GetSigningKeys'>;
export type Monitor = ResponseBody<'GetMonitor'>;
export type MonitorEvent = ResponseBody<'GetEvent'>;
export type HistoryExport = ResponseBody<'GetHistoryExport'>;
export type PublicRecord = JsonContent<Responses<'GetRecord'>[200]>;
/** The body of a webhook delivery: one of the document's `webhooks`, told apart by `event`. */
export type WebhookEvent = { [K in keyof webhooks]: JsonContent<webhooks[K]['post']['requestBody']> }[keyof webhooks];

// Client

export interface ClientOptions {
  /** The service's URL, e.g. `http://127.0.0.1:3000` or `https://api.example.com`. */
  baseUrl: string;
  /** `svc_live_…` or `svc_test_…`; needed for every operation but the public ones (health, signing keys, records, the documents). */
  apiKey?: string;
  /** A fetch to use instead of the global one (for tests, proxies, instrumentation). */
  fetch?: typeof fetch;
  /** Retries after the first attempt, for retryable failures (default 2). */
  maxRetries?: number;
  /** Time limit of each attempt, in milliseconds (default 60,000). */
  timeoutMs?: number;
  /** First backoff step, doubled each retry, half of it random (default 500 ms). */
  retryBaseDelayMs?: number;
  /** Largest backoff step (default 8,000 ms). */
  maxRetryDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown (default 60,000 ms). */
  maxRetryAfterMs?: number;
  /** Sent as `User-Agent` (default `license-verification-client-js/<version>`). */
  userAgent?: string;
  /** Extra headers sent with every request. */
  headers?: Record<string, string>;
}

export interface RequestOptions {
  /**
   * POSTs only: the `Idempotency-Key` sent on every attempt of this call. Default: a fresh random UUID
   * per call. `null` sends none, and the POST is then never retried.
   */
  idempotencyKey?: string | null;
  /** Aborts the call, retries and waits included (the signal's reason is thrown). */
  signal?: AbortSignal;
  /** This call's own per-attempt time limit. */
  timeoutMs?: number;
  /** This call's own retry count. */
  maxRetries?: number;
  /** Extra headers for this call. */
  headers?: Record<string, string>;
}

export interface RawResponse<T = unknown> {
  status: number;
  headers: Headers;
  data: T;
}

export interface WaitForExportOptions {
  signal?: AbortSignal;
  /** Give up (a `timeout` LicenseVerificationError) after this long; default 15 minutes. */
  timeoutMs?: number;
  /** Bounds on the wait between looks, which otherwise follows the answer's `Retry-After`. */
  minIntervalMs?: number;
  maxIntervalMs?: number;
}

/** Async iterators over every item of each list operation, following `next_cursor` until `has_more` is false. */
export interface Paginators {
  listApiKeys(query?: QueryParams<'ListApiKeys'>, options?: RequestOptions): AsyncIterableIterator<PageItem<'ListApiKeys'>>;
  listMonitors(query?: QueryParams<'ListMonitors'>, options?: RequestOptions): AsyncIterableIterator<PageItem<'ListMonitors'>>;
  listEvents(query?: QueryParams<'ListEvents'>, options?: RequestOptions): AsyncIterableIterator<PageItem<'ListEvents'>>;
  listMonitorDeliveries(
    params: PathParams<'ListMonitorDeliveries'>,
    query?: QueryParams<'ListMonitorDeliveries'>,
    options?: RequestOptions,
  ): AsyncIterableIterator<PageItem<'ListMonitorDeliveries'>>;
  listVerifications(query?: QueryParams<'ListVerifications'>, options?: RequestOptions): AsyncIterableIterator<PageItem<'ListVerifications'>>;
}

export declare class LicenseVerificationClient {
  constructor(options: ClientOptions);

  readonly paginate: Paginators;

  /** GET /health (no key). */
  health(options?: RequestOptions): Promise<ResponseBody<'Health'>>;
  /** GET /v1/openapi.json (no key): the OpenAPI document. */
  getOpenApi(options?: RequestOptions): Promise<ResponseBody<'GetOpenApi'>>;
  /** GET /docs (no key): the API reference, an HTML page. */
  getApiReference(options?: RequestOptions): Promise<string>;
  /** GET /v1/coverage. */
  getCoverage(options?: RequestOptions): Promise<ResponseBody<'GetCoverage'>>;
  /** GET /v1/sources. */
  getSources(query?: QueryParams<'GetSources'>, options?: RequestOptions): Promise<ResponseBody<'GetSources'>>;

  /** GET /v1/account. */
  getAccount(options?: RequestOptions): Promise<ResponseBody<'GetAccount'>>;
  /** GET /v1/usage. */
  getUsage(query?: QueryParams<'GetUsage'>, options?: RequestOptions): Promise<ResponseBody<'GetUsage'>>;
  /** GET /v1/keys: one page. */
  listApiKeys(query?: QueryParams<'ListApiKeys'>, options?: RequestOptions): Promise<ResponseBody<'ListApiKeys'>>;
  /** POST /v1/keys (201). The key itself is in `api_key` of this answer only; a replayed request answers `api_key: null`. */
  createApiKey(body?: RequestBody<'CreateApiKey'>, options?: RequestOptions): Promise<ResponseBody<'CreateApiKey'>>;
  /** GET /v1/keys/{key_id}. */
  getApiKey(params: PathParams<'GetApiKey'>, options?: RequestOptions): Promise<ResponseBody<'GetApiKey'>>;
  /** DELETE /v1/keys/{key_id}. */
  revokeApiKey(params: PathParams<'RevokeApiKey'>, options?: RequestOptions): Promise<ResponseBody<'RevokeApiKey'>>;
  /** POST /v1/keys/{key_id}/roll (201). */
  rollApiKey(params: PathParams<'RollApiKey'>, body?: RequestBody<'RollApiKey'>, options?: RequestOptions): Promise<ResponseBody<'RollApiKey'>>;

  /** POST /v1/verify. */
  verify(body: RequestBody<'Verify'>, options?: RequestOptions): Promise<ResponseBody<'Verify'>>;
  /** POST /v1/verify/bulk. */
  verifyBulk(body: RequestBody<'VerifyBulk'>, options?: RequestOptions): Promise<ResponseBody<'VerifyBulk'>>;
  /** GET /v1/certificate/{verification_id}. */
  getCertificate(params: PathParams<'GetCertificate'>, options?: RequestOptions): Promise<ResponseBody<'GetCertificate'>>;
  /** GET /v1/certificate/{verification_id}/pdf: the signed PDF's bytes. */
  getCertificatePdf(params: PathParams<'GetCertificatePdf'>, options?: RequestOptions): Promise<Uint8Array>;
  /** GET /v1/certificate/{verification_id}/evidence. */
  getCertificateEvidence(params: PathParams<'GetCertificateEvidence'>, options?: RequestOptions): Promise<ResponseBody<'GetCertificateEvidence'>>;
  /** GET /records/{verification_id} (no key): the public record, an HTML page, or its JSON with `format: 'json'`. */
  getRecord(params: PathParams<'GetRecord'>, options?: RequestOptions & { format?: 'html' }): Promise<string>;
  getRecord(params: PathParams<'GetRecord'>, options: RequestOptions & { format: 'json' }): Promise<PublicRecord>;
  /** GET /v1/signing-keys (no key): the JWKS that signs certificates. */
  getSigningKeys(options?: RequestOptions): Promise<ResponseBody<'GetSigningKeys'>>;
  /** GET /v1/verifications: one page of the history. */
  listVerifications(query?: QueryParams<'ListVerifications'>, options?: RequestOptions): Promise<ResponseBody<'ListVerifications'>>;
  /** POST /v1/verifications/exports (202). */
  createHistoryExport(body?: RequestBody<'CreateHistoryExport'>, options?: RequestOptions): Promise<ResponseBody<'CreateHistoryExport'>>;
  /** GET /v1/verifications/exports/{export_id}. */
  getHistoryExport(params: PathParams<'GetHistoryExport'>, options?: RequestOptions): Promise<ResponseBody<'GetHistoryExport'>>;
  /**
   * GET /v1/verifications/exports/{export_id}/download: the CSV of a ready export (the byte-order mark
   * dropped), through the 302 to a link signed at that moment, followed without the key. Works until the
   * export's `expires_at`; a pending export is a 409 `export_not_ready`.
   */
  getHistoryExportDownload(params: PathParams<'GetHistoryExportDownload'>, options?: RequestOptions): Promise<string>;

  /** POST /v1/monitor. */
  createMonitor(body: RequestBody<'CreateMonitor'>, options?: RequestOptions): Promise<ResponseBody<'CreateMonitor'>>;
  /** GET /v1/monitors: one page. */
  listMonitors(query?: QueryParams<'ListMonitors'>, options?: RequestOptions): Promise<ResponseBody<'ListMonitors'>>;
  /** GET /v1/monitor/{monitor_id}. */
  getMonitor(params: PathParams<'GetMonitor'>, options?: RequestOptions): Promise<ResponseBody<'GetMonitor'>>;
  /** DELETE /v1/monitor/{monitor_id}. */
  deleteMonitor(params: PathParams<'DeleteMonitor'>, options?: RequestOptions): Promise<ResponseBody<'DeleteMonitor'>>;
  /** POST /v1/monitor/{monitor_id}/check (test keys). */
  checkMonitor(params: PathParams<'CheckMonitor'>, body?: RequestBody<'CheckMonitor'>, options?: RequestOptions): Promise<ResponseBody<'CheckMonitor'>>;
  /** POST /v1/monitor/{monitor_id}/test-webhook: posts a `monitor.test` event now and answers how the receiver answered. */
  testMonitorWebhook(
    params: PathParams<'TestMonitorWebhook'>,
    body?: RequestBody<'TestMonitorWebhook'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'TestMonitorWebhook'>>;
  /** POST /v1/monitor/{monitor_id}/rotate-secret. */
  rotateMonitorSecret(
    params: PathParams<'RotateMonitorSecret'>,
    body: RequestBody<'RotateMonitorSecret'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'RotateMonitorSecret'>>;
  /** GET /v1/monitor/{monitor_id}/deliveries: one page. */
  listMonitorDeliveries(
    params: PathParams<'ListMonitorDeliveries'>,
    query?: QueryParams<'ListMonitorDeliveries'>,
    options?: RequestOptions,
  ): Promise<ResponseBody<'ListMonitorDeliveries'>>;
  /** GET /v1/events: one page. */
  listEvents(query?: QueryParams<'ListEvents'>, options?: RequestOptions): Promise<ResponseBody<'ListEvents'>>;
  /** GET /v1/events/{event_id}. */
  getEvent(params: PathParams<'GetEvent'>, options?: RequestOptions): Promise<ResponseBody<'GetEvent'>>;
  /** POST /v1/events/{event_id}/redeliver (202). */
  redeliverEvent(params: PathParams<'RedeliverEvent'>, body?: RequestBody<'RedeliverEvent'>, options?: RequestOptions): Promise<ResponseBody<'RedeliverEvent'>>;

  /** Polls an export until it is `ready`, `failed` or `expired`, as its `Retry-After` says; answers the final export. */
  waitForHistoryExport(params: PathParams<'GetHistoryExport'>, options?: WaitForExportOptions): Promise<HistoryExport>;
  /** The CSV of a ready export, from its presigned `download_url` (the byte-order mark dropped); that link may end within 15 minutes of the read: getHistoryExportDownload signs one when it downloads. */
  downloadHistoryExport(historyExport: Pick<HistoryExport, 'download_url'>, options?: { signal?: AbortSignal }): Promise<string>;
  /** Checks a certificate (or the certificate of a verification id) against GET /v1/signing-keys, fetched and kept. */
  verifyCertificate(certificate: Certificate | string, options?: RequestOptions): Promise<CertificateCheck>;
  /** One request with the client's key, retries and errors, for what the typed methods leave out (response headers). */
  request<T = unknown>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    options?: RequestOptions & {
      query?: Record<string, string | number | boolean | undefined>;
      body?: unknown;
      /** Send the API key (default true). */
      auth?: boolean;
      accept?: string;
      /** How to read a success body (default json). */
      as?: 'json' | 'text' | 'bytes';
    },
  ): Promise<RawResponse<T>>;
}

// Errors

export declare class LicenseVerificationError extends Error {
  readonly name: 'LicenseVerificationError';
  /** The HTTP status; null when no answer came (`connection_error`, `timeout`). */
  readonly status: number | null;
  /**
   * The API's `error.code`; for an answer without the API's error body, the code its status stands for
   * (or `http_error`); `connection_error` or `timeout` when no answer came; `invalid_response` for a
   * success whose body is not JSON; `download_failed` from downloadHistoryExport.
   */
  readonly code: ApiErrorCode | 'connection_error' | 'timeout' | 'invalid_response' | 'download_failed' | 'http_error';
  /** The body field, query parameter, header or path parameter at fault. */
  readonly param: string | null;
  /** `error.request_id` or the `X-Request-Id` header. */
  readonly requestId: string | null;
  /** Seconds to wait: `error.retry_after` or the `Retry-After` header. */
  readonly retryAfter: number | null;
  /** `error.reset_at`: when a spent quota or daily limit starts again. */
  readonly resetAt: string | null;
  /** Link to the error code's section of the API reference. */
  readonly docs: string | null;
  /** The answer's body: the API's error object when it is JSON, else its text. */
  readonly body: ErrorResponseBody | string | null;
  readonly headers: Headers | null;
  readonly method: string | null;
  readonly url: string | null;
  /** How many attempts were made. */
  readonly attempts: number;
}

// Webhooks

export type WebhookVerificationFailure =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'invalid_service_signature'
  | 'invalid_webhook_signature'
  | 'timestamp_out_of_tolerance'
  | 'invalid_body';

export declare class WebhookVerificationError extends Error {
  readonly name: 'WebhookVerificationError';
  readonly reason: WebhookVerificationFailure;
}

/** Headers as Node's `req.headers` gives them, a plain object in any case, or a fetch `Headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The raw request body, exactly as received (not re-serialised JSON). */
  body: string | Uint8Array | ArrayBuffer;
  headers: WebhookHeaders;
  /** The monitor's `webhook_secret`; several while rotating (a signature by any of them is accepted). */
  secret?: string | readonly string[];
  secrets?: readonly string[];
  /** Largest distance of `webhook-timestamp` from `now`, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The time to judge the timestamp by: a Date or epoch milliseconds (default: the clock). */
  now?: Date | number;
}

/** Verifies both signatures and the timestamp of a webhook delivery; answers the event or throws a WebhookVerificationError. */
export declare function verifyWebhook(options: VerifyWebhookOptions): WebhookEvent;

// Certificates

export type CertificateCheckFailure =
  | 'malformed_certificate'
  | 'hash_mismatch'
  | 'unknown_signing_key'
  | 'signing_key_mode_mismatch'
  | 'malformed_signature'
  | 'high_s_signature'
  | 'signature_mismatch';

export interface CertificateCheck {
  /** True only when the hash and the signature both verify. */
  valid: boolean;
  /** Null when valid; otherwise the first check that failed (the hash first). */
  reason: CertificateCheckFailure | null;
  hashValid: boolean;
  signatureValid: boolean;
  mode: string | null;
  signingKeyId: string | null;
}

/** The JWKS as GET /v1/signing-keys answers it, or any `{ keys }` with the same members. */
export type Jwks = SigningKeys | { keys: ReadonlyArray<{ kid: string; kty: string; crv: string; x: string; y: string; mode?: string }> };

/** Checks a certificate's hash and signature offline against a JWKS, as docs/examples/check-certificate.mjs does. */
export declare function verifyCertificate(certificate: Certificate | Record<string, unknown>, jwks: Jwks): CertificateCheck;

/** The canonical JSON (RFC 8785) the certificate's hash and signature are computed over. */
export declare function canonicalJson(value: unknown): string;
