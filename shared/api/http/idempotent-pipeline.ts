/**
 * The handler of a POST route with API keys: the standard pipeline (pipeline.ts) with Idempotency-Key
 * handling between validation and the handler (middleware/idempotency.ts). Only these functions bundle
 * the Idempotency-Key machinery and the Secrets Manager client its fingerprint pepper is read with.
 */
import type { RouteDefinition, RouteId } from '../../platform/infra/routes.ts';
import { idempotency } from './middleware/idempotency.ts';
import { isIdempotent, routeById, type Out, type Schema } from './pipeline-frame.ts';
import { buildApiHandler, type ApiHandlerOptions, type ApiRequest } from './pipeline.ts';
import type { HttpResponse } from './response.ts';

export function idempotentApiHandler<BS extends Schema = undefined, QS extends Schema = undefined, P = undefined>(
  routeRef: RouteId | RouteDefinition,
  options: ApiHandlerOptions<BS, QS, P>,
  fn: (request: ApiRequest<Out<BS>, Out<QS>, P>) => Promise<HttpResponse>,
) {
  const route = typeof routeRef === 'string' ? routeById(routeRef) : routeRef;
  if (!isIdempotent(route)) throw new Error(`Route ${route.id} takes no Idempotency-Key: build its handler with apiHandler (shared/api/http/pipeline.ts)`);
  return buildApiHandler(route, options, fn, idempotency);
}
