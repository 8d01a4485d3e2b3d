/**
 * West Virginia Board of Medicine rosters: three workbooks (XLSX) linked from
 * `https://wvbom.wv.gov/Rosters.asp` as "Roster of Medical Doctors", "Roster of Physician Assistants" and
 * "Roster of Podiatric Physicians", about 10,600 MD, 1,564 PA and 148 DPM rows (June 2026). What is
 * recorded (test/fixtures/real/wv_bom/):
 *
 *  - Sheet `Licenses` [confirmed: its cell values on real rows]: row 1 a title, row 2 the header `First
 *    Name, Middle Name, Last Name, Suffix, License Number, License Expiration Date`, then one row per
 *    license; names in mixed case, suffixes as typed (`Jr.`, `Jr`, `II`); license numbers bare digits
 *    (MD 4–5, PA 1–4, DPM 3 or 5), unique within a board's file and repeated across boards, so a license
 *    is the board and the number; expiry dates text cells, `M/D/YYYY` and `MM/DD/YYYY` mixed, each the
 *    board's renewal date (MD 30 June, PA 31 March).
 *  - No status, license-type or discipline column [confirmed]: the sheet lists current full licenses
 *    only. Every row is an active license with the file's expiry; no discipline flag is claimed (the
 *    board publishes actions elsewhere, not here). A provider absent from the files holds no current
 *    full license on the board's rosters (expired, lapsed, surrendered or revoked, or holding only a
 *    permit): `not_found`, never "no discipline" and never "never licensed".
 *  - Not covered: the other sheets of the workbooks (MD: Special Licenses, Temporary Licenses,
 *    Educational Permits, Reciprocal Educational Permits, Interstate Telehealth Registration; PA:
 *    Temporary Licenses, Interstate Telehealth Reg.) [observed: their names from one capture tool's
 *    configuration; a sheet name has at most 31 characters, so the MD one is read as any name starting
 *    `Interstate Telehealth Reg`], and osteopathic physicians (DOs), licensed by the separate West Virginia Board of
 *    Osteopathic Medicine. A workbook with a sheet named otherwise is refused: rows could sit there.
 *  - NOT recorded: the link targets on `Rosters.asp` (the files are found by their link texts), the
 *    workbook's bytes (the capture kept the cell values only), the refresh cadence (the files were
 *    unchanged from 21 to 25 June 2026), and how NPPES writes these numbers.
 */
import type { Classification } from '../../license-record.ts';
import { listDate } from '../../lists/list-cells.ts';
import type { RosterDefinition, RosterFile, RosterRecord, RosterRow } from '../roster-definition.ts';

export const wvColumns = ['First Name', 'Middle Name', 'Last Name', 'Suffix', 'License Number', 'License Expiration Date'] as const;

/** The board of each roster file: its file name, the link text on `Rosters.asp`, the license type and profession. */
export const wvBoards = [
  { board: 'MD', file: 'medical-doctors.xlsx', link: /Roster of Medical Doctors/i, licenseType: 'Medical Doctor', profession: 'physician' },
  {
    board: 'PA',
    file: 'physician-assistants.xlsx',
    link: /Roster of Physician Assistants/i,
    licenseType: 'Physician Assistant',
    profession: 'physician_assistant',
  },
  { board: 'DPM', file: 'podiatric-physicians.xlsx', link: /Roster of Podiatric Physicians/i, licenseType: 'Podiatric Physician', profession: 'podiatrist' },
] as const;

/** The board of a file, by its name (the declared names; an operator's file must carry one of them). */
const boardOf = (file: string) => wvBoards.find((b) => b.file === file.toLowerCase());

function record(row: RosterRow, file: string): RosterRecord | null {
  const board = boardOf(file);
  const lastName = row.get('Last Name');
  const licenseNumber = row.get('License Number');
  const expiryDate = listDate(row.get('License Expiration Date'));
  // A row without a name, a number of digits or a readable expiry is not a license as the sheet writes one.
  if (!board || !lastName || !/^\d+$/.test(licenseNumber) || !expiryDate) return null;
  const classification: Classification = { kind: 'profession', profession: board.profession };
  return {
    file: board.board,
    licenseNumber,
    firstName: row.get('First Name'),
    middleName: row.get('Middle Name'),
    lastName,
    suffix: row.get('Suffix'),
    licenseType: board.licenseType,
    classification,
    // No status column: a row of the `Licenses` sheet is a current full license.
    status: 'active',
    rawStatus: '',
    statusRecognised: true,
    expiryDate,
    issueDate: null,
    // No discipline column: none is claimed either way.
    disciplinary: false,
  };
}

export const westVirginiaBom: RosterDefinition = {
  id: 'wv_bom',
  // Current licenses only. A renewal season (MD 30 June, PA 31 March) can move many expiry dates in one
  // load and hold it for review; every unfamiliar license number is reviewed.
  changeBudget: { share: 0.1, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'WV',
  displayName: 'West Virginia Board of Medicine',
  baseUrlEnv: 'WV_BOM_BASE_URL',
  defaultBaseUrl: 'https://wvbom.wv.gov',
  locate: {
    kind: 'fixed',
    files: wvBoards.map((b): RosterFile => ({ name: b.file, path: '/Rosters.asp', linkText: b.link })),
  },
  format: {
    kind: 'xlsx',
    sheet: /^Licenses$/i,
    // The permit and registration sheets beside it, not read (see the notes).
    otherSheets: /^(Special Licenses|Temporary Licenses|Educational Permits|Reciprocal Educational Permits|Interstate Telehealth Reg.*)$/i,
    headerWithin: 3,
  },
  columns: wvColumns,
  record,
  professions: wvBoards.map((b) => b.profession),
  currentOnly: true,
  refresh: 'unknown',
  formatConfidence: 'observed',
  formatNotes:
    'Sheet Licenses of the MD, PA and podiatry roster workbooks: the header and cell values confirmed on real rows (a title row, then First Name, Middle Name, Last Name, Suffix, License Number, License Expiration Date; dates M/D/YYYY and MM/DD/YYYY mixed). No status or discipline column: every row is a current full license, read as active with its expiry, and no discipline flag is claimed. An absent provider has no current full license on these rosters (not_found, never "no discipline" nor "never licensed"). Not covered: the special, temporary, educational-permit and telehealth sheets, and osteopathic physicians (a separate board). The workbooks are found by their link texts on Rosters.asp; their bytes and refresh cadence are not recorded.',
};
