/**
 * Connecticut eLicensing, "State Licenses and Credentials" (data.ct.gov ngch-56tr): every credential the
 * Department of Public Health (DPH) and the Department of Consumer Protection (DCP) issue, about
 * 2.3–2.6M rows, refreshed daily. What the connector relies on, and how sure it is:
 *
 *  - Columns (API names) `credentialid, name, type, businessname, dba, fullcredentialcode,
 *    credentialtype, credentialnumber, credentialsubcategory, credential, status, statusreason, active,
 *    issuedate, effectivedate, expirationdate, address, city, state, zip, recordrefreshedon`: confirmed
 *    (the dataset's column list and a profile of 2.1M real rows in irworkshop/accountability_datacleaning
 *    `state/ct/licenses/docs/ct_licenses_diary.md`; the same API names in several public loaders).
 *  - `name` is one column, "FIRST [M] LAST [JR]" (e.g. "ROBERT MCMAHON JR"); businesses have their name
 *    there too, with `type` CORPORATION, BUSINESS, LIMITED LIABILITY COMPANY… (22 values; INDIVIDUAL ~70%).
 *  - DPH credentials are written in Title Case with numeric `credentialtype` codes ("10", "14", "90"…;
 *    `fullcredentialcode` "10.100923" = code, dot, six-digit number); DCP credentials are UPPER CASE with
 *    letter codes ("PEN.0018966", "HIC.0628899", "ELC.0012234-E2" with a sub-category). Confirmed in rows.
 *  - The meaning of the numeric codes was not found anywhere: professions are read from the `credential`
 *    text, never from the code (a code alone decides nothing). Inferred: the text names are DPH's own
 *    ("Registered Nurse", "Emergency Medical Technician", "Speech and Language Pathologist Temporary
 *    Permit" were seen; the physician, APRN and other names are assumed in the same style).
 *  - `credentialnumber` repeats across record types ("12240" is both a code-90 credential and others),
 *    so a license is keyed by `fullcredentialcode`, and a number names one person only within one type.
 *    `fullcredentialcode` is missing on about one row in 2.1 million (the profile above), so it is not a
 *    column every row carries: such a row still reads, keyed by `credentialtype` and `credentialnumber`
 *    (or `credentialid`), its license type read from `credential` (or the type code when that is empty).
 *  - `status` has 19 values (INACTIVE 58%, ACTIVE 30%, ACTIVE IN RENEWAL, EXPIRED APPLICATION, PENDING,
 *    LAPSED, QUALIFIED, CLOSED…) and `statusreason` 245–253 (CURRENT, LAPSED DUE TO NON-RENEWAL, FAILED
 *    TO RENEW, EXPIRED MORE THAN 3 YEARS - MUST REAPPLY, VOLUNTARY NON-RENEWAL, TERMINATED…). A status
 *    is read with its reason: an ACTIVE row whose reason names a suspension, revocation or probation
 *    is not plain active. Inferred: how DPH writes board actions in the reason (no discipline column
 *    exists; the reason is the only signal, so discipline is reported from it).
 *  - `active` is a number column, "1" or "0" in SODA JSON (observed in a public loader, data.ct.gov
 *    `…/resource/ngch-56tr.json`, `active == "1"`): a row it says is not active is never reported active.
 *  - Dates: the bulk export writes MM/DD/YYYY; the SODA JSON answers calendar_date columns as floating
 *    timestamps ("2025-12-31T00:00:00.000", observed in loaders reading `issuedate[:10]`), which is
 *    what this connector queries.
 */
import type { BoardStatus } from '../../../../domain/license-status.ts';
import type { Classification } from '../../license-record.ts';
import type { StateBoardDefinition } from '../board-definition.ts';
import { field, professionRules } from '../board-definition.ts';
import type { SodaRow } from '../../soda/soda-client.ts';

