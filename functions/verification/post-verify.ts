import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { verificationRequestSchema } from '#shared/features/verification/verification-request.ts';
import { prefetchSourceAnswers, verificationServices, withPrefetchedAnswers } from '#shared/features/verification/verification-services.ts';
import { verifyProvider } from '#shared/features/verification/verify-provider.ts';

/** Kept from the deadline for charging, signing, storing and answering. */
const answerReserveMs = 1_500;

/**
 * POST /v1/verify. The cached source answers are read beside the account's admission; the quota is
 * checked before any work (a Developer hard stop refuses at once) and charged once the outcome is known,
 * so a 503 is never charged.
 */
export const handler = idempotentApiHandler(
  'Verify',
  { body: verificationRequestSchema, prefetch: ({ body, key }) => prefetchSourceAnswers([body], key.mode) },
  async (req) => {
    const caller = req.caller;
    const svc = withPrefetchedAnswers(verificationServices(), req.prefetched);
    req.charger.ensureQuota(1);
    const { result } = await verifyProvider(req.body, caller, svc, {
      now: svc.clock.now(),
      deadline: req.deadline(answerReserveMs),
      charge: req.charger.charge,
    });
    return json(200, result);
  },
);
