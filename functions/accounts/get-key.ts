import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { findKeyFor } from '#shared/features/accounts/key-management.ts';
import { actorOf } from '#shared/features/accounts/key-rules.ts';
import { apiKeyView } from '#shared/features/accounts/key-view.ts';
import { containerValue } from '#shared/platform/container.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { apiKeyIdPattern } from '#shared/platform/ids.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ accounts: new DynamoAccountStore() }));

/**
 * GET /v1/keys/{key_id}: one key the calling key may manage (key-rules.ts), as `GET /v1/keys` lists it,
 * never the key itself; any other key is a 404. The account's keys are listed beside the account's
 * admission (one Query); the key found is read as stored, and its last use from the admitted account item.
 */
export const handler = apiHandler(
  'GetApiKey',
  {
    prefetch: ({ pathParameters, key }) => (apiKeyIdPattern.test(pathParameters.key_id ?? '') ? dependencies().accounts.listKeys(key.accountId) : undefined),
  },
  async (req) => {
    const id = req.pathParameters.key_id ?? '';
    if (!apiKeyIdPattern.test(id)) throw notFound();
    const { accounts } = dependencies();
    const accountKeys = await (req.prefetched ?? accounts.listKeys(req.caller.accountId));
    const record = await findKeyFor(accounts, actorOf(req.apiKey), id, accountKeys);
    if (!record) throw notFound();
    return json(200, apiKeyView(record, req.clock.now(), req.accountItem));
  },
);

const notFound = () => new ApiError('resource_not_found', 'No key with this id that this key may manage.', { param: 'key_id' });
