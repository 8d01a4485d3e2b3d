/**
 * Verification records: the result returned to the caller and its signed certificate, owned by one
 * account and mode. Written once (a condition refuses overwrite) and kept eight years, beyond the
 * seven-year certificate retention.
 *
 * The result and the certificate are stored brotli-compressed (`result_br`, `certificate_br`, binary):
 * as JSON they are about 7 KB together (the certificate repeats the result and its signature), which
 * DynamoDB bills as 7 write units on every verification and keeps for eight years; compressed they are
 * about a third of it (records/compressed-fields.ts). Records stored before hold them as maps (`result`,
 * `certificate`) and are read as they are (`storedFields`).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import type { KeyMode } from '../../../domain/caller.ts';
import { certificateSchema } from '../../certificates/certificate-schema.ts';
import { parseStoredItem } from '../../records/stored-item.ts';
import { compressedName, compressJson, withDecompressed } from '../../records/compressed-fields.ts';
import type { VerificationResult } from '../verification-result.ts';
import { retentionYears, type VerificationRecord, type VerificationStore } from '../verification-record.ts';
import { verificationResultSchema } from '../verification-result-schema.ts';
import { oigListId } from '../sanctions-section.ts';
import { sourceNames } from '../../sources/source-config.ts';
import { keyModeSchema } from '../../../contract/field-schemas.ts';
import { historyAttributes, type HistorySubject } from '../history-attributes.ts';

/**
 * A result stored before results carried the sanctions screen, given the one it had: the OIG list as a
 * source, and its OIG exclusion as the match. A result that has the screen is returned as it is.
 */
function withSanctionsScreen(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || 'sanctions' in value) return value;
  const result = value as Record<string, unknown>;
  const sources = Array.isArray(result.sources) ? (result.sources as { name?: unknown; status?: unknown; as_of?: unknown }[]) : [];
  const oig = sources.find((source) => source.name === sourceNames.leie);
  const exclusion = result.oig_exclusion as { match?: string; exclusion_type?: string; exclusion_date?: string | null } | null | undefined;
  return {
    ...result,
    sanctioned: result.oig_excluded === true,
    sanctions: {
      lists: oig ? [{ list: oigListId, name: sourceNames.leie, status: oig.status, as_of: oig.as_of, scope: 'federal' }] : [],
      matches: exclusion
        ? [
            {
              list: oigListId,
              basis: exclusion.match === 'dob' ? 'name_dob' : exclusion.match,
              name: typeof result.name === 'string' ? result.name : '',
              action: `OIG exclusion ${exclusion.exclusion_type ?? ''}`.trim(),
              start_date: exclusion.exclusion_date ?? null,
              end_date: null,
            },
          ]
        : [],
    },
  };
}

/** A stored result as read, given what older results lacked. */
export const storedResultSchema: z.ZodType<VerificationResult, unknown> = z.preprocess(
  withSanctionsScreen,
  verificationResultSchema.extend({ match_note: verificationResultSchema.shape.match_note.default(null) }),
);

/** A verification item as read (its `expires_at` is dropped). */
export const verificationRecordSchema: z.ZodType<VerificationRecord, unknown> = z.object({
  verification_id: z.string(),
  account_id: z.string(),
  mode: keyModeSchema,
  created_at: z.iso.datetime(),
  result: storedResultSchema,
  certificate: certificateSchema,
});

/** The fields stored compressed, each under `<name>_br` (records/compressed-fields.ts). */
const compressedFields = ['result', 'certificate'] as const;

/** The stored attribute names that hold `field`: compressed, or as a map in records stored before. */
export function storedNames(field: (typeof compressedFields)[number]): readonly string[] {
  return [field, compressedName(field)];
}

/** A stored verification item with its result and certificate as values again. */
export function storedFields(item: Record<string, unknown>): Record<string, unknown> {
  return withDecompressed(item, compressedFields);
}

/** The stored item of a record: the record (result and certificate compressed), its history attributes (history-attributes.ts) and its expiry. */
export function verificationItem(record: VerificationRecord, subject: HistorySubject): Record<string, unknown> {
  const created = new Date(record.created_at);
  const expires = new Date(created);
  expires.setUTCFullYear(expires.getUTCFullYear() + retentionYears);
  const { result, certificate, ...rest } = record;
  return {
    ...rest,
    [compressedName('result')]: compressJson(result),
    [compressedName('certificate')]: compressJson(certificate),
    ...historyAttributes(record, subject),
    expires_at: Math.floor(expires.getTime() / 1000),
  };
}

export class DynamoVerificationStore implements VerificationStore {
  /** Stores the record of a verification of `subject` (what was asked, without the date of birth). */
  async put(record: VerificationRecord, subject: HistorySubject): Promise<void> {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('verifications'),
        Item: verificationItem(record, subject),
        ConditionExpression: 'attribute_not_exists(verification_id)',
      }),
    );
  }

  /** The record, only for its owner (account and mode); anyone else gets undefined. */
  async getOwned(verificationId: string, accountId: string, mode: KeyMode): Promise<VerificationRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('verifications'), Key: { verification_id: verificationId } }));
    if (!out.Item || out.Item.account_id !== accountId || out.Item.mode !== mode) return undefined;
    return parseStoredItem('verification', verificationId, verificationRecordSchema, storedFields(out.Item));
  }
}
