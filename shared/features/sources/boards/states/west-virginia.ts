/** West Virginia: the Board of Medicine rosters only (rosters/states/west-virginia.ts); DOs are licensed by another board, not covered. */
import { westVirginiaBom } from '../../rosters/states/west-virginia.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const westVirginia: StateBoardDefinition = {
  state: 'WV',
  sourceName: westVirginiaBom.displayName,
  domain: 'wvbom.wv.gov',
  datasets: [],
  rosters: [westVirginiaBom],
  // MD, PA and podiatry numbers are issued apart and overlap.
  licenseNumberScope: 'license_type',
  format: { confidence: westVirginiaBom.formatConfidence, notes: westVirginiaBom.formatNotes },
  refresh: westVirginiaBom.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
