/**
 * Ingests every sanctions list a program can download (all but those loaded from an operator's file)
 * from the sources the environment points at: the local stack at start-up, the benchmarks.
 */
import { listDefinitions } from '#shared/sources/lists/definitions.ts';
import { ingestList, type ListIngestOutcome } from '#shared/sources/lists/list-ingest.ts';
import type { SanctionsStore } from '#shared/sources/lists/sanctions-store.ts';

export async function ingestServedLists(store: SanctionsStore): Promise<ListIngestOutcome[]> {
  const downloadable = Object.values(listDefinitions).filter((d) => d.locate.kind !== 'operator_file');
  return Promise.all(downloadable.map((definition) => ingestList(definition, store)));
}
