/**
 * The NPI Registry API v2.1 search rules (`GET /api/?version=2.1&…`), reproduced from observed
 * behaviour:
 *
 * - refusals are HTTP 200 with `{"Errors":[{"description","field","number"}]}`, several at once when
 *   several rules fail (`state` + `enumeration_type` alone gives both the "07" and the "09" error);
 * - `state` alone and `enumeration_type` alone are refused, and so is a query with no criteria;
 * - a trailing `*` wildcard needs at least two characters before it;
 * - names match case-insensitively, exactly or (with `*`) by prefix; a last-name search also reaches
 *   former names and an organization's authorized official, which is why the real registry returns
 *   "other" surnames; `use_first_name_alias` (default on) widens an exact first name to its aliases;
 * - `state`, `city` and `postal_code` match any one of the provider's addresses (mailing included);
 *   a 5-digit postal code matches the 9-digit ZIP+4 codes the registry stores;
 * - `limit` defaults to 10, is clamped to 200, and 0 means 10; `skip` is clamped to 1000, so
 *   skip=1000 and skip=20000 return the same page;
 * - `result_count` is the number of results on the page, not the total number of hits.
 *
 * Parameters sent blank (`first_name=&…`, as the registry's own demo URL does) count as absent.
 */
import { firstNameAliases } from './first-name-aliases.ts';
import { asArray, normalizeName, type NppesIndex, type NppesRecord } from './nppes-index.ts';

export interface NppesError {
  readonly description: string;
  readonly field: string;
  readonly number: string;
}

export type NppesResponse = { readonly result_count: number; readonly results: readonly NppesRecord[] } | { readonly Errors: readonly NppesError[] };

export interface NppesAnswer {
  readonly body: NppesResponse;
  /** `pretty=on|true`: the registry indents its JSON. */
  readonly pretty: boolean;
}

export const defaultLimit = 10;
export const maxLimit = 200;
export const maxSkip = 1000;

const errors = {
  // Observed verbatim (captured 2026-08-30).
  state: { description: 'Field state requires additional search criteria', field: 'state', number: '07' },
  enumerationType: { description: 'Enumeration_type requires additional search criteria', field: 'enumeration_type', number: '09' },
  // Description observed; the field is the parameter at fault; the number "10" is not observed.
  wildcard: (field: string): NppesError => ({ description: 'Wildcards require at least two leading characters', field, number: '10' }),
  // Description observed; field "generic" and number "04" are not observed.
  noCriteria: { description: 'No valid search criteria provided', field: 'generic', number: '04' },
  // Not observed at all: the registry's answer to a missing or retired version.
  version: { description: 'Unsupported version: version=2.1 is required', field: 'version', number: '01' },
} as const;

/** Parameters that select providers on their own (each also satisfies `state`'s companion rule). */
const criteria = ['number', 'first_name', 'last_name', 'organization_name', 'taxonomy_description', 'city', 'postal_code'] as const;
const wildcardFields = ['first_name', 'last_name', 'organization_name', 'taxonomy_description', 'city', 'postal_code'] as const;

interface Pattern {
  readonly text: string;
  readonly prefix: boolean;
}

function pattern(value: string): Pattern {
  const upper = value.toUpperCase();
  return upper.endsWith('*') ? { text: upper.slice(0, -1), prefix: true } : { text: upper, prefix: false };
}

function validWildcard(value: string): boolean {
  const stars = value.split('*').length - 1;
  return stars === 0 || (stars === 1 && value.endsWith('*') && value.length - 1 >= 2);
}

function matches(stored: unknown, p: Pattern): boolean {
  const value = normalizeName(stored);
  if (value === undefined) return false;
  return p.prefix ? value.startsWith(p.text) : value === p.text;
}

const asObject = (value: unknown): Record<string, unknown> => (value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {});

interface PersonName {
  readonly first: unknown;
  readonly last: unknown;
  readonly role: 'PROVIDER' | 'AO';
}

function personNames(record: NppesRecord): PersonName[] {
  const basic = asObject(record.basic);
  const names: PersonName[] = [];
  if (basic.last_name !== undefined) names.push({ first: basic.first_name, last: basic.last_name, role: 'PROVIDER' });
  for (const other of asArray(record.other_names)) {
    const o = asObject(other);
    if (o.last_name !== undefined) names.push({ first: o.first_name, last: o.last_name, role: 'PROVIDER' });
  }
  if (basic.authorized_official_last_name !== undefined) {
    names.push({ first: basic.authorized_official_first_name, last: basic.authorized_official_last_name, role: 'AO' });
  }
  return names;
}

function addressesFor(record: NppesRecord, purpose: string | undefined): Record<string, unknown>[] {
  const addresses = asArray(record.addresses).map(asObject);
  const practice = asArray(record.practiceLocations).map(asObject);
  switch (purpose) {
    case 'LOCATION':
    case 'MAILING':
      return addresses.filter((a) => String(a.address_purpose ?? '').toUpperCase() === purpose);
    case 'PRIMARY':
      return addresses.filter((a) => String(a.address_purpose ?? '').toUpperCase() === 'LOCATION');
    case 'SECONDARY':
      return practice;
    default:
      return [...addresses, ...practice];
  }
}

