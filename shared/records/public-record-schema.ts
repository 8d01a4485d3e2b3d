/**
 * The JSON representation of `GET /records/{verification_id}` as `publicRecord` (public-record.ts)
 * builds it. The integration tests parse the real response with this schema, and the OpenAPI document
 * is generated from it. Facts are shown as the stored certificate states them, valid or not, so they
 * are typed loosely; `signature.valid` says whether they can be trusted.
 */
import * as z from 'zod';
import { keyModeSchema, verificationIdSchema } from '../verification/verification-result-schema.ts';

export const publicRecordSchema = z
  .strictObject({
    verification_id: verificationIdSchema,
    issued_at: z.string().nullable().meta({ description: 'ISO 8601 issue time, as in the certificate.' }),
    provider: z.strictObject({ name: z.string().nullable(), state: z.string().nullable().meta({ description: 'Full state name.' }) }),
    result: z.strictObject({
      status: z.string().nullable(),
      verified: z.boolean().meta({ description: 'True only when the certificate says exactly `true`.' }),
      expiry_date: z.string().nullable().meta({ description: '`YYYY-MM-DD`, as in the certificate.' }),
    }),
    certificate_hash: z.string().nullable().meta({ description: 'As in the certificate: `sha256_` + hex digest.' }),
    signature: z
      .strictObject({ valid: z.boolean(), key_id: z.string().nullable() })
      .meta({ description: '`valid` only when the hash and the ES256 signature check out against the published key and the certificate is the one issued for this id.' }),
    mode: keyModeSchema.meta({ description: 'Test-mode records are marked as such.' }),
  })
  .meta({ title: 'Public record' });
