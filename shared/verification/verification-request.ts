/**
 * The Verification request (spec: Resources), validated: 400 `invalid_request` naming the field for a
 * missing, malformed or unknown field; 422 `invalid_profession` with the `allowed` list for a profession
 * outside the spec's list.
 */
import * as z from 'zod';
import { isStateCode, type StateCode } from '../domain/us-states.ts';
import { isProfession, professions, type Profession } from '../domain/professions.ts';
import { ApiError } from '../http/errors.ts';
import { isValidNpi } from '../sources/nppes/npi.ts';

/** Letters of any script (with combining marks), spaces, hyphens, apostrophes and periods. */
const namePattern = /^[\p{L}\p{M}](?:[\p{L}\p{M} '’.\-]*[\p{L}\p{M}.])?$/u;

const personName = (field: string) =>
  z
    .string()
    .transform((v) => v.normalize('NFC').trim().replace(/\s+/g, ' '))
    .refine((v) => v.length > 0, { message: `${field} must not be empty` })
    .refine((v) => v.length <= 100, { message: `${field} must be at most 100 characters` })
    .refine((v) => v.length === 0 || namePattern.test(v), {
      message: `${field} may contain only letters, spaces, hyphens, apostrophes and periods`,
    });

function realPastDate(value: string, today: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) && value < today && Number(m[1]) >= 1900;
}

export const verificationRequestSchema = z.strictObject({
  first_name: personName('first_name'),
  last_name: personName('last_name'),
  state: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .refine((v) => isStateCode(v), { message: 'state must be a two-letter US state or DC code, e.g. "WA"' })
    .transform((v) => v as StateCode),
  npi: z
    .string()
    .transform((v) => v.trim())
    .refine((v) => isValidNpi(v), { message: 'npi must be 10 digits with a valid check digit' })
    .optional(),
  dob: z
    .string()
    .refine((v) => realPastDate(v, new Date().toISOString().slice(0, 10)), {
      message: 'dob must be a real calendar date in the past, written YYYY-MM-DD',
    })
    .optional(),
  profession: z
    .string()
    .superRefine((value, ctx) => {
      if (!isProfession(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'unrecognised profession',
          params: {
            apiError: new ApiError('invalid_profession', `"${value.slice(0, 60)}" is not a recognised profession.`, {
              param: 'profession',
              allowed: professions,
            }),
          },
        });
      }
    })
    .transform((v) => v as Profession)
    .optional(),
});

export type VerificationRequest = z.output<typeof verificationRequestSchema>;
