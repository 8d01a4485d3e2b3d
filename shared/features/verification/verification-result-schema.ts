/**
 * The Verification result as `verificationResult` (verification-result.ts) builds it. The integration
 * tests parse real responses with this schema, and the OpenAPI document is generated from it.
 */
import * as z from 'zod';
import { outcomeStatuses } from '../../domain/license-status.ts';
import { exclusionBases, matchBases } from '../../domain/match-basis.ts';
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

const oigExclusionSchema = z.strictObject({
  match: z.enum(exclusionBases).meta({ description: 'How the list record matched: `npi`, `dob`, or `name_only` (no identifier to compare).' }),
  exclusion_type: z.string().meta({ description: 'OIG exclusion authority, e.g. `1128a1`.' }),
  exclusion_date: z.iso.date().nullable(),
  waiver_state: z.string().nullable().meta({ description: 'State where a waiver allows payment, if any.' }),
  waiver_date: z.iso.date().nullable(),
});

/** The sanctions screen of the result: every list checked and every row that matched. */
export const sanctionsSchema = z
  .strictObject({
    lists: z.array(sanctionsListSchema).meta({ description: 'Every sanctions list checked, with its freshness.' }),
    matches: z.array(sanctionMatchSchema).meta({ description: 'Every list row that matched the provider, strongest basis first; empty when none did.' }),
  })
  .meta({ title: 'Sanctions screen' });

const registrySchema = z.strictObject({
  npi: npiSchema,
  name: z.string().nullable().meta({ description: 'Name on the NPPES record (individual or organisation).' }),
  credential: z.string().nullable().meta({ description: 'Credential text on the NPPES record, e.g. `RN`.' }),
  licenses: z
    .array(
      z.strictObject({
        state: z.string().nullable().meta({ description: 'Two-letter code of the licensing state.' }),
        license_number: z.string().nullable(),
        taxonomy: z.string().meta({ description: 'NPPES taxonomy description.' }),
        primary: z.boolean(),
      }),
    )
    .meta({ description: 'The licenses the NPPES record lists.' }),
});

const matchNoteSchema = z
  .discriminatedUnion('reason', [
    z.strictObject({
      reason: z.literal('ambiguous'),
      candidate_people: z.number().int().min(2).meta({ description: 'How many people fit the request (never who they are).' }),
      resolve_with: z
        .array(z.enum(['npi', 'dob']))
        .meta({ description: 'What tells them apart: `npi` always; `dob` only where the board publishes birth years.' }),
    }),
    z.strictObject({ reason: z.literal('npi_other_person') }),
  ])
  .meta({ title: 'Match note' });

export const verificationResultSchema = z
  .strictObject({
    verification_id: verificationIdSchema,
    verified: z
      .boolean()
      .meta({ description: 'True only if the provider was found, the license is active and no OIG exclusion applies. It does not assert the profession.' }),
    status: z.enum(outcomeStatuses).meta({
      description:
        'License status (`active`, `inactive`, `suspended`, `expired`, `revoked`) or another outcome: `not_found` (the board answered, no single match), `source_unavailable` (the board could not be reached and nothing is cached; retry, do not cache), `profession_not_covered`, `unsupported_state`.',
    }),
    name: z.string().nullable().meta({ description: 'Full name as in the board record; null when nothing matched.' }),
    license_number: z.string().nullable(),
    state: z.string().meta({ description: 'Full state name, e.g. `Washington`.' }),
    expiry_date: z.iso.date().nullable(),
    disciplinary_flags: z
      .boolean()
      .meta({ description: 'True if any disciplinary action, sanction or malpractice finding is on record for the provider in this state.' }),
    oig_excluded: z.boolean().meta({ description: 'True if the provider matches the OIG exclusion list (LEIE).' }),
    sanctioned: z.boolean().meta({
      description:
        'True if the provider matches any sanctions list checked (`sanctions`), on any basis, a name-only match included. `verified` does not depend on it beyond the OIG list: treat a match as a finding to review.',
    }),
    sources_checked: z.array(z.string()).meta({ description: 'Names of the sources that answered for this request.' }),
    source_live: z.boolean().meta({ description: 'True if the license status came live from the board; false if from the cache.' }),
    cached: z.boolean().meta({ description: 'True if the license status was served from the cache.' }),
    cache_expires_at: z.iso.datetime().nullable().meta({ description: 'When a fresh board answer will be fetched; null without a board answer.' }),
    checked_at: z.iso.datetime(),
    certificate_hash: certificateHashSchema,
    profession: professionSchema
      .nullable()
      .meta({ description: "The license's profession; null when the board publishes none that can be read (see `license_type`)." }),
    license_type: z.string().nullable().meta({ description: "The board's own license wording or code." }),
    profession_confirmed: z.boolean().meta({ description: 'True when the profession is known and is the one requested (or none was requested).' }),
    professions_covered: z.array(professionSchema).meta({ description: 'Professions the state verifies.' }),
    match_confidence: z.number().min(0).max(1).nullable().meta({ description: 'Deterministic confidence of the identity match; null when nothing matched.' }),
    match_basis: z.array(z.enum(matchBases)).meta({ description: 'The evidence behind the match.' }),
    match_note: matchNoteSchema.nullable().meta({
      description:
        'Why the status is `not_found` although the board answered, when the caller can act on it: `ambiguous` (several people fit the name; supply what `resolve_with` lists) or `npi_other_person` (the registry record of the supplied NPI names someone else). Null otherwise.',
    }),
    npi: npiSchema.nullable().meta({ description: 'The NPI the identity rests on: supplied and agreeing, or found in the registry for this license.' }),
    mode: keyModeSchema,
    sources: z.array(sourceReportSchema).meta({ description: 'Each source consulted, with its freshness.' }),
    oig_exclusion: oigExclusionSchema.nullable().meta({ description: 'The matching OIG exclusion record; null when none applies.' }),
    sanctions: sanctionsSchema,
    registry: registrySchema.nullable().meta({ description: 'The NPPES identity, when the registry was consulted and had a record.' }),
    sandbox: z.literal(true).optional().meta({ description: 'Present (true) on outcomes forced by a reserved test last name.' }),
  })
  .meta({ title: 'Verification result' });

export type VerificationResultBody = z.output<typeof verificationResultSchema>;
