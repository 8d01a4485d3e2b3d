/**
 * Missouri: the Division of Professional Registration's licensee downloads of the Chiropractic, Dental,
 * Optometry and Psychologists boards (rosters/states/missouri.ts), loaded by the operator. The Healing
 * Arts board (physicians) is not covered: no real rows of its file were recorded.
 */
import { missouriMopro } from '../../rosters/states/missouri.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const missouri: StateBoardDefinition = {
  state: 'MO',
  sourceName: missouriMopro.displayName,
  domain: 'mopro.mo.gov',
  datasets: [],
  rosters: [missouriMopro],
  // A number is unique per license code only (a dentist's `002607` is not a chiropractor's).
  licenseNumberScope: 'license_type',
  format: { confidence: missouriMopro.formatConfidence, notes: missouriMopro.formatNotes },
  refresh: missouriMopro.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
