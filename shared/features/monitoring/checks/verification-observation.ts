/**
 * A monitor's observation of a verification (monitor-observation.ts), read from the verification's
 * result: the one place the monitor check and registration read the published result's fields. The
 * OIG list is told apart by its stable list id, never by a source's display name.
 */
import { oigListId } from '../../../domain/match-basis.ts';
import type { VerificationResult } from '../../verification/verification-result.ts';
import type { MonitorObservation } from './monitor-observation.ts';
import { isBoardAnswer } from './monitor-snapshot.ts';

export function observationOf(result: VerificationResult): MonitorObservation {
  const unavailableLists = result.sanctions.lists.filter((l) => l.status === 'unavailable').map((l) => l.list);
  const exclusion = result.oig_exclusion;
  return {
    boardAnswered: isBoardAnswer(result.status),
    status: result.status,
    verified: result.verified,
    name: result.name,
    npi: result.npi,
    licenseNumber: result.license_number,
    expiryDate: result.expiry_date,
    disciplinary: result.disciplinary_flags,
    oigExcluded: result.oig_excluded,
    oigListUnavailable: unavailableLists.includes(oigListId),
    oigExclusion: exclusion
      ? {
          match: exclusion.match,
          exclusionType: exclusion.exclusion_type,
          exclusionDate: exclusion.exclusion_date,
          waiverState: exclusion.waiver_state,
          waiverDate: exclusion.waiver_date,
        }
      : null,
    sanctions: {
      matches: result.sanctions.matches.map((m) => ({
        list: m.list,
        basis: m.basis,
        name: m.name,
        action: m.action,
        startDate: m.start_date,
        endDate: m.end_date,
      })),
      unavailableLists,
    },
  };
}
