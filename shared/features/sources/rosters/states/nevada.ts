/**
 * Nevada State Board of Pharmacy: every pharmacist record the board holds, of every status, from the
 * "Export To Excel" of its license verification (`https://online.nvbop.org/#/verifylicense`, an
 * AngularJS single-page app: Personal License Search, type Pharmacist, a blank search). The export has no
 * static address, so an operator downloads the workbook and loads it with
 * `ingest-roster nv_bop --file <path>`. What is recorded (test/fixtures/real/nv_bop/, the whole export of
 * 18 July 2026: 20,190 rows):
 *
 *  - Columns [confirmed: the cell values of a real export, as a capture tool read them]: `Last Name,
 *    First Name, City, State, Zip, Country, License Date, Status, Registration Number, Type, Expiration
 *    Date, Discipline`. Names in two columns, mixed case and ALL CAPS alike, a generational suffix typed
 *    into the last name (`Campion Jr`, `CASTRO, JR.`, `Shanahan III`), no middle name column, no NPI.
 *    Dates `MM/DD/YYYY`, text; the expiry blank on 1,347 rows (applications, deceased, revoked).
 *    Registration numbers five digits with their leading zeros (`05599`: text cells), a few with a
 *    suffix (`24765Temp` for a temporary license later closed, `05966-B`, `09331A`), blank on 649 rows
 *    (applications, and 353 old Expired records). Type `Pharmacist` on every row. Discipline `Yes`/`No`.
 *  - NOT recorded: the sheet's name and whether a title row sits above the header (the capture kept
 *    the cells from the header down): the first sheet is read, a workbook with a second sheet is refused
 *    (rows could sit there), and the header is found by its column names within the first ten rows,
 *    never by its position. Nor the workbook's cell types (the leading zeros and `MM/DD/YYYY` dates say
 *    text), nor how NPPES writes these numbers.
 *  - Statuses [confirmed: all 19 of the whole export], each mapped exactly, and any other value, a blank
 *    one included, is unrecognised: the source answers that it could not read the license, never a
 *    guessed status. Five are not licenses and are not stored: `Application in Process`, `Application
 *    Denied`, `Application Withdrawn` (an applicant the board never licensed), `Deleted` and `Error`
 *    (records the board itself voids). So a provider who only applied is `not_found`, as one who never
 *    applied: no Nevada pharmacist license.
 *  - Absence: the export keeps every license of every status (expired, non-renewed, closed, retired,
 *    deceased, revoked, surrendered back to 1944), so a provider absent from it never held a Nevada
 *    pharmacist license (registration), as far as the board's records show.
 */
import type { BoardStatus } from '../../../../domain/license-status.ts';
import type { Classification } from '../../license-record.ts';
import { listDate } from '../../lists/list-cells.ts';
import { type RosterDefinition, type RosterRecord, type RosterRow, statusFrom } from '../roster-definition.ts';

export const nvBopColumns = ['Last Name', 'First Name', 'License Date', 'Status', 'Registration Number', 'Type', 'Expiration Date', 'Discipline'] as const;

/** Every status of the real export, exactly (upper-cased); negative terms before the positive ones. */
export const nvBopStatuses: readonly (readonly [RegExp, BoardStatus])[] = [
  [/^REVOKED$/, 'revoked'],
  // A surrender is the end of the license, as revoked (the other states' `VOLUNTARY SURRENDER` alike).
  [/^VOLUNTARY SURRENDER$/, 'revoked'],
  [/^VOLUNTARY SURRENDER RESULTING IN DISCIPLINE$/, 'revoked'],
  [/^SUSPENDED$/, 'suspended'],
  [/^EXPIRED$/, 'expired'],
  [/^NON RENEWED$/, 'expired'],
  // Renewed as inactive, pending: not in force to practise.
  [/^PENDING RENEWAL INACTIVE$/, 'inactive'],
  [/^INACTIVE$/, 'inactive'],
  [/^RETIRED$/, 'inactive'],
  [/^CLOSED$/, 'inactive'],
  [/^DECEASED \(INDIVIDUAL\)$/, 'inactive'],
  // In force with conditions: active, and the discipline flag says so.
  [/^PROBATION$/, 'active'],
  // A temporary license (about six months) in force.
  [/^TEMPORARY$/, 'active'],
  [/^ACTIVE$/, 'active'],
];

/** Statuses of records that are no license (an application, or a record the board voids): not stored. */
export const nvBopNotLicenses = /^(APPLICATION IN PROCESS|APPLICATION DENIED|APPLICATION WITHDRAWN|DELETED|ERROR)$/;

