import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { createKeyFor } from '#shared/features/accounts/key-management.ts';
import { actorOf } from '#shared/features/accounts/key-rules.ts';
import { forgetEndedKeyUses } from '#shared/features/accounts/key-use.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { createKeyRequestSchema } from '#shared/features/accounts/key-view-schema.ts';
import { containerValue } from '#shared/platform/container.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { createdKeyResponse } from '#shared/api/http/created-key-response.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ accounts: new DynamoAccountStore(), usage: new DynamoUsageStore() }));

/**
 * POST /v1/keys: a new key of the caller's account, 201 with the key shown this once. A replay of the
 * same Idempotency-Key answers the same key without the secret, which is never stored.
 */
export const handler = idempotentApiHandler('CreateApiKey', { body: createKeyRequestSchema, bodyOptional: true }, async (req) => {
  const now = req.clock.now();
  const { accounts, usage } = dependencies();
  const accountKeys = await accounts.listKeys(req.caller.accountId);
  const { apiKey, record } = await createKeyFor(accounts, actorOf(req.apiKey), req.body, now, accountKeys);
  await forgetEndedKeyUses(usage, req.caller.accountId, req.accountItem, accountKeys, now);
  return createdKeyResponse(apiKey, record, now);
});
