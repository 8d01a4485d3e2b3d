import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { verificationIdPattern } from '#shared/platform/ids.ts';
import { DynamoVerificationStore } from '#shared/features/verification/adapters/verification-store.ts';
import { containerValue } from '#shared/platform/container.ts';
import type { Caller } from '#shared/domain/caller.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ store: new DynamoVerificationStore() }));

/** The stored verification of this id, if the owner's. */
function ownedRecord(id: string, owner: Caller) {
  return verificationIdPattern.test(id) ? dependencies().store.getOwned(id, owner.accountId, owner.mode) : Promise.resolve(undefined);
}

/**
 * GET /v1/certificate/{verification_id}: the signed certificate, to its owner (account and mode) only;
 * the record is read beside the account's admission.
 */
export const handler = apiHandler(
  'GetCertificate',
  { prefetch: ({ pathParameters, key }) => ownedRecord(pathParameters.verification_id ?? '', key) },
  async (req) => {
    const record = await (req.prefetched ?? ownedRecord(req.pathParameters.verification_id ?? '', req.caller));
    if (!record) throw new ApiError('resource_not_found', 'No verification with this id for this account and mode.', { param: 'verification_id' });
    return json(200, record.certificate);
  },
);
