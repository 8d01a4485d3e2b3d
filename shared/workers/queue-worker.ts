/**
 * The wrapper every queue worker is built with: telemetry (logger, tracer, metrics), then the batch
 * processed one message at a time with a partial batch response. A message whose processing throws is
 * logged, counted (`QueueMessageFailures` by worker) and reported in `batchItemFailures`, so only it is
 * retried, and after the queue's receive limit parked in its dead-letter queue; the rest of the batch
 * is deleted. A worker body then only does its own work.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { errorSummary, logger } from '../logging.ts';
import { useTelemetry, withTelemetry } from '../observability/handler-telemetry.ts';
import { recordMetric } from '../observability/metrics.ts';

export type MessageHandler<M> = (message: M, record: SQSRecord, context: Context) => Promise<void>;

export function queueWorker<M>(workerId: string, handle: MessageHandler<M>) {
  const batch = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    logger.appendKeys({ worker: workerId });
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      logger.appendKeys({ message_id: record.messageId });
      try {
        await handle(JSON.parse(record.body) as M, record, context);
      } catch (error) {
        logger.error('Queue message failed; it will be retried', { error: errorSummary(error) });
        recordMetric('queueMessageFailures', 1, { worker: workerId });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      } finally {
        logger.removeKeys(['message_id']);
      }
    }
    return { batchItemFailures };
  };
  return withTelemetry(useTelemetry(middy<SQSEvent, SQSBatchResponse>()).handler(batch));
}
