/**
 * Every raw status spelling the notes list for each dataset, exactly as written there, with a rough
 * meaning that the generator uses only to make dates and discipline consistent with the status (an
 * expired license expired in the past, a revoked one has a case). The service's own status mapping
 * lives elsewhere; nothing here is a contract for it.
 */
import type { DatasetId, LicenseKind, LicenseRole } from './license-catalog.ts';
import { datasets } from './license-catalog.ts';

export type StatusMeaning =
  | 'active' // current, good standing
  | 'conditional' // current but with conditions, probation or restrictions (discipline on record)
  | 'expired' // lapsed by time
  | 'expired_long' // lapsed for years
  | 'inactive' // retired, inactive, closed, cancelled, transferred
  | 'deceased'
  | 'superseded' // replaced by a later credential
  | 'suspended' // disciplinary suspension
  | 'revoked' // revoked or surrendered
  | 'pending' // application not decided yet
  | 'denied'; // application refused

export interface RawStatus {
  readonly text: string;
  readonly meaning: StatusMeaning;
  /** Relative frequency among the dataset's licenses. */
  readonly weight: number;
  /** Limits the status to some license kinds (e.g. chaperone orders only for physicians). */
  readonly only?: (kind: LicenseKind) => boolean;
}

const roles =
  (...r: LicenseRole[]) =>
  (kind: LicenseKind): boolean =>
    r.includes(kind.role);
const businesses = (kind: LicenseKind): boolean => kind.business === true;
const people = (kind: LicenseKind): boolean => kind.business !== true;
const permits = roles('rn_temporary_permit', 'arnp_temporary_permit');
const notPermit = (kind: LicenseKind): boolean => !permits(kind);

function s(text: string, meaning: StatusMeaning, weight: number, only?: (kind: LicenseKind) => boolean): RawStatus {
  return { text, meaning, weight, only };
}

/** WA DOH: the seed-row spellings (upper case) and the spellings observed live. */
const washington: readonly RawStatus[] = [
  s('ACTIVE', 'active', 760, notPermit),
  s('EXPIRED', 'expired', 80),
  // A temporary permit is superseded by the license that follows it.
  s('SUPERSEDED', 'superseded', 4, permits),
  s('CLOSED', 'inactive', 10),
  // Multistate nurse licensed elsewhere: the WA credential has expired.
  s('EXPIRED WA - ACTIVE MSL', 'expired', 6, roles('registered_nurse', 'practical_nurse')),
  s('Active With Conditions', 'conditional', 5, notPermit),
  s('Active With Restrictions', 'conditional', 3, notPermit),
  s('Active On Probation', 'conditional', 4, notPermit),
  s('Active Provisional', 'active', 3, notPermit),
  s('Active Not Renewable', 'active', 2, notPermit),
  s('Retired Active', 'active', 4, notPermit),
  s('Military', 'active', 3, notPermit),
  s('Suspended', 'suspended', 4, notPermit),
  s('Revoked', 'revoked', 2, notPermit),
  s('Terminated', 'inactive', 2),
  s('Surrender', 'revoked', 2, notPermit),
  s('Voluntary Surrender', 'revoked', 2, notPermit),
  s('Summary Suspension', 'suspended', 1, notPermit),
  s('Retired', 'inactive', 12, notPermit),
  s('Inactive', 'inactive', 20, notPermit),
  s('Inoperable', 'inactive', 2, notPermit),
  s('Pending', 'pending', 3),
  s('Approved', 'pending', 2),
  s('Denied', 'denied', 2),
];

/** Temporary practice permits end superseded by the license, closed or expired. */
export const washingtonPermitStatuses: readonly RawStatus[] = [
  s('SUPERSEDED', 'superseded', 60),
  s('CLOSED', 'inactive', 20),
  s('EXPIRED', 'expired', 15),
  s('ACTIVE', 'active', 5),
];

