/**
 * The standard HTTP pipeline every API handler is built with (middy): error shape, request log and
 * response headers; API-key authentication; the per-minute limit; JSON body and query validation;
 * Idempotency-Key handling for POSTs. A handler body then only does its endpoint's work.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import { createHash } from 'node:crypto';
import { bearerKey, hashApiKey } from '../auth/api-keys.ts';
import { DynamoAccountStore, keyState, type Account, type AccountStore } from '../auth/account-store.ts';
import { systemClock, type Clock } from '../clock.ts';
import { DynamoIdempotencyStore, type StoredResponse } from '../idempotency/idempotency-store.ts';
import { canonicalJson } from '../json/canonical.ts';
import { plans, minuteLimitFor } from '../limits/plans.ts';
import { RateLimits, rateLimitHeaders, type Caller, type LimitState } from '../limits/rate-limits.ts';
import { DynamoUsageStore } from '../limits/usage-store.ts';
import { errorSummary, logger } from '../logging.ts';
import { routes, type RouteDefinition } from '../infra/routes.ts';
import { useTelemetry, withTelemetry } from '../observability/handler-telemetry.ts';
import { recordMetric } from '../observability/metrics.ts';
import { tracer } from '../observability/tracer.ts';
import { ApiError, errorBody, invalidParam } from './errors.ts';
import { parseJsonObjectBody } from './request-body.ts';
import { json, type HttpResponse } from './response.ts';
import { isTransientError } from './transient-errors.ts';
import { validate } from './validation.ts';

export interface Services {
  readonly accounts: AccountStore;
  readonly limits: RateLimits;
  readonly idempotency: DynamoIdempotencyStore;
  readonly clock: Clock;
}

let containerServices: Services | undefined;

/** The services of this container, created on first use and reused by every invocation. */
export function defaultServices(): Services {
  containerServices ??= {
    accounts: new DynamoAccountStore(),
    limits: new RateLimits(new DynamoUsageStore(), systemClock),
    idempotency: new DynamoIdempotencyStore(),
    clock: systemClock,
  };
  return containerServices;
}

export interface AuthenticatedCaller extends Caller {
  readonly account: Account;
}

export interface ApiRequest<B, Q> {
  readonly event: APIGatewayProxyEventV2;
  readonly requestId: string;
  readonly body: B;
  readonly query: Q;
  readonly pathParameters: Readonly<Record<string, string>>;
  /** The authenticated caller; always set on `api_key` routes. */
  readonly caller: AuthenticatedCaller | undefined;
  readonly clock: Clock;
  /** Current rate-limit state (after any charge). */
  limits(): LimitState | undefined;
  /** Charges live verifications to the monthly quota (no-op for test keys); 429 when a hard quota is full. */
  chargeVerifications(units: number): Promise<void>;
  /** 429 now, before any work, when a hard-stop quota cannot cover `units` verifications. */
  ensureQuota(units: number): void;
}

type Schema = z.ZodType | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface ApiHandlerOptions<BS extends Schema, QS extends Schema> {
  readonly body?: BS;
  /** For action routes that take no parameters: an empty body is read as `{}`. */
  readonly bodyOptional?: boolean;
  readonly query?: QS;
  readonly services?: Services;
}

interface PipelineState {
  readonly startedAt: number;
  readonly requestId: string;
  caller?: AuthenticatedCaller;
  limits?: LimitState;
  body?: unknown;
  query?: unknown;
  idempotency?: { scopeKey: string; charged: number };
  replay?: StoredResponse;
}

type PipelineRequest = middy.Request<APIGatewayProxyEventV2, HttpResponse, Error, Context>;

/** Per-invocation pipeline state, keyed by the invocation's event object. */
const states = new WeakMap<APIGatewayProxyEventV2, PipelineState>();

function stateOf(request: PipelineRequest): PipelineState {
  let state = states.get(request.event);
  if (!state) {
    state = {
      startedAt: Date.now(),
      requestId: request.event?.requestContext?.requestId ?? request.context?.awsRequestId ?? 'unknown',
    };
    if (request.event && typeof request.event === 'object') states.set(request.event, state);
  }
  return state;
}

/** Methods whose requests carry a JSON body. */
export const methodsWithBody: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);
/** `Idempotency-Key`: 1 to 255 printable ASCII characters without spaces. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** Routes that honour `Idempotency-Key`: authenticated POSTs. */
export function isIdempotent(route: Pick<RouteDefinition, 'auth' | 'method'>): boolean {
  return route.auth === 'api_key' && route.method === 'POST';
}

