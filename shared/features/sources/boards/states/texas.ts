/**
 * Texas: one state, four datasets on data.texas.gov and the Behavioral Health Executive Council's roster
 * (rosters/states/tx-bhec.ts), searched together. Medical Board (tm3v-pfq9; floating timestamps;
 * `disciplinary_status` carries board orders), Board of Nursing RN (tgb2-j935) and VN (yjie-tuwv)
 * (statuses written "WORD (code)", dates YYYYMMDD, the board's own `lincense_` typo; RN and VN numbers
 * are separate numberings that can collide), and active APRNs (jnzg-cr4w, by `apn_category`).
 *
 * Medical Board status. The dataset has two status columns, `license_status` and `registration_status`
 * (a physician's licence and its periodic registration), and which one says whether the licence is in
 * force is not settled: two public loaders that name tm3v-pfq9 read `registration_status` as the status
 * and `license_status` as a description, while others read `license_status`; no published rows were
 * found to decide it. So both are read, through one vocabulary that holds the words either column is
 * known to use, and the licence is reported the more severe of the two (with a board order in
 * `disciplinary_status` as a third reading): `active` only when both columns say the licence is in force.
 * An empty column counts as not in force (`inactive`), so a licence is never reported active on one
 * column alone; a word outside the vocabulary in either column makes the status unreadable (no answer,
 * the value named: `statusColumns`). `license_status` stays the raw status shown.
 */
import type { BoardStatus } from '../../../../domain/license-status.ts';
import type { DatasetDefinition, StateBoardDefinition } from '../board-definition.ts';
import type { SodaRow } from '../../soda/soda-client.ts';
import { field, professionRules } from '../board-definition.ts';
import { rosterDatasetId } from '../../rosters/roster-search.ts';
import { txBhec, txBhecFiles } from '../../rosters/states/tx-bhec.ts';

const medicalRules = professionRules(
  [
    { pattern: /PHYSICIAN ASSISTANT/, profession: 'physician_assistant' },
    { pattern: /ACUPUNCTUR/, profession: 'acupuncturist' },
    { pattern: /RESPIRATORY CARE/, profession: 'respiratory_therapist' },
    { pattern: /RADIOLOGIC|MEDICAL RADIOLOGIC/, profession: 'radiographer' },
    { pattern: /PERFUSION/, profession: 'perfusionist' },
    { pattern: /PHYSICIAN/, profession: 'physician' },
  ],
  { kind: 'unclassified' },
);

const nursingStatuses: Record<string, BoardStatus> = {
  'CURRENT (C)': 'active',
  'CURRENT RENEWAL DENIED (K)': 'active',
  'DELINQUENT (D)': 'expired',
  'INACTIVE (I)': 'inactive',
  'DECEASED (E)': 'inactive',
  'RETIRED - INACTIVE (Z)': 'inactive',
  'VOLUNTEER RETIRED (W)': 'inactive',
  'NLC LICENSE - TX INVALID(Y)': 'inactive',
  'REVOKED (R)': 'revoked',
  'VOL.SURRENDER (V)': 'revoked',
  'SUSPENDED (S)': 'suspended',
  'NOT CURRENT - SEE ENF (X)': 'suspended',
};

const nursingFields = {
  licenseNumber: 'license_number',
  lastName: 'last_name',
  firstName: 'first_name',
  middleName: 'middle_name',
  status: 'license_status',
  expiry: 'lincense_expiration_date',
  issued: 'texas_license_issuance_date',
} as const;

const registeredNurses: DatasetDefinition = {
  id: 'tgb2-j935',
  title: 'Board of Nursing, RN (all)',
  fields: nursingFields,
  dateFormat: 'yyyymmdd',
  licenseType: () => 'Registered Nurse',
  statuses: nursingStatuses,
  classify: () => ({ kind: 'profession', profession: 'registered_nurse' }),
  disciplined: (rows) => rows.some((row) => /^(TRUE|Y|YES|1)$/i.test(field(row, 'current_board_action'))),
  licenseKey: (row) => `RN#${field(row, 'license_number')}`,
  professions: ['registered_nurse'],
};

const vocationalNurses: DatasetDefinition = {
  ...registeredNurses,
  id: 'yjie-tuwv',
  title: 'Board of Nursing, VN (all)',
  licenseType: () => 'Licensed Vocational Nurse',
  classify: () => ({ kind: 'profession', profession: 'practical_nurse' }),
  disciplined: () => false,
  licenseKey: (row) => `VN#${field(row, 'license_number')}`,
  professions: ['practical_nurse'],
};

const aprnCategories = professionRules(
  [
    { pattern: /NURSE PRACTITIONER/, profession: 'nurse_practitioner' },
    { pattern: /NURSE MIDWIFE/, profession: 'nurse_midwife' },
    { pattern: /CLINICAL NURSE SPECIALIST/, profession: 'clinical_nurse_specialist' },
    { pattern: /NURSE ANESTHETIST/, profession: 'nurse_anesthetist' },
  ],
  { kind: 'unclassified' },
);

