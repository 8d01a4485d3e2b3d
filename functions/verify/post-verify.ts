import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { verificationRequestSchema } from '#shared/verification/verification-request.ts';
import { decide, defaultVerificationServices, issue } from '#shared/verification/verification-service.ts';

/** Kept from the deadline for charging, signing, storing and answering. */
const answerReserveMs = 1_500;

/**
 * POST /v1/verify. The quota is checked before any work (a Developer hard stop refuses at once) and
 * charged once the outcome is known, so a 503 is never charged.
 */
export const handler = apiHandler('Verify', { body: verificationRequestSchema }, async (req) => {
  const caller = req.caller!;
  const svc = defaultVerificationServices();
  req.ensureQuota(1);
  const now = svc.clock.now();
  const decided = await decide(req.body, caller, svc.ports, now, { deadline: req.deadline(answerReserveMs) });
  const { result } = await issue(req.body, decided, caller, svc, now, Promise.all([req.chargeVerifications(1), svc.ports.cache.flush()]));
  return json(200, result);
});
