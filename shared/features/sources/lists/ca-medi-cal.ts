/**
 * California Medi-Cal Suspended and Ineligible Provider List (about 23,100 rows): providers suspended
 * from Medi-Cal or otherwise ineligible to take part. Screened for verifications in California (by name,
 * once the state has a board) and, elsewhere, by the NPI the request supplies.
 *
 * Where: the landing page https://mcweb.apps.prd.cammis.medi-cal.ca.gov/references/sandi links (by a
 * text naming the "Suspended and Ineligible Provider List") to a dataset page, whose resource link leads
 * to a resource page, whose first link to a `.csv` is the file. The site answers US clients only.
 *
 * The file: CSV, UTF-8 with a BOM, LF line ends, RFC 4180 quoting, 11 fields per row (the last header is
 * empty: every line ends with a comma). The 4th header holds a line break inside its quotes.
 * - `N/A` means nothing; an organisation's row has `First Name` N/A and its name in `Last Name`.
 * - `A/K/A…D/B/A…`: the party's other names, one per line or `;`-separated.
 * - `License Number`: one or several numbers separated by `,` or `;`, some with spaces inside (` C 40851`).
 * - `Provider Number`: Medi-Cal provider numbers (`PHA410230`, `00A400330`) mixed with NPIs, told apart
 *   by the NPI check digit; an organisation may list several NPIs.
 * - `Date of Suspension` `M/D/YYYY`, zero-padded or not; `Active Period` is `Indefinitely effective`
 *   (blank on one row of 23,120 in June 2026: no end date either way).
 * - The same person may have several rows (other addresses, other AKA lists): rows of one person with
 *   the same suspension date and identifiers are one action, the last row kept.
 */
import { cellValue, cellValues, listDate, npisIn } from './list-cells.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const caMediCalColumns = [
  'Last Name',
  'First Name',
  'Middle Name',
  'A/K/A-Also Known As\nD/B/A-Doing Business as',
  'Address(es)',
  'Provider Type',
  'License Number',
  'Provider Number',
  'Date of Suspension',
  'Active Period',
  '',
] as const;

type Column = (typeof caMediCalColumns)[number];
const fieldsOf = rowFields<Column>(caMediCalColumns);

export const caMediCalLandingPath = '/references/sandi';

/** License numbers in a cell: split on `,` and `;` (and line breaks), spaces inside a number dropped. */
export function caLicenseNumbers(value: string): string[] {
  return cellValues(value, /\r?\n|;|,/).map((n) => n.replace(/\s+/g, '').toUpperCase());
}

/**
 * The city, state and ZIP code at the end of the first address (`600 East 7th St., Los Angeles, CA, 90021`);
 * where no comma parts the city from the street (`1466 Barton Dr Sunnyvale, CA 94807`), the state and
 * ZIP code alone. A doubled hyphen in the ZIP code (`92592--3811`) reads as one.
 */
export function caPlace(value: string): { city: string; state: string; zip: string } {
  const first = cellValues(value, /\r?\n|;/)[0] ?? '';
  const zip = (m: RegExpExecArray, at: number) => (m[at] ? `${m[at]}${m[at + 1] ? `-${m[at + 1]}` : ''}` : '');
  const full = /,\s*([^,]+?)\s*,\s*([A-Z]{2})\s*,?\s*(?:(\d{5})(?:-+(\d{4}))?)?\s*$/i.exec(first);
  if (full) return { city: full[1]!, state: full[2]!.toUpperCase(), zip: zip(full, 3) };
  const state = /,\s*([A-Z]{2})\s*,?\s*(?:(\d{5})(?:-+(\d{4}))?)?\s*$/i.exec(first);
  return state ? { city: '', state: state[1]!.toUpperCase(), zip: zip(state, 2) } : { city: '', state: '', zip: '' };
}

