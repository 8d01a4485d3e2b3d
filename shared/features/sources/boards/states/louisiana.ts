/**
 * Louisiana: the Board of Massage Therapy's list of active licensed massage therapists
 * (rosters/states/louisiana.ts), a PDF downloaded through the link on the board's search page. Other
 * Louisiana boards are not covered.
 */
import { louisianaMassage } from '../../rosters/states/louisiana.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const louisiana: StateBoardDefinition = {
  state: 'LA',
  sourceName: louisianaMassage.displayName,
  domain: 'www.labmt.org',
  datasets: [],
  rosters: [louisianaMassage],
  // One board, one licence type: a licence number names one massage therapist.
  licenseNumberScope: 'state',
  format: { confidence: louisianaMassage.formatConfidence, notes: louisianaMassage.formatNotes },
  refresh: louisianaMassage.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
