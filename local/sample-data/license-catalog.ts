/**
 * What each launch state's board publishes for each kind of license: dataset, raw type wording or code,
 * license-number format, and the NPPES taxonomy a holder lists. Where the notes give real values they
 * are used as written (WA credential types and prefixes RN/AP/N2/N3, CO codes, IL 036 and 129, DE's
 * "M9-0012482" shape, TX datasets); the rest are consistent choices made here, marked "chosen".
 */
import type { LaunchState } from './places.ts';
import type { Rng } from './prng.ts';

/** Healthcare professions the sample population holds (the API's profession values, domain/professions.ts). */
export type Profession =
  | 'physician'
  | 'physician_assistant'
  | 'nurse_practitioner'
  | 'nurse_anesthetist'
  | 'nurse_midwife'
  | 'clinical_nurse_specialist'
  | 'registered_nurse'
  | 'practical_nurse'
  | 'pharmacist'
  | 'dentist'
  | 'physical_therapist'
  | 'athletic_trainer'
  | 'psychologist'
  | 'counselor'
  | 'social_worker'
  | 'massage_therapist'
  | 'acupuncturist';

/** Licenses outside healthcare, or whose meaning the source does not publish. */
export type OtherLicense =
  | 'cpa'
  | 'detective'
  | 'barber'
  | 'cosmetologist'
  | 'real_estate_broker'
  | 'veterinarian'
  | 'co_code_ec'
  | 'co_code_pc'
  | 'co_code_unknown'
  | 'pharmacy_business'
  | 'detective_agency'
  | 'veterinary_hospital';

export type LicenseRole = Profession | OtherLicense | 'aprn_prescriptive' | 'rn_temporary_permit' | 'arnp_temporary_permit';

export const advancedPracticeNursing: ReadonlySet<Profession> = new Set([
  'nurse_practitioner',
  'nurse_anesthetist',
  'nurse_midwife',
  'clinical_nurse_specialist',
]);

/** Share of the sample's healthcare people in each profession (nurses dominate, as in real rosters). */
export const professionWeights: readonly (readonly [Profession, number])[] = [
  ['registered_nurse', 40],
  ['practical_nurse', 8],
  ['physician', 18],
  ['nurse_practitioner', 7],
  ['nurse_anesthetist', 1.2],
  ['nurse_midwife', 0.8],
  ['clinical_nurse_specialist', 0.8],
  ['physician_assistant', 4],
  ['pharmacist', 4.5],
  ['dentist', 3],
  ['physical_therapist', 3],
  ['athletic_trainer', 0.5],
  ['psychologist', 1.5],
  ['counselor', 2.5],
  ['social_worker', 2],
  ['massage_therapist', 2],
  ['acupuncturist', 0.4],
];

/** The datasets of the sample (file names under boards/). */
export const datasets = {
  WA: 'qxh8-f4bd',
  CO: '7s5z-vewr',
  IL: 'pzzh-kp68',
  TX_MEDICAL: 'tm3v-pfq9',
  TX_RN: 'tgb2-j935',
  TX_VN: 'yjie-tuwv',
  TX_APRN: 'jnzg-cr4w',
  DE: 'pjnv-eaih',
  DE_DISCIPLINE: 'dz6p-akeq',
} as const;
export type DatasetId = (typeof datasets)[keyof typeof datasets];

