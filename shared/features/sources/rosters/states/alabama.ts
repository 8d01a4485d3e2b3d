/**
 * Alabama Board of Medical Examiners roster (MD, DO, PA and the board's other licensees): a CSV the
 * roster page `https://dashboard.albme.gov/Verification/roster.aspx` answers to an ASP.NET postback.
 * The postback's event target is not recorded, so an operator downloads the CSV from the page and
 * loads it with `ingest-roster al_bme --file <path>`. What is recorded:
 *
 *  - Columns [confirmed]: `LICENSE NUMBER, FIRST NAME, MIDDLE NAME, LAST NAME, SUFFIX, LICENSE TYPE,
 *    LICENSE SUBTYPE, LICENSE SUFFIX, LICENSE STATUS, ISSUE DATE, EXPIRATION DATE, SPECIALTY/TYPE OF
 *    PRACTICE, MEDICAL SCHOOL, PUBLIC ACTIONS?, SUPERVISING PHYSICIAN`.
 *  - Active licenses only [observed]: an absent provider is `not_found`, never "no discipline".
 *  - `PUBLIC ACTIONS?`: the discipline flag (values not recorded: empty/No/None read as none).
 *  - NOT recorded: the LICENSE TYPE and STATUS values (mapped by the common terms, negative first;
 *    anything unknown reported inactive) and the date format (M/D/YYYY or ISO read).
 */
import { professionRules } from '../../boards/board-definition.ts';
import { listDate } from '../../lists/list-cells.ts';
import { disciplineOnRecord, type RosterDefinition, statusFrom } from '../roster-definition.ts';

export const alColumns = [
  'LICENSE NUMBER',
  'FIRST NAME',
  'MIDDLE NAME',
  'LAST NAME',
  'SUFFIX',
  'LICENSE TYPE',
  'LICENSE SUBTYPE',
  'LICENSE SUFFIX',
  'LICENSE STATUS',
  'ISSUE DATE',
  'EXPIRATION DATE',
  'SPECIALTY/TYPE OF PRACTICE',
  'MEDICAL SCHOOL',
  'PUBLIC ACTIONS?',
  'SUPERVISING PHYSICIAN',
] as const;

export const alStatuses = [
  [/REVOK|SURRENDER/, 'revoked'],
  [/SUSPEN/, 'suspended'],
  [/EXPIRED|LAPSED/, 'expired'],
  [/NOT ACTIVE|INACTIVE|RETIRED|DECEASED/, 'inactive'],
  [/^(ACTIVE|ACTIVE - PROBATION|PROBATION|ACTIVE WITH RESTRICTIONS|RESTRICTED)$/, 'active'],
] as const;

const rules = professionRules(
  [
    // Controlled-substance certificates are registrations held beside a license, not a license.
    { pattern: /CONTROLLED SUBSTANCE|ACSC|QACSC/, profession: 'non_healthcare' },
    { pattern: /PHYSICIAN ASSISTANT|^PA\b/, profession: 'physician_assistant' },
    { pattern: /ANESTHESIOLOGIST ASSISTANT|^AA\b/, profession: 'unclassified' },
    { pattern: /^MD\b|^DO\b|PHYSICIAN|MEDICAL DOCTOR|OSTEOPATH/, profession: 'physician' },
  ],
  { kind: 'unclassified' },
);

export const alabamaBme: RosterDefinition = {
  id: 'al_bme',
  // Operator upload, monthly; every restriction lifted and every unfamiliar license number is reviewed.
  changeBudget: { share: 0.15, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'AL',
  displayName: 'Alabama Board of Medical Examiners',
  baseUrlEnv: 'AL_BME_BASE_URL',
  defaultBaseUrl: 'https://dashboard.albme.gov',
  locate: {
    kind: 'operator_file',
    howToObtain:
      'open https://dashboard.albme.gov/Verification/roster.aspx, download the roster CSV, and load it with `npm run admin -- ingest-roster al_bme --file <path> [--as-of YYYY-MM-DD]`',
  },
  format: { kind: 'csv', encoding: 'utf8', headerWithin: 3 },
  columns: alColumns,
  record(row) {
    const lastName = row.get('LAST NAME');
    const licenseNumber = row.get('LICENSE NUMBER');
    if (!lastName || !licenseNumber) return null;
    const licenseType = [row.get('LICENSE TYPE'), row.get('LICENSE SUBTYPE')].filter(Boolean).join(' - ');
    const classification = rules.classifyText(row.get('LICENSE TYPE'));
    if (classification.kind === 'non_healthcare') return 'skip';
    const rawStatus = row.get('LICENSE STATUS');
    const { status, recognised } = statusFrom(alStatuses, rawStatus);
    return {
      file: 'roster',
      licenseNumber,
      firstName: row.get('FIRST NAME'),
      middleName: row.get('MIDDLE NAME'),
      lastName,
      suffix: row.get('SUFFIX'),
      licenseType,
      classification,
      status,
      rawStatus,
      statusRecognised: recognised,
      expiryDate: listDate(row.get('EXPIRATION DATE')),
      issueDate: listDate(row.get('ISSUE DATE')),
      disciplinary: disciplineOnRecord(row.get('PUBLIC ACTIONS?')) || /PROBATION|RESTRICT|REVOK|SUSPEN/i.test(rawStatus),
    };
  },
  professions: rules.professions,
  currentOnly: true,
  refresh: 'unknown',
  formatConfidence: 'observed',
  formatNotes:
    'Columns confirmed from a loader of the real file; active licenses only, so an absent provider is not_found, never "no discipline". License type, status and PUBLIC ACTIONS? values and the date format are not recorded; a file without the expected columns is refused and the loaded version kept.',
};
