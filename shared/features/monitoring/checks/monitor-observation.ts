/**
 * What one verification tells a monitor about its provider, as domain facts: whether the state board
 * answered and what it said, the OIG exclusion and whether its list could be read, and the matches on
 * the other sanctions lists with the lists that could not be consulted. The snapshot (monitor-snapshot.ts)
 * and change detection (change-events.ts) decide on this, never on the published verification result;
 * verification-observation.ts derives it from a verification.
 */
import type { ExclusionBasis, SanctionBasis } from '../../../domain/match-basis.ts';

/** The OIG exclusion record that matched the provider. */
export interface ObservedExclusion {
  readonly match: ExclusionBasis;
  readonly exclusionType: string;
  readonly exclusionDate: string | null;
  readonly waiverState: string | null;
  readonly waiverDate: string | null;
}

/** One action on a sanctions list that matched the provider. */
export interface ObservedSanction {
  /** The list's stable id, e.g. `oig_leie`. */
  readonly list: string;
  readonly basis: SanctionBasis;
  /** The name as the list publishes it. */
  readonly name: string;
  readonly action: string;
  readonly startDate: string | null;
  readonly endDate: string | null;
}

export interface MonitorObservation {
  /** The state board answered: a license status, or `not_found`. */
  readonly boardAnswered: boolean;
  /** The license status (a board status, `not_found`, or why the board gave no answer). */
  readonly status: string;
  readonly verified: boolean;
  readonly name: string | null;
  readonly npi: string | null;
  readonly licenseNumber: string | null;
  /** YYYY-MM-DD, or null when the board publishes none. */
  readonly expiryDate: string | null;
  readonly disciplinary: boolean;
  readonly oigExcluded: boolean;
  /** The OIG exclusion list could not be read: `oigExcluded: false` then means unknown. */
  readonly oigListUnavailable: boolean;
  readonly oigExclusion: ObservedExclusion | null;
  readonly sanctions: {
    /** Every match on every sanctions list, the OIG list included. */
    readonly matches: readonly ObservedSanction[];
    /** The ids of the sanctions lists that could not be consulted. */
    readonly unavailableLists: readonly string[];
  };
}
