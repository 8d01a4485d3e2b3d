/**
 * Illinois IDFPR Professional Licensing (data.illinois.gov pzzh-kp68): every profession the state
 * licenses, healthcare or not, all statuses, repeated rows for additional disciplinary actions. The
 * board (`license_type`) says whether a license is healthcare; the `description` names the profession.
 * Dates are MM/DD/YYYY and empty values are often the literal "None" (dates also "/ /", which reads as
 * no date). `first_name` often carries the middle initial (`CHARLES S`, with `middle` empty): the name
 * is kept as written, and the matcher reads a given name's later words as its middle name. The board
 * searches every profession it licenses, so an uncovered profession is looked up and answers not_found
 * (`uncoveredProfession: 'look_up'`; docs/api-guide.md, the `profession_not_covered` row).
 */
import type { Classification } from '../../license-record.ts';
import type { StateBoardDefinition } from '../board-definition.ts';
import { field, professionRules } from '../board-definition.ts';

const healthcareBoard =
  /MEDICAL|NURS|DENT|PHARMAC|OPTOMETR|PODIATR|PHYSICAL THERAP|OCCUPATIONAL THERAP|PSYCHOLOG|SOCIAL WORK|COUNSEL|MARRIAGE|SPEECH|AUDIOLOG|RESPIRATORY|ATHLETIC|MASSAGE|ACUPUNCT|DIETITIAN|NUTRITION|GENETIC|PERFUSION|BEHAVIOR|PHYSICIAN ASSISTANT|NAPRAPATH|ORTHOTIC|PROSTHETIC|HEALTH|CHIROPRACT|MIDWIF/;

const rules = professionRules(
  [
    { pattern: /ANESTHETIST/, profession: 'nurse_anesthetist' },
    { pattern: /MIDWIF/, profession: 'nurse_midwife' },
    { pattern: /CLINICAL NURSE SPECIALIST/, profession: 'clinical_nurse_specialist' },
    { pattern: /NURSE PRACTITIONER/, profession: 'nurse_practitioner' },
    // A generic APRN license may be any of the four advanced practice roles.
    { pattern: /ADVANCED PRACTICE|FULL PRACTICE AUTHORITY/, profession: 'unclassified' },
    { pattern: /REGISTERED (PROFESSIONAL )?NURSE/, profession: 'registered_nurse' },
    { pattern: /PRACTICAL NURSE/, profession: 'practical_nurse' },
    { pattern: /PHYSICIAN ASSISTANT/, profession: 'physician_assistant' },
    { pattern: /CHIROPRACTIC PHYSICIAN/, profession: 'chiropractor' },
    { pattern: /PODIATRI/, profession: 'podiatrist' },
    { pattern: /PHYSICIAN AND SURGEON|OSTEOPATH/, profession: 'physician' },
    { pattern: /PSYCHOLOGIST/, profession: 'psychologist' },
    { pattern: /SOCIAL WORKER/, profession: 'social_worker' },
    { pattern: /MARRIAGE AND FAMILY THERAPIST/, profession: 'marriage_family_therapist' },
    { pattern: /GENETIC COUNSELOR/, profession: 'genetic_counselor' },
    { pattern: /PROFESSIONAL COUNSELOR/, profession: 'counselor' },
    { pattern: /BEHAVIOR ANALYST/, profession: 'behavior_analyst' },
    { pattern: /PHYSICAL THERAPIST ASSISTANT/, profession: 'physical_therapist_assistant' },
    { pattern: /PHYSICAL THERAPIST/, profession: 'physical_therapist' },
    { pattern: /OCCUPATIONAL THERAPY ASSISTANT/, profession: 'occupational_therapy_assistant' },
    { pattern: /OCCUPATIONAL THERAPIST/, profession: 'occupational_therapist' },
    { pattern: /SPEECH.LANGUAGE PATHOLOGIST/, profession: 'speech_language_pathologist' },
    { pattern: /AUDIOLOGIST/, profession: 'audiologist' },
    { pattern: /RESPIRATORY CARE/, profession: 'respiratory_therapist' },
    { pattern: /ATHLETIC TRAINER/, profession: 'athletic_trainer' },
    { pattern: /MASSAGE THERAPIST/, profession: 'massage_therapist' },
    { pattern: /ACUPUNCTURIST/, profession: 'acupuncturist' },
    { pattern: /DENTAL HYGIENIST/, profession: 'dental_hygienist' },
    { pattern: /DENTIST/, profession: 'dentist' },
    { pattern: /PHARMACY TECHNICIAN/, profession: 'pharmacy_technician' },
    { pattern: /PHARMACIST/, profession: 'pharmacist' },
    { pattern: /OPTOMETRIST/, profession: 'optometrist' },
    { pattern: /PERFUSIONIST/, profession: 'perfusionist' },
    { pattern: /DIETITIAN|NUTRITIONIST/, profession: 'dietitian' },
    { pattern: /NURSING HOME ADMINISTRATOR/, profession: 'nursing_home_administrator' },
  ],
  { kind: 'unclassified' },
);