/** DPH credential wording (Title Case in the source, upper-cased here), first match wins. */
const rules = professionRules(
  [
    // Registrations that are not a license to practice (the practitioner's DPH license is the record).
    { pattern: /CONTROLLED SUBSTANCE/, profession: 'non_healthcare' },
    { pattern: /ANESTHETIST/, profession: 'nurse_anesthetist' },
    { pattern: /NURSE.MIDWIFE/, profession: 'nurse_midwife' },
    { pattern: /MIDWIFE/, profession: 'midwife' },
    // A Connecticut APRN license may be any of the advanced practice roles.
    { pattern: /ADVANCED PRACTICE/, profession: 'unclassified' },
    { pattern: /REGISTERED NURSE/, profession: 'registered_nurse' },
    { pattern: /PRACTICAL NURSE/, profession: 'practical_nurse' },
    { pattern: /NURSE'?S? AIDE|NURSING ASSISTANT/, profession: 'nursing_assistant' },
    { pattern: /HOME HEALTH AIDE/, profession: 'home_health_aide' },
    { pattern: /MEDICATION ADMINISTRATION/, profession: 'medication_aide' },
    { pattern: /PHYSICIAN ASSISTANT/, profession: 'physician_assistant' },
    { pattern: /PODIATR/, profession: 'podiatrist' },
    { pattern: /NATUROPATH/, profession: 'naturopathic_physician' },
    { pattern: /CHIROPRACT/, profession: 'chiropractor' },
    { pattern: /PHYSICIAN|SURGEON|OSTEOPATH/, profession: 'physician' },
    { pattern: /PSYCHOLOGIST/, profession: 'psychologist' },
    { pattern: /SOCIAL WORK/, profession: 'social_worker' },
    { pattern: /MARITAL AND FAMILY|MARRIAGE AND FAMILY/, profession: 'marriage_family_therapist' },
    { pattern: /ALCOHOL AND DRUG COUNSELOR|PROFESSIONAL COUNSELOR/, profession: 'counselor' },
    { pattern: /BEHAVIOR ANALYST/, profession: 'behavior_analyst' },
    { pattern: /PHYSICAL THERAPIST ASSISTANT/, profession: 'physical_therapist_assistant' },
    { pattern: /PHYSICAL THERAPIST/, profession: 'physical_therapist' },
    { pattern: /OCCUPATIONAL THERAPY ASSISTANT/, profession: 'occupational_therapy_assistant' },
    { pattern: /OCCUPATIONAL THERAPIST/, profession: 'occupational_therapist' },
    { pattern: /SPEECH AND LANGUAGE PATHOLOGIST|SPEECH.LANGUAGE PATHOLOGIST/, profession: 'speech_language_pathologist' },
    { pattern: /AUDIOLOGIST/, profession: 'audiologist' },
    { pattern: /HEARING INSTRUMENT/, profession: 'hearing_instrument_specialist' },
    { pattern: /RESPIRATORY CARE/, profession: 'respiratory_therapist' },
    { pattern: /ATHLETIC TRAINER/, profession: 'athletic_trainer' },
    { pattern: /MASSAGE THERAPIST/, profession: 'massage_therapist' },
    { pattern: /ACUPUNCTURIST/, profession: 'acupuncturist' },
    { pattern: /DENTAL HYGIENIST/, profession: 'dental_hygienist' },
    { pattern: /DENTIST/, profession: 'dentist' },
    { pattern: /PHARMACY TECHNICIAN/, profession: 'pharmacy_technician' },
    { pattern: /PHARMACIST/, profession: 'pharmacist' },
    { pattern: /OPTOMETRIST/, profession: 'optometrist' },
    { pattern: /OPTICIAN/, profession: 'optician' },
    { pattern: /RADIOGRAPHER|RADIOLOGIC TECHNOLOGIST/, profession: 'radiographer' },
    { pattern: /GENETIC COUNSELOR/, profession: 'genetic_counselor' },
    { pattern: /DIETITIAN|NUTRITIONIST/, profession: 'dietitian' },
    { pattern: /EMERGENCY MEDICAL|PARAMEDIC|EMT\b/, profession: 'emergency_medical' },
    { pattern: /NURSING HOME ADMINISTRATOR/, profession: 'nursing_home_administrator' },
    { pattern: /SANITARIAN/, profession: 'sanitarian' },
    // DPH also licenses trades that are not healthcare.
    {
      pattern: /HAIRDRESSER|COSMETICIAN|BARBER|EMBALMER|FUNERAL|ESTHETICIAN|NAIL TECHNICIAN|TATTOO|ELECTROLOGIST|SUBSURFACE SEWAGE|WELL DRILLER/,
      profession: 'non_healthcare',
    },
  ],
  { kind: 'unclassified' },
);

/**
 * Whether a credential is healthcare and which profession. DCP writes its credentials in UPPER CASE
 * with letter codes (electricians, liquor permits, engineers…): those are not healthcare, except the
 * pharmacy credentials DCP issues. DPH credentials (Title Case, numeric codes) are read by their text.
 */
export function classifyCredential(credential: string, credentialType: string): Classification {
  const dcp = /^[A-Z]/i.test(credentialType.trim()) && credential === credential.toUpperCase();
  if (dcp && !/PHARMAC/.test(credential.toUpperCase())) return { kind: 'non_healthcare' };
  return rules.classifyText(credential);
}

const statuses: Readonly<Record<string, BoardStatus>> = {
  ACTIVE: 'active',
  'ACTIVE IN RENEWAL': 'active',
  // Seen on a DCP permit awaiting the division's approval (`active` "1").
  'ACTIVE UNDER REVIEW': 'active',
  LAPSED: 'expired',
  EXPIRED: 'expired',
  INACTIVE: 'inactive',
  QUALIFIED: 'inactive',
  PENDING: 'inactive',
  APPROVED: 'inactive',
  'EXPIRED APPLICATION': 'inactive',
  CLOSED: 'inactive',
  RETIRED: 'inactive',
  DECEASED: 'inactive',
  DENIED: 'inactive',
  WITHDRAWN: 'inactive',
  VOID: 'inactive',
  SUSPENDED: 'suspended',
  'SUMMARY SUSPENSION': 'suspended',
  REVOKED: 'revoked',
  SURRENDERED: 'revoked',
  'VOLUNTARY SURRENDER': 'revoked',
};

/**
 * What a status reason says about the license, the negative terms first: a reason naming a revocation,
 * surrender or suspension (including "NON-DISCIPLINARY SUSPENSION") outranks any status; a lapse or
 * expiry makes an active or inactive row expired; a retirement or closure makes an active row inactive.
 */
const reasonRules: readonly (readonly [RegExp, BoardStatus])[] = [
  [/REVOK/, 'revoked'],
  [/SURRENDER/, 'revoked'],
  [/SUSPEN/, 'suspended'],
  [/EXPIRED|LAPSE|NON-?RENEWAL|FAILED TO RENEW|NOT RENEWED/, 'expired'],
  [/RETIRED|DECEASED|CLOSED|TERMINATED|VOID|WITHDRAWN|DENIED|INACTIVE/, 'inactive'],
];

const severity: Readonly<Record<BoardStatus, number>> = { active: 0, inactive: 1, expired: 2, suspended: 3, revoked: 4 };

/** Reasons and statuses that record a board action. */
const disciplineTerms = /REVOK|SURRENDER|SUSPEN|PROBATION|REPRIMAND|CONSENT ORDER|RESTRICT|DISCIPLIN|CENSURE|CIVIL PENALTY/;
const nonDisciplinary = /NON-?DISCIPLINARY/;

/** A Connecticut credential's status from `status`, `statusreason` and `active` (see the module note). */
export function connecticutStatus(status: string, reason: string, active: string): BoardStatus {
  const upperReason = reason.toUpperCase();
  let result: BoardStatus = statuses[status.toUpperCase()] ?? 'inactive';
  for (const [pattern, meaning] of reasonRules) {
    if (!pattern.test(upperReason)) continue;
    if (severity[meaning] > severity[result]) result = meaning;
    break;
  }
  // The `active` column says "0" (or false): whatever the status text, the credential is not active.
  if (result === 'active' && /^(0|FALSE)$/i.test(active.trim())) return 'inactive';
  return result;
}

export function connecticutDisciplined(status: string, reason: string): boolean {
  const text = `${status} ${reason}`.toUpperCase();
  return disciplineTerms.test(text) && !nonDisciplinary.test(text);
}

/**
 * The key of a credential's rows: `fullcredentialcode`; on a row without it, the type code and number it
 * is made of, or the row's `credentialid`.
 */
export function connecticutLicenseKey(row: SodaRow): string {
  const code = field(row, 'fullcredentialcode');
  if (code) return code.toUpperCase();
  const type = field(row, 'credentialtype');
  const number = field(row, 'credentialnumber');
  if (type && number) return `${type}.${number}`.toUpperCase();
  const id = field(row, 'credentialid');
  return id ? `ID#${id}` : '';
}

/** The license number of a row: `fullcredentialcode`, else the type code and the number padded to six digits it is made of. */
export function connecticutLicenseNumber(row: SodaRow): string {
  const code = field(row, 'fullcredentialcode');
  if (code) return code;
  const type = field(row, 'credentialtype');
  const number = field(row, 'credentialnumber');
  return type && number ? `${type}.${number.padStart(6, '0')}` : '';
}

export const connecticut: StateBoardDefinition = {
  state: 'CT',
  sourceName: 'Connecticut Department of Public Health and Department of Consumer Protection (eLicensing)',
  domain: 'data.ct.gov',
  // Numbers repeat across credential types; within one type a number is one person's.
  licenseNumberScope: 'license_type',
  // "10.100923": the numeric DPH type before six digits (NPPES lists "100923" or "10.100923"); DCP's letters.
  licenseNumberPrefix: /^(?:\d{1,3}(?=\d{6}$)|[A-Z]+(?=\d))/,
  format: {
    confidence: 'observed',
    notes:
      'Columns, statuses and credential names seen in real rows; numeric DPH credential codes are not mapped (professions are read from the credential name); board actions are read from the status reason.',
  },
  refresh: 'daily',
  uncoveredProfession: 'reject_before_lookup',
  datasets: [
    {
      id: 'ngch-56tr',
      title: 'State Licenses and Credentials',
      fields: {
        licenseNumber: 'fullcredentialcode',
        lastName: 'name',
        firstName: 'name',
        status: 'status',
        expiry: 'expirationdate',
        issued: 'issuedate',
      },
      nameLayout: 'first_middle_last',
      requiredFields: ['status', 'credential', 'credentialtype', 'type', 'active'],
      dateFormat: 'floating_timestamp',
      licenseType: (row) => field(row, 'credential') || field(row, 'credentialtype'),
      statuses,
      statusOverride: (rows) => connecticutStatus(field(rows[0]!, 'status'), field(rows[0]!, 'statusreason'), field(rows[0]!, 'active')),
      classify: (row) => {
        // Businesses (facilities, pharmacies as premises) are not a provider's license.
        if (field(row, 'type').toUpperCase() !== 'INDIVIDUAL') return { kind: 'non_healthcare' };
        return classifyCredential(field(row, 'credential'), field(row, 'credentialtype'));
      },
      disciplined: (rows) => rows.some((row) => connecticutDisciplined(field(row, 'status'), field(row, 'statusreason'))),
      licenseKey: connecticutLicenseKey,
      licenseNumberOf: connecticutLicenseNumber,
      professions: rules.professions,
    },
  ],
};
