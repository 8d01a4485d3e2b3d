/**
 * `POST /v1/verify/bulk`: the request (each provider is validated on its own, so a bad item never fails
 * the batch), the summary of the answer, and the schemas the handler validates with and the OpenAPI
 * document is generated from.
 */
import * as z from 'zod';
import { errorObjectSchema } from '../contract/error-schema.ts';
import type { ErrorBody } from '../contract/error-catalogue.ts';
import { outcomeStatuses } from '../domain/license-status.ts';
import { verificationResultSchema } from './verification-result-schema.ts';
import type { VerificationResult } from './verification-result.ts';

export const maxBulkProviders = 100;

export const bulkRequestSchema = z
  .strictObject({
    providers: z
      .array(
        // Any value is taken into the batch (a bad item gets an error entry, and the batch goes on), so
        // the document names the expected shape without refusing the request for one bad item.
        z.unknown().meta({
          anyOf: [{ $ref: '#/components/schemas/VerificationRequest' }, {}],
          description:
            'A Verification request. Each item is validated on its own: a bad item (any other value) gets an error entry in `results`, and the batch goes on.',
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

export const bulkResponseSchema = z
  .strictObject({
    results: z
      .array(z.union([z.strictObject({ index, result: verificationResultSchema }), z.strictObject({ index, error: errorObjectSchema })]))
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
