/**
 * Arkansas: the State Board of Podiatric Medicine's License Verification PDF (rosters/states/arkansas.ts),
 * downloaded through the link on the board's page. Other Arkansas boards are not covered.
 */
import { arkansasPodiatry } from '../../rosters/states/arkansas.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const arkansas: StateBoardDefinition = {
  state: 'AR',
  sourceName: arkansasPodiatry.displayName,
  domain: 'healthy.arkansas.gov',
  datasets: [],
  rosters: [arkansasPodiatry],
  // One board, one licence type: a licence number names one podiatrist.
  licenseNumberScope: 'state',
  format: { confidence: arkansasPodiatry.formatConfidence, notes: arkansasPodiatry.formatNotes },
  refresh: arkansasPodiatry.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