export function routeById(id: string): RouteDefinition {
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`No route with id ${id} in the route table`);
  return route;
}

export function apiHandler<BS extends Schema = undefined, QS extends Schema = undefined>(
  routeRef: string | RouteDefinition,
  options: ApiHandlerOptions<BS, QS>,
  fn: (request: ApiRequest<Out<BS>, Out<QS>>) => Promise<HttpResponse>,
) {
  const route = typeof routeRef === 'string' ? routeById(routeRef) : routeRef;
  const svc = () => options.services ?? defaultServices();
  const idempotent = isIdempotent(route);

  const authenticateAndAdmit: middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResponse> = {
    before: async (request) => {
      const state = stateOf(request);
      const bearer = bearerKey(request.event.headers?.authorization);
      if (!bearer.ok) throw new ApiError('authentication_failed', bearer.reason);
      const { accounts, clock } = svc();
      const record = await accounts.getKey(hashApiKey(bearer.key));
      if (!record) throw new ApiError('authentication_failed', 'Invalid API key.');
      const status = keyState(record, clock.now());
      if (status !== 'active') throw new ApiError('authentication_failed', `This API key has been ${status}.`);
      const account = await accounts.getAccountRemembered(record.account_id);
      if (!account) throw new ApiError('authentication_failed', 'Invalid API key.');
      state.caller = {
        accountId: account.account_id,
        mode: record.mode,
        plan: plans[account.plan],
        minuteLimit: minuteLimitFor(account.plan, account.minute_limit),
        account,
      };
      logger.appendKeys({ account_id: account.account_id, mode: record.mode });
      state.limits = await svc().limits.admit(state.caller);
    },
  };

  const parse: middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResponse> = {
    before: (request) => {
      const state = stateOf(request);
      if (methodsWithBody.has(route.method)) {
        const body = options.bodyOptional && !request.event.body ? {} : parseJsonObjectBody(request.event);
        state.body = options.body ? validate(options.body, body, 'body') : body;
      }
      const query = request.event.queryStringParameters ?? {};
      if (options.query) state.query = validate(options.query, query, 'query');
      else {
        const unknown = Object.keys(query)[0];
        if (unknown !== undefined) throw invalidParam(unknown, `Unknown query parameter: ${unknown}.`);
      }
    },
  };

  const idempotency: middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResponse> = {
    before: async (request) => {
      const state = stateOf(request);
      const key = request.event.headers?.['idempotency-key'];
      if (key === undefined || !state.caller) return;
      if (!idempotencyKeyPattern.test(key)) {
        throw invalidParam('Idempotency-Key', 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.');
      }
      const scopeKey = `${state.caller.accountId}#${state.caller.mode}#${key}`;
      const fingerprint = createHash('sha256')
        .update(`${route.method} ${request.event.rawPath}\n${canonicalJson(state.body ?? null)}`)
        .digest('hex');
      const claim = await svc().idempotency.claim(scopeKey, fingerprint, svc().clock.now());
      switch (claim.outcome) {
        case 'claimed':
          state.idempotency = { scopeKey, charged: claim.charged };
          return;
        case 'replay':
          state.replay = claim.response;
          return;
        case 'conflict':
          throw new ApiError(
            'idempotency_conflict',
            'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
            { param: 'Idempotency-Key' },
          );
        case 'in_progress':
          throw new ApiError(
            'idempotency_in_progress',
            'A request with this Idempotency-Key is still being processed. Retry shortly.',
            { param: 'Idempotency-Key', retry_after: claim.retryAfter },
            { 'retry-after': String(claim.retryAfter) },
          );
      }
    },
    after: async (request) => {
      const state = stateOf(request);
      if (!state.idempotency || state.replay || !request.response) return;
      const response = request.response;
      if (response.statusCode >= 200 && response.statusCode < 300) {
        await svc().idempotency.complete(state.idempotency.scopeKey, {
          statusCode: response.statusCode,
          headers: pick(response.headers, ['content-type', 'location']),
          body: typeof response.body === 'string' ? response.body : '',
        });
      } else {
        await svc().idempotency.release(state.idempotency.scopeKey);
      }
    },
    onError: async (request) => {
      const state = stateOf(request);
      if (!state?.idempotency) return;
      try {
        await svc().idempotency.release(state.idempotency.scopeKey);
      } catch (error) {
        logger.error('Could not release an idempotency key', { error: errorSummary(error) });
      }
    },
  };

  const body = async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
    const state = states.get(event)!;
    if (state.replay) {
      return { ...state.replay, headers: { ...state.replay.headers, 'idempotent-replayed': 'true' } };
    }
    const request: ApiRequest<Out<BS>, Out<QS>> = {
      event,
      requestId: state.requestId,
      body: state.body as Out<BS>,
      query: state.query as Out<QS>,
      pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
      caller: state.caller,
      clock: svc().clock,
      limits: () => state.limits,
      ensureQuota: (units) => {
        if (state.caller && state.limits) svc().limits.ensureCanCharge(state.caller, state.limits, units);
      },
      chargeVerifications: async (units) => {
        const caller = state.caller;
        if (!caller || !state.limits || caller.mode === 'test' || units <= 0) return;
        const idem = state.idempotency;
        const due = idem ? Math.max(0, units - idem.charged) : units;
        if (due === 0) return;
        if (idem) {
          await svc().idempotency.addCharged(idem.scopeKey, due);
          idem.charged += due;
        }
        try {
          state.limits = await svc().limits.charge(caller, state.limits, due);
        } catch (error) {
          if (idem) {
            await svc().idempotency.addCharged(idem.scopeKey, -due);
            idem.charged -= due;
          }
          throw error;
        }
      },
    };
    return fn(request);
  };

  const pipeline = useTelemetry(middy<APIGatewayProxyEventV2, HttpResponse>({ timeoutEarlyInMillis: 0 })).use(frame);
  if (route.auth === 'api_key') pipeline.use(authenticateAndAdmit);
  pipeline.use(parse);
  if (idempotent) pipeline.use(idempotency);
  return withTelemetry(pipeline.handler(body));
}

