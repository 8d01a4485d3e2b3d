/**
 * The JSON representation of `GET /records/{verification_id}` as `publicRecord` (public-record.ts)
 * builds it. The integration tests parse the real response with this schema, and the OpenAPI document
 * is generated from it.
 */
import { z } from 'zod';
import { certificateHashSchema, keyModeSchema, verificationIdSchema } from '../verification/verification-result-schema.ts';

export const publicRecordSchema = z
  .strictObject({
    verification_id: verificationIdSchema,
    issued_at: z.iso.datetime().nullable(),
    provider: z.strictObject({ name: z.string().nullable(), state: z.string().nullable().meta({ description: 'Full state name.' }) }),
    result: z.strictObject({ status: z.string().nullable(), verified: z.boolean(), expiry_date: z.iso.date().nullable() }),
    certificate_hash: certificateHashSchema.nullable(),
    signature: z
      .strictObject({ valid: z.boolean(), key_id: z.string().nullable() })
      .meta({ description: '`valid` only when the hash and the ES256 signature check out against the published key and the certificate is the one issued for this id.' }),
    mode: keyModeSchema.meta({ description: 'Test-mode records are marked as such.' }),
  })
  .meta({ title: 'Public record' });
