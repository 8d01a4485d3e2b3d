/**
 * Colorado DORA, Professional and Occupational Licenses (data.colorado.gov 7s5z-vewr). License types
 * are published only as codes (with `subcategory` for advanced practice nurses); one row per
 * discipline case, so rows of one license (same type and number) are merged. License numbers are
 * written without leading zeros (`4751`, `991717`, as public projects quote rows of the dataset) and are
 * unique only within a type; a number written with zeros elsewhere (NPPES) agrees with them
 * (license-numbers.ts drops leading zeros). Its license types are coded prefixes that cannot be
 * classified before a query, so an uncovered profession is looked up and answers not_found
 * (`uncoveredProfession: 'look_up'`; docs/api-guide.md, the `profession_not_covered` row).
 */
import type { Profession } from '../../../../domain/professions.ts';
import type { Classification } from '../../license-record.ts';
import type { StateBoardDefinition } from '../board-definition.ts';
import { field } from '../board-definition.ts';

/** DORA license-type codes. Codes not listed are unclassified (returned with profession null). */
const typeCodes: Record<string, Profession | 'non_healthcare'> = {
  DR: 'physician',
  PA: 'physician_assistant',
  RN: 'registered_nurse',
  PN: 'practical_nurse',
  LPN: 'practical_nurse',
  CNA: 'nursing_assistant',
  MA: 'medication_aide',
  DPM: 'podiatrist',
  POD: 'podiatrist',
  ND: 'naturopathic_physician',
  DC: 'chiropractor',
  PSY: 'psychologist',
  LCSW: 'social_worker',
  LSW: 'social_worker',
  SW: 'social_worker',
  LPC: 'counselor',
  MFT: 'marriage_family_therapist',
  LMFT: 'marriage_family_therapist',
  PT: 'physical_therapist',
  PTA: 'physical_therapist_assistant',
  OT: 'occupational_therapist',
  OTA: 'occupational_therapy_assistant',
  SLP: 'speech_language_pathologist',
  AUD: 'audiologist',
  HAP: 'hearing_instrument_specialist',
  RT: 'respiratory_therapist',
  RTL: 'respiratory_therapist',
  AT: 'athletic_trainer',
  MT: 'massage_therapist',
  AC: 'acupuncturist',
  DDS: 'dentist',
  DEN: 'dentist',
  DH: 'dental_hygienist',
  RPH: 'pharmacist',
  PHA: 'pharmacist',
  PHT: 'pharmacy_technician',
  OPT: 'optometrist',
  OD: 'optometrist',
  DM: 'midwife',
  NHA: 'nursing_home_administrator',
  // Non-healthcare DORA programs (cosmetology, barbers, prescription drug outlets are facility
  // licenses, architects…). Codes whose meaning is not certain (EC, PC, RXN) stay unclassified:
  // returned with profession null rather than wrongly excluded.
  COS: 'non_healthcare',
  BAR: 'non_healthcare',
  PDO: 'non_healthcare',
  AR: 'non_healthcare',
  ENG: 'non_healthcare',
  CPA: 'non_healthcare',
  RE: 'non_healthcare',
  VET: 'non_healthcare',
};

/** Advanced practice nurses (`APN`) are told apart by `subcategory`. */
const apnSubcategories: Record<string, Profession> = {
  NP: 'nurse_practitioner',
  CNP: 'nurse_practitioner',
  CNM: 'nurse_midwife',
  CNS: 'clinical_nurse_specialist',
  CRNA: 'nurse_anesthetist',
};

function classify(type: string, subcategory: string): Classification {
  const code = type.toUpperCase();
  if (code === 'APN') {
    const profession = apnSubcategories[subcategory.toUpperCase()];
    return profession ? { kind: 'profession', profession } : { kind: 'unclassified' };
  }
  const mapped = typeCodes[code];
  if (!mapped) return { kind: 'unclassified' };
  return mapped === 'non_healthcare' ? { kind: 'non_healthcare' } : { kind: 'profession', profession: mapped };
}

export const colorado: StateBoardDefinition = {
  state: 'CO',
  sourceName: 'Colorado Department of Regulatory Agencies',
  domain: 'data.colorado.gov',
  licenseNumberScope: 'license_type',
  format: {
    confidence: 'observed',
    notes:
      'Fields and status vocabulary as third-party connectors report them; numbers unpadded as quoted rows show; type codes partly unknown. No published rows found to test on.',
  },
  refresh: 'unknown',
  uncoveredProfession: 'look_up',
  datasets: [
    {
      id: '7s5z-vewr',
      title: 'Professional and Occupational Licenses',
      fields: {
        licenseNumber: 'licensenumber',
        lastName: 'lastname',
        firstName: 'firstname',
        middleName: 'middlename',
        suffix: 'suffix',
        status: 'licensestatusdescription',
        expiry: 'licenseexpirationdate',
        issued: 'licensefirstissuedate',
      },
      dateFormat: 'floating_timestamp',
      accentedNames: true,
      licenseType: (row) => [field(row, 'licensetype'), field(row, 'subcategory')].filter(Boolean).join('-'),
      statuses: {
        ACTIVE: 'active',
        'ACTIVE - WITH CONDITIONS': 'active',
        RESTRICTED: 'active',
        PROVISIONAL: 'active',
        'TELEHEALTH ONLY': 'active',
        // Spellings a public lookup configuration for the dataset lists beside the documented ones.
        'ACTIVE - PROVISIONAL': 'active',
        'ACTIVE - RESTRICTED': 'active',
        'NEED MASTER HIRE - CANNOT PRACTICE': 'inactive',
        EXPIRED: 'expired',
        'BEYOND 6 YEARS EXPIRED': 'expired',
        'EXPIRED - TELEHEALTH ONLY': 'expired',
        'EXPIRED - DISSOLVED': 'expired',
        INACTIVE: 'inactive',
        CANCELLED: 'inactive',
        RETIRED: 'inactive',
        'TRANSFERRED TO COMPACT PHYSICIAN': 'inactive',
        'GRAD TO HIGHER LEVEL': 'inactive',
        REVOKED: 'revoked',
        SURRENDERED: 'revoked',
        'VOLUNTARY SURRENDER': 'revoked',
        SUSPENDED: 'suspended',
        'SUSPENDED DUE TO CHILD SUPPORT': 'suspended',
        'SUMMARY SUSPENSION': 'suspended',
      },
      classify: (row) => classify(field(row, 'licensetype'), field(row, 'subcategory')),
      disciplined: (rows) => rows.some((row) => field(row, 'casenumber') !== '' || field(row, 'programaction') !== ''),
      licenseKey: (row) => `${field(row, 'licensetype').toUpperCase()}#${field(row, 'licensenumber')}`,
      professions: [...new Set([...Object.values(typeCodes), ...Object.values(apnSubcategories)])].filter((p): p is Profession => p !== 'non_healthcare'),
    },
  ],
};
