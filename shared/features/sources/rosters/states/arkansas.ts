/**
 * Arkansas State Board of Podiatric Medicine: its "License Verification" roster, a PDF linked from
 * `https://healthy.arkansas.gov/boards-commissions/boards/podiatric-medicine-board/` as "Verification
 * Document". The file's address changes with its date (`BoPM_LicenseVerification_<YYYYMMDD>.pdf`, earlier
 * `Podiatry_LicenseVerification_<YYYYMMDD>.pdf`), so it is found by that link text. What is recorded
 * (test/fixtures/real/ar_bopm/, the edition of 12 June 2026; the edition of 22 May 2026 read alike):
 *
 *  - Layout [confirmed: the PDF itself, a Google Sheets export of two legal-size pages with a text
 *    layer]: each page prints the title `Arkansas Board of Podiatric Medicine   License Verification`, the
 *    header `Last Name | First Name | License # | Issued | Valid Thru | Disciplinary Action` (`Disciplinary`
 *    printed above `Action`) with `Last Updated: 6-12-2026` (month-day-year) beside it, and the footer
 *    `6/12/2026   Updated ONLY when data changes.   <page>`. The header is found on each page by the
 *    column names; title and footer are skipped by what they say; the `Last Updated` date is the file's date.
 *  - Rows [confirmed]: 103 podiatrists in both editions, the same people (three renewals moved a
 *    `Valid Thru` from 6/30/2026 to 6/30/2027). Names in two columns: a suffix typed after the surname
 *    with a comma (`Day, III`), a curly apostrophe (`O’Connor`), accents (`Jamé`), two-word given names
 *    (`Cornelius Neil`); no middle name column, no NPI. License numbers bare integers (73 to 311). Dates
 *    `M/D/YYYY` without zero padding; `Valid Thru` 30 June (renewal cycle ends 30 June).
 *  - No status column [confirmed]: the status is read from `Valid Thru`, on or after the day the file is
 *    read active, before it expired (the June 2026 edition lists one licence valid through 6/30/2025).
 *    A row without a readable `Valid Thru` is not read.
 *  - `Disciplinary Action` [confirmed: `NO` on every row of both editions]: `NO` is no discipline; `YES`
 *    is discipline on record [inferred, never seen]; any other value makes the licence unreadable (the
 *    source answers that it could not read it, naming the value), never a guess.
 *  - Absence [observed]: the roster is not strictly current-only (it keeps an expired licence), yet it
 *    is no register of every licence the board ever issued (numbers 73 to 311, 103 of them): a provider
 *    absent from it holds no Arkansas podiatric licence the board lists, which is not proof that one was
 *    never held.
 *  - NOT recorded: where the link on the board's page points (the PDF's host; taken to be the board's
 *    site, `healthy.arkansas.gov` or its `www.` name), how NPPES writes these numbers, and what the
 *    board writes for a disciplined licensee.
 */
import type { Classification } from '../../license-record.ts';
import { listDate } from '../../lists/list-cells.ts';
import type { RosterDefinition, RosterRecord, RosterRow } from '../roster-definition.ts';

export const arColumns = ['Last Name', 'First Name', 'License #', 'Issued', 'Valid Thru', 'Disciplinary Action'] as const;

/** The surname and a generational suffix typed after it with a comma (`Day, III`). */
export function arSurname(text: string): { lastName: string; suffix: string } {
  const m = /^(.+?),\s*(JR\.?|SR\.?|II|III|IV|V)$/i.exec(text.trim());
  return m ? { lastName: m[1]!.trim(), suffix: m[2]! } : { lastName: text.trim(), suffix: '' };
}

/** A row of the roster as a licence, its status read on `today` from `Valid Thru`. */
export function arRecord(row: RosterRow, today: Date): RosterRecord | null {
  const { lastName, suffix } = arSurname(row.get('Last Name'));
  const licenseNumber = row.get('License #');
  const expiryDate = listDate(row.get('Valid Thru'), today);
  // A row without a surname, a number of digits or a readable Valid Thru is no licence as the roster writes one.
  if (!lastName || !/^\d+$/.test(licenseNumber) || !expiryDate) return null;
  const discipline = row.get('Disciplinary Action');
  const disciplineRead = /^(YES|NO)$/i.test(discipline);
  const classification: Classification = { kind: 'profession', profession: 'podiatrist' };
  return {
    file: 'podiatrists',
    licenseNumber,
    firstName: row.get('First Name'),
    middleName: '',
    lastName,
    suffix,
    licenseType: 'Podiatrist',
    classification,
    status: !disciplineRead ? 'inactive' : expiryDate < today.toISOString().slice(0, 10) ? 'expired' : 'active',
    rawStatus: disciplineRead ? '' : `Disciplinary Action: ${discipline}`,
    statusRecognised: disciplineRead,
    expiryDate,
    issueDate: listDate(row.get('Issued'), today),
    disciplinary: /^YES$/i.test(discipline),
  };
}

export const arkansasPodiatry: RosterDefinition = {
  id: 'ar_bopm',
  // About a hundred licensees: a renewal season (30 June) moves many Valid Thru dates at once and holds
  // the load for review; every lifted restriction and every unfamiliar licence number is reviewed.
  changeBudget: { share: 0.1, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'AR',
  displayName: 'Arkansas State Board of Podiatric Medicine',
  baseUrlEnv: 'AR_BOPM_BASE_URL',
  defaultBaseUrl: 'https://healthy.arkansas.gov',
  // The link's target is not recorded: the board's site under either of its names.
  allowedHosts: ['www.healthy.arkansas.gov'],
  locate: {
    kind: 'fixed',
    files: [{ name: 'LicenseVerification.pdf', path: '/boards-commissions/boards/podiatric-medicine-board/', linkText: /^\s*Verification Document\s*$/i }],
  },
  format: {
    kind: 'pdf',
    pageLines: [/^Arkansas Board of Podiatric Medicine License Verification$/i, /^\d{1,2}\/\d{1,2}\/\d{4} Updated ONLY when data changes\. \d+$/i],
    besideHeader: /^Last Updated: \d{1,2}-\d{1,2}-\d{4}$/i,
    headerWithin: 4,
  },
  columns: arColumns,
  record: (row) => arRecord(row, new Date()),
  professions: ['podiatrist'],
  currentOnly: false,
  absentMeans: 'no license on the list, which keeps current licenses and some lapsed ones, not every license ever issued',
  refresh: 'unknown',
  // The real files are 66 and 71 KB: pdf.js inflates a PDF's streams with no limit of its own, so the file is held small.
  limits: { maxFileBytes: 4 * 1024 * 1024 },
  formatConfidence: 'confirmed',
  formatNotes:
    'The board’s License Verification PDF (a Google Sheets export, two pages, text layer), found by its link text "Verification Document" on the board’s page; confirmed on the editions of 22 May and 12 June 2026 (103 podiatrists each). Each page’s header (Last Name, First Name, License #, Issued, Valid Thru, Disciplinary Action) is found by its column names, title and footer skipped; the "Last Updated" date beside it is the file’s date. No status column: a licence is active while its Valid Thru date is today or later, expired before (the roster keeps at least one licence past its date). Disciplinary Action NO is no discipline; YES is read as discipline on record (inferred, never seen); any other value is reported unreadable. The list is not strictly current-only but is no register of every licence ever issued: a provider absent from it holds no Arkansas podiatric licence the board lists, not proof that none was ever held. A suffix after the surname (Day, III) is taken apart; no middle name, no NPI.',
};
