/**
 * The verification request (docs/api-guide.md, "Verifying a provider"; the OpenAPI
 * `VerificationRequest`), validated: 400 `invalid_request` naming the field for a missing, malformed or
 * unknown field; 422 `invalid_profession` with the `allowed` list for a profession outside the list of
 * professions.
 */
import * as z from 'zod';
import { isStateCode, usStates, type StateCode } from '../../domain/us-states.ts';
import { isProfession, professions, type Profession } from '../../domain/professions.ts';
import { UnrecognisedProfession } from '../../domain/errors.ts';
import { isValidNpi } from '../sources/nppes/npi.ts';

/** Letters of any script (with combining marks), spaces, hyphens, apostrophes and periods. */
export const namePattern = /^[\p{L}\p{M}](?:[\p{L}\p{M} '’.-]*[\p{L}\p{M}.])?$/u;

export const maxNameLength = 100;

/**
 * What the OpenAPI document says of a name: the canonical form that the checks below accept, as JSON
 * Schema. The pattern is `namePattern` written with one character class (the first character is not a
 * space, apostrophe, period or hyphen, the last not a space, apostrophe or hyphen), so that the document
 * spells the class out once (json-schema.ts makes `\p{…}` classes portable). The service is more lenient
 * than the document: it trims, collapses runs of whitespace and normalises to NFC before checking.
 */
export const nameJsonSchema = {
  pattern: "^(?![ '’.-])(?!.*[ '’-]$)[\\p{L}\\p{M} '’.-]+$",
  minLength: 1,
  maxLength: maxNameLength,
} as const;

const personName = (field: string) =>
  z
    .string()
    .transform((v) => v.normalize('NFC').trim().replace(/\s+/g, ' '))
    .refine((v) => v.length > 0, { message: `${field} must not be empty` })
    .refine((v) => v.length <= maxNameLength, { message: `${field} must be at most ${maxNameLength} characters` })
    .refine((v) => v.length === 0 || namePattern.test(v), {
      message: `${field} may contain only letters, spaces, hyphens, apostrophes and periods`,
    });

function realPastDate(value: string, today: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) && value < today && Number(m[1]) >= 1900;
}

const dobMessage = 'dob must be a real calendar date in the past, written YYYY-MM-DD';
const npiMessage = 'npi must be 10 digits with a valid check digit';

export const verificationRequestSchema = z
  .strictObject({
    first_name: personName('first_name').meta({
      ...nameJsonSchema,
      description:
        'Given name, 1-100 characters after trimming: letters of any script, spaces, hyphens, apostrophes and periods. Nicknames, a middle name or initial and minor typos are matched.',
    }),
    last_name: personName('last_name').meta({
      ...nameJsonSchema,
      description:
        'Family name, same characters as `first_name`; matched exactly after normalising case, accents and punctuation (a hyphenated or two-part name matches either part). On test keys the reserved `test-…` names force an outcome.',
    }),
    state: z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => isStateCode(v), { message: 'state must be a two-letter US state or DC code, e.g. "WA"' })
      .transform((v) => v as StateCode)
      .meta({
        // The document lists the upper-case codes: a value it accepts is always accepted, and typed
        // clients get the list. The service also accepts any case and surrounding spaces.
        enum: Object.keys(usStates),
        description:
          'Two-letter code of the US state or DC that issued the license, e.g. `WA` (lower case and surrounding spaces are accepted too). A real state outside the coverage gives the outcome `unsupported_state`.',
      }),
    npi: z
      .string()
      .regex(/^\s*\d{10}\s*$/, npiMessage)
      .transform((v) => v.trim())
      .refine((v) => isValidNpi(v), { message: npiMessage })
      .optional()
      .meta({
        description:
          'National Provider Identifier: 10 digits with a valid check digit. Strongly recommended: it pins the identity and confirms or rules out OIG exclusions.',
      }),
    dob: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, dobMessage)
      .refine((v) => realPastDate(v, new Date().toISOString().slice(0, 10)), { message: dobMessage })
      .optional()
      .meta({
        format: 'date',
        description: 'Date of birth, `YYYY-MM-DD`, a real date in the past. Used only to tell same-name providers apart; never stored or cached.',
      }),
    profession: z
      .string()
      .superRefine((value, ctx) => {
        if (!isProfession(value)) {
          ctx.addIssue({
            code: 'custom',
            message: 'unrecognised profession',
            params: {
              domainError: new UnrecognisedProfession(value, professions),
            },
          });
        }
      })
      .transform((v) => v as Profession)
      .optional()
      .meta({
        enum: [...professions],
        description:
          'Narrows the check to one profession. Another value is refused with 422 `invalid_profession`. When the state does not verify it, the outcome is `profession_not_covered`.',
      }),
  })
  .meta({ title: 'Verification request' });

export type VerificationRequest = z.output<typeof verificationRequestSchema>;
