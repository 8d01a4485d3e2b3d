/**
 * Florida Department of Health, Medical Quality Assurance (MQA): the licensure file `LIC_ALL` (current
 * licenses; `PROF_ALL` has the same header with history) from the MQA data-download portal, which needs
 * a free account (Azure AD B2C sign-in): an operator downloads it and loads it with
 * `ingest-roster fl_mqa --file <path>`. What is recorded:
 *
 *  - Pipe-delimited, no quoting, latin-1; every line ends with a trailing `|` [confirmed]; a stray `"`
 *    occurs inside values (read as an apostrophe) [confirmed]; an email value holding a `|` gives a row
 *    of the wrong width (27 of 3.7M rows), counted as malformed.
 *  - The exact header of 39 columns, the last written `Other-License ` with a trailing space
 *    [confirmed]; the columns read here are required, the others (email, birth-year range: sensitive,
 *    never stored) ignored.
 *  - Professions: `pro_cde` with `Profession-Name` and the rank code, whose prefix plus the digits is
 *    the display license number NPPES holds (`ME12345`; the file holds `12345`). Only the ten
 *    profession codes recorded are mapped; other professions in the file are kept unclassified (their
 *    raw name in `license_type`). UNCERTAIN: whether LIC_ALL holds every profession (180+) or the
 *    per-profession files must be loaded too is not recorded: `professions_covered` lists the mapped
 *    codes only.
 *  - Status: `License-Status-Description` (CLEAR, REVOKED, DECEASED, VOL RELINQ, NULL AND VOID, DISCP
 *    RELINQ, RETIRED, VOLUN WITHDRAW, EMERG SUSPENS, SUSPENDED; mixed case in some files) with
 *    `License-Active-Status-Description` (Active, Inactive …): CLEAR and Active is active.
 *  - `Board-Action-Indicator` Y/N: the discipline flag. Dates MM/DD/YYYY.
 */
import type { Classification } from '../../license-record.ts';
import { professionRules } from '../../boards/board-definition.ts';
import { listDate } from '../../lists/list-cells.ts';
import type { ParseLimits } from '../../parse-limits.ts';
import { type RosterDefinition, statusFrom } from '../roster-definition.ts';

/** The full LIC_ALL / PROF_ALL header, exactly as published (the last name's trailing space is trimmed when read). */
export const flHeader = [
  'pro_cde',
  'Profession-Name',
  'lic_id',
  'Expire-Date',
  'Original-Date',
  'Rank-Code',
  'License-Number',
  'Status-Effective-Date',
  'Board-Action-Indicator',
  'License-Status-Description',
  'Last-Name',
  'First-Name',
  'Middle-Name',
  'Name-Suffix',
  'Business-Name',
  'License-Active-Status-Description',
  'County',
  'County-Description',
  'Mailing-Address-Line1',
  'Mailing-Address-line2',
  'Mailing-Address-line3',
  'Mailing-Address-City',
  'Mailing-Address-State',
  'Mailing-Address-ZIPcode',
  'Mailing-Address-Area-Code',
  'Mailing-Address-Phone-Number',
  'Mailing-Address-Phone-Extension',
  'Practice-Location-Address-Line1',
  'Practice-Location-Address-line2',
  'Practice-Location-Address-line3',
  'Practice-Location-Address-City',
  'Practice-Location-Address-State',
  'Practice-Location-Address-ZIPcode',
  'Email',
  'Mod-Cdes',
  'Prescribe-Ind',
  'Dispensing-Ind',
  'Birth-Year-Range',
  'Other-License ',
] as const;

export const flColumns = [
  'pro_cde',
  'Profession-Name',
  'Expire-Date',
  'Original-Date',
  'Rank-Code',
  'License-Number',
  'Board-Action-Indicator',
  'License-Status-Description',
  'Last-Name',
  'First-Name',
  'Middle-Name',
  'Name-Suffix',
  'License-Active-Status-Description',
] as const;

/** The recorded profession codes (`pro_cde`), with the rank prefix of their numbers. */
export const flProfessionCodes: Readonly<Record<string, { readonly prefix: string; readonly classification: Classification }>> = {
  '1501': { prefix: 'ME', classification: { kind: 'profession', profession: 'physician' } },
  '1901': { prefix: 'OS', classification: { kind: 'profession', profession: 'physician' } },
  '1701': { prefix: 'RN', classification: { kind: 'profession', profession: 'registered_nurse' } },
  '1702': { prefix: 'PN', classification: { kind: 'profession', profession: 'practical_nurse' } },
  // An APRN is a nurse practitioner, midwife, anesthetist or clinical nurse specialist; the file does not say which.
  '1711': { prefix: 'APRN', classification: { kind: 'unclassified' } },
  '2201': { prefix: 'PS', classification: { kind: 'profession', profession: 'pharmacist' } },
  '2203': { prefix: 'PU', classification: { kind: 'profession', profession: 'pharmacist' } },
  '0501': { prefix: 'CH', classification: { kind: 'profession', profession: 'chiropractor' } },
  '2101': { prefix: 'PO', classification: { kind: 'profession', profession: 'podiatrist' } },
  '4401': { prefix: 'CNA', classification: { kind: 'profession', profession: 'nursing_assistant' } },
};

