import { containerValue } from '#shared/platform/container.ts';
import { checkThenRenew } from '#shared/features/sources/ingest-refusal.ts';
import { LoadInterrupted } from '#shared/features/sources/lists/load-progress.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { listDefinition } from '#shared/features/sources/lists/definitions.ts';
import { ingestList, renewList } from '#shared/features/sources/lists/list-ingest.ts';
import { listIngestMessageSchema } from '#shared/features/sources/lists/list-ingest-message.ts';
import { rosterDefinition } from '#shared/features/sources/rosters/definitions.ts';
import { ingestRoster, renewRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { recordOperatorSourceAge } from '#shared/features/sources/health/operator-sources.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';
import { dynamoRosterStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const interrupted = (error: unknown) => error instanceof LoadInterrupted;

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ sanctions: dynamoSanctionsStore(), rosters: dynamoRosterStore() }));

/**
 * A sanctions list's or a state board roster's daily check (one scheduled message per list or roster
 * on the ingest queue; roster ids and list ids are one namespace), then the renewal of the current
 * version's rows when they are due (list-ingest.ts `renewList`). A source an operator uploads is not
 * downloaded: its daily message only renews, and records the days it has left before it is stale (the
 * `OperatorSourceAgeing` alarm). A refusal by the ingestion rules, of the check or of the renewal, is final:
 * reported and the message acknowledged (ingest-refusal.ts `checkThenRenew`). A failure other than a refusal is reported for the message, so it is retried
 * and, after the queue's receive limit, parked in the dead-letter queue; the list's current version
 * stays in use. A message naming no known list is an error too (a schedule for a list this code does
 * not have). A list or roster load that cannot finish before the invocation's deadline stops, records where it
 * stopped and fails the message; the retry resumes it (load-progress.ts).
 */
export const handler = queueWorker('ListIngest', listIngestMessageSchema, async (message, _record, _context, deadline) => {
  const roster = rosterDefinition(message.list);
  if (roster) {
    const rosters = dependencies().rosters;
    await checkThenRenew(
      roster.locate.kind === 'operator_file'
        ? null
        : async () => {
            const outcome = await ingestRoster(roster, rosters, { force: message.force === true, deadline });
            logger.info('Roster check finished', { roster: outcome.roster, outcome: outcome.outcome, version: outcome.version });
          },
      () => renewRoster(roster, rosters),
      interrupted,
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
          const outcome = await ingestList(definition, sanctions, { force: message.force === true, deadline });
          logger.info('Sanctions list check finished', { list: outcome.list, outcome: outcome.outcome, version: outcome.version });
        },
    () => renewList(definition, sanctions),
    interrupted,
  );
  if (definition.locate.kind === 'operator_file') recordOperatorSourceAge(definition.id, await sanctions.current(definition.id), new Date());
});
