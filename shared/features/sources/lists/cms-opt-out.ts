/**
 * CMS Medicare Opt-Out Affidavits (data.cms.gov dataset `9887a515-7552-4693-bf58-735c77af46d7`, about
 * 30,000 rows, monthly): practitioners who opted out of Medicare by affidavit. An opt-out lasts two years
 * and renews itself; it is in force while its end date is empty or to come. An NPI may have several
 * affidavits: the last row is the one kept. Dates are `MM/DD/YYYY`; older answers of the API wrote the
 * date fields `Optout_Effective_Date`/`Optout_End_Date` (field names are matched tolerantly).
 */
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { samDate as listDate, samNpi } from './sam-exclusions.ts';
import { rowFields } from './row-fields.ts';

export const cmsOptOutDataset = '9887a515-7552-4693-bf58-735c77af46d7';

export const cmsOptOutFields = [
  'NPI',
  'First Name',
  'Last Name',
  'Specialty',
  'Optout Effective Date',
  'Optout End Date',
  'First Line Street Address',
  'Second Line Street Address',
  'City Name',
  'State Code',
  'Zip code',
  'Eligible to Order and Refer',
  'Last updated',
] as const;

type Field = (typeof cmsOptOutFields)[number];
const fieldsOf = rowFields<Field>(cmsOptOutFields);

/** The data API's URL of a dataset under a base URL. */
export function dataApiUrl(base: string, dataset: string): string {
  return `${base}/data-api/v1/dataset/${dataset}/data`;
}

/** `<stem>-YYYY-MM-DD.jsonl` → the date; null for any other name. */
export function dataApiFileDate(fileName: string): string | null {
  return listDate(/-(\d{4}-\d{2}-\d{2})\.jsonl$/.exec(fileName)?.[1] ?? '');
}

/** One row → entry; null for a row without a person's surname. */
export function cmsOptOutEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  if (!get('Last Name')) return null;
  const comments = [
    get('Specialty') ? `Specialty: ${get('Specialty')}` : '',
    get('Eligible to Order and Refer') ? `Eligible to order and refer: ${get('Eligible to Order and Refer')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return {
    kind: 'individual',
    lastName: get('Last Name'),
    firstName: get('First Name'),
    middleName: '',
    entityName: [get('First Name'), get('Last Name')].filter(Boolean).join(' '),
    npi: samNpi(get('NPI')),
    dob: null,
    licenses: [],
    reference: null,
    identifiers: {},
    aliases: [],
    city: get('City Name'),
    state: get('State Code'),
    zip: get('Zip code'),
    country: 'USA',
    action: {
      agency: 'CMS',
      type: 'Medicare opt-out',
      program: 'Medicare',
      code: '',
      startDate: listDate(get('Optout Effective Date')),
      endDate: listDate(get('Optout End Date')),
      indefinite: false,
      reinstatedDate: null,
      comments,
    },
  };
}

export const cmsOptOut: ListDefinition = {
  id: 'cms_opt_out',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'CMS Medicare Opt-Out Affidavits',
  formatConfidence: 'observed',
  formatNotes:
    'Fields as public loaders of the data API and the CSV name them (andrewallenbruce/provider, others), dates MM/DD/YYYY; no real rows found to commit.',
  scope: { kind: 'federal' },
  searchBy: 'name',
  baseUrlEnv: 'CMS_DATA_BASE_URL',
  defaultBaseUrl: 'https://data.cms.gov',
  locate: { kind: 'data_api', url: (base) => dataApiUrl(base, cmsOptOutDataset), fileStem: 'opt-out-affidavits', asOfField: 'Last updated' },
  format: { kind: 'json_rows', required: ['NPI', 'First Name', 'Last Name', 'Optout Effective Date', 'Optout End Date'] },
  header: cmsOptOutFields,
  entry: cmsOptOutEntry,
  keys: entryKeys,
  asOf: dataApiFileDate,
  latestBy: (entry) => entry.npi,
};
