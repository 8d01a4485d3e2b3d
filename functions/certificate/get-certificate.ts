import { ApiError } from '#shared/http/errors.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { verificationIdPattern } from '#shared/ids.ts';
import { VerificationStore } from '#shared/verification/verification-store.ts';
import { containerValue } from '#shared/container.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ store: new VerificationStore() }));

/** GET /v1/certificate/{verification_id}: the signed certificate, to its owner (account and mode) only. */
export const handler = apiHandler('GetCertificate', {}, async (req) => {
  const { store } = dependencies();
  const id = req.pathParameters.verification_id ?? '';
  const record = verificationIdPattern.test(id) ? await store.getOwned(id, req.caller.accountId, req.caller.mode) : undefined;
  if (!record) throw new ApiError('resource_not_found', 'No verification with this id for this account and mode.', { param: 'verification_id' });
  return json(200, record.certificate);
});
