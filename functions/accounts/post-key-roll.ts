import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { rollKey } from '#shared/features/accounts/key-management.ts';
import { actorOf } from '#shared/features/accounts/key-rules.ts';
import { forgetEndedKeyUses } from '#shared/features/accounts/key-use.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { rollKeyRequestSchema } from '#shared/features/accounts/key-view-schema.ts';
import { containerValue } from '#shared/platform/container.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { createdKeyResponse } from '#shared/api/http/created-key-response.ts';
import { apiKeyIdPattern } from '#shared/platform/ids.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ accounts: new DynamoAccountStore(), usage: new DynamoUsageStore() }));

/**
 * POST /v1/keys/{key_id}/roll: a new key replacing this one (same mode, role and name), 201 with the
 * new key shown this once; the old key works until the grace period ends, then gets 401.
 */
export const handler = idempotentApiHandler('RollApiKey', { body: rollKeyRequestSchema, bodyOptional: true }, async (req) => {
  const id = req.pathParameters.key_id ?? '';
  const now = req.clock.now();
  if (!apiKeyIdPattern.test(id)) throw notFound();
  const { accounts, usage } = dependencies();
  const accountKeys = await accounts.listKeys(req.caller.accountId);
  const rolled = await rollKey(accounts, actorOf(req.apiKey), id, req.body.grace_period_hours, now, accountKeys);
  if (!rolled) throw notFound();
  await forgetEndedKeyUses(usage, req.caller.accountId, req.accountItem, accountKeys, now, [rolled.old]);
  const { apiKey, record } = rolled.minted;
  return createdKeyResponse(apiKey, record, now);
});

const notFound = () => new ApiError('resource_not_found', 'No key with this id that this key may manage.', { param: 'key_id' });
