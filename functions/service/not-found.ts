import { ApiError } from '#shared/api/http/errors.ts';
import { framedHandler } from '#shared/api/http/pipeline-frame.ts';
import { matchRoute, routes } from '#shared/platform/infra/routes.ts';

/** Every request no route matched: 405 with `Allow` when the path exists under other methods, else 404. */
export const handler = framedHandler(async (event) => {
  const method = event.requestContext.http.method;
  const path = event.rawPath;
  const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
  const { allowed } = matchRoute(routes, method, path);
  if (allowed.length > 0) {
    throw new ApiError('method_not_allowed', `${method} is not allowed on ${shown}. Allowed: ${allowed.join(', ')}.`, {}, { allow: allowed.join(', ') });
  }
  throw new ApiError('resource_not_found', `No route matches ${method} ${shown}.`);
});
