/**
 * The part of the HTTP pipeline every route has, public or not (middy): telemetry, the error shape,
 * request log and response headers, and JSON body and query validation. It loads no store, so a public
 * route that reads no table (health, signing keys, unmatched routes) bundles no DynamoDB client;
 * `pipeline.ts` adds API-key authentication, the limits and Idempotency-Key handling on top.
 */
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod';
import type { Account, ApiKeyRecord } from '../../features/accounts/accounts.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { Deadline, type InvocationTime } from '../../platform/deadline.ts';
import type { StoredResponse } from '../../features/idempotency/idempotency.ts';
import { routes, type RouteDefinition, type RouteId } from '../../platform/infra/routes.ts';
import type { LimitState, PlanCaller } from '../../features/limits/rate-limits.ts';
import { apiErrorOf } from './domain-errors.ts';
import { rateLimitHeaders } from './rate-limit-headers.ts';
import { errorSummary, logger } from '../../platform/observability/logger.ts';
import { useTelemetry, withTelemetry } from '../../platform/observability/handler-telemetry.ts';
import { recordMetric } from '../../platform/observability/metrics.ts';
import { readableStack } from '../../platform/observability/stack-trace.ts';
import { ApiError, invalidParam } from './errors.ts';
import { errorBody } from '../../contract/error-catalogue.ts';
import { parseJsonObjectBody } from './request-body.ts';
import { json, type HttpResponse } from './response.ts';
import { isTransientError } from './transient-errors.ts';
import { validate } from './validation.ts';

export interface AuthenticatedCaller extends PlanCaller {
  readonly account: Account;
}

/** What every handler body receives. */
export interface RequestBase<B, Q> {
  readonly event: APIGatewayProxyEventV2;
  readonly requestId: string;
  readonly body: B;
  readonly query: Q;
  readonly pathParameters: Readonly<Record<string, string>>;
  readonly clock: Clock;
  /** The deadline of this request's work: the invocation's remaining time less `reserveMs` kept for answering. */
  deadline(reserveMs: number): Deadline;
}

export type Schema = z.ZodType | undefined;
export type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

export interface ParseOptions<BS extends Schema, QS extends Schema> {
  readonly body?: BS;
  /** For action routes that take no parameters: an empty body is read as `{}`. */
  readonly bodyOptional?: boolean;
  readonly query?: QS;
}

export interface PipelineState {
  readonly startedAt: number;
  readonly requestId: string;
  caller?: AuthenticatedCaller;
  /** The stored record of the API key the request was made with. */
  apiKey?: ApiKeyRecord;
  limits?: LimitState;
  /** The account item, with its minute windows and keys' last use, as the admission stored it. */
  accountItem?: Readonly<Record<string, unknown>>;
  body?: unknown;
  query?: unknown;
  idempotency?: { scopeKey: string; charged: number };
  replay?: StoredResponse;
  /** What the route's `prefetch` started while the account was admitted (prefetch.ts). */
  prefetched?: unknown;
  /** The body and query as their schemas gave them when `prefetch` read them ahead: not validated twice. */
  validatedAhead?: { readonly body: unknown; readonly query: unknown };
}

/** The Lambda context of a request in this pipeline: the pipeline's state travels with it, typed. */
export interface PipelineContext extends Context {
  pipeline?: PipelineState;
}

export type PipelineRequest = middy.Request<APIGatewayProxyEventV2, HttpResponse, Error, PipelineContext>;
export type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResponse, Error, PipelineContext>;

/** The state of the request, created by the first middleware that asks. */
export function stateOf(request: PipelineRequest): PipelineState {
  request.context.pipeline ??= {
    startedAt: Date.now(),
    requestId: request.event?.requestContext?.requestId ?? request.context.awsRequestId ?? 'unknown',
  };
  return request.context.pipeline;
}

/** The state of a request that went through the frame (always, in a handler body). */
export function contextState(context: PipelineContext): PipelineState {
  if (!context.pipeline) throw new Error('The handler body ran outside the pipeline frame');
  return context.pipeline;
}

export function routeById(id: RouteId): RouteDefinition {
  const route = routes.find((r) => r.id === id);
  if (!route) throw new Error(`No route with id ${id} in the route table`);
  return route;
}

/** `Idempotency-Key`: 1 to 255 printable ASCII characters without spaces. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** Routes that honour `Idempotency-Key`: authenticated POSTs. */
export function isIdempotent(route: Pick<RouteDefinition, 'auth' | 'method'>): boolean {
  return route.auth === 'api_key' && route.method === 'POST';
}

