/**
 * Illinois HFS Office of Inspector General sanctions list: providers terminated, barred, suspended or
 * excluded from the Illinois Medicaid program (about 3,200 rows), screened for verifications in Illinois.
 *
 * Where: the HFS page https://hfs.illinois.gov/oig/sanctionslist.html sends to a Microsoft Dynamics 365
 * portal (https://ilhfspartner3.dynamics365portals.us/sanctions/) whose "Download" button asks the
 * portal's `_services/download-as-excel` service for the table as a workbook. The portal works only in a
 * browser (the download is a scripted call carrying the portal's anti-forgery token), so an operator
 * downloads the file and loads it with `npm run admin -- ingest il_hfs --file <path>`; there is no schedule.
 *
 * The file: XLSX, sheet `Active Sanctions`, one header row, 12 columns. Its styles.xml carries an empty
 * `<x:fill />` that some readers refuse; SheetJS reads it as it is.
 * - `Provider Name`: one field, surname first without a comma (`LAST FIRST M`), or an organisation's
 *   name; ` DBA ` separates the other names of the party. A person is told from an organisation by the
 *   `Provider Type` (PHYSICIAN, DENTIST, … against GROUP, PHARMACY, …), and where the type says neither
 *   (about a fifth of rows have none; WAIVER SERVICE PROVIDER, MEDICAR PROVIDER and TAXICAB / LIVERY
 *   CO are both) by the name's own words. Facility types (NURSING FACILITIES, LTC FACILITY, MENTALLY
 *   RETRD FCLTY) name the facility, whatever its name (`STARNES N H` is a nursing home).
 * - `License #`: the IDFPR number, 9 digits with the profession code first (`036060408`, 036 physician),
 *   the form the Illinois board's roster uses (a number cell that lost its leading zero is padded back);
 *   some typed with a separator (`036.081407`, `50247-20`), kept as written (license numbers are
 *   compared without separators).
 * - `NPI` on about a fifth of rows.
 * - `Action Date`: a date cell; a plain number cell holding the serial on some rows (45826 = 2025-06-18).
 * - `Action Type`: Terminated, Barred, Voluntary Withdrawal, Exclusion or Suspended; every row of the
 *   sheet is a sanction in force (the sheet holds active sanctions only, with no end date).
 * - `Zip Code` as typed: `60118 - 1529`, `604732258`, `60101`.
 */
import { cellValue, listDate, npisIn, surnameFirstName } from './list-cells.ts';
import type { ListDefinition } from './list-definition.ts';
import type { ListEntry } from './list-entry.ts';
import { entryKeys } from './lookup-keys.ts';
import { rowFields } from './row-fields.ts';

export const ilHfsColumns = [
  'Provider Name',
  'License #',
  'NPI',
  'Provider Type',
  'Affiliation',
  'Action Date',
  'Action Type',
  'Address',
  'Address 2',
  'City',
  'State',
  'Zip Code',
] as const;

type Column = (typeof ilHfsColumns)[number];
const fieldsOf = rowFields<Column>(ilHfsColumns);

/** The sheet's action types, as the list writes them (the vocabulary is complete). */
export const ilActionTypes = ['Terminated', 'Barred', 'Voluntary Withdrawal', 'Exclusion', 'Suspended'] as const;

/** Provider types that name a person. */
const personTypes =
  /^(PHYSICIAN|DENTIST|.*\bNURSE\b.*|ADVANCED PRACTICE NURSE|PHYSICIAN ASSISTANT|CHIROPRACTOR|PODIATRIST|OPTOMETRIST|OPTICIAN|PSYCHOLOGIST|PHARMACIST|THERAPIST|.*\bTHERAPIST\b.*|SOCIAL WORKER|COUNSELOR|AUDIOLOGIST|MIDWIFE|CNA|INDIVIDUAL|PERSONAL ASSISTANT|HOMEMAKER)$/;
/** Provider types that name an organisation. */
const organisationTypes =
  /^(GROUP|PHARMACY|.*\bHOSPITAL\b.*|CLINIC|.*\bCLINIC\b.*|NURSING (HOME|FACILITY|FACILITIES)|LONG TERM CARE.*|LTC\b.*|HOME HEALTH.*|AGENCY|.*\bAGENCY\b.*|LABORATORY|.*\bLAB\b.*|DME.*|DURABLE MEDICAL EQUIPMENT.*|TRANSPORTATION.*|AMBULANCE.*|SUPPLIER|.*\bSUPPLY\b.*|.*\bFACILIT(Y|IES)\b.*|.*\bFCLTY\b.*|.*\bFAC\b.*|.*\bCENTER\b.*|.*\bCNTR\b.*|HOSPICE|MEDICAL EQUIPMENT)$/;
