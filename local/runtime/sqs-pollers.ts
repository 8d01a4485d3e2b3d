/**
 * Feeds queue messages to worker handlers the way a Lambda SQS event-source mapping does: receive a
 * batch, invoke the handler with an SQSEvent, delete what succeeded. With partial batch responses, only
 * the ids listed in `batchItemFailures` stay on the queue; if the handler throws, the whole batch stays
 * and is redelivered after the visibility timeout (and reaches the dead-letter queue after
 * `maxReceiveCount` receives).
 */
import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient, type Message } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { createHash } from 'node:crypto';
import type { WorkerDefinition } from '#shared/platform/infra/routes.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { invoke } from './lambda-runtime.ts';

export interface PollerOptions {
  readonly workers: readonly WorkerDefinition[];
  readonly queueUrl: (worker: WorkerDefinition) => string;
  readonly sqs: SQSClient;
  /** Long-poll wait; short keeps shutdown quick. */
  readonly waitTimeSeconds?: number;
}

export interface Pollers {
  stop(): Promise<void>;
}

export function toSqsRecord(message: Message, queueArn: string): SQSRecord {
  const attrs = message.Attributes ?? {};
  return {
    messageId: message.MessageId!,
    receiptHandle: message.ReceiptHandle!,
    body: message.Body ?? '',
    attributes: {
      ApproximateReceiveCount: attrs.ApproximateReceiveCount ?? '1',
      SentTimestamp: attrs.SentTimestamp ?? String(Date.now()),
      SenderId: attrs.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: attrs.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
    },
    messageAttributes: Object.fromEntries(
      Object.entries(message.MessageAttributes ?? {}).map(([name, v]) => [
        name,
        {
          dataType: v.DataType ?? 'String',
          ...(v.StringValue !== undefined ? { stringValue: v.StringValue } : {}),
          ...(v.BinaryValue !== undefined ? { binaryValue: Buffer.from(v.BinaryValue).toString('base64') } : {}),
        },
      ]),
    ),
    md5OfBody:
      message.MD5OfBody ??
      createHash('md5')
        .update(message.Body ?? '')
        .digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'us-east-1',
  };
}

export function startPollers(options: PollerOptions): Pollers {
  let running = true;
  const loops: Promise<void>[] = [];
  for (const worker of options.workers) {
    const queueUrl = options.queueUrl(worker);
    const queueArn = `arn:aws:sqs:us-east-1:000000000000:${queueUrl.split('/').pop()}`;
    for (let i = 0; i < worker.maxConcurrency; i++) {
      loops.push(
        (async () => {
          while (running) {
            try {
              await pollOnce(options, worker, queueUrl, queueArn);
            } catch (error) {
              if (running) {
                logger.error('Local poller error', { worker: worker.id, error: (error as Error).message });
                await new Promise((r) => setTimeout(r, 500));
              }
            }
          }
        })(),
      );
    }
  }
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

async function pollOnce(options: PollerOptions, worker: WorkerDefinition, queueUrl: string, queueArn: string): Promise<void> {
  const received = await options.sqs.send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl,
      MaxNumberOfMessages: worker.batchSize,
      WaitTimeSeconds: options.waitTimeSeconds ?? 1,
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    }),
  );
  const messages = received.Messages ?? [];
  if (messages.length === 0) return;
  const event: SQSEvent = { Records: messages.map((m) => toSqsRecord(m, queueArn)) };
  let failed = new Set<string>();
  try {
    const result = (await invoke(worker.entry, worker.id, event, worker.timeoutSeconds * 1000)) as SQSBatchResponse | undefined;
    failed = new Set((result?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
  } catch (error) {
    logger.error('Worker invocation failed; the batch will be redelivered', { worker: worker.id, error: (error as Error).message });
    return;
  }
  const done = messages.filter((m) => !failed.has(m.MessageId!));
  if (done.length === 0) return;
  await options.sqs.send(
    new DeleteMessageBatchCommand({
      QueueUrl: queueUrl,
      Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle! })),
    }),
  );
}
