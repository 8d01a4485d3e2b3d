import { apiErrorOf } from '#shared/api/http/domain-errors.ts';
import { ApiError } from '#shared/api/http/errors.ts';
import { errorBody } from '#shared/contract/error-catalogue.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { validationError } from '#shared/api/http/validation.ts';
import type * as z from 'zod';
import { admitBulk } from '#shared/features/limits/charging.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { bulkRequestSchema, bulkSummary, type BulkItem } from '#shared/features/verification/bulk-verification.ts';
import { verificationRequestSchema, type VerificationRequest } from '#shared/features/verification/verification-request.ts';
import { prefetchSourceAnswers, verificationServices, withPrefetchedAnswers } from '#shared/features/verification/verification-services.ts';
import { verifyMany } from '#shared/features/verification/verify-provider.ts';

const concurrency = 32;
/** Kept from the deadline for signing and storing up to 100 results, charging and answering. */
const answerReserveMs = 5_000;

/** A provider that failed validation: the error names its place in the batch (`providers[3].npi`). */
function itemValidationError(issues: z.ZodError, index: number): ApiError {
  const error = validationError(issues, 'body');
  const param = error.details.param;
  return new ApiError(error.code, error.message.replace(/(parameter: |^Invalid )/, `$1providers[${index}].`), {
    ...error.details,
    param: `providers[${index}]${param && param !== 'body' ? `.${param}` : ''}`,
  });
}

function itemError(thrown: unknown, index: number): BulkItem {
  const error = apiErrorOf(thrown) ?? thrown;
  if (error instanceof ApiError) return { index, error: error.body().error };
  logger.error('Bulk item failed', { index, error: (error as Error).message });
  return { index, error: errorBody('internal_error', 'This provider could not be verified because of an error on our side.').error };
}

/**
 * POST /v1/verify/bulk: up to 100 providers, each validated and verified on its own (a bad item gets an
 * error entry and never fails the batch), in input order. Identical lookups are shared. The whole batch
 * shares one deadline: a source that has not answered by then is unavailable for the items still waiting
 * on it, which come back `source_unavailable` (or, with every source out and nothing cached, as an item
 * error). The quota is checked for every valid item before any work and charged for the results issued.
 * The providers' cached source answers are read beside the account's admission.
 */
/** The valid providers of a batch. */
function validProviders(providers: readonly unknown[]): VerificationRequest[] {
  return providers.flatMap((raw) => {
    const parsed = verificationRequestSchema.safeParse(raw);
    return parsed.success ? [parsed.data as VerificationRequest] : [];
  });
}

export const handler = idempotentApiHandler(
  'VerifyBulk',
  { body: bulkRequestSchema, prefetch: ({ body, key }) => prefetchSourceAnswers(validProviders(body.providers), key.mode) },
  async (req) => {
    const caller = req.caller;
    const parsed = req.body.providers.map((raw) => verificationRequestSchema.safeParse(raw, { reportInput: true }));
    // The plan must include bulk verification, and a hard quota cover every valid provider, before any work.
    admitBulk(caller.plan, req.charger, parsed.filter((p) => p.success).length);

    const svc = withPrefetchedAnswers(verificationServices(), req.prefetched);
    const valid = parsed.flatMap((p, index) => (p.success ? [{ index, request: p.data as VerificationRequest }] : []));
    const verified = await verifyMany(
      valid.map((v) => v.request),
      caller,
      svc,
      { now: svc.clock.now(), deadline: req.deadline(answerReserveMs), charge: req.charger.charge, concurrency },
    );
    const byIndex = new Map(valid.map((v, i) => [v.index, verified[i]!]));
    const results: BulkItem[] = parsed.map((p, index) => {
      if (!p.success) return { index, error: itemValidationError(p.error, index).body().error };
      const outcome = byIndex.get(index)!;
      return 'result' in outcome ? { index, result: outcome.result } : itemError(outcome.error, index);
    });
    return json(200, { results, summary: bulkSummary(results) });
  },
);
