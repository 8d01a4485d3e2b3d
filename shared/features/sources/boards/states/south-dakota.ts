/**
 * South Dakota: the Board of Chiropractic Examiners' and the Board of Optometry's verification lists
 * (rosters/states/south-dakota.ts), active licensees only. The Board of Medical and Osteopathic
 * Examiners and the Board of Nursing publish no list; the other boards' rosters are PDFs, not read.
 */
import { rosterDatasetId } from '../../rosters/roster-search.ts';
import { sdBoards, southDakotaBoards } from '../../rosters/states/south-dakota.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const southDakota: StateBoardDefinition = {
  state: 'SD',
  sourceName: southDakotaBoards.displayName,
  domain: 'bocelicensing.appssd.sd.gov',
  datasets: [],
  rosters: [southDakotaBoards],
  // Each board issues its own numbers (chiropractic 611 and optometry 611 are two people).
  licenseNumberScope: { datasetGroups: sdBoards.map((b) => [rosterDatasetId(southDakotaBoards, { file: b.board })]) },
  format: { confidence: southDakotaBoards.formatConfidence, notes: southDakotaBoards.formatNotes },
  refresh: southDakotaBoards.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