const advancedPracticeNurses: DatasetDefinition = {
  id: 'jnzg-cr4w',
  title: 'Board of Nursing, APRN (active)',
  fields: { ...nursingFields, status: 'license_status' },
  dateFormat: 'yyyymmdd',
  licenseType: (row) => `APRN - ${field(row, 'apn_category')}`,
  // The dataset lists active APRN authorisations only.
  statuses: { ...nursingStatuses, ACTIVE: 'active' },
  classify: (row) => aprnCategories.classifyText(field(row, 'apn_category')),
  disciplined: () => false,
  licenseKey: (row) => `APRN#${field(row, 'license_number')}#${field(row, 'apn_category').toUpperCase()}`,
  professions: aprnCategories.professions,
};

/** TMB `disciplinary_status` values that are no action on record. */
const noMedicalDiscipline = new Set(['', 'NONE', 'CLEARED', 'COMPLAINT DISMISSED']);

/**
 * Words of the Medical Board's `license_status` and `registration_status` (one vocabulary for both; see
 * the module note). PERM. LICENSE RESTRICTED, AUTOMATIC LICENSURE CANCELLED and AUTOMATIC LIC (CANC)
 * PENDING are the spellings a public loader of the dataset filters on.
 */
const medicalStatuses: Readonly<Record<string, BoardStatus>> = {
  ACTIVE: 'active',
  'ACTIVE - PROBATION': 'active',
  'PERM. LICENSE RESTRICTED': 'active',
  INACTIVE: 'inactive',
  RETIRED: 'inactive',
  DECEASED: 'inactive',
  CANCELLED: 'inactive',
  'AUTOMATIC LICENSURE CANCELLED': 'inactive',
  'CANCELLED BY BOARD': 'revoked',
  EXPIRED: 'expired',
  DELINQUENT: 'expired',
  'AUTOMATIC LIC (CANC) PENDING': 'expired',
  SUSPENDED: 'suspended',
  REVOKED: 'revoked',
  SURRENDERED: 'revoked',
};

const severity: Readonly<Record<BoardStatus, number>> = { active: 0, inactive: 1, expired: 2, suspended: 3, revoked: 4 };

/** The more severe of two readings of one licence. */
const worse = (a: BoardStatus, b: BoardStatus): BoardStatus => (severity[b] > severity[a] ? b : a);

/** What a board order in `disciplinary_status` says about the licence (undefined: no bearing on it). */
function disciplinaryReading(value: string): BoardStatus | undefined {
  const status = value.toUpperCase();
  if (status === 'SUSPENDED BY BOARD') return 'suspended';
  if (status === 'REVOKED') return 'revoked';
  if (status === 'AUTOMATIC LICENSURE CANCELLED') return 'inactive';
  return undefined;
}

/**
 * A Medical Board licence's status from its two status columns and its board order: the most severe
 * reading, `active` only when `license_status` and `registration_status` both say the licence is in
 * force (an empty or unknown word in either reads as `inactive`).
 */
export function medicalBoardStatus(row: SodaRow): BoardStatus {
  const reading = (column: string): BoardStatus => medicalStatuses[field(row, column).toUpperCase()] ?? 'inactive';
  const both = worse(reading('license_status'), reading('registration_status'));
  const order = disciplinaryReading(field(row, 'disciplinary_status'));
  return order ? worse(both, order) : both;
}

const medicalBoard: DatasetDefinition = {
  id: 'tm3v-pfq9',
  title: 'Texas Medical Board licensees',
  fields: {
    licenseNumber: 'license_number',
    lastName: 'last_name',
    firstName: 'first_name',
    status: 'license_status',
    expiry: 'license_expiration_date',
    issued: 'license_issue_date',
  },
  dateFormat: 'floating_timestamp',
  licenseType: (row) => field(row, 'license_type'),
  statuses: medicalStatuses,
  statusColumns: ['license_status', 'registration_status'],
  statusOverride: (rows) => medicalBoardStatus(rows[0]!),
  classify: (row) => medicalRules.classifyText(field(row, 'license_type')),
  disciplined: (rows) =>
    rows.some((row) => !noMedicalDiscipline.has(field(row, 'disciplinary_status').toUpperCase()) || field(row, 'current_board_action_description') !== ''),
  licenseKey: (row) => `TMB#${field(row, 'license_type').toUpperCase()}#${field(row, 'license_number')}`,
  professions: medicalRules.professions,
};

export const texas: StateBoardDefinition = {
  state: 'TX',
  sourceName: 'Texas Medical Board and Texas Board of Nursing',
  domain: 'data.texas.gov',
  // An APRN's number is their RN license's; VN and Medical Board numbers are issued apart.
  // BHEC's four boards number their licenses apart, each file its own numbering.
  licenseNumberScope: {
    datasetGroups: [
      [registeredNurses.id, advancedPracticeNurses.id],
      [vocationalNurses.id],
      [medicalBoard.id],
      ...txBhecFiles.map((file) => [rosterDatasetId(txBhec, { file })]),
    ],
  },
  format: {
    confidence: 'observed',
    notes: `TMB and BON datasets: fields and status vocabularies as third-party connectors report them; no published rows found. The Medical Board licence is active only when license_status and registration_status both say so. BHEC roster: ${txBhec.formatNotes}`,
  },
  refresh: 'unknown',
  uncoveredProfession: 'reject_before_lookup',
  datasets: [medicalBoard, registeredNurses, vocationalNurses, advancedPracticeNurses],
  // Counselors, psychologists, marriage and family therapists and social workers: BHEC's daily roster.
  rosters: [txBhec],
};