const frame: middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResponse> = {
  before: (request) => {
    // Every log line of the request carries these; the caller's account is added once authenticated.
    logger.appendKeys({ request_id: stateOf(request).requestId, route: request.event?.routeKey });
  },
  after: (request) => {
    request.response = finish(request, request.response ?? undefined);
  },
  onError: (request) => {
    request.response = finish(request, renderError(request.error, stateOf(request).requestId));
  },
};

/** A handler with the standard error shape, headers and request log, but no authentication or parsing. */
export function framedHandler(fn: (event: APIGatewayProxyEventV2) => Promise<HttpResponse>) {
  return withTelemetry(useTelemetry(middy<APIGatewayProxyEventV2, HttpResponse>({ timeoutEarlyInMillis: 0 })).use(frame).handler(fn));
}

function finish(request: PipelineRequest, response: HttpResponse | undefined): HttpResponse {
  const state = stateOf(request);
  const out: HttpResponse = response ?? json(500, errorBody('internal_error', 'The handler returned no response.'));
  const headers: Record<string, string> = { ...out.headers };
  if (state.limits) {
    for (const [name, value] of Object.entries(rateLimitHeaders(state.limits))) headers[name] ??= value;
  }
  headers['x-request-id'] = state.requestId;
  headers['cache-control'] ??= 'no-store';
  // The one access line per request: request_id, route and account_id come from the appended keys.
  logger.info('request', { status: out.statusCode, latency_ms: Date.now() - state.startedAt });
  return { ...out, headers };
}

function renderError(error: unknown, requestId: string): HttpResponse {
  if (error instanceof ApiError) {
    if (error.code === 'rate_limit_exceeded') {
      recordMetric('quotaRejections', 1, { kind: error.details.reset_at !== undefined ? 'monthly' : 'per_minute' });
    }
    return json(error.status, error.body(), error.headers);
  }
  tracer.addErrorAsMetadata(error as Error);
  if (isTransientError(error)) {
    logger.warn('Transient dependency failure', { error: errorSummary(error) });
    return json(
      503,
      errorBody('service_unavailable', 'The service is temporarily unavailable. Retry in a few seconds.', { retry_after: 1 }),
      { 'retry-after': '1' },
    );
  }
  logger.error('Unhandled error', { error: errorSummary(error), stack: (error as Error)?.stack });
  return json(
    500,
    errorBody('internal_error', `An unexpected error occurred. Quote request id ${requestId} to support.`, { request_id: requestId }),
  );
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) if (headers[name] !== undefined) out[name] = headers[name];
  return out;
}
