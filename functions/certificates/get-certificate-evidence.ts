import { evidenceBundle } from '#shared/features/evidence/evidence-bundle.ts';
import { EvidenceStore } from '#shared/features/evidence/adapters/evidence-store.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { verificationIdPattern } from '#shared/platform/ids.ts';
import { DynamoVerificationStore } from '#shared/features/verification/adapters/verification-store.ts';
import { containerValue } from '#shared/platform/container.ts';
import type { Caller } from '#shared/domain/caller.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ store: new DynamoVerificationStore(), evidence: new EvidenceStore() }));

/** The stored verification of this id, if the owner's. */
function ownedRecord(id: string, owner: Caller) {
  return verificationIdPattern.test(id) ? dependencies().store.getOwned(id, owner.accountId, owner.mode) : Promise.resolve(undefined);
}

/**
 * GET /v1/certificate/{verification_id}/evidence: what each source said, as the certificate names it
 * (evidence-bundle.ts), to the certificate's owner (account and mode) only; anyone else gets the same
 * 404 as for an id that does not exist. The record is read beside the account's admission.
 */
export const handler = apiHandler(
  'GetCertificateEvidence',
  { prefetch: ({ pathParameters, key }) => ownedRecord(pathParameters.verification_id ?? '', key) },
  async (req) => {
    const record = await (req.prefetched ?? ownedRecord(req.pathParameters.verification_id ?? '', req.caller));
    if (!record) throw new ApiError('resource_not_found', 'No verification with this id for this account and mode.', { param: 'verification_id' });
    const bundle = await evidenceBundle(record.certificate, dependencies().evidence, req.clock.now());
    // Download links expire: the bundle may be kept by the caller, never by a shared cache.
    return json(200, bundle, { 'cache-control': 'private, no-store' });
  },
);