/** CO DORA `licensestatusdescription`, as observed live. */
const colorado: readonly RawStatus[] = [
  s('Active', 'active', 760, people),
  s('Active - With Conditions', 'conditional', 6, people),
  s('Restricted', 'conditional', 3, people),
  s('Provisional', 'active', 3, people),
  s('Telehealth ONLY', 'active', 3, roles('physician', 'physician_assistant', 'psychologist', 'counselor')),
  s('Expired', 'expired', 80),
  s('Beyond 6 years expired', 'expired_long', 10, people),
  s('Inactive', 'inactive', 20, people),
  s('Expired - Telehealth Only', 'expired', 2, roles('physician', 'physician_assistant', 'psychologist', 'counselor')),
  s('Revoked', 'revoked', 2, people),
  s('Surrendered', 'revoked', 2, people),
  s('Voluntary Surrender', 'revoked', 2, people),
  s('Cancelled', 'inactive', 3),
  s('Suspended', 'suspended', 3, people),
  s('Suspended Due to Child Support', 'suspended', 2, people),
  s('Summary Suspension', 'suspended', 1, people),
  s('Retired', 'inactive', 12, people),
  // Business registrations (prescription drug outlets) of a dissolved entity.
  s('Expired - Dissolved', 'expired', 1, businesses),
  s('Transferred to Compact Physician', 'inactive', 2, roles('physician')),
  // A practical nurse who became an RN, an RN who became an APN.
  s('Grad to Higher Level', 'superseded', 3, roles('practical_nurse', 'registered_nurse')),
];

/** CO businesses: mostly active, some closed out. */
export const coloradoBusinessStatuses: readonly RawStatus[] = [
  s('Active', 'active', 80),
  s('Expired', 'expired', 10),
  s('Cancelled', 'inactive', 5),
  s('Expired - Dissolved', 'expired', 5),
];

const chaperone = roles('physician');
const ilBusinessOrDetective = (kind: LicenseKind): boolean => kind.business === true || kind.role === 'detective';

/** IL IDFPR `license_status` values observed (19 of the 23). */
const illinois: readonly RawStatus[] = [
  s('ACTIVE', 'active', 740),
  s('NOT RENEWED', 'expired', 60),
  s('EXPIRED', 'expired', 30),
  s('INACTIVE', 'inactive', 20, people),
  s('EXPIRED-RENEWABLE', 'expired', 12),
  // Agencies and their employees must keep insurance on file.
  s('INSURANCE EXPIRED', 'inactive', 2, ilBusinessOrDetective),
  s('REVOKED', 'revoked', 2, people),
  s('SUSPENDED', 'suspended', 3, people),
  s('CANCELLED', 'inactive', 3),
  s('TERMINATED', 'inactive', 2),
  s('DECEASED', 'deceased', 3, people),
  s('RELINQUISH', 'revoked', 2, people),
  s('VOLUNTARY SURRENDER', 'revoked', 2, people),
  s('PERMANENT INACTIVE', 'inactive', 3, people),
  s('REFUSE TO RENEW', 'revoked', 2, people),
  s('PROBATION', 'conditional', 4, people),
  s('ACTIVE CHAPERONE REQUIRED', 'conditional', 1, chaperone),
  s('REVOKED CHAPERONE REQUIRED', 'revoked', 1, chaperone),
  s('NOT RENEWED CHAPERONE REQUIRED', 'expired', 1, chaperone),
];

/** TX Board of Nursing RN and VN `license_status`: "WORD (code)", spelled as the board does. */
const texasNursing: readonly RawStatus[] = [
  s('CURRENT (C)', 'active', 780),
  s('DELINQUENT (D)', 'expired', 60),
  s('INACTIVE (I)', 'inactive', 25),
  s('DECEASED (E)', 'deceased', 3),
  s('RETIRED - INACTIVE (Z)', 'inactive', 10),
  s('REVOKED (R)', 'revoked', 2),
  s('VOL.SURRENDER (V)', 'revoked', 2),
  s('VOLUNTEER RETIRED (W)', 'inactive', 2),
  // A multistate (NLC) license issued by another compact state.
  s('NLC LICENSE - TX INVALID(Y)', 'inactive', 4),
  s('SUSPENDED (S)', 'suspended', 3),
  s('Current RENEWAL DENIED (K)', 'conditional', 1),
  s('NOT CURRENT - SEE ENF (X)', 'suspended', 2),
];

