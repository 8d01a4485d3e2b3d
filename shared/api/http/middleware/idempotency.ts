/**
 * Idempotency-Key on authenticated POSTs, scoped to the calling key's account, mode and role: the first request with a key claims it (a keyed fingerprint of
 * the request is stored, never the body); a retry with the same request replays the stored answer, one
 * with a different request is a 409, one while the first still runs a 409 with Retry-After. A 2xx answer
 * is stored for 24 hours (its `replayBody` instead of its body when it has one: an answer carrying a
 * secret is stored without it); any other answer or an error releases the key.
 */
import { roleOf } from '../../../features/accounts/key-rules.ts';
import type { RouteDefinition } from '../../../platform/infra/routes.ts';
import { fingerprintPepper } from '../../../features/idempotency/fingerprint-pepper-services.ts';
import { requestFingerprints } from '../../../features/idempotency/request-fingerprint.ts';
import { errorSummary, logger } from '../../../platform/observability/logger.ts';
import { ApiError, invalidParam } from '../errors.ts';
import { idempotencyKeyPattern, stateOf, type Middleware } from '../pipeline-frame.ts';
import type { Services } from '../pipeline-services.ts';

export function idempotency(route: Pick<RouteDefinition, 'method'>, services: () => Services): Middleware {
  return {
    before: async (request) => {
      const state = stateOf(request);
      const key = request.event.headers?.['idempotency-key'];
      if (key === undefined || !state.caller) return;
      if (!idempotencyKeyPattern.test(key)) {
        throw invalidParam('Idempotency-Key', 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces.');
      }
      // Scoped to the account, mode and role of the calling key: a replay answers only a key that may make
      // the request itself (a standard key never gets an admin key's stored answer). Not to the key: a
      // client that rolls its key between retries still gets its replay.
      const scopeKey = `${state.caller.accountId}#${state.caller.mode}#${roleOf(state.apiKey ?? {})}#${key}`;
      const fingerprints = requestFingerprints(await fingerprintPepper(), route.method, request.event.rawPath, state.body);
      const claim = await services().idempotency.claim(scopeKey, fingerprints, services().clock.now());
      switch (claim.outcome) {
        case 'claimed':
          state.idempotency = { scopeKey, charged: claim.charged };
          return;
        case 'replay':
          state.replay = claim.response;
          return;
        case 'conflict':
          throw new ApiError('idempotency_conflict', 'This Idempotency-Key was already used with a different request. Use a new key for a new request.', {
            param: 'Idempotency-Key',
          });
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
      const replayBody = request.response?.replayBody;
      if (request.response) delete request.response.replayBody;
      if (!state.idempotency || state.replay || !request.response) return;
      const response = request.response;
      if (response.statusCode >= 200 && response.statusCode < 300) {
        await services().idempotency.complete(state.idempotency.scopeKey, {
          statusCode: response.statusCode,
          headers: pick(response.headers, ['content-type', 'location']),
          body: replayBody ?? (typeof response.body === 'string' ? response.body : ''),
        });
      } else {
        await services().idempotency.release(state.idempotency.scopeKey);
      }
    },
    onError: async (request) => {
      const state = stateOf(request);
      if (!state?.idempotency) return;
      try {
        await services().idempotency.release(state.idempotency.scopeKey);
      } catch (error) {
        logger.error('Could not release an idempotency key', { error: errorSummary(error) });
      }
    },
  };
}

function pick(headers: Record<string, string>, names: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) if (headers[name] !== undefined) out[name] = headers[name];
  return out;
}
