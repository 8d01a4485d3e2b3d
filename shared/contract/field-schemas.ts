/**
 * The fields the verification result, the certificate and the signing keys share, as schemas: one
 * definition of each, so the responses, the stored records and the OpenAPI document agree.
 */
import * as z from 'zod';
import { professions } from '../domain/professions.ts';
import { verificationIdPattern } from '../ids.ts';
import { sourceReportStatuses } from '../sources/source-config.ts';

export const keyModeSchema = z.enum(['live', 'test']).meta({ description: 'Mode of the key that made the request: `live` or `test`.' });
export const verificationIdSchema = z.string().regex(verificationIdPattern).meta({ description: 'Verification id: `vrf_` and 24 base62 characters.' });
export const certificateHashSchema = z
  .string()
  .regex(/^sha256_[0-9a-f]{64}$/)
  .meta({ description: '`sha256_` + the SHA-256 hex digest of the canonical JSON of the certificate without `certificate_hash`.' });
export const professionSchema = z.enum(professions);
export const npiSchema = z.string().regex(/^\d{10}$/);

export const sourceReportSchema = z.strictObject({
  name: z.string().meta({ description: 'Source name, e.g. `Washington State Department of Health`, `OIG LEIE`, `NPPES NPI Registry`.' }),
  status: z
    .enum(sourceReportStatuses)
    .meta({ description: '`live`: fetched for this request; `cached`: from the cache or the ingested list; `unavailable`: could not be reached.' }),
  as_of: z.iso.datetime().nullable().meta({ description: 'When the data was fetched from the source; null when unavailable.' }),
});
