import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { AdminRevocationLock } from '#shared/features/accounts/adapters/admin-revocation-lock.ts';
import { revokeKeyFor } from '#shared/features/accounts/key-management.ts';
import { actorOf } from '#shared/features/accounts/key-rules.ts';
import { forgetEndedKeyUses } from '#shared/features/accounts/key-use.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { apiKeyView } from '#shared/features/accounts/key-view.ts';
import { containerValue } from '#shared/platform/container.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { apiKeyIdPattern } from '#shared/platform/ids.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ accounts: new DynamoAccountStore(), adminRevocations: new AdminRevocationLock(), usage: new DynamoUsageStore() }));

/** DELETE /v1/keys/{key_id}: revokes the key at once; 200 with the key, `state: revoked`. */
export const handler = apiHandler('RevokeApiKey', {}, async (req) => {
  const id = req.pathParameters.key_id ?? '';
  const now = req.clock.now();
  if (!apiKeyIdPattern.test(id)) throw notFound();
  const { accounts, adminRevocations, usage } = dependencies();
  const accountKeys = await accounts.listKeys(req.caller.accountId);
  const record = await revokeKeyFor(accounts, adminRevocations, actorOf(req.apiKey), id, now, { keys: accountKeys, item: req.accountItem });
  if (!record) throw notFound();
  await forgetEndedKeyUses(usage, req.caller.accountId, req.accountItem, accountKeys, now, [record]);
  return json(200, apiKeyView(record, now, req.accountItem));
});

const notFound = () => new ApiError('resource_not_found', 'No key with this id that this key may manage.', { param: 'key_id' });
