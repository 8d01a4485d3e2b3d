/**
 * Texas HHSC Office of Inspector General, "List of Excluded Individuals/Entities" (about 13,300 rows):
 * people and firms excluded from Texas Medicaid and the state's other health programs, screened for
 * verifications in Texas.
 *
 * Where: the DNN (ASP.NET WebForms) page https://oig.hhsc.state.tx.us/oigportal2/Exclusions/ctl/DOW/mid/384.
 * Its "download the XLS" link is a postback: the page is read for `__VIEWSTATE`, `__EVENTVALIDATION`
 * and its session cookie, then posted back with `__EVENTTARGET` naming the link; the answer is the file.
 * The site is geofenced to the United States: the check must run from US egress (the service's AWS
 * region is in the US); a request from elsewhere gets no file.
 *
 * The file: legacy BIFF8 `.xls`, sheet `EXCEL_Destination`, one header row, 13 columns.
 * - A firm has `CompanyName` and no person's name; a person has split names and a `CompanyName` of a
 *   single space. `MidInitial` may hold a whole middle name. `n/a` here and there means nothing.
 * - `LicenseNumber`: `999999` (Board of Nursing), `A9999` (Texas Medical Board, e.g. `H3249`),
 *   `A-9999`, `99999`, or blank: the numbers the Texas boards' rosters hold, compared as such.
 * - `NPI` on about 4% of rows.
 * - Three date formats in one file: `StartDate` and `AddDate` are date cells (format `m/d/yy`, some
 *   with a time of day), `ReinstatedDate` is text `M/D/YYYY`, `EligibleToReapplyDate` text `YYYY-MM-DD
 *   00:00:00`. A row may have neither date (one in June 2026): its action has no start date.
 * - A row that names nobody (no names, no `CompanyName`; one in June 2026) cannot be read.
 * - A reinstated person stays on the file with a `ReinstatedDate`: the exclusion is in force until it.
 *   Eligibility to reapply is not reinstatement (the date is kept in the comments).
 * - `Occupation` free text (RN, LVN, `Registered Nurse`, MD) mixed with numeric provider-type codes.
 * - `WebComments` free text: kept as the comments; the kind of action is taken from it where it is
 *   clear (a federal mandated exclusion, a license revoked or surrendered, a conviction, a board
 *   action), else it is a Medicaid exclusion. `Waiver` is `No` on every row.
 */
import { cellValue, listDate, npisIn } from './list-cells.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const txHhscColumns = [
  'CompanyName',
  'LastName',
  'FirstName',
  'MidInitial',
  'Occupation',
  'LicenseNumber',
  'NPI',
  'StartDate',
  'AddDate',
  'ReinstatedDate',
  'EligibleToReapplyDate',
  'Waiver',
  'WebComments',
] as const;

type Column = (typeof txHhscColumns)[number];
const fieldsOf = rowFields<Column>(txHhscColumns);

export const txHhscEventTarget = 'dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS';
export const txHhscPagePath = '/oigportal2/Exclusions/ctl/DOW/mid/384';

/** The kinds of action the comments name, tested in order (reinstatement notes are no kind of action). */
const actionKinds: readonly (readonly [RegExp, string])[] = [
  [/federal(ly)?\s+mandated|medicare\s+exclusion|\bOIG\b|\bHHS\b|\bLEIE\b/i, 'Federal mandated exclusion'],
  [/convict/i, 'Conviction'],
  [/licen[sc]e|certification|\bsurr(ender)?\b|\bvol\.?\s+surr/i, 'License or certification revoked, suspended or surrendered'],
  [/board\s+action|board\s+order/i, 'Board action'],
];

/** The kind of action `WebComments` names, else `Medicaid exclusion`. */
export function txActionType(comments: string): string {
  const text = cellValue(comments);
  return actionKinds.find(([pattern]) => pattern.test(text))?.[1] ?? 'Medicaid exclusion';
}

/** `Occupation`: free text as written; a bare number is a provider-type code and said to be one. */
export function txOccupation(value: string): string {
  const v = cellValue(value);
  return /^\d+$/.test(v) ? `provider type ${v}` : v;
}

/** One data row → entry; null for a row of another width or that names nobody. */
export function txHhscEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const company = cellValue(get('CompanyName')).replace(/\s+/g, ' ');
  const last = cellValue(get('LastName')).replace(/\s+/g, ' ');
  const first = cellValue(get('FirstName')).replace(/\s+/g, ' ');
  const middle = cellValue(get('MidInitial')).replace(/\s+/g, ' ').replace(/\.$/, '');
  const person = last !== '';
  if (!person && !company) return null;
  const license = cellValue(get('LicenseNumber')).replace(/\s+/g, '');
  const reapply = listDate(get('EligibleToReapplyDate'));
  const waiver = cellValue(get('Waiver'));
  const occupation = txOccupation(get('Occupation'));
  const comments = [
    cellValue(get('WebComments')).replace(/\s+/g, ' '),
    occupation && `Occupation: ${occupation}`,
    reapply && `Eligible to reapply from ${reapply}`,
    /^y/i.test(waiver) && 'Waiver granted',
  ].filter(Boolean);
  return {
    kind: person ? 'individual' : 'entity',
    lastName: person ? last : '',
    firstName: person ? first : '',
    middleName: person ? middle : '',
    entityName: person ? [first, middle, last].filter(Boolean).join(' ') : company,
    npi: npisIn(get('NPI'))[0] ?? null,
    dob: null,
    licenses: license ? [{ state: 'TX', number: license }] : [],
    reference: null,
    identifiers: {},
    aliases: person && company ? [company] : [],
    city: '',
    state: 'TX',
    zip: '',
    country: 'USA',
    action: {
      agency: 'Texas HHSC OIG',
      type: txActionType(get('WebComments')),
      program: 'Texas Medicaid',
      code: '',
      startDate: listDate(get('StartDate')) ?? listDate(get('AddDate')),
      endDate: null,
      indefinite: false,
      reinstatedDate: listDate(get('ReinstatedDate')),
      comments: comments.join('; ').slice(0, 2000),
    },
  };
}

export const txHhscExclusions: ListDefinition = {
  id: 'tx_hhsc',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'Texas HHSC OIG Exclusions',
  formatConfidence: 'confirmed',
  formatNotes:
    'Tested on real rows of the BIFF8 file HHSC OIG published on 2026-06-15 (test/fixtures/real/tx_hhsc: header, date cells with a time of day, text reinstatement and reapply dates, single-space CompanyName, numeric occupation codes); the fixture rows are re-written by SheetJS, not the original bytes.',
  scope: { kind: 'state', state: 'TX' },
  searchBy: 'name',
  baseUrlEnv: 'TX_HHSC_BASE_URL',
  // Geofenced: answers only requests from the United States.
  defaultBaseUrl: 'https://oig.hhsc.state.tx.us',
  locate: {
    kind: 'aspnet_postback',
    pageUrl: (base) => `${base}${txHhscPagePath}`,
    eventTarget: txHhscEventTarget,
    fileName: 'TexasExclusionsData.xls',
  },
  format: { kind: 'sheet', sheet: /^EXCEL_Destination$/i },
  header: txHhscColumns,
  entry: txHhscEntry,
  keys: entryKeys,
};