/** Statuses that are discipline in themselves, whatever the Discipline column says. */
const disciplineStatuses = /^(REVOKED|SUSPENDED|PROBATION|VOLUNTARY SURRENDER RESULTING IN DISCIPLINE)$/;

/** Every license type of the real export, exactly; another is unclassified and reported. */
export function nvBopClassify(type: string): Exclude<Classification, { kind: 'non_healthcare' }> {
  return /^PHARMACIST$/i.test(type.trim()) ? { kind: 'profession', profession: 'pharmacist' } : { kind: 'unclassified', unknown: true };
}

/** A generational suffix typed after the surname (`Campion Jr`, `CASTRO, JR.`, `Shanahan III`): the surname and the suffix. */
export function nvSurname(text: string): { lastName: string; suffix: string } {
  const m = /^(.+?)[\s,]+(JR|SR|II|III|IV)\.?$/i.exec(text.trim());
  return m
    ? {
        lastName: m[1]!.trim(),
        suffix: text
          .trim()
          .slice(m[1]!.length)
          .replace(/^[\s,]+/, ''),
      }
    : { lastName: text.trim(), suffix: '' };
}

function record(row: RosterRow): RosterRecord | null | 'skip' {
  const rawStatus = row.get('Status');
  const upper = rawStatus.toUpperCase();
  if (nvBopNotLicenses.test(upper)) return 'skip';
  const { lastName, suffix } = nvSurname(row.get('Last Name'));
  if (!lastName) return null;
  const mapped = statusFrom(nvBopStatuses, rawStatus);
  // Discipline is `Yes` or `No` on every real row: any other value is not read, and neither is the license.
  const discipline = row.get('Discipline');
  const disciplineRead = /^(YES|NO)$/i.test(discipline);
  const recognised = mapped.recognised && disciplineRead;
  const type = row.get('Type');
  return {
    file: 'pharmacists',
    // Kept as published, leading zeros and suffixes included; blank on some old Expired records (kept, numberless).
    licenseNumber: row.get('Registration Number'),
    firstName: row.get('First Name'),
    middleName: '',
    lastName,
    suffix,
    licenseType: type,
    classification: nvBopClassify(type),
    status: recognised ? mapped.status : 'inactive',
    rawStatus: disciplineRead ? rawStatus : `${rawStatus} (Discipline: ${discipline})`,
    statusRecognised: recognised,
    expiryDate: listDate(row.get('Expiration Date')),
    issueDate: listDate(row.get('License Date')),
    disciplinary: /^YES$/i.test(discipline) || disciplineStatuses.test(upper),
  };
}

export const nevadaPharmacy: RosterDefinition = {
  id: 'nv_bop',
  // Operator upload of every record of every status: a renewal cycle (31 October, every other year) moves
  // many expiry dates at once; every restriction lifted and every unfamiliar number is reviewed.
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'NV',
  displayName: 'Nevada State Board of Pharmacy',
  baseUrlEnv: 'NV_BOP_BASE_URL',
  defaultBaseUrl: 'https://online.nvbop.org',
  locate: {
    kind: 'operator_file',
    howToObtain:
      'open https://online.nvbop.org/#/verifylicense, choose Personal License Search, license type Pharmacist, leave every other field blank and search; click Export To Excel and save the workbook (.xlsx); load it with `npm run admin -- ingest-roster nv_bop --file <path> [--as-of YYYY-MM-DD]` (the as-of date is the day of the export)',
  },
  format: {
    kind: 'xlsx',
    // The sheet's name is not recorded: the first sheet, and no other.
    sheet: /^/,
    otherSheets: /(?!)/,
    headerWithin: 10,
  },
  columns: nvBopColumns,
  record,
  professions: ['pharmacist'],
  currentOnly: false,
  refresh: 'daily',
  formatConfidence: 'observed',
  formatNotes:
    'The board’s Export To Excel of every pharmacist record (Personal License Search, type Pharmacist), loaded by the operator. Columns, statuses, dates and numbers confirmed on a real export of July 2026 (20,190 rows, as a capture tool read its cells); the sheet’s name and any title row above the header are not recorded, so the first and only sheet is read and the header found by its column names. Every status is mapped exactly, any other is reported unreadable; applications (in process, denied, withdrawn) and records the board marks Deleted or Error are no license and not stored. The export keeps every license of every status (expired, closed, deceased, revoked back to 1944): a provider absent from it never held a Nevada pharmacist license. Discipline from its Yes/No column and from suspension, revocation and probation statuses. No middle name, no NPI.',
};
