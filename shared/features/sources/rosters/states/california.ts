/**
 * California Department of Consumer Affairs (DCA): the Board of Behavioral Sciences' public licensee file,
 * every LMFT, LCSW, LPCC and LEP license and every associate registration, republished on the 1st of each
 * month in DCA's public-information Box folder (`https://dca.box.com/s/oss6hf8jys2bmgxqd2gdz7w4oepm2il9`,
 * linked from `https://www.dca.ca.gov/consumers/public_info/index.shtml`, one subfolder per board). The
 * folder's file ids change every month while the names stay, so the file has no address a schedule can
 * keep: an operator downloads it and loads it with `ingest-roster ca_bbs --file <path>`. No real row is
 * at hand; what is recorded (test/fixtures/real/ca_bbs/ holds the value profile):
 *
 *  - Confirmed by a value profile of the whole real file of August 2026 (cavatello/therapist-tools
 *    `_dev/dca_stats.py`, written by `_dev/dca_licensees.py` from the downloaded file): 165,235 records;
 *    every `License Type` value with its count (ten) and every `License Status` value (`Current`,
 *    `Delinquent`, `CurrentInactive`, written without a space). Both are matched exactly: any other
 *    value is unrecognised (the source answers that it could not read the license), never active.
 *  - From the same reader's code, which downloads and parses the real file: tab-separated text though
 *    named `.xls`, UTF-8, about 35 MB, the header beginning `Agency Code<TAB>`, read with no quoting
 *    (csv.DictReader, tab delimiter), and the columns it reads by name: `License Type`, `License Status`,
 *    `License Number`, `Org/Last Name`, `First Name`, `Middle Name`, `Suffix`, `Address Line 1`, `Address
 *    Line 2`, `City`, `County`, `State`, `Zip`, `Original Issue Date`, `Expiration Date`.
 *  - `Expiration Date` `MM-DD-YYYY` [observed: a second-hand note of a parser]; any other non-blank
 *    value makes the license unreadable rather than dated wrongly.
 *  - `Original Issue Date` does not mean the date of issue (the reader's author checked it against the
 *    license numbers' sequence and the board's own counts): it is not read, and no issue date is given.
 *  - CHOSEN, not seen: the order of the columns after `Agency Code` and the names of the others
 *    (`Indiv/Org (I/O)` is named by a note), the format of `Original Issue Date`, the line ends, and how
 *    the License Number is written (digits are assumed; NPPES's form of these numbers is not recorded).
 *    The header is found by the declared columns, so the others and their order do not matter; a file
 *    missing one of the declared columns is refused.
 *  - No discipline column: none is claimed either way (the board publishes its actions elsewhere).
 *  - Absence: the file lists current, inactive and delinquent (not renewed) licenses and registrations,
 *    but not revoked, cancelled or surrendered ones: a provider absent from it holds no license on the
 *    file, which is neither "current licenses only" nor "every license ever issued".
 */
import type { BoardStatus } from '../../../../domain/license-status.ts';
import type { Profession } from '../../../../domain/professions.ts';
import { parseBoardDate } from '../../boards/dates.ts';
import type { Classification } from '../../license-record.ts';
import type { ParseLimits } from '../../parse-limits.ts';
import { type RosterDefinition, type RosterRecord, type RosterRow, statusFrom } from '../roster-definition.ts';

/** The columns read (and `Agency Code`, the header's first): a file without one is refused. */
export const caBbsColumns = [
  'Agency Code',
  'License Type',
  'License Number',
  'Org/Last Name',
  'First Name',
  'Middle Name',
  'Suffix',
  'Expiration Date',
  'License Status',
] as const;

/** Every `License Status` of the real file, exactly; the inactive one before the current one. */
export const caBbsStatuses: readonly (readonly [RegExp, BoardStatus])[] = [
  // Not renewed past its expiration: not in force to practise.
  [/^DELINQUENT$/, 'expired'],
  [/^CURRENTINACTIVE$/, 'inactive'],
  [/^CURRENT$/, 'active'],
];

/**
 * Every `License Type` of the real file, exactly (with its count in August 2026). Associates are
 * registrations, not licenses: their wording is kept as the license type, so the answer shows it.
 */
export const caBbsTypes: Readonly<Record<string, Profession | 'unclassified'>> = {
  'Licensed Marriage and Family Therapist': 'marriage_family_therapist', // 59,706
  'Licensed Clinical Social Worker': 'social_worker', // 45,129
  'Associate Clinical Social Worker': 'social_worker', // 21,217
  'Associate Marriage & Family Therapist': 'marriage_family_therapist', // 19,403
  'Assoc. Professional Clinical Counselor': 'counselor', // 8,736
  'Licensed Professional Clinical Counselor': 'counselor', // 6,969
  // A school-based educational psychologist, not a clinical psychologist: no profession value fits.
  'Licensed Educational Psychologist': 'unclassified', // 2,486
  // A 30-day allowance to practise for a holder of another state's license: the wording does not say
  // which of the board's professions.
  'Temp 30Day Practice Allow(OOS Lic Only)': 'unclassified', // 1,560
  // An abbreviation the file does not expand: kept, no profession claimed.
  MRF: 'unclassified', // 25
  // A temporary associate social worker registration (4).
  'Temp MSP Assoc. Clinical Social Worker': 'social_worker',
};

