import { logger } from '#shared/observability/logger.ts';
import { isIngestRefusal, reportIngestRefusal } from '#shared/sources/ingest-refusal.ts';
import { ingestLeie, renewLeie } from '#shared/sources/leie/leie-ingest.ts';
import { leieIngestMessageSchema } from '#shared/sources/leie/leie-ingest-message.ts';
import { queueWorker } from '#shared/workers/queue-worker.ts';
import { containerValue } from '#shared/container.ts';
import { ExclusionStore } from '#shared/sources/leie/exclusion-store.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ exclusions: new ExclusionStore() }));

/**
 * LEIE check every 12 hours (scheduled message on the ingest queue), then the renewal of the current
 * version's rows when they are due (leie-ingest.ts `renewLeie`), whether the check succeeded or not. A
 * failure is reported for the message, so it is retried and, after the queue's receive limit, parked in
 * the dead-letter queue; the current list stays in use. A file refused by the ingestion rules
 * (ingest-refusal.ts) is logged and counted, and the message is done, not retried.
 */
export const handler = queueWorker('LeieIngest', leieIngestMessageSchema, async (message) => {
  const exclusions = dependencies().exclusions;
  try {
    const outcome = await ingestLeie(exclusions, { force: message.force === true });
    logger.info('LEIE check finished', { outcome: outcome.outcome, version: outcome.version });
  } catch (error) {
    if (!isIngestRefusal(error)) throw error;
    reportIngestRefusal(error);
  } finally {
    await renewLeie(exclusions);
  }
});
