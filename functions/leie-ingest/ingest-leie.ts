import type { SQSEvent } from 'aws-lambda';
import { logger } from '#shared/logging.ts';
import { ingestLeie } from '#shared/sources/leie/leie-ingest.ts';

/**
 * Daily LEIE check (scheduled message on the ingest queue). A failure throws, so the message is retried
 * and, after the queue's receive limit, parked in the dead-letter queue; the current list stays in use.
 */
export async function handler(event: SQSEvent): Promise<void> {
  for (const record of event.Records) {
    const message = JSON.parse(record.body) as { force?: boolean };
    const outcome = await ingestLeie({ force: message.force === true });
    logger.info('LEIE check finished', { outcome: outcome.outcome, version: outcome.version });
  }
}
