import { containerValue } from '#shared/platform/container.ts';
import type { Caller } from '#shared/domain/caller.ts';
import { historyPage, type HistoryPageRequest } from '#shared/features/history/history-page.ts';
import { HistoryFilterError, listVerificationsQuerySchema } from '#shared/features/history/history-query.ts';
import { DynamoHistoryStore } from '#shared/features/history/adapters/history-store.ts';
import { invalidParam } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ history: new DynamoHistoryStore() }));

async function page(caller: Caller, query: HistoryPageRequest) {
  try {
    return await historyPage(dependencies().history, caller, query);
  } catch (error) {
    if (error instanceof HistoryFilterError) throw invalidParam(error.param, error.message);
    throw error;
  }
}

/**
 * GET /v1/verifications: the caller's verifications (account and mode), newest first, filtered by time,
 * state, status, verified, NPI or surname. The page is read beside the account's admission and answered
 * (or refused) once the caller is admitted.
 */
export const handler = apiHandler('ListVerifications', { query: listVerificationsQuerySchema, prefetch: ({ query, key }) => page(key, query) }, async (req) =>
  json(200, await (req.prefetched ?? page(req.caller, req.query))),
);
