/**
 * Vermont Board of Medical Practice licensees (vtmbl-reporting.data.socrata.com mxkz-bi85): about 25,800
 * rows of physicians (MD), physician assistants and podiatrists, refreshed daily (observed by a
 * third-party 50-state survey; the dataset's id and domain appear in no public code beyond it). Nurses
 * and other professions are licensed by the Office of Professional Regulation, which publishes no
 * dataset; DOs by the Board of Osteopathic Physicians. What the connector relies on:
 *
 *  - Column names: NOT recorded anywhere found (searches for "mxkz-bi85" and "vtmbl-reporting" in
 *    public code and documentation find only the survey). The names below are inferred, in the snake
 *    case Socrata gives columns created from a report: `license_number, first_name, middle_name,
 *    last_name, suffix, license_type, license_status, issue_date, expiration_date, actions`. Every
 *    answer is checked (`requiredFields`): rows without these columns make the source unavailable with
 *    a logged error, and a queried name column that does not exist is a 400 "no such column", reported
 *    the same way, never a silent not_found.
 *  - `actions` has only two values, "None" and "Comments" (observed): "Comments" marks a licensee
 *    with board action comments, the discipline signal.
 *  - License numbers: the board's eLicense system (the same platform as Connecticut's, lookup at
 *    mpb.health.vermont.gov/Lookup/LicenseLookup.aspx) writes a three-digit profession code, a dot and
 *    seven digits, "042.0040345" (a physician's number as published on a practice's site, with a
 *    "-COMP" sub-category suffix); the profession codes are not recorded.
 *  - Statuses: not recorded; the vocabulary below is the eLicense one seen in Connecticut plus the
 *    common board terms, with the negative terms mapped explicitly. Anything else is reported
 *    inactive, never active. Dates: assumed Socrata floating timestamps.
 */
import type { StateBoardDefinition } from '../board-definition.ts';
import { field, professionRules } from '../board-definition.ts';

const rules = professionRules(
  [
    { pattern: /PHYSICIAN ASSISTANT|^PA\b/, profession: 'physician_assistant' },
    { pattern: /PODIATR|^DPM\b/, profession: 'podiatrist' },
    // Anesthesiologist and radiologist assistants are also licensed by the board: no profession value.
    { pattern: /ANESTHESIOLOGIST ASSISTANT|RADIOLOGIST ASSISTANT/, profession: 'unclassified' },
    { pattern: /PHYSICIAN|MEDICAL DOCTOR|^MD\b|SURGEON/, profession: 'physician' },
  ],
  { kind: 'unclassified' },
);

export const vermont: StateBoardDefinition = {
  state: 'VT',
  sourceName: 'Vermont Board of Medical Practice',
  domain: 'vtmbl-reporting.data.socrata.com',
  licenseNumberScope: 'state',
  // "042.0040345": the profession code before seven digits; NPPES often lists "0040345" or "40345".
  licenseNumberPrefix: /^\d{3}(?=\d{7}$)/,
  format: {
    confidence: 'inferred',
    notes:
      'Column names are not recorded and were inferred; every answer is checked and a changed or different format makes the source unavailable. Status vocabulary assumed; the actions column (None / Comments) is the discipline signal.',
  },
  refresh: 'daily',
  uncoveredProfession: 'reject_before_lookup',
  datasets: [
    {
      id: 'mxkz-bi85',
      title: 'Board of Medical Practice licensees',
      fields: {
        licenseNumber: 'license_number',
        lastName: 'last_name',
        firstName: 'first_name',
        middleName: 'middle_name',
        suffix: 'suffix',
        status: 'license_status',
        expiry: 'expiration_date',
        issued: 'issue_date',
      },
      requiredFields: ['license_number', 'license_type', 'license_status', 'actions'],
      dateFormat: 'floating_timestamp',
      licenseType: (row) => field(row, 'license_type'),
      statuses: {
        ACTIVE: 'active',
        'ACTIVE IN RENEWAL': 'active',
        'ACTIVE WITH CONDITIONS': 'active',
        CONDITIONED: 'active',
        PROBATION: 'active',
        EXPIRED: 'expired',
        LAPSED: 'expired',
        INACTIVE: 'inactive',
        RETIRED: 'inactive',
        DECEASED: 'inactive',
        CLOSED: 'inactive',
        WITHDRAWN: 'inactive',
        DENIED: 'inactive',
        PENDING: 'inactive',
        SUSPENDED: 'suspended',
        'SUMMARY SUSPENSION': 'suspended',
        'NON-DISCIPLINARY SUSPENSION': 'suspended',
        REVOKED: 'revoked',
        SURRENDERED: 'revoked',
        'VOLUNTARY SURRENDER': 'revoked',
      },
      classify: (row) => rules.classifyText(field(row, 'license_type')),
      // `field` reads the literal "None" as empty: any other value ("Comments") is an action on record.
      disciplined: (rows) =>
        rows.some(
          (row) =>
            field(row, 'actions') !== '' || /^(SUSPENDED|SUMMARY SUSPENSION|REVOKED|SURRENDERED|PROBATION|CONDITIONED)$/i.test(field(row, 'license_status')),
        ),
      licenseKey: (row) => field(row, 'license_number').toUpperCase(),
      professions: rules.professions,
    },
  ],
};
