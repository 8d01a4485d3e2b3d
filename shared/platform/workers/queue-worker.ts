/**
 * The wrapper every queue worker is built with: telemetry (logger, metrics), then the batch
 * processed with a partial batch response. A message whose processing throws is logged, counted
 * (`QueueMessageFailures` by worker) and reported in `batchItemFailures`, so only it is retried, and
 * after the queue's receive limit parked in its dead-letter queue; the rest of the batch is deleted. A
 * worker body then only does its own work.
 *
 * The invocation always answers before the function's time-out, because a time-out makes SQS deliver the
 * whole batch again, finished messages included. Messages run up to `concurrency` at a time under one
 * deadline, the invocation's remaining time less `reserveMs`, which each message gets to bound its own
 * work. A message not started while `minStartMs` is still left, or not finished shortly after the
 * deadline, is reported as a failure and comes back after the queue's visibility timeout.
 */
import middy from '@middy/core';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import type * as z from 'zod';
import { Deadline } from '../deadline.ts';
import { errorSummary, logger } from '../observability/logger.ts';
import { useTelemetry, withTelemetry } from '../observability/handler-telemetry.ts';
import { recordMetric } from '../observability/metrics.ts';

export type MessageHandler<M> = (message: M, record: SQSRecord, context: Context, deadline: Deadline) => Promise<void>;

export interface QueueWorkerOptions {
  /** Messages of a batch processed at once (default 1: one after the other). */
  readonly concurrency?: number;
  /** Kept from the invocation's remaining time for answering (default 5 s). */
  readonly reserveMs?: number;
  /** A message is started only while at least this much of the deadline is left (default 0). */
  readonly minStartMs?: number;
}

/** After the deadline, how long a started message may still take before it is reported failed. */
const graceMs = (reserveMs: number) => Math.floor(reserveMs / 2);

/** Why a body is not a message of its queue: not JSON, or the schema's issues (each a path and a message; no values). */
export interface MessageRejection {
  readonly reason: string;
  readonly issues?: readonly { path: string; message: string }[];
}

/** A record's body parsed with the queue's message schema, or why it is not a message. */
export function parseMessage<S extends z.ZodType>(body: string, schema: S): { message: z.output<S> } | { rejected: MessageRejection } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { rejected: { reason: 'body is not JSON' } };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { message: parsed.data };
  return {
    rejected: {
      reason: 'body does not match the message schema',
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.') || '(message)', message: issue.message })),
    },
  };
}

export function queueWorker<S extends z.ZodType>(workerId: string, schema: S, handle: MessageHandler<z.output<S>>, options: QueueWorkerOptions = {}) {
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const reserveMs = options.reserveMs ?? 5_000;
  const minStartMs = options.minStartMs ?? 0;

  const batch = async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
    logger.appendKeys({ worker: workerId });
    const deadline = Deadline.forInvocation(context, reserveMs);
    const done = new Set<string>();
    const failed = new Set<string>();
    const fail = (record: SQSRecord, reason: string, details: Record<string, unknown> = {}) => {
      logger.error(reason, { message_id: record.messageId, ...details });
      recordMetric('queueMessageFailures', 1, { worker: workerId });
      failed.add(record.messageId);
    };

    const run = async (record: SQSRecord) => {
      const left = deadline.remainingMs();
      if (left <= 0 || left < minStartMs) {
        fail(record, 'Queue message not started: too little time left in this invocation; it will be retried');
        return;
      }
      const parsed = parseMessage(record.body, schema);
      if ('rejected' in parsed) {
        fail(record, 'Queue message rejected: not a message of this queue; it goes to the dead-letter queue after the receive limit', {
          receive_count: Number(record.attributes?.ApproximateReceiveCount ?? 1),
          ...parsed.rejected,
        });
        return;
      }
      // One message at a time: its id goes on every log line. Concurrent messages log their own ids.
      if (concurrency === 1) logger.appendKeys({ message_id: record.messageId });
      try {
        await handle(parsed.message, record, context, deadline);
        if (!failed.has(record.messageId)) done.add(record.messageId);
      } catch (error) {
        if (!failed.has(record.messageId)) fail(record, 'Queue message failed; it will be retried', { error: errorSummary(error) });
      } finally {
        if (concurrency === 1) logger.removeKeys(['message_id']);
      }
    };

    const queue = [...event.Records];
    const lanes = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let record = queue.shift(); record; record = queue.shift()) await run(record);
    });
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), deadline.remainingMs() + graceMs(reserveMs));
    });
    try {
      if ((await Promise.race([Promise.all(lanes), outOfTime])) === 'timeout') {
        queue.length = 0;
        for (const record of event.Records) {
          if (!done.has(record.messageId) && !failed.has(record.messageId))
            fail(record, 'Queue message not finished before the time limit; it will be retried');
        }
      }
    } finally {
      clearTimeout(timer);
    }
    return { batchItemFailures: event.Records.filter((r) => failed.has(r.messageId)).map((r) => ({ itemIdentifier: r.messageId })) };
  };
  return withTelemetry(useTelemetry(middy<SQSEvent, SQSBatchResponse>()).handler(batch));
}
