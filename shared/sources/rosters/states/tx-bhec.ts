/**
 * Texas Behavioral Health Executive Council (BHEC): four CSVs published daily without sign-in at
 * `https://www.bhec.texas.gov/csv/<LPC|PSY|MFT|SW>.csv` (the search portal has reCAPTCHA; the files do
 * not), about 98,000 rows together (LPC ~43k, PSY ~12k, MFT ~5.7k, SW ~37k). What is recorded:
 *
 *  - One shared header `LIC_TYPE, RANK, LIC_NBR, ENTITY_NBR, LAST_NME, FIRST_NME, MIDDLE_NME, SFX_NME,
 *    LIC_STATUS, LIC_EXPR_DTE, RANK_EFCT_DTE, DISCPL_ACTN` [confirmed]; written upper-case in one
 *    source and mixed case in another, so columns are matched case-insensitively.
 *  - UTF-8 with a BOM [confirmed].
 *  - NOT recorded: the values of LIC_TYPE, RANK, LIC_STATUS and DISCPL_ACTN, and the date format. The
 *    status vocabulary below is the common board terms with the negative ones tested first; anything
 *    else is reported inactive, never active. DISCPL_ACTN: empty, N, No or None is no action, anything
 *    else an action on record. Dates: M/D/YYYY or ISO, as the list cells read them.
 *  - License numbers are each board's own numbering: the same number in two files is two licenses
 *    (the Texas board's number scope puts each file in its own group).
 */
import { professionRules } from '../../boards/board-definition.ts';
import { listDate } from '../../lists/list-cells.ts';
import { disciplineOnRecord, type RosterDefinition, statusFrom } from '../roster-definition.ts';

export const txBhecFiles = ['LPC', 'PSY', 'MFT', 'SW'] as const;

export const txBhecColumns = [
  'LIC_TYPE',
  'RANK',
  'LIC_NBR',
  'ENTITY_NBR',
  'LAST_NME',
  'FIRST_NME',
  'MIDDLE_NME',
  'SFX_NME',
  'LIC_STATUS',
  'LIC_EXPR_DTE',
  'RANK_EFCT_DTE',
  'DISCPL_ACTN',
] as const;

/** Negative terms first: "NOT ACTIVE", "ACTIVE - SUSPENDED" or "PROBATED" never read as a plain active. */
export const txBhecStatuses = [
  [/REVOK|CANCEL+ED BY BOARD|SURRENDER/, 'revoked'],
  [/SUSPEN/, 'suspended'],
  [/EXPIRED|DELINQUENT|LAPSED/, 'expired'],
  [/NOT ACTIVE|INACTIVE|RETIRED|DECEASED|CANCEL|VOID|DENIED|WITHDRAWN|PENDING/, 'inactive'],
  [/^(ACTIVE|CURRENT|PROBATED|PROBATION|ACTIVE - PROBATED|ACTIVE WITH CONDITIONS)$/, 'active'],
] as const;

/** The file a row came from is the board; the rank narrows it (associates and school psychologists have no profession value). */
const rules = professionRules(
  [
    { pattern: /SCHOOL PSYCH|LSSP|PSYCHOLOGICAL ASSOCIATE|\bLPA\b/, profession: 'unclassified' },
    { pattern: /^PSY\b|PSYCHOLOGIST/, profession: 'psychologist' },
    { pattern: /^MFT\b|MARRIAGE|LMFT/, profession: 'marriage_family_therapist' },
    { pattern: /^SW\b|SOCIAL WORK|LCSW|LMSW|LBSW/, profession: 'social_worker' },
    { pattern: /^LPC\b|PROFESSIONAL COUNSELOR|COUNSELOR/, profession: 'counselor' },
  ],
  { kind: 'unclassified' },
);

export const txBhec: RosterDefinition = {
  id: 'tx_bhec',
  state: 'TX',
  displayName: 'Texas Behavioral Health Executive Council',
  baseUrlEnv: 'TX_BHEC_BASE_URL',
  defaultBaseUrl: 'https://www.bhec.texas.gov',
  locate: { kind: 'fixed', files: txBhecFiles.map((name) => ({ name, path: `/csv/${name}.csv` })) },
  format: { kind: 'csv', encoding: 'utf8', headerWithin: 3 },
  columns: txBhecColumns,
  record(row, file) {
    const lastName = row.get('LAST_NME');
    const licenseNumber = row.get('LIC_NBR');
    if (!lastName || !licenseNumber) return null;
    const board = txBhecFiles.find((f) => file.toUpperCase().startsWith(f)) ?? row.get('LIC_TYPE');
    const rank = row.get('RANK');
    const licenseType = [row.get('LIC_TYPE') || board, rank].filter(Boolean).join(' - ');
    // The rank decides where it names the license; else the file (board) does.
    const byRank = rules.classifyText(rank);
    const classification = byRank.kind === 'profession' || /ASSOCIATE|SCHOOL|LSSP|LPA/i.test(rank) ? byRank : rules.classifyText(board);
    if (classification.kind === 'non_healthcare') return 'skip';
    const rawStatus = row.get('LIC_STATUS');
    const { status, recognised } = statusFrom(txBhecStatuses, rawStatus);
    return {
      file: board,
      licenseNumber,
      firstName: row.get('FIRST_NME'),
      middleName: row.get('MIDDLE_NME'),
      lastName,
      suffix: row.get('SFX_NME'),
      licenseType,
      classification,
      status,
      rawStatus,
      statusRecognised: recognised,
      expiryDate: listDate(row.get('LIC_EXPR_DTE')),
      issueDate: listDate(row.get('RANK_EFCT_DTE')),
      disciplinary: disciplineOnRecord(row.get('DISCPL_ACTN')) || /REVOK|SUSPEN|PROBAT|SURRENDER/i.test(rawStatus),
    };
  },
  professions: rules.professions,
  currentOnly: false,
  refresh: 'daily',
  formatConfidence: 'observed',
  formatNotes:
    'Header and encoding confirmed (UTF-8 with BOM, columns matched case-insensitively); status, rank and discipline values are not recorded: the status vocabulary is assumed (anything unknown is reported inactive, never active), and a file without the expected columns is refused and the loaded version kept.',
};
