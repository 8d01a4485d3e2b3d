/**
 * The standard HTTP pipeline of the API-key routes (middy), on top of the frame every route has
 * (pipeline-frame.ts: error shape, request log and response headers, JSON body and query validation),
 * one middleware per file in `middleware/`: API-key authentication with the per-minute limit (one
 * round trip after the key), Idempotency-Key handling for POSTs. Their state travels typed in the
 * request's context (`PipelineContext`). The pipeline authenticates, parses, calls and renders: the rules
 * of charging belong to the limits (limits/charging.ts), and a handler gets them as its request's
 * `charger`, bound to the request's caller, limits and Idempotency-Key claim. A handler body then only
 * does its endpoint's work. Public routes use `publicHandler` or `framedHandler`, which load none of the
 * stores these use.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ApiKeyRecord } from '../../features/accounts/accounts.ts';
import type { RouteDefinition, RouteId } from '../../platform/infra/routes.ts';
import { chargerFor, type Charger } from '../../features/limits/charging.ts';
import type { LimitState } from '../../features/limits/rate-limits.ts';
import { withTelemetry } from '../../platform/observability/handler-telemetry.ts';
import { authenticate } from './middleware/authenticate.ts';
import { readAhead, type PrefetchInput } from './prefetch.ts';
import {
  baseRequest,
  contextState,
  framedPipeline,
  isIdempotent,
  parseRequest,
  routeById,
  type AuthenticatedCaller,
  type Middleware,
  type Out,
  type ParseOptions,
  type PipelineContext,
  type RequestBase,
  type Schema,
} from './pipeline-frame.ts';
import type { ContainerValue } from '../../platform/container.ts';
import { pipelineServices, type Services } from './pipeline-services.ts';
import type { HttpResponse } from './response.ts';

export interface ApiRequest<B, Q, P = undefined> extends RequestBase<B, Q> {
  /** The authenticated caller (an `api_key` route's request never reaches its handler without one). */
  readonly caller: AuthenticatedCaller;
  /** The stored record of the API key the request was made with (its hash, id, role; never the key). */
  readonly apiKey: ApiKeyRecord;
  /** Current rate-limit state (after any charge). */
  limits(): LimitState | undefined;
  /** The caller's account item as stored once this request was counted, with its minute windows and keys' last use (limits/adapters/usage-store.ts). */
  readonly accountItem: Readonly<Record<string, unknown>>;
  /**
   * The charging of this request's verifications (limits/charging.ts): `ensureQuota` refuses (429) before
   * any work when a hard quota cannot cover them, `charge` charges them exactly once under Idempotency-Key
   * retries. A route without API keys checks and charges nothing.
   */
  readonly charger: Charger;
  /** What the route's `prefetch` started for this request; undefined when it had nothing to start. */
  readonly prefetched: P | undefined;
}

export interface ApiHandlerOptions<BS extends Schema, QS extends Schema, P> extends ParseOptions<BS, QS> {
  /** The pipeline's services: a container value (default `pipelineServices`; a test route may compose its own). */
  readonly services?: ContainerValue<Services>;
  /**
   * Reads that depend only on the request and on whose key it carries, started as soon as the key is
   * known, beside the round trip that admits its account, instead of one round trip later in the
   * handler (`PrefetchInput`); their result is the handler's `prefetched`. A promise it returns is marked
   * handled, as the request may still be refused; the handler awaits it and so meets its failure.
   * Nothing is started for an invalid body or query: the request is refused with 400 anyway.
   */
  readonly prefetch?: (input: PrefetchInput<Out<BS>, Out<QS>>) => P | undefined;
}

/**
 * The handler of an API-key (or public) route that takes no Idempotency-Key. A POST route with API keys
 * takes one and is built with `idempotentApiHandler` (idempotent-pipeline.ts), which alone bundles the
 * Idempotency-Key machinery and its Secrets Manager client; building one here is refused.
 */
export function apiHandler<BS extends Schema = undefined, QS extends Schema = undefined, P = undefined>(
  routeRef: RouteId | RouteDefinition,
  options: ApiHandlerOptions<BS, QS, P>,
  fn: (request: ApiRequest<Out<BS>, Out<QS>, P>) => Promise<HttpResponse>,
) {
  const route = typeof routeRef === 'string' ? routeById(routeRef) : routeRef;
  if (isIdempotent(route)) {
    throw new Error(`Route ${route.id} takes an Idempotency-Key: build its handler with idempotentApiHandler (shared/api/http/idempotent-pipeline.ts)`);
  }
  return buildApiHandler(route, options, fn);
}

/** The pipeline of `apiHandler`, with `afterParse` (the Idempotency-Key middleware) between validation and the handler. */
export function buildApiHandler<BS extends Schema, QS extends Schema, P>(
  route: RouteDefinition,
  options: ApiHandlerOptions<BS, QS, P>,
  fn: (request: ApiRequest<Out<BS>, Out<QS>, P>) => Promise<HttpResponse>,
  afterParse?: (route: RouteDefinition, services: ContainerValue<Services>) => Middleware,
) {
  const svc = options.services ?? pipelineServices;

  const body = async (event: APIGatewayProxyEventV2, context: PipelineContext): Promise<HttpResponse> => {
    const state = contextState(context);
    if (state.replay) {
      return { ...state.replay, headers: { ...state.replay.headers, 'idempotent-replayed': 'true' } };
    }
    const request: ApiRequest<Out<BS>, Out<QS>, P> = {
      ...baseRequest<Out<BS>, Out<QS>>(event, svc().clock, context),
      get caller(): AuthenticatedCaller {
        if (!state.caller) throw new Error(`Route ${route.id} is not an api_key route: its requests have no caller`);
        return state.caller;
      },
      get apiKey(): ApiKeyRecord {
        if (!state.apiKey) throw new Error(`Route ${route.id} is not an api_key route: its requests have no key`);
        return state.apiKey;
      },
      limits: () => state.limits,
      get accountItem(): Readonly<Record<string, unknown>> {
        if (!state.accountItem) throw new Error(`Route ${route.id} is not an api_key route: its requests have no account`);
        return state.accountItem;
      },
      prefetched: state.prefetched as P | undefined,
      charger: chargerFor(state, () => ({ ledger: svc().limits, record: svc().idempotency })),
    };
    return fn(request);
  };

  const pipeline = framedPipeline();
  const whileAdmitting = options.prefetch ? readAhead(options, options.prefetch, () => svc().clock.now()) : undefined;
  if (route.auth === 'api_key') pipeline.use(authenticate(svc, whileAdmitting));
  pipeline.use(parseRequest(route, options));
  if (afterParse) pipeline.use(afterParse(route, svc));
  return withTelemetry(pipeline.handler(body));
}