/** Methods whose requests carry a JSON body. */
export const methodsWithBody: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/** JSON body (on methods with a body) and query string, validated; unknown query parameters are refused. */
export function parseRequest<BS extends Schema, QS extends Schema>(route: RouteDefinition, options: ParseOptions<BS, QS>): Middleware {
  return {
    before: (request) => {
      const state = stateOf(request);
      const ahead = state.validatedAhead;
      if (methodsWithBody.has(route.method)) {
        if (ahead && options.body) state.body = ahead.body;
        else {
          const body = options.bodyOptional && !request.event.body ? {} : parseJsonObjectBody(request.event);
          state.body = options.body ? validate(options.body, body, 'body') : body;
        }
      }
      const query = request.event.queryStringParameters ?? {};
      if (options.query) state.query = ahead ? ahead.query : validate(options.query, query, 'query');
      else {
        const unknown = Object.keys(query)[0];
        if (unknown !== undefined) throw invalidParam(unknown, `Unknown query parameter: ${unknown}.`);
      }
    },
  };
}

const frame: Middleware = {
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

/**
 * How long before the function's time limit a handler still running is abandoned and answered with 503:
 * enough for the error path (releasing an Idempotency-Key is one DynamoDB write) and the response.
 * Without it the function would time out and API Gateway would answer a bare 500 of its own.
 */
export const answerBeforeTimeLimitMs = 1_000;

/** Raised when a handler is still running `answerBeforeTimeLimitMs` before its function's time limit. */
export class TimeLimitReached extends Error {
  constructor() {
    super('The function reached its time limit before the handler answered');
    this.name = 'TimeLimitReached';
  }
}

/** Telemetry and the frame (error shape, headers, request log): the start of every route's pipeline. */
export function framedPipeline() {
  return useTelemetry(
    middy<APIGatewayProxyEventV2, HttpResponse, Error, PipelineContext>({
      timeoutEarlyInMillis: answerBeforeTimeLimitMs,
      timeoutEarlyResponse: () => {
        throw new TimeLimitReached();
      },
    }),
  ).use(frame);
}

/** A handler with the standard error shape, headers and request log, but no authentication or parsing. */
export function framedHandler(fn: (event: APIGatewayProxyEventV2) => Promise<HttpResponse>) {
  return withTelemetry(framedPipeline().handler(fn));
}

/** A public route's handler: the frame and request validation, no API key. */
export function publicHandler<BS extends Schema = undefined, QS extends Schema = undefined>(
  routeRef: RouteId | RouteDefinition,
  options: ParseOptions<BS, QS>,
  fn: (request: RequestBase<Out<BS>, Out<QS>>) => Promise<HttpResponse>,
) {
  const route = typeof routeRef === 'string' ? routeById(routeRef) : routeRef;
  if (route.auth !== 'public') throw new Error(`${route.id} needs an API key: build it with apiHandler`);
  const body = async (event: APIGatewayProxyEventV2, context: PipelineContext) => fn(baseRequest<Out<BS>, Out<QS>>(event, systemClock, context));
  return withTelemetry(framedPipeline().use(parseRequest(route, options)).handler(body));
}

/** The request fields every handler body gets, from the invocation's pipeline state. */
export function baseRequest<B, Q>(event: APIGatewayProxyEventV2, clock: Clock, context: PipelineContext & InvocationTime): RequestBase<B, Q> {
  const state = contextState(context);
  return {
    event,
    requestId: state.requestId,
    body: state.body as B,
    query: state.query as Q,
    pathParameters: (event.pathParameters ?? {}) as Record<string, string>,
    clock,
    deadline: (reserveMs) => Deadline.forInvocation(context, reserveMs),
  };
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

function renderError(thrown: unknown, requestId: string): HttpResponse {
  const error = apiErrorOf(thrown) ?? thrown;
  if (error instanceof ApiError) {
    if (error.code === 'rate_limit_exceeded') {
      recordMetric('quotaRejections', 1, { kind: error.details.reset_at !== undefined ? 'monthly' : 'per_minute' });
    }
    return json(error.status, error.body(), error.headers);
  }
  if (error instanceof TimeLimitReached) {
    logger.warn('Answered before the time limit; the request did not finish', { error: errorSummary(error) });
    recordMetric('timeLimitAnswers', 1, {});
    return json(503, errorBody('service_unavailable', 'The request could not be completed in time. Retry in a few seconds.', { retry_after: 2 }), {
      'retry-after': '2',
    });
  }
  if (isTransientError(error)) {
    logger.warn('Transient dependency failure', { error: errorSummary(error) });
    return json(503, errorBody('service_unavailable', 'The service is temporarily unavailable. Retry in a few seconds.', { retry_after: 1 }), {
      'retry-after': '1',
    });
  }
  logger.error('Unhandled error', { error: errorSummary(error), stack: readableStack((error as Error)?.stack) });
  return json(500, errorBody('internal_error', `An unexpected error occurred. Quote request id ${requestId} to support.`, { request_id: requestId }));
}
