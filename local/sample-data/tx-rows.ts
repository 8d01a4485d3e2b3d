/**
 * Texas, four datasets:
 *  - Texas Medical Board (tm3v-pfq9): first and last name only, floating-timestamp dates, board orders
 *    in `disciplinary_status` and `current_board_action_*`. `registration_status` and
 *    `license_status` spellings are not listed in the notes; the ones used here are chosen.
 *  - Board of Nursing RN (tgb2-j935) and VN (yjie-tuwv): statuses "WORD (code)", dates YYYYMMDD and the
 *    board's own typo `lincense_` in two field names; RN adds `current_board_action` (a boolean) and
 *    `date_of_board_action_imposed`.
 *  - APRN-Active (jnzg-cr4w). The notes give only `apn_category` and
 *    `apn_prescriptive_authority_status`; the other fields are chosen to follow the BON datasets:
 *    license_number (the holder's RN license number, under which Texas authorises APRNs), last_name,
 *    first_name, middle_name, apn_category, license_status (always "CURRENT (C)": the dataset lists
 *    active authorisations only), lincense_expiration_date, texas_license_issuance_date (the APRN
 *    authorisation's first issue, YYYYMMDD), apn_prescriptive_authority_status (ACTIVE / INACTIVE / NONE).
 */
import { floatingTimestamp, yyyymmdd } from './dates.ts';
import type { Profession } from './license-catalog.ts';
import type { License } from './model.ts';
import { isPerson } from './model.ts';
import type { Rng } from './prng.ts';
import { type SodaRow, sodaRow } from './soda-json.ts';
import { isOsteopath, specialtyText } from './specialties.ts';

const ymd = (day: number | null): string | null => (day === null ? null : yyyymmdd(day));
const ts = (day: number | null): string | null => (day === null ? null : floatingTimestamp(day));

function registrationStatus(license: License): string {
  switch (license.status.meaning) {
    case 'active':
    case 'conditional':
      return 'ACTIVE';
    case 'expired':
    case 'expired_long':
      return 'DELINQUENT';
    case 'suspended':
    case 'revoked':
      return 'CANCELLED';
    default:
      return license.status.text === 'RETIRED' ? 'RETIRED' : 'INACTIVE';
  }
}

/** `disciplinary_status`, consistent with the license status and its cases. */
function disciplinaryStatus(rng: Rng, license: License): string {
  const text = license.status.text;
  if (text === 'SUSPENDED') return 'SUSPENDED BY BOARD';
  if (text === 'REVOKED' || text === 'CANCELLED BY BOARD' || text === 'SURRENDERED') return 'REVOKED';
  if (license.status.meaning === 'conditional') return 'UNDER BOARD ORDER';
  // Cancelled for not registering; past orders completed; complaints closed without an order.
  if (text === 'CANCELLED') return 'AUTOMATIC LICENSURE CANCELLED';
  if (license.cases.length > 0) return 'CLEARED';
  return rng.chance(0.015) ? 'COMPLAINT DISMISSED' : 'NONE';
}

export function medicalBoardRow(rng: Rng, license: License): SodaRow {
  const holder = license.holder;
  if (!isPerson(holder)) throw new Error('TMB publishes people only');
  const name = license.nameOnRecord;
  const role = license.kind.role;
  const latest = license.cases.at(-1);
  const disciplinary = disciplinaryStatus(rng, license);
  const showsAction = latest !== undefined && disciplinary !== 'NONE' && disciplinary !== 'AUTOMATIC LICENSURE CANCELLED';
  const degree = role === 'physician' ? (isOsteopath(holder) ? 'DO' : 'MD') : role === 'physician_assistant' ? rng.pick(['MPAS', 'MSPA', 'MHS']) : 'MAOM';
  const specialties = role === 'physician' ? specialtyText(holder, role as Profession).toUpperCase() : null;
  const a = license.address;
  return sodaRow([
    ['license_type', license.kind.type],
    ['license_number', license.number],
    ['first_name', name.first],
    ['last_name', name.last],
    ['license_issue_date', ts(license.firstIssue)],
    ['license_expiration_date', ts(license.expiration)],
    ['registration_status', registrationStatus(license)],
    ['registration_status_date', ts(license.statusDate)],
    ['disciplinary_status', disciplinary],
    ['current_board_action_date', showsAction ? ts(latest.start) : null],
    ['current_board_action_description', showsAction ? latest.action : null],
    ['license_status', license.status.text],
    ['currently_licensed', license.status.meaning === 'active' || license.status.meaning === 'conditional' ? 'Y' : 'N'],
    ['degree', degree],
    ['specialties', specialties],
    ['practice_address', a.line1],
    ['practice_city', a.city],
    ['practice_state', a.state],
    ['practice_zip', a.zip],
  ]);
}

/** RN (`withBoardAction`) and VN rows. */
export function nursingRow(license: License, withBoardAction: boolean): SodaRow {
  const name = license.nameOnRecord;
  const inForce = license.cases.find((c) => c.end === null);
  return sodaRow([
    ['license_number', license.number],
    ['last_name', name.last],
    ['first_name', name.first],
    ['middle_name', name.middle],
    ['license_status', license.status.text],
    ['lincense_status_date', ymd(license.statusDate)],
    ['lincense_expiration_date', ymd(license.expiration)],
    ['texas_license_issuance_date', ymd(license.firstIssue)],
    ...(withBoardAction
      ? ([
          ['current_board_action', inForce !== undefined],
          ['date_of_board_action_imposed', inForce ? ymd(inForce.start) : null],
        ] as const)
      : []),
  ]);
}

/** An APRN-Active row, or null when the authorisation is not active (its RN license lapsed or was acted on). */
export function aprnRow(rng: Rng, license: License): SodaRow | null {
  const rn = license.parent;
  if (!rn || !(rn.status.meaning === 'active' || rn.status.meaning === 'conditional')) return null;
  const name = license.nameOnRecord;
  return sodaRow([
    ['license_number', rn.number],
    ['last_name', name.last],
    ['first_name', name.first],
    ['middle_name', name.middle],
    ['apn_category', license.kind.type],
    ['license_status', license.status.text],
    ['lincense_expiration_date', ymd(license.expiration)],
    ['texas_license_issuance_date', ymd(license.firstIssue)],
    [
      'apn_prescriptive_authority_status',
      license.kind.role === 'nurse_anesthetist'
        ? 'NONE'
        : rng.weighted([
            ['ACTIVE', 85],
            ['INACTIVE', 8],
            ['NONE', 7],
          ] as const),
    ],
  ]);
}