/** One data row → entry; null for a row of another width or that names nobody. */
export function caMediCalEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const last = cellValue(get('Last Name')).replace(/\s+/g, ' ');
  const first = cellValue(get('First Name')).replace(/\s+/g, ' ');
  const middle = cellValue(get('Middle Name')).replace(/\s+/g, ' ');
  if (!last) return null;
  const person = first !== '';
  const npis = npisIn(get('Provider Number'));
  const providerNumbers = cellValues(get('Provider Number'), /\r?\n|;|,/)
    .map((n) => n.replace(/\s+/g, ''))
    .filter((n) => !npis.includes(n.replace(/\.0+$/, '')));
  const period = cellValue(get('Active Period'));
  const indefinite = /indefinite/i.test(period);
  const identifiers: Record<string, string> = {};
  if (providerNumbers.length > 0) identifiers.medi_cal_provider_number = providerNumbers.join(', ');
  return {
    kind: person ? 'individual' : 'entity',
    lastName: person ? last : '',
    firstName: person ? first : '',
    middleName: person ? middle : '',
    entityName: person ? [first, middle, last].filter(Boolean).join(' ') : last,
    npi: npis[0] ?? null,
    ...(npis.length > 1 ? { npis } : {}),
    dob: null,
    licenses: caLicenseNumbers(get('License Number')).map((number) => ({ state: 'CA', number })),
    reference: null,
    identifiers,
    aliases: cellValues(get('A/K/A-Also Known As\nD/B/A-Doing Business as'), /\r?\n|;/).map((a) => a.replace(/^(A\/?K\/?A|D\/?B\/?A)[:\s-]+/i, '')),
    ...caPlace(get('Address(es)')),
    country: 'USA',
    action: {
      agency: 'California DHCS',
      type: 'Medi-Cal suspension',
      program: 'Medi-Cal',
      code: '',
      startDate: listDate(get('Date of Suspension')),
      endDate: indefinite ? null : listDate(period.replace(/^.*?(\d{1,2}\/\d{1,2}\/\d{4}).*$/, '$1')),
      indefinite,
      reinstatedDate: null,
      comments: [cellValue(get('Provider Type')), !indefinite && period].filter(Boolean).join('; ').slice(0, 2000),
    },
  };
}

/** One action per person, suspension date and identifiers: a person's rows that differ only in address or other names are one. */
export function caMediCalParty(entry: ListEntry): string | null {
  if (entry.kind !== 'individual' || (!entry.npi && entry.licenses.length === 0)) return null;
  const ids = [...(entry.npis ?? (entry.npi ? [entry.npi] : [])), ...entry.licenses.map((l) => l.number)].sort();
  return [entry.lastName, entry.firstName, entry.middleName, entry.action.startDate ?? '', ...ids].join('|').toUpperCase();
}

export const caMediCalSuspended: ListDefinition = {
  id: 'ca_medi_cal',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'California Medi-Cal Suspended and Ineligible Provider List',
  formatConfidence: 'confirmed',
  formatNotes:
    'Tested on real records of the CSV DHCS published in June 2026 (test/fixtures/real/ca_medi_cal: BOM, header with a line break, N/A, several NPIs and Medi-Cal numbers a cell, aliases on lines and after semicolons, repeated persons).',
  scope: { kind: 'state', state: 'CA' },
  searchBy: 'name',
  baseUrlEnv: 'CA_MEDI_CAL_BASE_URL',
  defaultBaseUrl: 'https://mcweb.apps.prd.cammis.medi-cal.ca.gov',
  // The landing page links to the dataset on the CHHS open data portal, where the file is.
  allowedHosts: ['data.chhs.ca.gov'],
  locate: {
    kind: 'page_links',
    pageUrl: (base) => `${base}${caMediCalLandingPath}`,
    hops: [{ text: /(?=.*\bSuspended\b)(?=.*\bIneligible\b)(?=.*\bList\b)/i }, { href: /\/resource\//i }, { href: /\.csv/i }],
  },
  format: { kind: 'csv' },
  header: caMediCalColumns,
  entry: caMediCalEntry,
  keys: entryKeys,
  latestBy: caMediCalParty,
};
