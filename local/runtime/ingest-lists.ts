/**
 * Ingests every sanctions list and every board roster a program can download (all but those loaded
 * from an operator's file) from the sources the environment points at: the local stack at start-up,
 * the benchmarks.
 */
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { ingestList, type ListIngestOutcome } from '#shared/features/sources/lists/list-ingest.ts';
import type { SanctionsStore } from '#shared/features/sources/lists/sanctions-store.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { rosterDefinitions } from '#shared/features/sources/rosters/definitions.ts';
import { ingestRoster, type RosterIngestOutcome } from '#shared/features/sources/rosters/roster-ingest.ts';
import type { RosterStore } from '#shared/features/sources/rosters/roster-store.ts';

export async function ingestServedLists(store: SanctionsStore): Promise<ListIngestOutcome[]> {
  const downloadable = Object.values(listDefinitions).filter((d) => d.locate.kind !== 'operator_file');
  // One after another: each ingest already writes in parallel batches, and together they would swamp
  // the in-process emulator.
  const outcomes: ListIngestOutcome[] = [];
  for (const definition of downloadable) outcomes.push(await ingestList(definition, store));
  return outcomes;
}

/**
 * Loads every roster the simulator serves (fixed URLs), as a deployed stack has them after its first
 * daily check; a roster whose files are not there is left unloaded (its state then answers
 * source_unavailable), logged and not fatal.
 */
export async function ingestServedRosters(store: RosterStore): Promise<RosterIngestOutcome[]> {
  const downloadable = Object.values(rosterDefinitions).filter((d) => d.locate.kind === 'fixed');
  const outcomes: RosterIngestOutcome[] = [];
  for (const definition of downloadable) {
    try {
      outcomes.push(await ingestRoster(definition, store));
    } catch (error) {
      logger.warn('Roster not loaded at start-up', { roster: definition.id, reason: (error as Error).message });
    }
  }
  return outcomes;
}
