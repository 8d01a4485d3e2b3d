/** Every roster the service ingests, by id. Roster and sanctions-list ids share the SourceState and Sanctions key space. */
import { listDefinitions } from '../lists/definitions.ts';
import type { RosterDefinition } from './roster-definition.ts';
import { alabamaBme } from './states/alabama.ts';
import { alaskaCbpl } from './states/alaska.ts';
import { arkansasPodiatry } from './states/arkansas.ts';
import { californiaBbs } from './states/california.ts';
import { floridaMqa } from './states/florida.ts';
import { louisianaMassage } from './states/louisiana.ts';
import { marylandPhysicians } from './states/maryland.ts';
import { nevadaPharmacy } from './states/nevada.ts';
import { southDakotaBoards } from './states/south-dakota.ts';
import { missouriMopro } from './states/missouri.ts';
import { txBhec } from './states/tx-bhec.ts';
import { westVirginiaBom } from './states/west-virginia.ts';
import { wyomingActive, wyomingBoards } from './states/wyoming.ts';

export const rosterDefinitions: Readonly<Record<string, RosterDefinition>> = {
  [txBhec.id]: txBhec,
  [marylandPhysicians.id]: marylandPhysicians,
  [floridaMqa.id]: floridaMqa,
  [alabamaBme.id]: alabamaBme,
  [westVirginiaBom.id]: westVirginiaBom,
  [wyomingBoards.id]: wyomingBoards,
  [wyomingActive.id]: wyomingActive,
  [nevadaPharmacy.id]: nevadaPharmacy,
  [southDakotaBoards.id]: southDakotaBoards,
  [missouriMopro.id]: missouriMopro,
  [arkansasPodiatry.id]: arkansasPodiatry,
  [louisianaMassage.id]: louisianaMassage,
  [alaskaCbpl.id]: alaskaCbpl,
  [californiaBbs.id]: californiaBbs,
};

for (const id of Object.keys(rosterDefinitions)) {
  if (Object.hasOwn(listDefinitions, id) || id === 'leie') throw new Error(`roster id "${id}" is also a list id`);
}

export function rosterDefinition(id: string): RosterDefinition | undefined {
  return Object.hasOwn(rosterDefinitions, id) ? rosterDefinitions[id] : undefined;
}
