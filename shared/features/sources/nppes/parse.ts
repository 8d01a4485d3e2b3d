/**
 * Parses NPPES NPI Registry API v2.1 responses into a normalised identity. Both response forms occur:
 * older (integer `number`, integer-second epochs, `basic.gender`) and current (string `number`,
 * millisecond-string epochs, `basic.sex`, `certification_date`), and a mixed one (string `number` and
 * epochs with `basic.gender`). `--` stands for an absent prefix or suffix; a former name may be the
 * placeholder `SAME AS ABOVE` (left out). Errors arrive as HTTP 200 bodies with an `Errors` array.
 */
import * as z from 'zod';

export interface NppesTaxonomy {
  readonly code: string;
  readonly description: string;
  readonly licenseNumber: string | null;
  readonly state: string | null;
  readonly primary: boolean;
}

export interface NppesName {
  readonly firstName: string;
  readonly middleName: string | null;
  readonly lastName: string;
}

export interface NppesIdentity {
  readonly npi: string;
  readonly enumerationType: 'NPI-1' | 'NPI-2';
  /** Individual's name (NPI-1); null for organisations. */
  readonly name: (NppesName & { prefix: string | null; suffix: string | null; credential: string | null }) | null;
  readonly organizationName: string | null;
  readonly sex: 'M' | 'F' | null;
  readonly status: string | null;
  readonly enumerationDate: string | null;
  readonly lastUpdated: string | null;
  /** Record creation time (ISO), from `created_epoch` in either unit. */
  readonly createdAt: string | null;
  readonly taxonomies: readonly NppesTaxonomy[];
  readonly formerNames: readonly NppesName[];
  readonly addressStates: readonly string[];
}

export interface NppesQueryError {
  readonly description: string;
  readonly field: string | null;
  readonly number: string | null;
}

const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v)));
/** NPPES writes "--" (and sometimes "") for an absent prefix or suffix. */
const optionalText = text.transform((v) => (v === null || v.trim() === '' || v.trim() === '--' ? null : v.trim()));

const basicSchema = z.looseObject({
  first_name: optionalText,
  last_name: optionalText,
  middle_name: optionalText,
  credential: optionalText,
  name_prefix: optionalText,
  name_suffix: optionalText,
  organization_name: optionalText,
  gender: optionalText,
  sex: optionalText,
  status: optionalText,
  enumeration_date: optionalText,
  last_updated: optionalText,
});

const resultSchema = z.looseObject({
  number: z.union([z.string().regex(/^\d{10}$/), z.number().int().min(1_000_000_000).max(9_999_999_999)]),
  enumeration_type: z.enum(['NPI-1', 'NPI-2']),
  created_epoch: text,
  basic: basicSchema,
  taxonomies: z
    .array(
      z.looseObject({
        code: optionalText,
        desc: optionalText,
        license: optionalText,
        state: optionalText,
        primary: z.union([z.boolean(), z.string()]).nullish(),
      }),
    )
    .nullish(),
  other_names: z
    .array(z.looseObject({ type: optionalText, code: text, first_name: optionalText, last_name: optionalText, middle_name: optionalText }))
    .nullish(),
  addresses: z.array(z.looseObject({ state: optionalText })).nullish(),
});

const errorsSchema = z.looseObject({ Errors: z.array(z.looseObject({ description: text, field: text, number: text })) });
const resultsSchema = z.looseObject({ result_count: z.union([z.number(), z.string()]), results: z.array(z.unknown()) });

export type ParsedResponse = { ok: true; identities: NppesIdentity[] } | { ok: false; errors: NppesQueryError[] };

/** Throws `NppesFormatError` when the body is not an NPPES response. */
export function parseNppesResponse(body: string): ParsedResponse {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (error) {
    throw new NppesFormatError(`response is not JSON (${(error as Error).message})`);
  }
  const errors = errorsSchema.safeParse(json);
  if (errors.success) {
    return {
      ok: false,
      errors: errors.data.Errors.map((e) => ({ description: e.description ?? 'Unknown error', field: e.field, number: e.number })),
    };
  }
  const results = resultsSchema.safeParse(json);
  if (!results.success) throw new NppesFormatError('response has neither results nor Errors');
  return { ok: true, identities: results.data.results.map(parseResult) };
}

export class NppesFormatError extends Error {}

export function parseResult(raw: unknown): NppesIdentity {
  const parsed = resultSchema.safeParse(raw);
  if (!parsed.success) throw new NppesFormatError(`malformed result: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  const r = parsed.data;
  const b = r.basic;
  const individual = r.enumeration_type === 'NPI-1';
  const sex = (b.sex ?? b.gender)?.toUpperCase();
  return {
    npi: String(r.number).padStart(10, '0'),
    enumerationType: r.enumeration_type,
    name:
      individual && b.last_name
        ? {
            firstName: b.first_name ?? '',
            middleName: b.middle_name,
            lastName: b.last_name,
            prefix: b.name_prefix,
            suffix: b.name_suffix,
            credential: b.credential,
          }
        : null,
    organizationName: individual ? null : b.organization_name,
    sex: sex === 'M' || sex === 'F' ? sex : null,
    status: b.status,
    enumerationDate: b.enumeration_date,
    lastUpdated: b.last_updated,
    createdAt: epochToIso(r.created_epoch),
    taxonomies: (r.taxonomies ?? []).map((t) => ({
      code: t.code ?? '',
      description: t.desc ?? '',
      licenseNumber: t.license,
      state: t.state?.toUpperCase() ?? null,
      primary: t.primary === true || t.primary === 'true' || t.primary === 'Y',
    })),
    formerNames: (r.other_names ?? [])
      .filter((n) => n.last_name && !isPlaceholderName(n.last_name) && (n.code === '1' || /former/i.test(n.type ?? '')))
      .map((n) => ({ firstName: n.first_name ?? '', middleName: n.middle_name, lastName: n.last_name! })),
    addressStates: [...new Set((r.addresses ?? []).map((a) => a.state?.toUpperCase()).filter((s): s is string => !!s))],
  };
}

/** A name field a provider filled with no name: `SAME AS ABOVE` (a real former name), `N/A`, `NONE`. */
function isPlaceholderName(value: string): boolean {
  return /^(?:SAME(?: AS ABOVE)?|N\/?A|NONE)$/i.test(value.replace(/\s+/g, ' ').trim());
}

/** Epochs come as integer seconds (older form) or millisecond strings (current form). */
export function epochToIso(value: string | null): string | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  const ms = n < 100_000_000_000 ? n * 1000 : n;
  return new Date(ms).toISOString();
}