/** The APRN dataset lists active authorisations only. */
const texasAprn: readonly RawStatus[] = [s('CURRENT (C)', 'active', 1)];

/**
 * TMB `license_status` (not listed in the notes; these spellings are chosen). Board orders show in
 * `disciplinary_status`, whose listed values all occur (see tx-rows.ts).
 */
const texasMedical: readonly RawStatus[] = [
  s('ACTIVE', 'active', 780),
  s('ACTIVE - PROBATION', 'conditional', 4),
  s('EXPIRED', 'expired', 40),
  s('DELINQUENT', 'expired', 20),
  s('INACTIVE', 'inactive', 20),
  s('RETIRED', 'inactive', 12),
  s('CANCELLED', 'inactive', 8),
  s('CANCELLED BY BOARD', 'revoked', 2),
  s('DECEASED', 'deceased', 3),
  s('SUSPENDED', 'suspended', 3),
  s('REVOKED', 'revoked', 2),
  s('SURRENDERED', 'revoked', 2),
];

/** DE DPR `license_status`. */
const delaware: readonly RawStatus[] = [
  s('Active', 'active', 760),
  s('Expired', 'expired', 70),
  s('Inactive', 'inactive', 15),
  s('Deactivated', 'inactive', 4),
  s('Expired Inactive', 'expired_long', 6),
  s('Closed', 'inactive', 4),
  s('Suspended', 'suspended', 3, people),
  s('Revoked', 'revoked', 2, people),
  s('Annulled', 'revoked', 1, people),
  s('Deceased', 'deceased', 3, people),
  s('Withdrawn', 'pending', 2),
  s('Denied', 'denied', 2),
  s('Terminated', 'inactive', 2),
  s('Probation', 'conditional', 4, people),
  s('Delinquent', 'expired', 10),
  s('Non-Disciplinary Suspension', 'suspended', 2, people),
  s('Under Review', 'pending', 2),
];

export const rawStatuses: Readonly<Record<Exclude<DatasetId, typeof datasets.DE_DISCIPLINE>, readonly RawStatus[]>> = {
  [datasets.WA]: washington,
  [datasets.CO]: colorado,
  [datasets.IL]: illinois,
  [datasets.TX_MEDICAL]: texasMedical,
  [datasets.TX_RN]: texasNursing,
  [datasets.TX_VN]: texasNursing,
  [datasets.TX_APRN]: texasAprn,
  [datasets.DE]: delaware,
};

/** The statuses a license of this kind can take, with their weights. */
export function statusChoicesFor(kind: LicenseKind): readonly RawStatus[] {
  if (kind.role === 'rn_temporary_permit' || kind.role === 'arnp_temporary_permit') return washingtonPermitStatuses;
  if (kind.state === 'CO' && kind.business) return coloradoBusinessStatuses;
  const list = rawStatuses[kind.dataset as keyof typeof rawStatuses];
  return list.filter((status) => !status.only || status.only(kind));
}

export function statusNamed(kind: LicenseKind, text: string): RawStatus {
  const found = rawStatuses[kind.dataset as keyof typeof rawStatuses].find((status) => status.text === text);
  if (!found) throw new Error(`no status ${text} in ${kind.dataset}`);
  return found;
}

/** Meanings under which the board has acted against the license. */
export const disciplinaryMeanings: ReadonlySet<StatusMeaning> = new Set(['conditional', 'suspended', 'revoked']);
