/**
 * Delaware Division of Professional Regulation (data.delaware.gov): licenses in pjnv-eaih, whose own
 * `disciplinary_action` column is 'N' on every row, so discipline comes from the separate dataset
 * dz6p-akeq (joined on the license number). Firms have the whole name in `last_name`.
 */
import type { Classification } from '../../license-record.ts';
import type { StateBoardDefinition } from '../board-definition.ts';
import { field, professionRules } from '../board-definition.ts';

const rules = professionRules(
  [
    { pattern: /NURSE ANESTHETIST/, profession: 'nurse_anesthetist' },
    { pattern: /NURSE MIDWIFE/, profession: 'nurse_midwife' },
    { pattern: /CLINICAL NURSE SPECIALIST/, profession: 'clinical_nurse_specialist' },
    { pattern: /NURSE PRACTITIONER/, profession: 'nurse_practitioner' },
    { pattern: /ADVANCED PRACTICE/, profession: 'unclassified' },
    { pattern: /REGISTERED NURSE/, profession: 'registered_nurse' },
    { pattern: /PRACTICAL NURSE/, profession: 'practical_nurse' },
    { pattern: /NURSING ASSISTANT|NURSE AIDE/, profession: 'nursing_assistant' },
    { pattern: /PHYSICIAN ASSISTANT/, profession: 'physician_assistant' },
    { pattern: /PODIATR/, profession: 'podiatrist' },
    { pattern: /CHIROPRACT/, profession: 'chiropractor' },
    { pattern: /NATUROPATH/, profession: 'naturopathic_physician' },
    { pattern: /PHYSICIAN|OSTEOPATH|MEDICAL DOCTOR/, profession: 'physician' },
    { pattern: /PSYCHOLOGIST/, profession: 'psychologist' },
    { pattern: /SOCIAL WORK/, profession: 'social_worker' },
    { pattern: /MARRIAGE AND FAMILY/, profession: 'marriage_family_therapist' },
    { pattern: /COUNSELOR/, profession: 'counselor' },
    { pattern: /ATHLETIC TRAINER/, profession: 'athletic_trainer' },
    { pattern: /PHYSICAL THERAPIST ASSISTANT|PHYSICAL THERAPY ASSISTANT/, profession: 'physical_therapist_assistant' },
    { pattern: /PHYSICAL THERAP/, profession: 'physical_therapist' },
    { pattern: /OCCUPATIONAL THERAPY ASSISTANT/, profession: 'occupational_therapy_assistant' },
    { pattern: /OCCUPATIONAL THERAPIST/, profession: 'occupational_therapist' },
    { pattern: /DENTAL HYGIENIST/, profession: 'dental_hygienist' },
    { pattern: /DENTIST/, profession: 'dentist' },
    { pattern: /PHARMACY TECHNICIAN/, profession: 'pharmacy_technician' },
    { pattern: /PHARMACIST/, profession: 'pharmacist' },
    { pattern: /OPTOMETRIST/, profession: 'optometrist' },
    { pattern: /DIETITIAN|NUTRITIONIST/, profession: 'dietitian' },
    { pattern: /MASSAGE/, profession: 'massage_therapist' },
    { pattern: /ACUPUNCTUR/, profession: 'acupuncturist' },
  ],
  { kind: 'unclassified' },
);

const nonHealthcareProfessions =
  /VETERINAR|ACCOUNT|REAL ESTATE|COSMETOLOG|BARBER|ELECTRIC|PLUMB|ARCHITECT|ENGINEER|LAND SURVEY|DEADLY WEAPON|PRIVATE INVESTIGAT/;

function classify(professionId: string, licenseType: string): Classification {
  if (nonHealthcareProfessions.test(professionId.toUpperCase())) return { kind: 'non_healthcare' };
  return rules.classifyText(licenseType);
}

export const delaware: StateBoardDefinition = {
  state: 'DE',
  sourceName: 'Delaware Division of Professional Regulation',
  domain: 'data.delaware.gov',
  licenseNumberScope: 'state',
  // `L1-0036439`: the board and profession letter and digit before the serial.
  licenseNumberPrefix: /^[A-Z]\d(?=\d)/,
  format: { confidence: 'observed', notes: 'Fields and statuses as third-party connectors report them; date format not recorded.' },
  refresh: 'daily',
  uncoveredProfession: 'reject_before_lookup',
  datasets: [
    {
      id: 'pjnv-eaih',
      title: 'Professional and Occupational Licensing',
      fields: {
        licenseNumber: 'license_no',
        lastName: 'last_name',
        firstName: 'first_name',
        status: 'license_status',
        expiry: 'expiration_date',
        issued: 'issue_date',
      },
      dateFormat: 'floating_timestamp',
      licenseType: (row) => field(row, 'license_type'),
      statuses: {
        ACTIVE: 'active',
        PROBATION: 'active',
        EXPIRED: 'expired',
        'EXPIRED INACTIVE': 'expired',
        DELINQUENT: 'expired',
        INACTIVE: 'inactive',
        DEACTIVATED: 'inactive',
        CLOSED: 'inactive',
        DECEASED: 'inactive',
        WITHDRAWN: 'inactive',
        DENIED: 'inactive',
        TERMINATED: 'inactive',
        'UNDER REVIEW': 'inactive',
        SUSPENDED: 'suspended',
        'NON-DISCIPLINARY SUSPENSION': 'suspended',
        REVOKED: 'revoked',
        ANNULLED: 'revoked',
      },
      classify: (row) => classify(field(row, 'profession_id'), field(row, 'license_type')),
      // `disciplinary_action` is always 'N'; discipline comes from dz6p-akeq (see board-search.ts).
      disciplined: (rows) => rows.some((row) => /^(SUSPENDED|REVOKED|PROBATION)$/i.test(field(row, 'license_status'))),
      licenseKey: (row) => field(row, 'license_no').toUpperCase(),
      professions: rules.professions,
    },
  ],
  disciplineDataset: { id: 'dz6p-akeq', title: 'Disciplinary actions', licenseNumberField: 'license_id_l', lastNameField: 'last_name' },
};