/** Words that make a name an organisation's whatever its type. */
const organisationWords =
  /\b(INC|INCORPORATED|LLC|L\.L\.C|LTD|CORP|CORPORATION|CO|COMPANY|PC|P\.C|SC|S\.C|LLP|PLLC|GROUP|CENTER|CENTRE|CLINIC|PHARMACY|DRUGS?|HEALTH|HEALTHCARE|MEDICAL|SERVICES?|CARE|HOSPITAL|HOME|HOMES|AGENCY|ASSOCIATES|TRANSPORT(ATION)?|AMBULANCE|SUPPLY|SUPPLIES|LAB|LABORATORY|LABS|REHAB|REHABILITATION|THERAPY|DENTAL|FAMILY|COUNSELING|NURSING|PHYSICIANS|INSTITUTE|FOUNDATION|MINISTRIES|CHURCH|SCHOOL|FACILITY|MANOR|PAVILION|ESTATES|TERRACE|ASSOC|TRANSIT|TRANS|TAXI|CAB|LIVERY|MEDICAR|VANS|RENTAL|SYSTEMS?|SVCS?|SRVCS?|BEHAVIORAL|BEHAVORIAL|MANAGEMENT|PROGRAM|SOLUTIONS|ENTERPRISES?|CONSULTING|TRUST|COUNTY|CITY|STATE|OF|AND|THE)\b|LLC$|&|\d/;

/** Whether a row names a person: by its provider type, else by its name (two to four words, none an organisation's). */
export function ilNamesPerson(providerType: string, name: string): boolean {
  const type = cellValue(providerType).toUpperCase().replace(/\s+/g, ' ');
  if (type && personTypes.test(type)) return true;
  if (type && organisationTypes.test(type)) return false;
  const upper = name.toUpperCase();
  const words = upper.split(' ').filter(Boolean);
  return words.length >= 2 && words.length <= 5 && !organisationWords.test(upper);
}

/** `036060408` as the IDFPR writes it: a number cell's lost leading zero is put back (8 digits → 9). */
export function idfprLicense(value: string): string {
  const v = cellValue(value).replace(/\s+/g, '');
  return /^\d{8}$/.test(v) ? `0${v}` : v;
}

/** A US ZIP code as the lists type it → `60118` or `60118-1529`; anything else as written. */
export function usZip(value: string): string {
  const v = cellValue(value);
  const m = /^(\d{5})\s*-?\s*(\d{4})?$/.exec(v.replace(/\s+/g, ' '));
  if (!m) return v;
  return m[2] ? `${m[1]}-${m[2]}` : m[1]!;
}

/** The action type in the list's own spelling (`TERMINATED` → `Terminated`); an unknown one as written. */
export function ilActionType(value: string): string {
  const v = cellValue(value).replace(/\s+/g, ' ');
  return ilActionTypes.find((t) => t.toUpperCase() === v.toUpperCase()) ?? v;
}

/** One data row → entry; null for a row of another width or that names nobody. */
export function ilHfsEntry(row: readonly string[]): ListEntry | null {
  const get = fieldsOf(row);
  if (!get) return null;
  const [main = '', ...aliases] = cellValue(get('Provider Name'))
    .replace(/\s+/g, ' ')
    .split(/\s+D\/?B\/?A:?\s+/i)
    .map((n) => n.trim())
    .filter(Boolean);
  if (!main) return null;
  const person = ilNamesPerson(get('Provider Type'), main) ? surnameFirstName(main) : null;
  const license = idfprLicense(get('License #'));
  const type = ilActionType(get('Action Type'));
  const comments = [cellValue(get('Provider Type')), cellValue(get('Affiliation')) && `Affiliation: ${cellValue(get('Affiliation'))}`].filter(Boolean);
  return {
    kind: person ? 'individual' : 'entity',
    lastName: person?.last ?? '',
    firstName: person?.first ?? '',
    middleName: person?.middle ?? '',
    entityName: main,
    npi: npisIn(get('NPI'))[0] ?? null,
    dob: null,
    licenses: license ? [{ state: 'IL', number: license }] : [],
    reference: null,
    identifiers: {},
    aliases,
    city: cellValue(get('City')),
    state: cellValue(get('State')),
    zip: usZip(get('Zip Code')),
    country: 'USA',
    action: {
      agency: 'Illinois HFS OIG',
      type: type || 'Medicaid sanction',
      program: 'Illinois Medicaid',
      code: '',
      startDate: listDate(get('Action Date')),
      endDate: null,
      indefinite: false,
      reinstatedDate: null,
      comments: comments.join('; ').slice(0, 2000),
    },
  };
}

export const ilHfsPortal = 'https://ilhfspartner3.dynamics365portals.us/sanctions/';

export const ilHfsSanctions: ListDefinition = {
  id: 'il_hfs',
  // Monthly: a month's additions, reinstatements and corrections stay well under a tenth of the list.
  changeBudget: { share: 0.1, minRows: 25 },
  displayName: 'Illinois HFS OIG Sanctions List',
  formatConfidence: 'confirmed',
  formatNotes:
    "Tested on real rows of the June 2026 download (test/fixtures/real/il_hfs: sheet name, header, names, IDFPR numbers, dates, action types), read from a copy re-saved in WPS Sheets: the values are the portal's, the workbook's styles and cell storage are not. One row is also quoted by a third party from a 2024 download.",
  scope: { kind: 'state', state: 'IL' },
  searchBy: 'name',
  baseUrlEnv: 'IL_HFS_BASE_URL',
  defaultBaseUrl: 'https://ilhfspartner3.dynamics365portals.us',
  locate: {
    kind: 'operator_file',
    howToObtain: `open ${ilHfsPortal} in a web browser (linked from https://hfs.illinois.gov/oig/sanctionslist.html), press the "Download" button above the table and keep the Excel workbook it saves (.xlsx, sheet "Active Sanctions")`,
  },
  format: { kind: 'sheet', sheet: /^Active Sanctions$/i },
  header: ilHfsColumns,
  entry: ilHfsEntry,
  keys: entryKeys,
};
