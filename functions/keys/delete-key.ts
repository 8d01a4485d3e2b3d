import { DynamoAccountStore } from '#shared/auth/account-store.ts';
import { AdminRevocationLock } from '#shared/auth/admin-revocation-lock.ts';
import { revokeKeyFor } from '#shared/auth/key-management.ts';
import { actorOf } from '#shared/auth/key-rules.ts';
import { apiKeyView } from '#shared/auth/key-view.ts';
import { containerValue } from '#shared/container.ts';
import { ApiError } from '#shared/http/errors.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { apiKeyIdPattern } from '#shared/ids.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ accounts: new DynamoAccountStore(), adminRevocations: new AdminRevocationLock() }));

/** DELETE /v1/keys/{key_id}: revokes the key at once; 200 with the key, `state: revoked`. */
export const handler = apiHandler('RevokeApiKey', {}, async (req) => {
  const id = req.pathParameters.key_id ?? '';
  const now = req.clock.now();
  const record = apiKeyIdPattern.test(id)
    ? await revokeKeyFor(dependencies().accounts, dependencies().adminRevocations, actorOf(req.apiKey), id, now)
    : undefined;
  if (!record) throw new ApiError('resource_not_found', 'No key with this id that this key may manage.', { param: 'key_id' });
  return json(200, apiKeyView(record, now, req.accountItem));
});