/** One kind of license as one state's dataset publishes it. */
export interface LicenseKind {
  readonly state: LaunchState;
  readonly role: LicenseRole;
  readonly dataset: DatasetId;
  /** WA credentialtype, CO licensetype code, IL description, TX license type text, DE license_type. */
  readonly type: string;
  /** CO subcategory (APN), IL board (`license_type`), DE profession_id. */
  readonly group?: string;
  /** Held by a business, not a person. */
  readonly business?: boolean;
  /** Makes a new license number (unique per kind; the population checks). */
  readonly number: (rng: Rng, issuedYear: number) => string;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** WA: a two-letter prefix naming the credential type, then 8 digits ("60…" for numbers issued since 2012). */
function waNumber(prefix: string) {
  return (rng: Rng, year: number) => `${prefix}${year >= 2012 ? '60' : '00'}${rng.digits(6)}`;
}

/** CO: zero-padded to 9 digits; unique only within a license type. */
function coNumber(max: number) {
  return (rng: Rng) => pad(rng.int(1, max), 9);
}

/** IL: 9 digits whose first three are the profession code (036 physician, 129 detective; others chosen). */
function ilNumber(code: string) {
  return (rng: Rng) => `${code}${rng.digits(6)}`;
}

/** DE: two-character prefix, dash, 7 digits (M9-0012482). Prefix-to-profession mapping chosen here. */
function deNumber(prefix: string) {
  return (rng: Rng) => `${prefix}-${pad(rng.int(1, 79999), 7)}`;
}

/** TMB physicians: one letter and four digits (e.g. K1234); PAs "PA" and five digits. */
const tmbPhysicianNumber = (rng: Rng, year: number): string => `${'DEFGHJKLMNPQRS'[Math.min(13, Math.max(0, Math.floor((year - 1970) / 4)))]}${rng.digits(4)}`;

/** TX Board of Nursing: RN and VN are separate 6-digit numberings (they can collide). */
const bonNumber = (rng: Rng, year: number): string => String(Math.min(999999, 100000 + (year - 1970) * 15000 + rng.int(0, 14999)));

function kind(k: LicenseKind): LicenseKind {
  return k;
}

const wa = (role: LicenseRole, type: string, prefix: string): LicenseKind => kind({ state: 'WA', role, dataset: datasets.WA, type, number: waNumber(prefix) });

const co = (role: LicenseRole, code: string, subcategory?: string, business?: boolean): LicenseKind =>
  kind({ state: 'CO', role, dataset: datasets.CO, type: code, group: subcategory, business, number: coNumber(business ? 30000 : 250000) });

const il = (role: LicenseRole, board: string, description: string, code: string, business?: boolean): LicenseKind =>
  kind({ state: 'IL', role, dataset: datasets.IL, type: description, group: board, business, number: ilNumber(code) });

const de = (role: LicenseRole, professionId: string, type: string, prefix: string, business?: boolean): LicenseKind =>
  kind({ state: 'DE', role, dataset: datasets.DE, type, group: professionId, business, number: deNumber(prefix) });

export const licenseKinds: readonly LicenseKind[] = [
  // Washington DOH (credential types from the notes; PH, DE, PT, PY, CG, LW, MA, EA, PA, LP, MD prefixes chosen).
  wa('registered_nurse', 'Registered Nurse License', 'RN'),
  wa('rn_temporary_permit', 'Registered Nurse Temporary Practice Permit', 'N2'),
  wa('nurse_practitioner', 'Advanced Registered Nurse Practitioner License', 'AP'),
  wa('nurse_midwife', 'Advanced Registered Nurse Practitioner License', 'AP'),
  wa('arnp_temporary_permit', 'Advanced Registered Nurse Practitioner Temporary Practice Permit', 'N3'),
  wa('nurse_anesthetist', 'Advanced Registered Nurse Practitioner Anesthetist License', 'AP'),
  wa('clinical_nurse_specialist', 'Advanced Registered Nurse Practitioner Clinical Specialist License', 'AP'),
  wa('practical_nurse', 'Licensed Practical Nurse License', 'LP'),
  wa('physician', 'Physician And Surgeon License', 'MD'),
  wa('physician_assistant', 'Physician Assistant License', 'PA'),
  wa('dentist', 'Dentist License', 'DE'),
  wa('pharmacist', 'Pharmacist License', 'PH'),
  wa('counselor', 'Counselor Registration', 'CG'),
  wa('massage_therapist', 'Massage Therapist License', 'MA'),
  wa('physical_therapist', 'Physical Therapist License', 'PT'),
  wa('athletic_trainer', 'Athletic Trainer License', 'AT'),
  wa('psychologist', 'Psychologist License', 'PY'),
  wa('social_worker', 'Independent Clinical Social Worker License', 'LW'),
  wa('acupuncturist', 'East Asian Medicine Practitioner License', 'EA'),

  // Colorado DORA: codes only. RN, PN, DR, PA, APN(+subcategory), RXN, COS, PDO, EC, PC from the notes
  // and brief; the other codes chosen. EC and PC publish no meaning; ZTA and HCW are codes no mapping knows.
  co('registered_nurse', 'RN'),
  co('practical_nurse', 'PN'),
  co('physician', 'DR'),
  co('physician_assistant', 'PA'),
  co('nurse_practitioner', 'APN', 'NP'),
  co('nurse_midwife', 'APN', 'CNM'),
  co('nurse_anesthetist', 'APN', 'CRNA'),
  co('clinical_nurse_specialist', 'APN', 'CNS'),
  co('aprn_prescriptive', 'RXN'),
  co('pharmacist', 'PHA'),
  co('dentist', 'DEN'),
  co('physical_therapist', 'PT'),
  co('athletic_trainer', 'AT'),
  co('psychologist', 'PSY'),
  co('counselor', 'LPC'),
  co('social_worker', 'LCSW'),
  co('massage_therapist', 'MT'),
  co('acupuncturist', 'AC'),
  co('cosmetologist', 'COS'),
  co('co_code_ec', 'EC'),
  co('co_code_pc', 'PC'),
  co('co_code_unknown', 'ZTA'),
  co('co_code_unknown', 'HCW'),
  co('pharmacy_business', 'PDO', undefined, true),

  // Illinois IDFPR: board in license_type, profession in description; 036 and 129 from the notes, the
  // other three-digit codes chosen here and used consistently.
  il('physician', 'MEDICAL BOARD', 'LICENSED PHYSICIAN AND SURGEON', '036'),
  il('physician_assistant', 'MEDICAL BOARD', 'LICENSED PHYSICIAN ASSISTANT', '085'),
  il('registered_nurse', 'NURSING BOARD', 'REGISTERED PROFESSIONAL NURSE', '041'),
  il('practical_nurse', 'NURSING BOARD', 'LICENSED PRACTICAL NURSE', '043'),
  il('nurse_practitioner', 'NURSING BOARD', 'ADVANCED PRACTICE REGISTERED NURSE', '209'),
  il('nurse_anesthetist', 'NURSING BOARD', 'ADVANCED PRACTICE REGISTERED NURSE', '209'),
  il('nurse_midwife', 'NURSING BOARD', 'ADVANCED PRACTICE REGISTERED NURSE', '209'),
  il('clinical_nurse_specialist', 'NURSING BOARD', 'ADVANCED PRACTICE REGISTERED NURSE', '209'),
  il('pharmacist', 'PHARMACY BOARD', 'LICENSED PHARMACIST', '051'),
  il('dentist', 'DENTAL BOARD', 'LICENSED DENTIST', '019'),
  il('physical_therapist', 'PHYSICAL THERAPY BOARD', 'LICENSED PHYSICAL THERAPIST', '070'),
  il('athletic_trainer', 'ATHLETIC TRAINERS BOARD', 'LICENSED ATHLETIC TRAINER', '096'),
  il('psychologist', 'CLINICAL PSYCHOLOGISTS BOARD', 'LICENSED CLINICAL PSYCHOLOGIST', '071'),
  il('counselor', 'PROFESSIONAL COUNSELOR BOARD', 'LICENSED CLINICAL PROFESSIONAL COUNSELOR', '180'),
  il('social_worker', 'SOCIAL WORK BOARD', 'LICENSED CLINICAL SOCIAL WORKER', '149'),
  il('massage_therapist', 'MASSAGE THERAPY BOARD', 'LICENSED MASSAGE THERAPIST', '227'),
  il('acupuncturist', 'ACUPUNCTURE BOARD', 'LICENSED ACUPUNCTURIST', '198'),
  il('cpa', 'PUBLIC ACCOUNTANCY BOARD', 'LICENSED CERTIFIED PUBLIC ACCOUNTANT', '065'),
  il('detective', 'DETECTIVE BOARD', 'PERMANENT EMPLOYEE REGISTRATION', '129'),
  il('barber', 'BARBER COSMETOLOGY ESTHETICS', 'LICENSED BARBER', '006'),
  il('cosmetologist', 'BARBER COSMETOLOGY ESTHETICS', 'LICENSED COSMETOLOGIST', '011'),
  il('real_estate_broker', 'REAL ESTATE', 'LICENSED REAL ESTATE BROKER', '475'),
  il('veterinarian', 'VETERINARY', 'LICENSED VETERINARIAN', '090'),
  il('pharmacy_business', 'PHARMACY BOARD', 'LICENSED PHARMACY', '054', true),
  il('detective_agency', 'DETECTIVE BOARD', 'LICENSED PRIVATE DETECTIVE AGENCY', '117', true),

  // Texas: TMB (physicians, PAs, acupuncturists), BON RN, VN and APRN datasets.
  kind({ state: 'TX', role: 'physician', dataset: datasets.TX_MEDICAL, type: 'Physician License', number: tmbPhysicianNumber }),
  kind({ state: 'TX', role: 'physician_assistant', dataset: datasets.TX_MEDICAL, type: 'Physician Assistant License', number: (rng) => `PA${rng.digits(5)}` }),
  kind({ state: 'TX', role: 'acupuncturist', dataset: datasets.TX_MEDICAL, type: 'Acupuncturist License', number: (rng) => `AC${rng.digits(5)}` }),
  kind({ state: 'TX', role: 'registered_nurse', dataset: datasets.TX_RN, type: 'Registered Nurse', number: bonNumber }),
  kind({ state: 'TX', role: 'practical_nurse', dataset: datasets.TX_VN, type: 'Vocational Nurse', number: bonNumber }),
  // The APRN dataset is keyed by the holder's RN license number (see population.ts).
  kind({ state: 'TX', role: 'nurse_practitioner', dataset: datasets.TX_APRN, type: 'NURSE PRACTITIONER', number: bonNumber }),
  kind({ state: 'TX', role: 'nurse_midwife', dataset: datasets.TX_APRN, type: 'NURSE MIDWIFE', number: bonNumber }),
  kind({ state: 'TX', role: 'clinical_nurse_specialist', dataset: datasets.TX_APRN, type: 'CLINICAL NURSE SPECIALIST', number: bonNumber }),
  kind({ state: 'TX', role: 'nurse_anesthetist', dataset: datasets.TX_APRN, type: 'NURSE ANESTHETIST', number: bonNumber }),

  // Delaware DPR: profession_id values from the notes; license types and prefixes chosen (M9 from the
  // notes' example, used here for massage).
  de('registered_nurse', 'Nursing', 'Registered Nurse', 'L1'),
  de('practical_nurse', 'Nursing', 'Licensed Practical Nurse', 'L2'),
  de('nurse_practitioner', 'Nursing', 'APRN - Certified Nurse Practitioner', 'L4'),
  de('nurse_anesthetist', 'Nursing', 'APRN - Certified Registered Nurse Anesthetist', 'L4'),
  de('nurse_midwife', 'Nursing', 'APRN - Certified Nurse Midwife', 'L4'),
  de('clinical_nurse_specialist', 'Nursing', 'APRN - Clinical Nurse Specialist', 'L4'),
  de('physician', 'Medical Practice', 'Physician', 'C1'),
  de('physician_assistant', 'Medical Practice', 'Physician Assistant', 'C8'),
  de('dentist', 'Dentistry', 'Dentist', 'D1'),
  de('pharmacist', 'Pharmacy', 'Pharmacist', 'A1'),
  de('physical_therapist', 'Physical Therapy/Athletic Trg', 'Physical Therapist', 'J1'),
  de('athletic_trainer', 'Physical Therapy/Athletic Trg', 'Athletic Trainer', 'J3'),
  de('psychologist', 'Psychology', 'Psychologist', 'B1'),
  de('counselor', 'Mental Health & Chemical Dependency Professionals', 'Licensed Professional Counselor of Mental Health', 'J5'),
  de('social_worker', 'Social Work', 'Licensed Clinical Social Worker', 'E1'),
  de('massage_therapist', 'Massage/Bodywork', 'Massage Therapist', 'M9'),
  de('acupuncturist', 'Acupuncture', 'Licensed Acupuncturist', 'K2'),
  de('veterinarian', 'Veterinary Medicine', 'Veterinarian', 'V1'),
  de('real_estate_broker', 'Real Estate', 'Real Estate Salesperson', 'RS'),
  de('pharmacy_business', 'Pharmacy', 'Pharmacy', 'A4', true),
  de('veterinary_hospital', 'Veterinary Medicine', 'Veterinary Hospital', 'VH', true),
];

/** The license kinds for a role in a state (several when the state has more than one code for it). */
export function kindsFor(state: LaunchState, role: LicenseRole): LicenseKind[] {
  return licenseKinds.filter((k) => k.state === state && k.role === role);
}

/** The professions a state's sample datasets carry (Texas's four datasets cover fewer). */
export function professionsIn(state: LaunchState): Profession[] {
  return professionWeights.map(([p]) => p).filter((p) => kindsFor(state, p).length > 0);
}

/** NPPES taxonomy (code, description) and credential texts a holder of each profession lists. */
export const taxonomies: Readonly<Record<Profession, { readonly options: readonly (readonly [string, string])[]; readonly credentials: readonly string[] }>> = {
  physician: {
    options: [
      ['207Q00000X', 'Family Medicine'],
      ['207R00000X', 'Internal Medicine'],
      ['208600000X', 'Surgery'],
      ['207P00000X', 'Emergency Medicine'],
      ['2084P0800X', 'Psychiatry & Neurology, Psychiatry'],
      ['208000000X', 'Pediatrics'],
      ['207V00000X', 'Obstetrics & Gynecology'],
      ['207X00000X', 'Orthopaedic Surgery'],
      ['2085R0202X', 'Radiology, Diagnostic Radiology'],
      ['207L00000X', 'Anesthesiology'],
      ['207RC0000X', 'Internal Medicine, Cardiovascular Disease'],
      ['208M00000X', 'Hospitalist'],
    ],
    credentials: ['M.D.', 'MD', 'M.D'],
  },
  physician_assistant: {
    options: [
      ['363A00000X', 'Physician Assistant'],
      ['363AM0700X', 'Physician Assistant, Medical'],
      ['363AS0400X', 'Physician Assistant, Surgical'],
    ],
    credentials: ['PA-C', 'PA', 'P.A.-C.'],
  },
  nurse_practitioner: {
    options: [
      ['363LF0000X', 'Nurse Practitioner, Family'],
      ['363L00000X', 'Nurse Practitioner'],
      ['363LA2200X', 'Nurse Practitioner, Adult Health'],
      ['363LP0808X', 'Nurse Practitioner, Psych/Mental Health'],
      ['363LP0200X', 'Nurse Practitioner, Pediatrics'],
    ],
    credentials: ['FNP-BC', 'APRN, FNP-C', 'NP', 'ARNP', 'DNP, APRN', 'MSN, FNP'],
  },
  nurse_anesthetist: { options: [['367500000X', 'Nurse Anesthetist, Certified Registered']], credentials: ['CRNA', 'MSN, CRNA'] },
  nurse_midwife: { options: [['367A00000X', 'Advanced Practice Midwife']], credentials: ['CNM', 'CNM, MSN'] },
  clinical_nurse_specialist: { options: [['364S00000X', 'Clinical Nurse Specialist']], credentials: ['CNS', 'APRN-CNS', 'MSN, CNS'] },
  registered_nurse: {
    options: [
      ['163W00000X', 'Registered Nurse'],
      ['163W00000X', 'Registered Nurse'],
      ['163WE0003X', 'Registered Nurse, Emergency'],
      ['163WC0200X', 'Registered Nurse, Critical Care Medicine'],
      ['163WG0600X', 'Registered Nurse, Gerontology'],
    ],
    credentials: ['RN', 'R.N.', 'BSN, RN', 'RN, BSN', 'ADN'],
  },
  practical_nurse: { options: [['164W00000X', 'Licensed Practical Nurse']], credentials: ['LPN', 'L.P.N.'] },
  pharmacist: {
    options: [
      ['183500000X', 'Pharmacist'],
      ['1835P1200X', 'Pharmacist, Pharmacotherapy'],
    ],
    credentials: ['PharmD', 'RPh', 'PHARM.D.'],
  },
  dentist: {
    options: [
      ['122300000X', 'Dentist'],
      ['1223G0001X', 'Dentist, General Practice'],
      ['1223X0400X', 'Dentist, Orthodontics and Dentofacial Orthopedics'],
    ],
    credentials: ['DDS', 'DMD', 'D.D.S.'],
  },
  physical_therapist: {
    options: [
      ['225100000X', 'Physical Therapist'],
      ['2251X0800X', 'Physical Therapist, Orthopedic'],
    ],
    credentials: ['PT', 'DPT', 'DPT, PT', 'MPT'],
  },
  athletic_trainer: { options: [['2255A2300X', 'Athletic Trainer']], credentials: ['ATC', 'LAT, ATC'] },
  psychologist: {
    options: [
      ['103T00000X', 'Psychologist'],
      ['103TC0700X', 'Psychologist, Clinical'],
    ],
    credentials: ['PHD', 'PSYD', 'Ph.D.'],
  },
  counselor: {
    options: [
      ['101YP2500X', 'Counselor, Professional'],
      ['101YM0800X', 'Counselor, Mental Health'],
      ['101Y00000X', 'Counselor'],
    ],
    credentials: ['LPC', 'LMHC', 'LCPC', 'MA, LPC'],
  },
  social_worker: {
    options: [
      ['1041C0700X', 'Social Worker, Clinical'],
      ['104100000X', 'Social Worker'],
    ],
    credentials: ['LCSW', 'LICSW', 'MSW, LCSW'],
  },
  massage_therapist: { options: [['225700000X', 'Massage Therapist']], credentials: ['LMT', 'LMP'] },
  acupuncturist: { options: [['171100000X', 'Acupuncturist']], credentials: ['L.AC.', 'LAC', 'DAOM'] },
};

/** Texas nurses holding the vocational license list the LVN taxonomy. */
export const vocationalNurseTaxonomy = ['164X00000X', 'Licensed Vocational Nurse'] as const;

/** How likely a holder of the profession has an individual NPI (prescribers and billers almost always). */
export const npiShare: Readonly<Record<Profession, number>> = {
  physician: 0.97,
  physician_assistant: 0.93,
  nurse_practitioner: 0.95,
  nurse_anesthetist: 0.95,
  nurse_midwife: 0.92,
  clinical_nurse_specialist: 0.8,
  registered_nurse: 0.42,
  practical_nurse: 0.2,
  pharmacist: 0.7,
  dentist: 0.9,
  physical_therapist: 0.85,
  athletic_trainer: 0.5,
  psychologist: 0.88,
  counselor: 0.8,
  social_worker: 0.8,
  massage_therapist: 0.3,
  acupuncturist: 0.6,
};
