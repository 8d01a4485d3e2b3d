/**
 * Reads a route starts beside its account's admission (`prefetch` of `apiHandler`): as soon as the key
 * is known, from the request's valid body and query, its path, and the key's account and mode. The
 * handler takes their result as `prefetched` once the caller is admitted; a refusal (401, 403, 429) is
 * answered first, and what the reads themselves fail with is met by the handler when it awaits them.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Caller } from '../../domain/caller.ts';
import { errorSummary, logger } from '../../platform/observability/logger.ts';
import type { WhileAdmitting } from './middleware/authenticate.ts';
import { contextState, type Out, type ParseOptions, type Schema } from './pipeline-frame.ts';
import { parseJsonObjectBody } from './request-body.ts';

/** What a route's `prefetch` starts from: the request's valid body and query, its path, and the key's owner. */
export interface PrefetchInput<B, Q> {
  readonly body: B;
  readonly query: Q;
  readonly pathParameters: Readonly<Record<string, string>>;
  /** The account and mode the key belongs to: not yet admitted (suspension and the limit are checked beside). */
  readonly key: Caller;
  /** The pipeline clock's time. */
  readonly now: Date;
}

/** The request's valid body and query, read ahead of their validation in the pipeline, or undefined when either is invalid. */
function validInput<BS extends Schema, QS extends Schema>(
  event: APIGatewayProxyEventV2,
  options: ParseOptions<BS, QS>,
): { body: unknown; query: unknown } | undefined {
  try {
    let body: unknown;
    if (options.body) {
      const raw = options.bodyOptional && !event.body ? {} : event.body ? parseJsonObjectBody(event) : undefined;
      if (raw === undefined) return undefined;
      const parsed = options.body.safeParse(raw);
      if (!parsed.success) return undefined;
      body = parsed.data;
    }
    let query: unknown;
    if (options.query) {
      const parsed = options.query.safeParse(event.queryStringParameters ?? {});
      if (!parsed.success) return undefined;
      query = parsed.data;
    }
    return { body, query };
  } catch {
    return undefined;
  }
}

/** The `whileAdmitting` step of the authentication middleware that starts `prefetch` for a request. */
export function readAhead<BS extends Schema, QS extends Schema, P>(
  options: ParseOptions<BS, QS>,
  prefetch: (input: PrefetchInput<Out<BS>, Out<QS>>) => P | undefined,
  now: () => Date,
): WhileAdmitting {
  return (request, key) => {
    const input = validInput(request.event, options);
    if (!input) return;
    contextState(request.context).validatedAhead = input;
    try {
      const started = prefetch({
        body: input.body as Out<BS>,
        query: input.query as Out<QS>,
        pathParameters: (request.event.pathParameters ?? {}) as Record<string, string>,
        key,
        now: now(),
      });
      if (started instanceof Promise) started.catch(() => undefined);
      contextState(request.context).prefetched = started;
    } catch (error) {
      // Reading ahead is an optimisation: the handler does the same work itself and reports what fails.
      logger.debug('Prefetch not started', { error: errorSummary(error) });
    }
  };
}
