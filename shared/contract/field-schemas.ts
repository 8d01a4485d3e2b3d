/**
 * The fields the verification result, the certificate and the signing keys share, as schemas: one
 * definition of each, so the responses, the stored records and the OpenAPI document agree.
 */
import * as z from 'zod';
import { sanctionBases } from '../domain/match-basis.ts';
import { professions } from '../domain/professions.ts';
import { verificationIdPattern } from '../platform/ids.ts';
import { sourceReportStatuses, unavailableReasonCodes } from '../domain/source-reports.ts';

export const keyModeSchema = z.enum(['live', 'test']).meta({ description: 'Mode of the key that made the request: `live` or `test`.' });
export const verificationIdSchema = z.string().regex(verificationIdPattern).meta({ description: 'Verification id: `vrf_` and 24 base62 characters.' });
export const certificateHashSchema = z
  .string()
  .regex(/^sha256_[0-9a-f]{64}$/)
  .meta({ description: '`sha256_` + the SHA-256 hex digest of the canonical JSON of the certificate without `certificate_hash`.' });
export const professionSchema = z.enum(professions);
export const npiSchema = z.string().regex(/^\d{10}$/);

/** Why a source is reported `unavailable` (shared/features/sources/errors.ts). */
export const unavailableReasonSchema = z
  .strictObject({
    code: z.enum(unavailableReasonCodes).meta({
      description:
        '`unreachable`: no answer (connection, time-out, server error); `incomplete_answer`: an answer that could not be read whole; `format_changed`: an answer not in the source’s known format (a column missing); `unreadable_value`: the source answered a value the service cannot read (see `field` and `raw_value`), so no outcome is drawn from it; `stale`: the ingested copy is older than the source’s freshness policy allows.',
    }),
    message: z.string().meta({ description: 'One sentence saying what went wrong; never names the provider.' }),
    field: z
      .enum(['status', 'license_type', 'column'])
      .optional()
      .meta({ description: 'What could not be read: a license `status` or `license_type` value, or a `column` the rows lack.' }),
    raw_value: z.string().optional().meta({ description: 'The value as the source wrote it, or the name of the missing column.' }),
  })
  .meta({ title: 'Unavailable reason' });
/** One piece of evidence of what a source said (`sources[].evidence`; evidence/evidence.ts). */
export const evidenceRefSchema = z
  .strictObject({
    kind: z.enum(['response', 'file']).meta({
      description:
        '`response`: an HTTP response of the source, stored by the service and returned by `GET /v1/certificate/{verification_id}/evidence`; `file`: the ingested file (list or roster) the answer was read from, as archived at ingest.',
    }),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'Lowercase hex SHA-256 of the raw bytes: the response body as received, or the file as downloaded.' }),
    fetched_at: z.iso.datetime().meta({ description: 'When the response was received, or when the file was ingested.' }),
    content_type: z.string().meta({ description: 'Media type the source gave the bytes, e.g. `application/json`.' }),
    size: z.number().int().min(0).meta({ description: 'Size of the raw bytes.' }),
    rows: z.array(z.number().int().min(0)).optional().meta({ description: 'For a `file`: the numbers of the rows that matched, when the list names them.' }),
  })
  .meta({ title: 'EvidenceRef' });

export const sourceReportSchema = z.strictObject({
  name: z.string().meta({ description: 'Source name, e.g. `Washington State Department of Health`, `OIG LEIE`, `NPPES NPI Registry`.' }),
  status: z
    .enum(sourceReportStatuses)
    .meta({ description: '`live`: fetched for this request; `cached`: from the cache or the ingested list; `unavailable`: could not be reached.' }),
  as_of: z.iso.datetime().nullable().meta({ description: 'When the data was fetched from the source; null when unavailable.' }),
  reason: unavailableReasonSchema
    .optional()
    .meta({ description: 'Why the source is `unavailable` (present only then; absent on certificates issued before it was recorded).' }),
  evidence: z.array(evidenceRefSchema).optional().meta({
    description:
      'What the source said: the hash of each response a live answer was read from (a cached answer names those it was made from), or of the ingested file. Absent when none was kept (unavailable sources, the sandbox, results issued before evidence was kept).',
  }),
});

/** One sanctions list checked, with its freshness (`sanctions.lists`). */
export const sanctionsListSchema = z
  .strictObject({
    list: z.string().meta({ description: 'Stable id of the list, e.g. `oig_leie`.' }),
    name: z.string().meta({ description: 'Name of the list, e.g. `OIG LEIE`.' }),
    status: z
      .enum(sourceReportStatuses)
      .meta({ description: '`cached`: looked up in the list as ingested, as of `as_of`; `unavailable`: the list could not be consulted.' }),
    as_of: z.iso.datetime().nullable().meta({ description: 'When the list was last fetched from its publisher; null when unavailable.' }),
    scope: z
      .string()
      .regex(/^(federal|[A-Z]{2})$/)
      .optional()
      .meta({
        description:
          '`federal`, or the state whose Medicaid list it is. A state’s list is searched by name for a provider verified in that state; for any other state only by the NPI supplied (and is listed only then).',
      }),
    evidence: z.array(evidenceRefSchema).optional().meta({
      description:
        'The ingested file the list was read from (`kind: file`, its SHA-256 as downloaded) and the numbers of the rows that matched; absent when the list was unavailable, and on results issued before it was kept.',
    }),
  })
  .meta({ title: 'Sanctions list checked' });

/** One list row that matched the provider (`sanctions.matches`). */
export const sanctionMatchSchema = z
  .strictObject({
    list: z.string().meta({ description: 'Id of the list the row is on.' }),
    basis: z.enum(sanctionBases).meta({
      description:
        'How the row matched: `npi` (the row carries the provider’s NPI), `license` (a license number), `name_dob` (the name and the date of birth), or `name_only` (the name, with no identifier on the row or in the request to confirm or rule it out: review it before acting).',
    }),
    name: z.string().meta({
      description: 'The name as the list publishes it; `NPI <npi>` for a row that names nobody (`nppes_deactivated` lists NPIs alone).',
    }),
    action: z.string().meta({ description: 'What the list records, e.g. `OIG exclusion 1128a1`.' }),
    start_date: z.iso.date().nullable(),
    end_date: z.iso.date().nullable().meta({ description: 'When the action ends; null while in force with no end date.' }),
  })
  .meta({ title: 'Sanctions match' });
