/**
 * Texas: one state, four datasets on data.texas.gov and the Behavioral Health Executive Council's roster
 * (rosters/states/tx-bhec.ts), searched together. Medical Board (tm3v-pfq9; floating timestamps;
 * `disciplinary_status` carries board orders), Board of Nursing RN (tgb2-j935) and VN (yjie-tuwv)
 * (statuses written "WORD (code)", dates YYYYMMDD, the board's own `lincense_` typo; RN and VN numbers
 * are separate numberings that can collide), and active APRNs (jnzg-cr4w, by `apn_category`).
 */
import type { BoardStatus } from '../../../domain/license-status.ts';
import type { DatasetDefinition, StateBoardDefinition } from '../board-definition.ts';
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
  statuses: {
    ACTIVE: 'active',
    'ACTIVE - PROBATION': 'active',
    INACTIVE: 'inactive',
    RETIRED: 'inactive',
    DECEASED: 'inactive',
    CANCELLED: 'inactive',
    'CANCELLED BY BOARD': 'revoked',
    EXPIRED: 'expired',
    DELINQUENT: 'expired',
    SUSPENDED: 'suspended',
    REVOKED: 'revoked',
    SURRENDERED: 'revoked',
  },
  statusOverride: (rows) => {
    const status = field(rows[0]!, 'disciplinary_status').toUpperCase();
    if (status === 'SUSPENDED BY BOARD') return 'suspended';
    if (status === 'REVOKED') return 'revoked';
    if (status === 'AUTOMATIC LICENSURE CANCELLED') return 'inactive';
    return undefined;
  },
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
    notes: `TMB and BON datasets: fields and status vocabularies as third-party connectors report them. BHEC roster: ${txBhec.formatNotes}`,
  },
  refresh: 'unknown',
  uncoveredProfession: 'reject_before_lookup',
  datasets: [medicalBoard, registeredNurses, vocationalNurses, advancedPracticeNurses],
  // Counselors, psychologists, marriage and family therapists and social workers: BHEC's daily roster.
  rosters: [txBhec],
};
