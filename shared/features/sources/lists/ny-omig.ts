/**
 * New York Office of the Medicaid Inspector General (OMIG), Medicaid exclusion list: about 8,900
 * people and businesses excluded from New York Medicaid. One fixed URL answers the current list as an
 * XLSX (a plain GET, no form to post).
 *
 * One sheet, `Exclusions`, header on row 1: `provider_name, license_num, npi_num, provider_type,
 * exclusion_effective_date`, every cell text.
 * - `provider_name` holds a person as `LAST FIRST M [SUFFIX] [CRED]`, mostly without a comma (a few
 *   `LAST, FIRST M.`), often with spaces padding before the credential (`DOE JOHN S           MD`); a
 *   business as its name; and other names after `AKA/DBA`, `A/K/A`, `AKA`, `D/B/A` (aliases), several
 *   after one marker separated by ` - ` (`DOE JANE AKA/DBA JANE ROE - JANE POE`).
 * - Person or business: a business word in the name (`INC`, `CORP`, `LLC`, `PC`, `PHARMACY`, …) makes it
 *   a business whatever the type (`DOE JOHN MD PC` under `Physician` is a professional corporation);
 *   else `provider_type` tells: a type whose head noun is an organisation's (`Pharmacy`, `Durable
 *   Medical Equipment Business`, `Physician Practice`, `Transportation Company`, `Laboratory`) is a
 *   business, unless it names an owner (`Owner-Pharmacy`); every other type (`Physician`, `Registered
 *   Nurse`, `Pharmacy Employee`, `Other`, none) is a person.
 * - `license_num` is the NYSED license number zero-padded to 8 digits (`00136045`; NYSED and NPPES write
 *   `136045`: `licenseNumbersAgree` takes them as one); other shapes (`…E`, `P…`) are kept as written.
 * - `npi_num` is filled on about a quarter of the rows. `exclusion_effective_date` is `MM/DD/YYYY` text.
 * Presence on the list is the exclusion: no end date, no reinstatement column.
 */
import { aliasParts, cellValue, isEntityName, listDate, npisIn, surnameFirstName } from './list-cells.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const nyOmigColumns = ['provider_name', 'license_num', 'npi_num', 'provider_type', 'exclusion_effective_date'] as const;

type Column = (typeof nyOmigColumns)[number];
const fieldsOf = rowFields<Column>(nyOmigColumns);

/** Head nouns of the provider types that name an organisation. */
const organisationNouns = new Set([
  'pharmacy',
  'business',
  'company',
  'practice',
  'laboratory',
  'lab',
  'center',
  'centre',
  'agency',
  'clinic',
  'dealer',
  'facility',
  'hospice',
  'hospital',
  'corporation',
  'group',
  'services',
  'service',
  'supplier',
  'distributor',
  'school',
  'home',
  'care',
  'transportation',
  'type',
  'unit',
]);

/**
 * Whether a provider type names an organisation: its head noun (the last word before any `-`
 * qualifier: `Clinic-Drug and Alcohol Treatment` → clinic) is an organisation's, and it names no owner.
 */
export function nyOmigOrganisationType(type: string): boolean {
  if (/\bowner\b/i.test(type)) return false;
  const head = type.split('-')[0]!.trim().split(/\s+/).at(-1)?.toLowerCase() ?? '';
  return organisationNouns.has(head);
}

/** One data row → entry; null for a row of another width or without a name. */
export function nyOmigEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const [name, ...aliases] = aliasParts(get('provider_name')).flatMap((part, i) => (i === 0 ? [part] : part.split(/\s+-\s+/)));
  if (!name) return null;
  const type = get('provider_type').replace(/\s+/g, ' ');
  const person = isEntityName(name) || nyOmigOrganisationType(type) ? null : surnameFirstName(name);
  const license = cellValue(get('license_num'));
  const npis = npisIn(get('npi_num'));
  return {
    kind: person ? 'individual' : 'entity',
    lastName: person?.last ?? '',
    firstName: person?.first ?? '',
    middleName: person?.middle ?? '',
    entityName: name,
    npi: npis[0] ?? null,
    ...(npis.length > 1 ? { npis } : {}),
    dob: null,
    licenses: license ? [{ state: 'NY', number: license }] : [],
    reference: null,
    identifiers: {},
    aliases,
    city: '',
    state: 'NY',
    zip: '',
    country: 'USA',
    action: {
      agency: 'NY OMIG',
      type: 'Medicaid exclusion',
      program: 'Medicaid',
      code: '',
      startDate: listDate(get('exclusion_effective_date')),
      endDate: null,
      indefinite: false,
      reinstatedDate: null,
      comments: type.slice(0, 2000),
    },
  };
}

export const nyOmig: ListDefinition = {
  id: 'ny_omig',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'New York OMIG Medicaid Exclusion List',
  formatConfidence: 'confirmed',
  formatNotes:
    'Tested on real rows of the workbook OMIG served in June 2026 (test/fixtures/real/ny_omig: header, text cells, padded names, AKA/DBA aliases, zero-padded and other license shapes).',
  scope: { kind: 'state', state: 'NY' },
  searchBy: 'name',
  baseUrlEnv: 'NY_OMIG_BASE_URL',
  defaultBaseUrl: 'https://apps.omig.ny.gov',
  locate: { kind: 'fixed', url: (base) => `${base}/exclusions/exporttoexcel.aspx`, fileName: 'exclusions.xlsx' },
  format: { kind: 'sheet', sheet: /^\s*exclusions\s*$/i, headerWithin: 3 },
  header: nyOmigColumns,
  entry: nyOmigEntry,
  keys: entryKeys,
};
