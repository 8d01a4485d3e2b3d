import { logger } from '#shared/platform/observability/logger.ts';
import { checkThenRenew } from '#shared/features/sources/ingest-refusal.ts';
import { LoadInterrupted } from '#shared/features/sources/lists/load-progress.ts';
import { ingestLeie, renewLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { leieIngestMessageSchema } from '#shared/features/sources/leie/leie-ingest-message.ts';
import { queueWorker } from '#shared/platform/workers/queue-worker.ts';
import { containerValue } from '#shared/platform/container.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ exclusions: dynamoExclusionStore() }));

/**
 * LEIE check every 12 hours (scheduled message on the ingest queue), then the renewal of the current
 * version's rows when they are due (leie-ingest.ts `renewLeie`), whether the check succeeded or not. A
 * refusal by the ingestion rules (IngestRefusal), of the check or the renewal, is final: logged, counted
 * and the message acknowledged. Any other failure is reported for the message, so it is retried and,
 * after the queue's receive limit, parked in the dead-letter queue; the current list stays in use. A load
 * that cannot finish before the invocation's deadline stops, and the retry resumes it (load-progress.ts).
 */
export const handler = queueWorker('LeieIngest', leieIngestMessageSchema, async (message, _record, _context, deadline) => {
  const exclusions = dependencies().exclusions;
  await checkThenRenew(
    async () => {
      const outcome = await ingestLeie(exclusions, { force: message.force === true, deadline });
      logger.info('LEIE check finished', { outcome: outcome.outcome, version: outcome.version });
    },
    () => renewLeie(exclusions),
    (error) => error instanceof LoadInterrupted,
  );
});
