/**
 * Alaska: the Division of Corporations, Business and Professional Licensing's Professional License
 * Download (rosters/states/alaska.ts), one CSV of every program's licenses, republished about weekly and checked daily. Its
 * medical, nursing, pharmacy and dental programs are read; the division's search (with discipline
 * notes) is a CAPTCHA-guarded page, not read.
 */
import { alaskaCbpl } from '../../rosters/states/alaska.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const alaska: StateBoardDefinition = {
  state: 'AK',
  sourceName: alaskaCbpl.displayName,
  domain: 'www.commerce.alaska.gov',
  datasets: [],
  rosters: [alaskaCbpl],
  // A license number is unique over the whole download (every program).
  licenseNumberScope: 'state',
  format: { confidence: alaskaCbpl.formatConfidence, notes: alaskaCbpl.formatNotes },
  refresh: alaskaCbpl.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
