/**
 * The standard HTTP pipeline of the API-key routes (middy), on top of the frame every route has
 * (pipeline-frame.ts: error shape, request log and response headers, JSON body and query validation):
 * API-key authentication; the per-minute limit; Idempotency-Key handling for POSTs. A handler body then
 * only does its endpoint's work. Public routes use `publicHandler` or `framedHandler`, which load none
 * of the stores below.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { bearerKey, hashApiKey } from '../auth/api-keys.ts';
import { DynamoAccountStore, keyState, type AccountStore } from '../auth/account-store.ts';
import { systemClock, type Clock } from '../clock.ts';
import { containerValue } from '../container.ts';
import { fingerprintPepper } from '../idempotency/fingerprint-pepper.ts';
import { DynamoIdempotencyStore } from '../idempotency/idempotency-store.ts';
import { requestFingerprints } from '../idempotency/request-fingerprint.ts';
import { plans, minuteLimitFor } from '../limits/plans.ts';
import { RateLimits, type LimitState } from '../limits/rate-limits.ts';
import { DynamoUsageStore } from '../limits/usage-store.ts';
import { errorSummary, logger } from '../logging.ts';
import type { RouteDefinition } from '../infra/routes.ts';
import { withTelemetry } from '../observability/handler-telemetry.ts';
import { ApiError, invalidParam } from './errors.ts';
import {
  baseRequest,
  eventState,
  framedPipeline,
  idempotencyKeyPattern,
  isIdempotent,
  parseRequest,
  routeById,
  stateOf,
  type AuthenticatedCaller,
  type Middleware,
  type Out,
  type ParseOptions,
  type RequestBase,
  type Schema,
} from './pipeline-frame.ts';
import type { HttpResponse } from './response.ts';

export interface Services {
  readonly accounts: AccountStore;
  readonly limits: RateLimits;
  readonly idempotency: DynamoIdempotencyStore;
  /** The secret pepper of Idempotency-Key fingerprints, loaded on first use. */
  readonly fingerprintPepper: () => Promise<Buffer>;
  readonly clock: Clock;
}

/** The services of this container, created on first use and reused by every invocation. */
export const defaultServices = containerValue(
  (): Services => ({
    accounts: new DynamoAccountStore(),
    limits: new RateLimits(new DynamoUsageStore(), systemClock),
    idempotency: new DynamoIdempotencyStore(),
    fingerprintPepper,
    clock: systemClock,
  }),
);

export interface ApiRequest<B, Q> extends RequestBase<B, Q> {
  /** The authenticated caller; always set on `api_key` routes. */
  readonly caller: AuthenticatedCaller | undefined;
  /** Current rate-limit state (after any charge). */
  limits(): LimitState | undefined;
  /** Charges live verifications to the monthly quota (no-op for test keys); 429 when a hard quota is full. */
  chargeVerifications(units: number): Promise<void>;
  /** 429 now, before any work, when a hard-stop quota cannot cover `units` verifications. */
  ensureQuota(units: number): void;
}

export interface ApiHandlerOptions<BS extends Schema, QS extends Schema> extends ParseOptions<BS, QS> {
  readonly services?: Services;
}


export function apiHandler<BS extends Schema = undefined, QS extends Schema = undefined>(
  routeRef: string | RouteDefinition,
  options: ApiHandlerOptions<BS, QS>,
  fn: (request: ApiRequest<Out<BS>, Out<QS>>) => Promise<HttpResponse>,
) {
  const route = typeof routeRef === 'string' ? routeById(routeRef) : routeRef;
  const svc = () => options.services ?? defaultServices();
  const idempotent = isIdempotent(route);

  const authenticateAndAdmit: Middleware = {
    before: async (request) => {
      const state = stateOf(request);
      const bearer = bearerKey(request.event.headers?.authorization);
      if (!bearer.ok) throw new ApiError('authentication_failed', bearer.reason);
      const { accounts, clock } = svc();
      // Both reads are strongly consistent and neither is remembered between requests: a revoked key or a
      // suspended account is refused from the very next request, in every container.
      const record = await accounts.getKey(hashApiKey(bearer.key));
      if (!record) throw new ApiError('authentication_failed', 'Invalid API key.');
      const status = keyState(record, clock.now());
      if (status !== 'active') throw new ApiError('authentication_failed', `This API key has been ${status}.`);
      const account = await accounts.getAccount(record.account_id);
      if (!account) throw new ApiError('authentication_failed', 'Invalid API key.');
      if (account.suspended_at) {
        throw new ApiError('account_suspended', 'The account of this API key is suspended. Contact support to restore access.');
      }
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

  const idempotency: Middleware = {
    before: async (request) => {
      const state = stateOf(request);
      const key = request.event.headers?.['idempotency-key'];
      if (key === undefined || !state.caller) return;
      if (!idempotencyKeyPattern.test(key)) {
        throw invalidParam('Idempotency-Key', 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.');
      }
      const scopeKey = `${state.caller.accountId}#${state.caller.mode}#${key}`;
      const fingerprints = requestFingerprints(await svc().fingerprintPepper(), route.method, request.event.rawPath, state.body);
      const claim = await svc().idempotency.claim(scopeKey, fingerprints, svc().clock.now());
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

  const body = async (event: APIGatewayProxyEventV2, context: Context): Promise<HttpResponse> => {
    const state = eventState(event);
    if (state.replay) {
      return { ...state.replay, headers: { ...state.replay.headers, 'idempotent-replayed': 'true' } };
    }
    const request: ApiRequest<Out<BS>, Out<QS>> = {
      ...baseRequest<Out<BS>, Out<QS>>(event, svc().clock, context),
      caller: state.caller,
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

  const pipeline = framedPipeline();
  if (route.auth === 'api_key') pipeline.use(authenticateAndAdmit);
  pipeline.use(parseRequest(route, options));
  if (idempotent) pipeline.use(idempotency);
  return withTelemetry(pipeline.handler(body));
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) if (headers[name] !== undefined) out[name] = headers[name];
  return out;
}
