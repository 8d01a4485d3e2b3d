/**
 * Nevada: the State Board of Pharmacy's export of every pharmacist record (rosters/states/nevada.ts),
 * loaded by the operator. Other Nevada boards (medicine, osteopathic medicine, nursing, dentistry) offer
 * a search only, no file.
 */
import { nevadaPharmacy } from '../../rosters/states/nevada.ts';
import type { StateBoardDefinition } from '../board-definition.ts';

export const nevada: StateBoardDefinition = {
  state: 'NV',
  sourceName: nevadaPharmacy.displayName,
  domain: 'online.nvbop.org',
  datasets: [],
  rosters: [nevadaPharmacy],
  // One board, one license type: a registration number names one pharmacist.
  licenseNumberScope: 'state',
  format: { confidence: nevadaPharmacy.formatConfidence, notes: nevadaPharmacy.formatNotes },
  refresh: nevadaPharmacy.refresh,
  uncoveredProfession: 'reject_before_lookup',
};
