/**
 * Texas Behavioral Health Executive Council (BHEC): four CSVs published daily without sign-in at
 * `https://www.bhec.texas.gov/csv/<LPC|PSY|MFT|SW>.csv` (the search portal has reCAPTCHA; the files do
 * not), about 98,000 rows together (LPC ~43k, PSY ~12k, MFT ~5.7k, SW ~37k). What is recorded:
 *
 *  - One shared header `LIC_TYPE, RANK, LIC_NBR, ENTITY_NBR, LAST_NME, FIRST_NME, MIDDLE_NME, SFX_NME,
 *    LIC_STATUS, LIC_EXPR_DTE, RANK_EFCT_DTE, DISCPL_ACTN` [confirmed]; written upper-case in one
 *    source and mixed case in another, so columns are matched case-insensitively. Address and phone
 *    columns follow in some files [observed]; they are not read.
 *  - UTF-8 with a BOM [confirmed].
 *  - `LIC_TYPE` is the Texas licensing system's numeric license-type code [observed: `5202` in PSY.csv;
 *    the license types of BHEC's search form are 5261 Professional Counselor, 5262 Marriage and Family
 *    Therapist, 5201 and 5202 Psychology, 5272 and 5273 Social Worker]. A code outside that list, or
 *    one naming another board than the file, leaves the row unclassified.
 *  - `RANK` is a title code [observed: LPC.csv holds `LPC` and `LPCA` only (36,214 and 7,710 rows on
 *    2026-09-18); PSY.csv holds `LSP`]. Only the codes listed in `txBhecRanks` give a profession; any
 *    other code is unclassified, never the file's profession. `LSP` is unclassified: it is not a Texas
 *    title, one loader reads it "Licensed Specialist in Psychology", and nothing recorded says whether
 *    it is the licensed psychologist or the school-psychology specialist. A rank written in words
 *    (`LPC Associate`, `Psychologist`: a space, lower case or eight letters or more) is read through the
 *    wording rules.
 *  - `DISCPL_ACTN` is `Yes` or `No` [observed]; `No` and an empty cell are no action on record.
 *  - `LIC_STATUS` values seen: Active, Inactive, Expired, Delinquent, Suspended, Probated/Suspended
 *    [observed]. LPC.csv was reported to hold current licensees only (revoked, surrendered and expired
 *    people absent); PSY.csv was reported to hold Expired rows too: the roster is not read as
 *    current-only.
 *  - NOT recorded: the date format (M/D/YYYY or ISO read, as the list cells read them).
 *  - License numbers are each board's own numbering: the same number in two files is two licenses
 *    (the Texas board's number scope puts each file in its own group).
 */
import { professionRules } from '../../boards/board-definition.ts';
import { listDate } from '../../lists/list-cells.ts';
import { disciplineOnRecord, type RosterDefinition, type RosterRecord, statusFrom } from '../roster-definition.ts';

type RosterClassification = RosterRecord['classification'];

export const txBhecFiles = ['LPC', 'PSY', 'MFT', 'SW'] as const;
export type TxBhecFile = (typeof txBhecFiles)[number];

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

/** The numeric `LIC_TYPE` codes of BHEC's license types, by the file (board) each belongs to. */
export const txBhecLicenseTypes: Readonly<Record<string, TxBhecFile>> = {
  '5261': 'LPC',
  '5262': 'MFT',
  '5201': 'PSY',
  '5202': 'PSY',
  '5272': 'SW',
  '5273': 'SW',
};

const counselor: RosterClassification = { kind: 'profession', profession: 'counselor' };
const therapist: RosterClassification = { kind: 'profession', profession: 'marriage_family_therapist' };
const psychologist: RosterClassification = { kind: 'profession', profession: 'psychologist' };
const socialWorker: RosterClassification = { kind: 'profession', profession: 'social_worker' };
const unclassified: RosterClassification = { kind: 'unclassified' };

/**
 * `RANK` codes: the board each belongs to and what it classifies as. `LPC` and `LPCA` are seen in the
 * published file; the others are the Texas title abbreviations (LP, LPA, LSSP, PLP; LMFT, LMFTA; LBSW,
 * LMSW, LMSW-AP, LCSW), not yet seen in a published file. An LPC or LMFT associate practises the
 * profession under supervision; a psychological associate, a school-psychology specialist and a
 * provisionally licensed psychologist have no profession value.
 */
export const txBhecRanks: Readonly<Record<string, { readonly board: TxBhecFile; readonly classification: RosterClassification }>> = {
  LPC: { board: 'LPC', classification: counselor },
  LPCA: { board: 'LPC', classification: counselor },
  LMFT: { board: 'MFT', classification: therapist },
  LMFTA: { board: 'MFT', classification: therapist },
  LP: { board: 'PSY', classification: psychologist },
  LPA: { board: 'PSY', classification: unclassified },
  LSSP: { board: 'PSY', classification: unclassified },
  PLP: { board: 'PSY', classification: unclassified },
  LBSW: { board: 'SW', classification: socialWorker },
  LMSW: { board: 'SW', classification: socialWorker },
  'LMSW-AP': { board: 'SW', classification: socialWorker },
  LCSW: { board: 'SW', classification: socialWorker },
};

