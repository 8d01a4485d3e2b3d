/**
 * Florida: the MQA licensure file (rosters/states/florida.ts), loaded by the operator. Whether the file
 * holds every profession is not recorded, so a profession outside the mapped codes is looked up (and
 * answered `not_found` or with an unclassified license), not refused before the lookup.
 */
import { floridaMqa } from '../../rosters/states/florida.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const florida: StateBoardDefinition = {
  state: 'FL',
  sourceName: floridaMqa.displayName,
  domain: 'data-download.mqa.flhealthsource.gov',
  datasets: [],
  rosters: [floridaMqa],
  // Numbers carry their profession's rank prefix (ME, RN, PS …): unique across the state.
  licenseNumberScope: 'state',
  format: { confidence: floridaMqa.formatConfidence, notes: floridaMqa.formatNotes },
  refresh: floridaMqa.refresh,
  uncoveredProfession: 'look_up',
};
