/**
 * California: the Department of Consumer Affairs' monthly public licensee file of the Board of Behavioral
 * Sciences (rosters/states/california.ts), loaded by the operator: marriage and family therapists,
 * clinical social workers, professional clinical counselors and their associates. California's Medi-Cal
 * suspended and ineligible list (`ca_medi_cal`) is screened apart, as every state's Medicaid list.
 */
import { californiaBbs } from '../../rosters/states/california.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const california: StateBoardDefinition = {
  state: 'CA',
  sourceName: californiaBbs.displayName,
  domain: 'dca.box.com',
  datasets: [],
  rosters: [californiaBbs],
  // Each license type is numbered apart (an LMFT's number is not an LCSW's, nor an associate's).
  licenseNumberScope: 'license_type',
  format: { confidence: californiaBbs.formatConfidence, notes: californiaBbs.formatNotes },
  refresh: californiaBbs.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
