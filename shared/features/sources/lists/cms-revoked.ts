/**
 * CMS Revoked Medicare Providers and Suppliers (data.cms.gov dataset
 * `a6496a7d-4e19-479a-a9ad-d4c0a49e07c3`): enrolments revoked under 42 CFR 424.535 whose re-enrolment
 * bar is still running. One row per revoked enrolment (`ENRLMT_ID`); a person has a first, middle
 * (`MDL_NAME`, often empty) and last name, an organisation only `ORG_NAME`. The data API answers 12
 * fields in the order of `cmsRevokedFields`. The bar's expiry is the end of the action.
 */
import { dataApiFileDate, dataApiUrl } from './cms-opt-out.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { samDate as listDate, samNpi } from './sam-exclusions.ts';
import { rowFields } from './row-fields.ts';

export const cmsRevokedDataset = 'a6496a7d-4e19-479a-a9ad-d4c0a49e07c3';

export const cmsRevokedFields = [
  'ENRLMT_ID',
  'NPI',
  'FIRST_NAME',
  'MDL_NAME',
  'LAST_NAME',
  'ORG_NAME',
  'MULTIPLE_NPI_FLAG',
  'STATE_CD',
  'PROVIDER_TYPE_DESC',
  'REVOCATION_RSN',
  'REVOCATION_EFCTV_DT',
  'REENROLLMENT_BAR_EXPRTN_DT',
] as const;

type Field = (typeof cmsRevokedFields)[number];
const fieldsOf = rowFields<Field>(cmsRevokedFields);

/** One row → entry; null for a row that names nobody. */
export function cmsRevokedEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const person = get('LAST_NAME') !== '';
  if (!person && !get('ORG_NAME')) return null;
  const reason = get('REVOCATION_RSN');
  const identifiers: Record<string, string> = {};
  if (get('ENRLMT_ID')) identifiers.enrollment_id = get('ENRLMT_ID');
  if (get('MULTIPLE_NPI_FLAG')) identifiers.multiple_npi = get('MULTIPLE_NPI_FLAG');
  return {
    kind: person ? 'individual' : 'entity',
    lastName: person ? get('LAST_NAME') : '',
    firstName: person ? get('FIRST_NAME') : '',
    middleName: person ? get('MDL_NAME') : '',
    entityName: person ? [get('FIRST_NAME'), get('MDL_NAME'), get('LAST_NAME')].filter(Boolean).join(' ') : get('ORG_NAME'),
    npi: samNpi(get('NPI')),
    dob: null,
    licenses: [],
    reference: get('ENRLMT_ID') || null,
    identifiers,
    aliases: [],
    city: '',
    state: get('STATE_CD'),
    zip: '',
    country: 'USA',
    action: {
      agency: 'CMS',
      type: reason ? `Medicare revocation: ${reason}` : 'Medicare revocation',
      program: 'Medicare',
      code: '',
      startDate: listDate(get('REVOCATION_EFCTV_DT')),
      endDate: listDate(get('REENROLLMENT_BAR_EXPRTN_DT')),
      indefinite: false,
      reinstatedDate: null,
      comments: get('PROVIDER_TYPE_DESC').slice(0, 2000),
    },
  };
}

export const cmsRevoked: ListDefinition = {
  id: 'cms_revoked',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'CMS Revoked Medicare Providers and Suppliers',
  formatConfidence: 'observed',
  formatNotes:
    'The 12 fields (MDL_NAME among them) as public loaders of the data API name them (andrewallenbruce/provider, others); no real rows found to commit.',
  scope: { kind: 'federal' },
  searchBy: 'name',
  baseUrlEnv: 'CMS_DATA_BASE_URL',
  defaultBaseUrl: 'https://data.cms.gov',
  locate: { kind: 'data_api', url: (base) => dataApiUrl(base, cmsRevokedDataset), fileStem: 'revoked-providers' },
  format: { kind: 'json_rows', required: ['ENRLMT_ID', 'NPI', 'FIRST_NAME', 'LAST_NAME', 'ORG_NAME', 'REVOCATION_EFCTV_DT', 'REENROLLMENT_BAR_EXPRTN_DT'] },
  header: cmsRevokedFields,
  entry: cmsRevokedEntry,
  keys: entryKeys,
  asOf: dataApiFileDate,
};
