/**
 * The certificate JSON of `GET /v1/certificate/{verification_id}`, as `issueCertificate`
 * (certificate.ts) builds it. The integration tests parse real certificates with this schema, and the
 * OpenAPI document is generated from it.
 */
import * as z from 'zod';
import { outcomeStatuses } from '../domain/license-status.ts';
import { certificateHashSchema, keyModeSchema, npiSchema, verificationIdSchema } from '../verification/verification-result-schema.ts';

export const certificateSchema = z
  .strictObject({
    verification_id: verificationIdSchema,
    issued_at: z.iso.datetime(),
    mode: keyModeSchema.meta({ description: 'Test-mode certificates are marked as such.' }),
    provider: z.strictObject({
      name: z.string().nullable(),
      npi: npiSchema.nullable(),
      license_number: z.string().nullable(),
      state: z.string().meta({ description: 'Full state name.' }),
    }),
    result: z.strictObject({
      verified: z.boolean(),
      status: z.enum(outcomeStatuses),
      expiry_date: z.iso.date().nullable(),
      disciplinary_flags: z.boolean(),
      oig_excluded: z.boolean(),
    }),
    sources_checked: z.array(z.string()),
    signing_key_id: z.string().meta({ description: '`kid` of the signing key in the JWKS at `GET /v1/signing-keys`; that key’s `mode` is this certificate’s `mode`.' }),
    signature: z
      .string()
      .regex(/^vrf_sig_[A-Za-z0-9_-]{86}$/)
      .meta({
        description:
          '`vrf_sig_` + base64url of the ES256 signature (raw r‖s, 64 bytes, s ≤ n/2: low-S, the only form accepted) over the UTF-8 canonical JSON (RFC 8785) of the certificate without `signature` and `certificate_hash`, by the signing key of the certificate’s `mode`.',
      }),
    certificate_hash: certificateHashSchema,
  })
  .meta({ title: 'Certificate' });
