/** Alabama: the Board of Medical Examiners roster (rosters/states/alabama.ts), loaded by the operator. */
import { alabamaBme } from '../../rosters/states/alabama.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const alabama: StateBoardDefinition = {
  state: 'AL',
  sourceName: alabamaBme.displayName,
  domain: 'dashboard.albme.gov',
  datasets: [],
  rosters: [alabamaBme],
  licenseNumberScope: 'license_type',
  format: { confidence: alabamaBme.formatConfidence, notes: alabamaBme.formatNotes },
  refresh: alabamaBme.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