/** A `License Type` → its classification: the real file's wordings exactly; another is unclassified and reported. */
export function caBbsClassify(type: string): Exclude<Classification, { kind: 'non_healthcare' }> {
  const reading = Object.hasOwn(caBbsTypes, type.trim()) ? caBbsTypes[type.trim()] : undefined;
  if (reading === undefined) return { kind: 'unclassified', unknown: true };
  return reading === 'unclassified' ? { kind: 'unclassified' } : { kind: 'profession', profession: reading };
}

/** `MM-DD-YYYY` as an ISO date; null when blank; undefined when written otherwise (not read). */
export function caBbsDate(text: string): string | null | undefined {
  const value = text.trim();
  if (!value) return null;
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(value);
  return (m && parseBoardDate(`${m[1]}/${m[2]}/${m[3]}`, 'mm/dd/yyyy')) ?? undefined;
}

function record(row: RosterRow): RosterRecord | null {
  const lastName = row.get('Org/Last Name');
  const licenseNumber = row.get('License Number');
  // A row naming nobody or no license is not a license as the file writes one.
  if (!lastName || !licenseNumber) return null;
  const rawStatus = row.get('License Status');
  const mapped = statusFrom(caBbsStatuses, rawStatus);
  const expiry = row.get('Expiration Date');
  const expiryDate = caBbsDate(expiry);
  // An expiration written otherwise than MM-DD-YYYY: the license is not read, rather than dated wrongly.
  const recognised = mapped.recognised && expiryDate !== undefined;
  const type = row.get('License Type');
  return {
    file: 'bbs',
    licenseNumber,
    firstName: row.get('First Name'),
    middleName: row.get('Middle Name'),
    lastName,
    suffix: row.get('Suffix'),
    licenseType: type,
    classification: caBbsClassify(type),
    status: recognised ? mapped.status : 'inactive',
    rawStatus: expiryDate === undefined ? `${rawStatus} (Expiration Date: ${expiry})` : rawStatus,
    statusRecognised: recognised,
    expiryDate: expiryDate ?? null,
    // `Original Issue Date` does not mean the date of issue: not read.
    issueDate: null,
    // No discipline column: none is claimed either way.
    disciplinary: false,
  };
}

const MiB = 1024 * 1024;

/**
 * About 35 MB and 165,235 rows in August 2026, over the default 32 MiB: 128 MiB (the reader that
 * downloads it takes anything over 120 MB for an error page) and the default 500,000 rows.
 */
export const californiaBbsLimits: Partial<ParseLimits> = { maxFileBytes: 128 * MiB };

export const californiaBbs: RosterDefinition = {
  id: 'ca_bbs',
  // A monthly operator upload of about 165,000 licenses and registrations: associates come and go each
  // month and a renewal month moves many expiry dates; every lifted restriction and unfamiliar number is
  // reviewed.
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'CA',
  displayName: 'California Board of Behavioral Sciences',
  baseUrlEnv: 'CA_BBS_BASE_URL',
  defaultBaseUrl: 'https://dca.box.com',
  locate: {
    kind: 'operator_file',
    howToObtain:
      'open https://www.dca.ca.gov/consumers/public_info/index.shtml and follow its link to the DCA public-information Box folder (https://dca.box.com/s/oss6hf8jys2bmgxqd2gdz7w4oepm2il9), open the Board of Behavioral Sciences subfolder and download its licensee file (named .xls, it is tab-delimited text beginning "Agency Code"; republished on the 1st of each month under the same name and a new file id); load it as downloaded with `npm run admin -- ingest-roster ca_bbs --file <path> [--as-of YYYY-MM-DD]` (--as-of: the 1st of the month it was published)',
  },
  format: { kind: 'tab', encoding: 'utf8', headerWithin: 1 },
  columns: caBbsColumns,
  record,
  professions: [...new Set(Object.values(caBbsTypes))].filter((p): p is Profession => p !== 'unclassified'),
  currentOnly: false,
  absentMeans:
    'no license or registration on the file, which keeps current, inactive and delinquent ones but leaves out revoked, cancelled and surrendered ones',
  refresh: 'monthly',
  formatConfidence: 'observed',
  formatNotes:
    'DCA’s monthly public licensee file of the Board of Behavioral Sciences (a Box folder whose file ids change monthly, so loaded by the operator): every LMFT, LCSW, LPCC and LEP license and associate registration. No real rows are at hand. Confirmed by a value profile of the whole real file of August 2026 (165,235 records): its ten License Type wordings and its three License Status values, Current (active), CurrentInactive (inactive) and Delinquent (expired: not renewed), each matched exactly, any other reported unreadable. From a reader’s code that parses the real file: tab-separated UTF-8 text named .xls, about 35 MB, the header beginning Agency Code, no quoting, and the column names read. Expiration Date MM-DD-YYYY (a parser’s note), any other form unreadable. Chosen, not seen: the order of the other columns (the header is found by the declared names), line ends and the form of License Number; how NPPES writes these numbers is not recorded. Original Issue Date does not mean the date of issue and is not read. Associates (AMFT, ASW, APCC) are registrations and keep their wording as the license type; LEP, the 30-day temporary practice allowance and MRF are unclassified. No discipline column: no discipline flag is claimed. Revoked, cancelled and surrendered licenses are left out of the file: a provider absent from it holds no license on the file, never "never licensed".',
  limits: californiaBbsLimits,
};
