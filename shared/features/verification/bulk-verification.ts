/**
 * `POST /v1/verify/bulk`: the request (each provider is validated on its own, so a bad item never fails
 * the batch), the summary of the answer, and the schemas the handler validates with and the OpenAPI
 * document is generated from.
 */
import * as z from 'zod';
import { errorObjectSchema } from '../../contract/error-schema.ts';
import type { ErrorBody } from '../../contract/error-catalogue.ts';
import { outcomeStatuses } from '../../domain/license-status.ts';
import { verificationResultSchema } from './verification-result-schema.ts';
import type { VerificationResult } from './verification-result.ts';

export const maxBulkProviders = 100;

export const bulkRequestSchema = z
  .strictObject({
    providers: z
      .array(
        // Any value is taken into the batch (a bad item gets an error entry, and the batch goes on):
        // the handler validates each item on its own. The document types the items as the request
        // they are meant to be, so that a generated client builds them as such.
        z.unknown().meta({
          $ref: '#/components/schemas/VerificationRequest',
          description:
            'A provider, as `POST /v1/verify` takes it. Each item is validated on its own: a malformed item gets an error entry in `results` (`param` prefixed `providers[i].`), never a 400 for the batch.',
        }),
      )
      .min(1, 'providers must hold at least one provider')
      .max(maxBulkProviders, `providers holds at most ${maxBulkProviders} providers`),
  })
  .meta({ title: 'Bulk verification request' });

export type BulkItem = { index: number; result: VerificationResult } | { index: number; error: ErrorBody['error'] };

export function bulkSummary(results: readonly BulkItem[]) {
  const byStatus: Record<string, number> = {};
  for (const r of results) if ('result' in r) byStatus[r.result.status] = (byStatus[r.result.status] ?? 0) + 1;
  return {
    total: results.length,
    succeeded: results.filter((r) => 'result' in r).length,
    failed: results.filter((r) => 'error' in r).length,
    verified: results.filter((r) => 'result' in r && r.result.verified).length,
    by_status: byStatus,
  };
}

const index = z.number().int().min(0).meta({ description: 'Position of the provider in the request.' });
const count = z.number().int().min(0);

/** The entry of a provider that was verified. */
export const bulkItemResultSchema = z.strictObject({ index, result: verificationResultSchema }).meta({ title: 'Bulk item result' });

/** The entry of a provider that could not be: its own error, as a single call would have answered it. */
export const bulkItemErrorSchema = z.strictObject({ index, error: errorObjectSchema }).meta({ title: 'Bulk item error' });

export const bulkResponseSchema = z
  .strictObject({
    results: z
      .array(z.xor([bulkItemResultSchema, bulkItemErrorSchema]))
      .meta({ description: 'One entry per provider, in input order: its result, or its error (`param` prefixed `providers[i].`).' }),
    summary: z.strictObject({
      total: count,
      succeeded: count,
      failed: count,
      verified: count.meta({ description: 'Results with `verified: true`.' }),
      by_status: z.partialRecord(z.enum(outcomeStatuses), count).meta({ description: 'Number of results per `status`.' }),
    }),
  })
  .meta({ title: 'Bulk verification response' });
