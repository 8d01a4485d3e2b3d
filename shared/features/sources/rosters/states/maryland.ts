/**
 * Maryland Board of Physicians rosters: two CSVs republished on the 1st of each month (observed a month
 * stale once), `forms/doctor_list_revised.csv` (physicians) and `forms/allied_health_list.csv` (allied
 * health), about 48,700 rows. What is recorded:
 *
 *  - Seven preamble lines above the header; the header starts `License #` (physicians) or `Profession`
 *    (allied) [observed; the loader's header values confirmed].
 *  - Columns [confirmed from one loader's mapping; other columns may exist]: physicians `License #, Last
 *    Name, First Name, License Status, Expiration Date, Discipline`; allied `Profession, License #, Last
 *    Name, First Name, Status, Expire Date, Discipline`. Each file is checked for its own columns.
 *  - Statuses: Active and Probation only (48,632 and 56 rows on 2026-09-07), "one row per practice
 *    area". The roster lists current licenses only: a revoked or lapsed physician disappears, so an
 *    absent provider is `not_found`, never "no discipline"; Probation is active with discipline.
 *  - NOT recorded: the Discipline column's values (empty/No/None read as none, anything else as an
 *    action), the date format (M/D/YYYY or ISO read), the allied profession names (mapped below where
 *    they name a profession of domain/professions.ts, else unclassified), and the license number
 *    prefixes.
 */
import type { Classification } from '../../license-record.ts';
import { professionRules } from '../../boards/board-definition.ts';
import { listDate } from '../../lists/list-cells.ts';
import { disciplineOnRecord, type RosterDefinition, type RosterRow, statusFrom } from '../roster-definition.ts';

export const mdPhysicianColumns = ['License #', 'Last Name', 'First Name', 'License Status', 'Expiration Date', 'Discipline'] as const;
export const mdAlliedColumns = ['Profession', 'License #', 'Last Name', 'First Name', 'Status', 'Expire Date', 'Discipline'] as const;

/**
 * Negative terms first; the published file holds Active and Probation only, the rest guards a change:
 * the Board's practitioner profiles name the statuses Active, Inactive, Expired, Probation, Suspension,
 * Revoked, Surrendered and Deceased, each recognised here.
 */
export const mdStatuses = [
  [/REVOK|SURRENDER/, 'revoked'],
  [/SUSPEN/, 'suspended'],
  [/EXPIRED|LAPSED|NON-?RENEW/, 'expired'],
  [/NOT ACTIVE|INACTIVE|RETIRED|DECEASED|EMERITUS/, 'inactive'],
  [/^(ACTIVE|PROBATION|ACTIVE - PROBATION|ACTIVE ON PROBATION)$/, 'active'],
] as const;

const alliedRules = professionRules(
  [
    { pattern: /PHYSICIAN ASSISTANT/, profession: 'physician_assistant' },
    { pattern: /RESPIRATORY/, profession: 'respiratory_therapist' },
    { pattern: /RADIOGRAPH|RADIOLOGIC/, profession: 'radiographer' },
    { pattern: /ATHLETIC TRAIN/, profession: 'athletic_trainer' },
    { pattern: /PERFUSION/, profession: 'perfusionist' },
    { pattern: /NATUROPATH/, profession: 'naturopathic_physician' },
    // Polysomnographic, nuclear medicine and radiation therapy technologists, psychiatric assistants: no profession value.
    { pattern: /./, profession: 'unclassified' },
  ],
  { kind: 'unclassified' },
);

const isAllied = (file: string) => /ALLIED/i.test(file);

function record(row: RosterRow, file: string) {
  const allied = isAllied(file) || (row.get('Profession') !== '' && row.get('License Status') === '');
  const lastName = row.get('Last Name');
  const licenseNumber = row.get('License #');
  if (!lastName || !licenseNumber) return null;
  const licenseType = allied ? row.get('Profession') : 'Physician';
  const classification: Classification = allied ? alliedRules.classifyText(licenseType) : { kind: 'profession', profession: 'physician' };
  if (classification.kind === 'non_healthcare') return 'skip' as const;
  const rawStatus = allied ? row.get('Status') : row.get('License Status');
  const { status, recognised } = statusFrom(mdStatuses, rawStatus);
  return {
    file: allied ? 'allied_health_list' : 'doctor_list_revised',
    licenseNumber,
    firstName: row.get('First Name'),
    middleName: '',
    lastName,
    suffix: '',
    licenseType,
    classification,
    status,
    rawStatus,
    statusRecognised: recognised,
    expiryDate: listDate(allied ? row.get('Expire Date') : row.get('Expiration Date')),
    issueDate: null,
    disciplinary: disciplineOnRecord(row.get('Discipline')) || /PROBATION/i.test(rawStatus),
  };
}

export const marylandPhysicians: RosterDefinition = {
  id: 'md_bop',
  // Monthly, current licenses only; every restriction lifted and every unfamiliar license number is reviewed.
  changeBudget: { share: 0.1, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
  state: 'MD',
  displayName: 'Maryland Board of Physicians',
  baseUrlEnv: 'MD_BOP_BASE_URL',
  defaultBaseUrl: 'https://www.mbp.state.md.us',
  locate: {
    kind: 'fixed',
    files: [
      { name: 'doctor_list_revised.csv', path: '/forms/doctor_list_revised.csv', columns: mdPhysicianColumns },
      { name: 'allied_health_list.csv', path: '/forms/allied_health_list.csv', columns: mdAlliedColumns },
    ],
  },
  format: { kind: 'csv', encoding: 'utf8', headerWithin: 12 },
  // An operator's file of either kind: the columns both have.
  columns: ['License #', 'Last Name', 'First Name', 'Discipline'],
  record,
  professions: ['physician', ...alliedRules.professions],
  currentOnly: true,
  refresh: 'monthly',
  formatConfidence: 'observed',
  formatNotes:
    'Seven preamble lines above the header and the columns of each file as one loader reads them (other columns may exist); Active and Probation licenses only, so an absent provider is not_found and never "no discipline". Discipline values and date format not recorded; a file without the expected columns is refused and the loaded version kept.',
};
