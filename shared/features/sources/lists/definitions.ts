/** Every sanctions list the service ingests, by id. */
import { caMediCalSuspended } from './ca-medi-cal.ts';
import { cmsOptOut } from './cms-opt-out.ts';
import { cmsRevoked } from './cms-revoked.ts';
import { coHcpf } from './co-hcpf.ts';
import { ilHfsSanctions } from './il-hfs.ts';
import type { ListDefinition } from './list-definition.ts';
import { nppesDeactivated } from './nppes-deactivated.ts';
import { nyOmig } from './ny-omig.ts';
import { samExclusions } from './sam-exclusions.ts';
import { txHhscExclusions } from './tx-hhsc.ts';
import { waHca } from './wa-hca.ts';

export const listDefinitions: Readonly<Record<string, ListDefinition>> = {
  [samExclusions.id]: samExclusions,
  [cmsOptOut.id]: cmsOptOut,
  [cmsRevoked.id]: cmsRevoked,
  [ilHfsSanctions.id]: ilHfsSanctions,
  [txHhscExclusions.id]: txHhscExclusions,
  [caMediCalSuspended.id]: caMediCalSuspended,
  [nppesDeactivated.id]: nppesDeactivated,
  [waHca.id]: waHca,
  [coHcpf.id]: coHcpf,
  [nyOmig.id]: nyOmig,
};

export function listDefinition(id: string): ListDefinition | undefined {
  return Object.hasOwn(listDefinitions, id) ? listDefinitions[id] : undefined;
}
