/**
 * Logger and metrics for a handler, wired once here and used by the HTTP pipeline and the queue
 * worker wrapper, so every function gets the same telemetry:
 * - Powertools `injectLambdaContext`: the Lambda context (function name, request id, cold start) on
 *   every log line, and the keys a request appends cleared when it ends. The event is never logged
 *   (`logEvent: false`, whatever POWERTOOLS_LOGGER_LOG_EVENT says): it holds keys and bodies.
 * - the `ColdStart` metric, and the invocation's own metrics published when it ends.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import type middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { logger } from './logger.ts';
import { metrics, publishInvocationMetrics, withInvocationMetrics } from './metrics.ts';

/** The `ColdStart` metric first; the invocation's metrics last, before the logger clears the request's keys. */
const invocationMetrics: middy.MiddlewareObj = {
  before: (request) => {
    metrics.captureColdStartMetric(request.context?.functionName);
  },
  after: () => publishInvocationMetrics(),
  onError: () => publishInvocationMetrics(),
};

/** Adds the telemetry middlewares to a middy handler; call it before any other `use`, so they wrap the rest. */
export function useTelemetry<E, R, C extends Context>(handler: middy.MiddyfiedHandler<E, R, Error, C>): middy.MiddyfiedHandler<E, R, Error, C> {
  return handler
    .use(injectLambdaContext(logger, { resetKeys: true, logEvent: false }) as middy.MiddlewareObj<E, R, Error, C>)
    .use(invocationMetrics as middy.MiddlewareObj<E, R, Error, C>);
}

/** The Lambda handler: each invocation collects its own metrics, published when it returns or throws. */
export function withTelemetry<E, R>(handler: (event: E, context: Context) => Promise<R>): (event: E, context: Context) => Promise<R> {
  return (event, context) => withInvocationMetrics(() => handler(event, context));
}
