/**
 * The certificate JSON of `GET /v1/certificate/{verification_id}`, as `issueCertificate`
 * (certificate.ts) builds it. The integration tests parse real certificates with this schema, and the
 * OpenAPI document is generated from it. `provider.profession`, `provider.license_type`, `match`,
 * `sources` and `sanctions` are on every certificate issued now; certificates issued before they were signed lack them,
 * so the schema lets them be absent, as it lets `sources[].evidence` be (certificates issued before evidence was kept).
 */
import * as z from 'zod';
import { outcomeStatuses } from '../../domain/license-status.ts';
import { matchBases } from '../../domain/match-basis.ts';
import {
  certificateHashSchema,
  keyModeSchema,
  npiSchema,
  professionSchema,
  sanctionMatchSchema,
  sanctionsListSchema,
  sourceReportSchema,
  verificationIdSchema,
} from '../../contract/field-schemas.ts';

const absentOnOlder = 'Absent on certificates issued before it was signed.';

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
      profession: professionSchema
        .nullable()
        .optional()
        .meta({ description: `The license's profession; null when nothing matched or the board publishes none that can be read. ${absentOnOlder}` }),
      license_type: z
        .string()
        .nullable()
        .optional()
        .meta({ description: `The board's own license wording or code; null when nothing matched. ${absentOnOlder}` }),
    }),
    result: z.strictObject({
      verified: z.boolean(),
      status: z.enum(outcomeStatuses),
      expiry_date: z.iso.date().nullable(),
      disciplinary_flags: z.boolean(),
      oig_excluded: z.boolean(),
    }),
    match: z
      .strictObject({
        confidence: z.number().min(0).max(1).nullable().meta({ description: 'As `match_confidence` of the verification result; null when nothing matched.' }),
        basis: z.array(z.enum(matchBases)).meta({ description: 'As `match_basis` of the verification result.' }),
      })
      .optional()
      .meta({ description: `How the provider was matched. ${absentOnOlder}` }),
    sources_checked: z.array(z.string()).meta({ description: 'Names of the sources that answered; their freshness is in `sources`.' }),
    sources: z
      .array(sourceReportSchema)
      .optional()
      .meta({
        description: `Every source consulted, as \`sources\` of the verification result: \`live\` (fetched for this verification), \`cached\` (from the cache or the ingested list, as of \`as_of\`) or \`unavailable\`, each with the SHA-256 of what it said in \`evidence\` (the responses are at \`GET /v1/certificate/{verification_id}/evidence\`; \`evidence\` is absent where none was kept, and on certificates issued before it was). ${absentOnOlder}`,
      }),
    sanctions: z
      .strictObject({
        sanctioned: z.boolean().meta({ description: 'As `sanctioned` of the verification result: any list matched, on any basis.' }),
        lists: z.array(sanctionsListSchema),
        matches: z.array(sanctionMatchSchema),
      })
      .optional()
      .meta({ description: `The sanctions screen, as \`sanctioned\` and \`sanctions\` of the verification result. ${absentOnOlder}` }),
    signing_key_id: z
      .string()
      .meta({ description: '`kid` of the signing key in the JWKS at `GET /v1/signing-keys`; that key’s `mode` is this certificate’s `mode`.' }),
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
