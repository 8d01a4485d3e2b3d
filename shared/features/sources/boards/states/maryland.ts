/** Maryland: the Board of Physicians rosters only (rosters/states/maryland.ts); other Maryland boards publish no file. */
import { marylandPhysicians } from '../../rosters/states/maryland.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const maryland: StateBoardDefinition = {
  state: 'MD',
  sourceName: marylandPhysicians.displayName,
  domain: 'www.mbp.state.md.us',
  datasets: [],
  rosters: [marylandPhysicians],
  // Physicians' and allied professionals' numbers are issued apart.
  licenseNumberScope: 'license_type',
  format: { confidence: marylandPhysicians.formatConfidence, notes: marylandPhysicians.formatNotes },
  refresh: marylandPhysicians.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