function postalMatches(stored: unknown, query: Pattern): boolean {
  if (typeof stored !== 'string' && typeof stored !== 'number') return false;
  const value = String(stored).replace(/-/g, '');
  const wanted = query.text.replace(/-/g, '');
  if (query.prefix) return value.startsWith(wanted);
  return value === wanted || (wanted.length === 5 && value.length === 9 && value.startsWith(wanted));
}

type Params = Partial<Record<string, string>>;

function readParams(query: URLSearchParams): Params {
  const params: Params = {};
  for (const [key, value] of query) {
    const trimmed = value.trim();
    if (trimmed !== '' && params[key] === undefined) params[key] = trimmed;
  }
  return params;
}

function clampedInteger(text: string | undefined, fallback: number, max: number, zeroMeansDefault: boolean): number {
  const n = text === undefined ? NaN : Number.parseInt(text, 10);
  if (Number.isNaN(n) || n < 0 || (zeroMeansDefault && n === 0)) return fallback;
  return Math.min(n, max);
}

function recordMatcher(p: Params): (record: NppesRecord) => boolean {
  const enumerationType = p.enumeration_type?.toUpperCase();
  const firstName = p.first_name === undefined ? undefined : pattern(p.first_name);
  const useAliases = firstName !== undefined && !firstName.prefix && !/^(false|0|no|off)$/i.test(p.use_first_name_alias ?? 'true');
  const firstNames = firstName && useAliases ? firstNameAliases(firstName.text).map((text) => ({ text, prefix: false })) : firstName ? [firstName] : [];
  const lastName = p.last_name === undefined ? undefined : pattern(p.last_name);
  const namePurpose = p.name_purpose?.toUpperCase();
  const organization = p.organization_name === undefined ? undefined : pattern(p.organization_name);
  const taxonomy = p.taxonomy_description === undefined ? undefined : pattern(p.taxonomy_description);
  const state = p.state?.toUpperCase();
  const city = p.city === undefined ? undefined : pattern(p.city);
  const postal = p.postal_code === undefined ? undefined : pattern(p.postal_code);
  const country = p.country_code?.toUpperCase();
  const addressPurpose = p.address_purpose?.toUpperCase();
  const byAddress = state !== undefined || city !== undefined || postal !== undefined || country !== undefined;

  return (record) => {
    if (p.number !== undefined && String(record.number) !== p.number) return false;
    if (enumerationType !== undefined && String(record.enumeration_type ?? '').toUpperCase() !== enumerationType) return false;
    if (firstName || lastName) {
      const ok = personNames(record).some(
        (name) =>
          (namePurpose === undefined || namePurpose === name.role) &&
          (!lastName || matches(name.last, lastName)) &&
          (!firstName || firstNames.some((f) => matches(name.first, f))),
      );
      if (!ok) return false;
    }
    if (organization) {
      const basic = asObject(record.basic);
      const names = [basic.organization_name, ...asArray(record.other_names).map((o) => asObject(o).organization_name)];
      if (!names.some((name) => matches(name, organization))) return false;
    }
    if (taxonomy && !asArray(record.taxonomies).some((t) => matches(asObject(t).desc, taxonomy))) return false;
    if (byAddress) {
      const ok = addressesFor(record, addressPurpose).some(
        (a) =>
          (state === undefined || normalizeName(a.state) === state) &&
          (city === undefined || matches(a.city, city)) &&
          (postal === undefined || postalMatches(a.postal_code, postal)) &&
          (country === undefined || normalizeName(a.country_code) === country),
      );
      if (!ok) return false;
    }
    return true;
  };
}

/** Positions of the records worth checking: from the number or last-name index when possible. */
function candidates(index: NppesIndex, p: Params): Iterable<number> {
  if (p.number !== undefined) return index.byNumber.get(p.number) ?? [];
  if (p.last_name !== undefined) {
    const last = pattern(p.last_name);
    if (!last.prefix) return index.byLastName.get(last.text) ?? [];
    const found = new Set<number>();
    for (const [name, positions] of index.byLastName) if (name.startsWith(last.text)) for (const i of positions) found.add(i);
    return [...found].sort((a, b) => a - b);
  }
  return index.records.keys();
}

export function searchNppes(index: NppesIndex, query: URLSearchParams): NppesAnswer {
  const p = readParams(query);
  const pretty = /^(on|true|1|yes)$/i.test(p.pretty ?? '');
  if (p.version !== '2.1') return { body: { Errors: [errors.version] }, pretty };

  const found: NppesError[] = [];
  for (const field of wildcardFields) {
    const value = p[field];
    if (value !== undefined && !validWildcard(value)) found.push(errors.wildcard(field));
  }
  if (!criteria.some((field) => p[field] !== undefined)) {
    if (p.state !== undefined) found.push(errors.state);
    if (p.enumeration_type !== undefined) found.push(errors.enumerationType);
    if (p.state === undefined && p.enumeration_type === undefined) found.push(errors.noCriteria);
  }
  if (found.length > 0) return { body: { Errors: found }, pretty };

  const limit = clampedInteger(p.limit, defaultLimit, maxLimit, true);
  const skip = clampedInteger(p.skip, 0, maxSkip, false);
  const accept = recordMatcher(p);
  const results: NppesRecord[] = [];
  let skipped = 0;
  for (const i of candidates(index, p)) {
    const record = index.records[i]!;
    if (!accept(record)) continue;
    if (skipped < skip) {
      skipped++;
      continue;
    }
    results.push(record);
    if (results.length === limit) break;
  }
  return { body: { result_count: results.length, results }, pretty };
}
