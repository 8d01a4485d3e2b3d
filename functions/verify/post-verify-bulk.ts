import { ApiError, errorBody } from '#shared/http/errors.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { validationError } from '#shared/http/validation.ts';
import { logger } from '#shared/logging.ts';
import { bulkRequestSchema, bulkSummary, type BulkItem } from '#shared/verification/bulk-verification.ts';
import { verificationRequestSchema, type VerificationRequest } from '#shared/verification/verification-request.ts';
import { decide, defaultVerificationServices, issue, sharedLookups } from '#shared/verification/verification-service.ts';

const concurrency = 32;
/** Kept from the deadline for signing and storing up to 100 results, charging and answering. */
const answerReserveMs = 5_000;

/** Runs `fn` over `items` with at most `limit` in flight, keeping input order in the output. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function itemError(error: unknown, index: number): BulkItem {
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
 */
export const handler = apiHandler('VerifyBulk', { body: bulkRequestSchema }, async (req) => {
  const caller = req.caller!;
  if (!caller.plan.bulk) {
    throw new ApiError('plan_upgrade_required', `Bulk verification is not available on the ${caller.plan.name} plan; it needs Production, Scale or Enterprise.`);
  }
  const parsed = req.body.providers.map((raw) => verificationRequestSchema.safeParse(raw, { reportInput: true }));
  const valid = parsed.filter((p) => p.success).length;
  req.ensureQuota(valid);

  const svc = defaultVerificationServices();
  const ports = sharedLookups(svc.ports);
  const now = svc.clock.now();
  const deadline = req.deadline(answerReserveMs);
  const decided = await pool(parsed, concurrency, async (p, index) => {
    if (!p.success) {
      const error = validationError(p.error, 'body');
      const param = error.details.param;
      return { index, error: new ApiError(error.code, error.message.replace(/(parameter: |^Invalid )/, `$1providers[${index}].`), { ...error.details, param: `providers[${index}]${param && param !== 'body' ? `.${param}` : ''}` }) };
    }
    try {
      return { index, request: p.data as VerificationRequest, decision: await decide(p.data, caller, ports, now, { deadline }) };
    } catch (error) {
      return { index, error };
    }
  });

  const results: BulkItem[] = await pool(decided, concurrency, async (d) => {
    if (!('decision' in d)) return itemError(d.error, d.index);
    try {
      return { index: d.index, result: (await issue(d.request!, d.decision!, caller, svc, now)).result };
    } catch (error) {
      return itemError(error, d.index);
    }
  });
  const issued = results.filter((r) => 'result' in r).length;
  await Promise.all([req.chargeVerifications(issued), svc.ports.cache.flush()]);

  return json(200, { results, summary: bulkSummary(results) });
});
