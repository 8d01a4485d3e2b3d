import { containerValue } from '#shared/container.ts';
import { logger } from '#shared/observability/logger.ts';
import { isIngestRefusal, reportIngestRefusal } from '#shared/sources/ingest-refusal.ts';
import { listDefinition } from '#shared/sources/lists/definitions.ts';
import { ingestList, renewList } from '#shared/sources/lists/list-ingest.ts';
import { listIngestMessageSchema } from '#shared/sources/lists/list-ingest-message.ts';
import { SanctionsStore } from '#shared/sources/lists/sanctions-store.ts';
import { rosterDefinition } from '#shared/sources/rosters/definitions.ts';
import { ingestRoster, renewRoster } from '#shared/sources/rosters/roster-ingest.ts';
import { RosterStore } from '#shared/sources/rosters/roster-store.ts';
import { recordOperatorSourceAge } from '#shared/sources/health/operator-sources.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ sanctions: new SanctionsStore(), rosters: new RosterStore() }));

/**
 * Runs the check, then renews the current version's rows when due, whether the check succeeded or not.
 * A file the ingestion rules refuse is reported and the message done: retrying cannot change it.
 */
async function checkThenRenew(check: (() => Promise<void>) | null, renew: () => Promise<unknown>): Promise<void> {
  try {
    if (check) await check();
  } catch (error) {
    if (!isIngestRefusal(error)) throw error;
    reportIngestRefusal(error);
  } finally {
    await renew();
  }
}

/**
 * A sanctions list's or a state board roster's daily check (one scheduled message per list or roster
 * on the ingest queue; roster ids and list ids are one namespace), then the renewal of the current
 * version's rows when they are due (list-ingest.ts `renewList`). A source an operator uploads is not
 * downloaded: its daily message only renews, and records the days it has left before it is stale (the
 * `OperatorSourceAgeing` alarm). A failure is reported for the message, so it is retried
 * and, after the queue's receive limit, parked in the dead-letter queue; the list's current version
 * stays in use. A file refused by the ingestion rules (ingest-refusal.ts) is logged and counted (the
 * `SourceIngestRefused` alarm) and the message is done, not retried. A message naming no known list is an error too (a schedule for a list this code does
 * not have).
 */
export const handler = queueWorker('ListIngest', listIngestMessageSchema, async (message) => {
  const roster = rosterDefinition(message.list);
  if (roster) {
    const rosters = dependencies().rosters;
    await checkThenRenew(
      roster.locate.kind === 'operator_file'
        ? null
        : async () => {
            const outcome = await ingestRoster(roster, rosters, { force: message.force === true });
            logger.info('Roster check finished', { roster: outcome.roster, outcome: outcome.outcome, version: outcome.version });
          },
      () => renewRoster(roster, rosters),
    );
    if (roster.locate.kind === 'operator_file') recordOperatorSourceAge(roster.id, await rosters.current(roster.id), new Date());
    return;
  }
  const definition = listDefinition(message.list);
  if (!definition) throw new Error(`No sanctions list or roster "${message.list}"`);
  const sanctions = dependencies().sanctions;
  await checkThenRenew(
    definition.locate.kind === 'operator_file'
      ? null
      : async () => {
          const outcome = await ingestList(definition, sanctions, { force: message.force === true });
          logger.info('Sanctions list check finished', { list: outcome.list, outcome: outcome.outcome, version: outcome.version });
        },
    () => renewList(definition, sanctions),
  );
  if (definition.locate.kind === 'operator_file') recordOperatorSourceAge(definition.id, await sanctions.current(definition.id), new Date());
});