function classify(board: string, description: string): Classification {
  if (!healthcareBoard.test(board.toUpperCase())) return { kind: 'non_healthcare' };
  return rules.classifyText(description);
}

export const illinois: StateBoardDefinition = {
  state: 'IL',
  sourceName: 'Illinois Department of Financial and Professional Regulation',
  domain: 'data.illinois.gov',
  licenseNumberScope: 'state',
  // The profession code: `036` physicians, `041` registered nurses; NPPES often drops it or its zero.
  licenseNumberPrefix: /^0?\d{2}(?=\d{6}$)/,
  format: {
    confidence: 'observed',
    notes:
      'Fields, statuses, MM/DD/YYYY dates, middle initials inside first_name and the None and / / placeholders from a third-party profile of the full dataset; no published rows found to test on.',
  },
  refresh: 'unknown',
  uncoveredProfession: 'look_up',
  datasets: [
    {
      id: 'pzzh-kp68',
      title: 'Professional Licensing',
      fields: {
        licenseNumber: 'license_number',
        lastName: 'last_name',
        firstName: 'first_name',
        middleName: 'middle',
        suffix: 'suffix',
        status: 'license_status',
        expiry: 'expiration_date',
        issued: 'original_issue_date',
      },
      dateFormat: 'mm/dd/yyyy',
      licenseType: (row) => field(row, 'description') || field(row, 'license_type'),
      statuses: {
        ACTIVE: 'active',
        PROBATION: 'active',
        'ACTIVE CHAPERONE REQUIRED': 'active',
        'NOT RENEWED': 'expired',
        EXPIRED: 'expired',
        'EXPIRED-RENEWABLE': 'expired',
        'NOT RENEWED CHAPERONE REQUIRED': 'expired',
        INACTIVE: 'inactive',
        'INSURANCE EXPIRED': 'inactive',
        CANCELLED: 'inactive',
        TERMINATED: 'inactive',
        DECEASED: 'inactive',
        'PERMANENT INACTIVE': 'inactive',
        REVOKED: 'revoked',
        'REVOKED CHAPERONE REQUIRED': 'revoked',
        RELINQUISH: 'revoked',
        'VOLUNTARY SURRENDER': 'revoked',
        'REFUSE TO RENEW': 'revoked',
        SUSPENDED: 'suspended',
      },
      classify: (row) => classify(field(row, 'license_type'), field(row, 'description')),
      disciplined: (rows) =>
        rows.some((row) => field(row, 'ever_disciplined').toUpperCase() === 'Y' || field(row, 'case_number') !== '' || field(row, 'action') !== ''),
      licenseKey: (row) => field(row, 'license_number'),
      professions: rules.professions,
    },
  ],
};