/** Negative terms first (`DISCP RELINQ`, `EMERG SUSPENS`, `NULL AND VOID` before anything else). */
export const flStatuses = [
  [/REVOKED|DISCP RELINQ/, 'revoked'],
  [/SUSPEN/, 'suspended'],
  [/DELINQ|EXPIRED/, 'expired'],
  [/NULL AND VOID|DECEASED|RETIRED|VOL RELINQ|VOLUN WITHDRAW|INACTIVE/, 'inactive'],
  [/^CLEAR$/, 'active'],
] as const;

/** Professions named outside the recorded codes: healthcare but no profession value, or not healthcare. */
const otherRules = professionRules([{ pattern: /VETERINAR|BARBER|COSMETOLOG|ARCHITECT|CONTRACTOR|REAL ESTATE/, profession: 'non_healthcare' }], {
  kind: 'unclassified',
});

/** `ME` + `12345`: the display number NPPES holds (the file holds digits; a number already prefixed is kept). */
export function flLicenseNumber(rankPrefix: string, number: string): string {
  const digits = number.trim().toUpperCase();
  if (!rankPrefix || /^[A-Z]/.test(digits)) return digits;
  return `${rankPrefix}${digits}`;
}

const MiB = 1024 * 1024;

/**
 * The MQA file's parse limits (parse-limits.ts). PROF_ALL holds about 3.7 million rows of 39 columns
 * (LIC_ALL, the current licenses, fewer), each under 1 KB: some 1.3 GB at most. The file is streamed,
 * never held whole: 3 GiB and 10,000,000 rows leave room for growth and for the history file.
 */
export const floridaMqaLimits: Partial<ParseLimits> = {
  maxFileBytes: 3 * 1024 * MiB,
  maxRows: 10_000_000,
};

export const floridaMqa: RosterDefinition = {
  id: 'fl_mqa',
  // Operator upload, monthly, every profession: a renewal deadline moves many expiry dates at once.
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'FL',
  displayName: 'Florida Department of Health MQA',
  baseUrlEnv: 'FL_MQA_BASE_URL',
  defaultBaseUrl: 'https://data-download.mqa.flhealthsource.gov',
  locate: {
    kind: 'operator_file',
    howToObtain:
      'sign in (free account) at https://data-download.mqa.flhealthsource.gov, open Licensure Data, download LIC_ALL.zip and unzip it; load the .txt with `npm run admin -- ingest-roster fl_mqa --file <path> [--as-of YYYY-MM-DD]`',
  },
  format: { kind: 'pipe', encoding: 'latin1', headerWithin: 1 },
  limits: floridaMqaLimits,
  columns: flColumns,
  record(row) {
    const lastName = row.get('Last-Name');
    const number = row.get('License-Number');
    if (!lastName || !number) return null;
    const code = row.get('pro_cde').padStart(4, '0');
    const known = flProfessionCodes[code];
    const professionName = row.get('Profession-Name');
    const classification = known?.classification ?? otherRules.classifyText(professionName);
    if (classification.kind === 'non_healthcare') return 'skip';
    const rawStatus = row.get('License-Status-Description');
    const active = row.get('License-Active-Status-Description');
    let { status, recognised } = statusFrom(flStatuses, rawStatus);
    // CLEAR says the license is in good standing; whether it is in force is the active-status column.
    if (status === 'active' && !/^ACTIVE$/i.test(active)) {
      status = /DELINQ/i.test(active) ? 'expired' : 'inactive';
      recognised = /^(INACTIVE|DELINQUENT.*)$/i.test(active);
    }
    const rank = row.get('Rank-Code').toUpperCase();
    return {
      file: 'LIC_ALL',
      licenseNumber: flLicenseNumber(known?.prefix ?? rank, number),
      firstName: row.get('First-Name'),
      middleName: row.get('Middle-Name'),
      lastName,
      suffix: row.get('Name-Suffix'),
      licenseType: [professionName || code, rank].filter(Boolean).join(' - '),
      classification,
      status,
      rawStatus: active ? `${rawStatus} / ${active}` : rawStatus,
      statusRecognised: recognised,
      expiryDate: listDate(row.get('Expire-Date')),
      issueDate: listDate(row.get('Original-Date')),
      disciplinary: /^Y/i.test(row.get('Board-Action-Indicator')) || /REVOKED|DISCP RELINQ|SUSPEN/i.test(rawStatus),
    };
  },
  professions: [...new Set(Object.values(flProfessionCodes).flatMap((c) => (c.classification.kind === 'profession' ? [c.classification.profession] : [])))],
  currentOnly: false,
  refresh: 'unknown',
  formatConfidence: 'observed',
  formatNotes:
    'Header, delimiter, encoding, trailing pipe and stray quotes confirmed from real files; only the ten recorded profession codes are mapped, and whether the file holds every Florida profession is not recorded (others are returned unclassified). Loaded by the operator from the sign-in portal: the as-of date is the file’s. A file without the expected columns is refused and the loaded version kept.',
};
