/**
 * Wyoming: eleven professional boards' Google-Sheets rosters (rosters/states/wyoming.ts), loaded by the
 * operator: the nine active-and-expired lists (`wy_boards`) and the Dental and Mental Health active
 * lists (`wy_active`). The Board of Medicine (physicians, PAs) and the Board of Nursing publish no sheet.
 */
import { rosterDatasetId } from '../../rosters/roster-search.ts';
import { wyActiveSheets, wyFullSheets, wyomingActive, wyomingBoards } from '../../rosters/states/wyoming.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const wyoming: StateBoardDefinition = {
  state: 'WY',
  sourceName: wyomingBoards.displayName,
  domain: 'docs.google.com',
  datasets: [],
  rosters: [wyomingBoards, wyomingActive],
  // Each board issues its own numbers (Chiropractic's 723 is not Dietetics' 723).
  licenseNumberScope: {
    datasetGroups: [
      ...wyFullSheets.map((s) => [rosterDatasetId(wyomingBoards, { file: s.file.replace(/\.csv$/, '') })]),
      ...wyActiveSheets.map((s) => [rosterDatasetId(wyomingActive, { file: s.file.replace(/\.csv$/, '') })]),
    ],
  },
  format: { confidence: 'confirmed', notes: `${wyomingBoards.formatNotes} ${wyomingActive.formatNotes}` },
  refresh: 'monthly',
  uncoveredProfession: 'reject_before_lookup',
};