/**
 * Negative terms first: "NOT ACTIVE", "ACTIVE - SUSPENDED" or "PROBATED/SUSPENDED" never read as a plain
 * active (a suspension, probated or not, is reported suspended). The Council's rules (22 TAC §882.21)
 * also end a license by resignation: resigned in lieu of discipline reads as revoked, else inactive.
 */
export const txBhecStatuses = [
  [/REVOK|CANCEL+ED BY BOARD|SURRENDER|RESIGN.*LIEU/, 'revoked'],
  [/SUSPEN/, 'suspended'],
  [/EXPIRED|DELINQUENT|LAPSED/, 'expired'],
  [/NOT ACTIVE|INACTIVE|RETIRED|RESIGN|DECEASED|CANCEL|VOID|DENIED|WITHDRAWN|PENDING/, 'inactive'],
  [/^(ACTIVE|CURRENT|PROBATED|PROBATION|ACTIVE - PROBATED|ACTIVE WITH CONDITIONS)$/, 'active'],
] as const;

/** A rank written in words (associates and school psychologists have no profession value). */
const wordedRanks = professionRules(
  [
    { pattern: /SCHOOL PSYCH|LSSP|PSYCHOLOGICAL ASSOCIATE|\bLPA\b|PROVISIONAL/, profession: 'unclassified' },
    { pattern: /PSYCHOLOGIST/, profession: 'psychologist' },
    { pattern: /MARRIAGE|^LMFT\b/, profession: 'marriage_family_therapist' },
    { pattern: /SOCIAL WORK|^LCSW\b|^LMSW\b|^LBSW\b/, profession: 'social_worker' },
    { pattern: /PROFESSIONAL COUNSELOR|^LPC\b/, profession: 'counselor' },
  ],
  unclassified,
);

/** The board (file) each profession of the wording rules belongs to. */
const boardOfProfession: Readonly<Record<string, TxBhecFile>> = {
  counselor: 'LPC',
  marriage_family_therapist: 'MFT',
  psychologist: 'PSY',
  social_worker: 'SW',
};

/**
 * A row's profession from its board (the file, else the `LIC_TYPE` code) and its rank: a numeric code
 * outside BHEC's list, a code of another board than the file, or a rank code not listed is unclassified.
 */
export function txBhecClassification(file: string, licenseType: string, rank: string): RosterClassification {
  const fromFile = txBhecFiles.find((f) => file.toUpperCase().startsWith(f));
  const type = licenseType.trim().toUpperCase();
  const fromCode = /^\d+$/.test(type) ? txBhecLicenseTypes[type] : undefined;
  if (/^\d+$/.test(type) && !fromCode) return unclassified;
  const wordBoard = txBhecFiles.find((f) => f === type);
  const board = fromFile ?? fromCode ?? wordBoard;
  if (!board || (fromCode && fromCode !== board) || (wordBoard && wordBoard !== board)) return unclassified;
  const code = rank.trim().toUpperCase();
  const known = txBhecRanks[code];
  if (known) return known.board === board ? known.classification : unclassified;
  // A code not listed (`LSP`): never the file's profession.
  if (!/\s|[a-z]/.test(rank) && code.length < 8) return unclassified;
  const worded = wordedRanks.classifyText(code);
  if (worded.kind !== 'profession') return unclassified;
  return boardOfProfession[worded.profession] === board ? worded : unclassified;
}

export const txBhec: RosterDefinition = {
  id: 'tx_bhec',
  // Daily: a day's renewals and new licenses are a small share; restrictions lifted are reviewed.
  changeBudget: { share: 0.05, minRows: 10, holdClearings: true, holdUnfamiliarNumbers: true },
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
    const type = row.get('LIC_TYPE');
    const board = txBhecFiles.find((f) => file.toUpperCase().startsWith(f)) ?? txBhecLicenseTypes[type] ?? type;
    const rank = row.get('RANK');
    const licenseType = [type || board, rank].filter(Boolean).join(' - ');
    const classification = txBhecClassification(file, type, rank);
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
  professions: ['counselor', 'marriage_family_therapist', 'psychologist', 'social_worker'],
  currentOnly: false,
  refresh: 'daily',
  formatConfidence: 'observed',
  formatNotes:
    'Header and encoding confirmed (UTF-8 with BOM, columns matched case-insensitively). The numeric LIC_TYPE codes, the RANK codes (LPC, LPCA, LSP), the Yes/No DISCPL_ACTN and the status values (Active, Inactive, Expired, Delinquent, Suspended, Probated/Suspended) were reported by third parties who read the published files; no published rows were available to test on. A rank code not listed is unclassified; an unknown status is reported inactive, never active; a file without the expected columns is refused and the loaded version kept.',
};
