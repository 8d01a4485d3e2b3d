/**
 * The JSON representation of `GET /records/{verification_id}` as `publicRecord` (public-record.ts)
 * builds it: what was found first (`result`, with its `standing`), then the provider and the sources,
 * then whether the signature verifies (`signature_valid`) and the certificate's identifiers. The
 * integration tests parse the real response with this schema, and the OpenAPI document is generated
 * from it. Facts are shown as the stored certificate states them, valid or not, so they are typed
 * loosely; `signature_valid` says whether they can be trusted.
 */
import * as z from 'zod';
import { keyModeSchema, verificationIdSchema } from '../../contract/field-schemas.ts';
import { standings } from './record-outcome.ts';

/** Evidence as the record shows it: what it is and its hash. */
const recordEvidenceSchema = z.array(
  z.strictObject({
    kind: z.string().nullable().meta({ description: '`response` (a response of the source) or `file` (the ingested list file).' }),
    sha256: z.string().nullable().meta({ description: 'Hex SHA-256 of the raw bytes the source answered with, or of the file as downloaded.' }),
  }),
);

export const publicRecordSchema = z
  .strictObject({
    result: z
      .strictObject({
        standing: z.enum(standings).meta({
          description:
            'The outcome judged for a reader: `clear` (verified, active, no exclusion or discipline on record), `adverse` (on the OIG exclusion list, or the license suspended, revoked, expired or inactive), `caution` (anything else: no single match, the board unreachable, not covered, or a verified license with disciplinary action). Judged from the facts as the certificate states them; trust it only when `signature_valid` is true.',
        }),
        verified: z.boolean().meta({ description: 'True only when the certificate says exactly `true`.' }),
        status: z.string().nullable(),
        oig_excluded: z.boolean().meta({ description: 'True when the certificate says the provider is on the OIG exclusion list (LEIE).' }),
        disciplinary_flags: z.boolean().meta({ description: 'True when the certificate says the board reports disciplinary action.' }),
        expiry_date: z.string().nullable().meta({ description: '`YYYY-MM-DD`, as in the certificate.' }),
      })
      .meta({ description: 'What the verification found.' }),
    provider: z.strictObject({
      name: z.string().nullable(),
      state: z.string().nullable().meta({ description: 'Full state name.' }),
      profession: z.string().nullable().meta({ description: 'Profession code; null when none, or on certificates issued before it was signed.' }),
      license_type: z
        .string()
        .nullable()
        .meta({ description: "The board's own license wording; null when none, or on certificates issued before it was signed." }),
    }),
    sources: z
      .array(
        z.strictObject({
          name: z.string(),
          status: z.string().nullable().meta({ description: '`live`, `cached` or `unavailable`; null on certificates issued before freshness was signed.' }),
          as_of: z.string().nullable().meta({ description: 'When the source’s data was fetched (ISO 8601); null when unavailable or not recorded.' }),
          evidence: recordEvidenceSchema
            .optional()
            .meta({ description: 'What the source said, by hash, as the certificate names it; absent when it names none.' }),
        }),
      )
      .meta({ description: 'Every source consulted, with its freshness, as the certificate states it.' }),
    sanctions: z
      .strictObject({
        sanctioned: z.boolean().meta({ description: 'True when the certificate says the provider matched a sanctions list, on any basis.' }),
        lists: z
          .array(
            z.strictObject({
              list: z.string().nullable(),
              name: z.string().nullable(),
              status: z.string().nullable(),
              as_of: z.string().nullable(),
              scope: z.string().optional().meta({ description: '`federal`, or the state whose Medicaid list it is (absent on older certificates).' }),
              evidence: recordEvidenceSchema
                .optional()
                .meta({ description: 'The list file the screen read, by hash, as the certificate names it; absent when it names none.' }),
            }),
          )
          .meta({ description: 'Every sanctions list checked, with its freshness.' }),
        matches: z
          .array(
            z.strictObject({
              list: z.string().nullable(),
              basis: z.string().nullable().meta({ description: '`npi`, `license`, `name_dob` or `name_only` (a name alone: review it).' }),
              name: z
                .string()
                .nullable()
                .meta({ description: 'The name the list publishes; null for a row that names nobody (a list of NPIs alone: the NPI is not shown here).' }),
              action: z.string().nullable(),
              start_date: z.string().nullable(),
              end_date: z.string().nullable(),
            }),
          )
          .meta({ description: 'Every list row that matched the provider.' }),
      })
      .nullable()
      .meta({ description: 'The sanctions screen as the certificate states it; null on certificates issued before it was signed.' }),
    signature_valid: z.boolean().meta({
      description: 'True only when the hash and the ES256 signature check out against the published key and the certificate is the one issued for this id.',
    }),
    verification_id: verificationIdSchema,
    issued_at: z.string().nullable().meta({ description: 'ISO 8601 issue time, as in the certificate.' }),
    certificate_hash: z.string().nullable().meta({ description: 'As in the certificate: `sha256_` + hex digest.' }),
    signing_key_id: z.string().nullable().meta({ description: 'As in the certificate: the `kid` of the signing key.' }),
    mode: keyModeSchema.meta({ description: 'Test-mode records are marked as such.' }),
  })
  .meta({ title: 'Public record' });
