import * as z from 'zod';
import { ApiError, errorBody } from '#shared/http/errors.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { validationError } from '#shared/http/validation.ts';
import { logger } from '#shared/logging.ts';
import { verificationRequestSchema, type VerificationRequest } from '#shared/verification/verification-request.ts';
import { decide, defaultVerificationServices, issue, sharedLookups } from '#shared/verification/verification-service.ts';
import type { VerificationResult } from '#shared/verification/verification-result.ts';

export const maxBulkProviders = 100;
const concurrency = 32;

const body = z.strictObject({
  providers: z.array(z.unknown()).min(1, 'providers must hold at least one provider').max(maxBulkProviders, `providers holds at most ${maxBulkProviders} providers`),
});

type Item = { index: number; result: VerificationResult } | { index: number; error: ReturnType<typeof errorBody>['error'] };

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

function itemError(error: unknown, index: number): Item {
  if (error instanceof ApiError) return { index, error: error.body().error };
  logger.error('Bulk item failed', { index, error: (error as Error).message });
  return { index, error: errorBody('internal_error', 'This provider could not be verified because of an error on our side.').error };
}

/**
 * POST /v1/verify/bulk: up to 100 providers, each validated and verified on its own (a bad item gets an
 * error entry and never fails the batch), in input order. Identical lookups are shared; every valid
 * item counts against the quota like one verify call, checked for the whole batch before any work.
 */
export const handler = apiHandler('VerifyBulk', { body }, async (req) => {
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
  const decided = await pool(parsed, concurrency, async (p, index) => {
    if (!p.success) {
      const error = validationError(p.error, 'body');
      const param = error.details.param;
      return { index, error: new ApiError(error.code, error.message.replace(/(parameter: |^Invalid )/, `$1providers[${index}].`), { ...error.details, param: `providers[${index}]${param && param !== 'body' ? `.${param}` : ''}` }) };
    }
    try {
      return { index, request: p.data as VerificationRequest, decision: await decide(p.data, caller, ports, now) };
    } catch (error) {
      return { index, error };
    }
  });

  const succeeded = decided.filter((d) => 'decision' in d).length;
  await Promise.all([req.chargeVerifications(succeeded), svc.ports.cache.flush()]);

  const results: Item[] = await pool(decided, concurrency, async (d) => {
    if (!('decision' in d)) return itemError(d.error, d.index);
    try {
      return { index: d.index, result: (await issue(d.request!, d.decision!, caller, svc, now)).result };
    } catch (error) {
      return itemError(error, d.index);
    }
  });

  const byStatus: Record<string, number> = {};
  for (const r of results) if ('result' in r) byStatus[r.result.status] = (byStatus[r.result.status] ?? 0) + 1;
  return json(200, {
    results,
    summary: {
      total: results.length,
      succeeded: results.filter((r) => 'result' in r).length,
      failed: results.filter((r) => 'error' in r).length,
      verified: results.filter((r) => 'result' in r && r.result.verified).length,
      by_status: byStatus,
    },
  });
});
