/**
 * What the history answers for one verification: what was asked (names, state, NPI; never the date of
 * birth, which is not stored) and the result exactly as the verification returned it.
 */
import * as z from 'zod';
import { pageSchema } from '../../contract/pagination.ts';
import { verificationIdSchema } from '../../contract/field-schemas.ts';
import { verificationResultSchema } from '../verification/verification-result-schema.ts';
import type { HistoryEntry } from './ports.ts';
import type { VerificationResult } from '../verification/verification-result.ts';

export const historyRequestSchema = z
  .strictObject({
    first_name: z.string(),
    last_name: z.string(),
    state: z.string().meta({ description: 'The requested two-letter state code.' }),
    npi: z.string().nullable().meta({ description: 'The NPI the caller gave, or the one the verification found; null when neither.' }),
  })
  .meta({ title: 'Verification history request', description: 'What was asked to verify (the date of birth is never stored).' });

export const historyItemSchema = z
  .strictObject({
    verification_id: verificationIdSchema,
    created_at: z.iso.datetime().meta({ description: 'When the verification ran (its `checked_at`).' }),
    request: historyRequestSchema,
    result: verificationResultSchema,
  })
  .meta({ title: 'Verification history item' });

export const historyPageSchema = pageSchema(historyItemSchema, 'A verification id').meta({ title: 'Verification history page' });

/** A history item; its result is the stored one, which `historyItemSchema` documents. */
export type HistoryItem = Omit<z.output<typeof historyItemSchema>, 'result'> & { readonly result: VerificationResult };

export function historyItem(entry: HistoryEntry, result: VerificationResult): HistoryItem {
  const h = entry.history;
  return {
    verification_id: entry.verification_id,
    created_at: h.created_at,
    request: { first_name: h.first_name, last_name: h.last_name, state: h.state, npi: h.npi },
    result,
  };
}
