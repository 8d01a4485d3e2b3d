import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { manageableKeys } from '#shared/features/accounts/key-management.ts';
import { actorOf, keyIdOf } from '#shared/features/accounts/key-rules.ts';
import { apiKeyView } from '#shared/features/accounts/key-view.ts';
import { listKeysQuerySchema } from '#shared/features/accounts/key-view-schema.ts';
import { containerValue } from '#shared/platform/container.ts';
import { defaultPageSize, pageBody } from '#shared/contract/pagination.ts';
import { invalidParam } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ accounts: new DynamoAccountStore() }));

/**
 * GET /v1/keys: the keys the calling key may manage (key-rules.ts), newest first, with a cursor. The
 * account's keys are read beside the account's admission (one Query); last use comes from the account
 * item that admission returned.
 */
export const handler = apiHandler(
  'ListApiKeys',
  { query: listKeysQuerySchema, prefetch: ({ key }) => dependencies().accounts.listKeys(key.accountId) },
  async (req) => {
    const accountKeys = await (req.prefetched ?? dependencies().accounts.listKeys(req.caller.accountId));
    const keys = manageableKeys(accountKeys, actorOf(req.apiKey));
    let start = 0;
    if (req.query.starting_after) {
      const at = keys.findIndex((k) => keyIdOf(k) === req.query.starting_after);
      if (at < 0) throw invalidParam('starting_after', 'starting_after is not one of your keys.');
      start = at + 1;
    }
    const limit = req.query.limit ?? defaultPageSize;
    const now = req.clock.now();
    const page = keys.slice(start, start + limit).map((k) => apiKeyView(k, now, req.accountItem));
    return json(
      200,
      pageBody(page, start + limit < keys.length, (k) => k.key_id),
    );
  },
);
