/**
 * A stack for tests of history exports: the writing starts at once (no settle delay) and no poller runs
 * the export worker, so a test runs it when it wants the file written (`receiveAndRunExport`) or kills it.
 */
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { queueUrl } from '#shared/platform/config.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { toSqsRecord } from '../../local/runtime/sqs-pollers.ts';
import { OpenApiValidator } from './openapi-validator.ts';
import { startTestStack, type TestStack } from './stack.ts';

export const exportWorker = workers.find((w) => w.queue === 'historyExport')!;

export interface ExportStack {
  readonly t: TestStack;
  /** An enterprise account's test key. */
  readonly testKey: string;
  readonly accountId: string;
  /** The served OpenAPI document, to check answers against. */
  readonly contract: OpenApiValidator;
  stop(): Promise<void>;
}

export async function startExportStack(): Promise<ExportStack> {
  process.env.HISTORY_EXPORT_SETTLE_SECONDS = '0';
  const t = await startTestStack({ workers: workers.filter((w) => w.queue !== 'historyExport') });
  const test = await t.issue({ plan: 'enterprise', mode: 'test', minuteLimit: 10_000 });
  const contract = new OpenApiValidator((await t.call('/v1/openapi.json')).body);
  return {
    t,
    testKey: test.api_key,
    accountId: test.account_id,
    contract,
    stop: async () => {
      delete process.env.HISTORY_EXPORT_SETTLE_SECONDS;
      await t.stop();
    },
  };
}

/**
 * Receives one message of the export queue and runs the worker on it as the event-source mapping does
 * (deleting it unless the worker handed it back); answers how many it ran and how many of them succeeded.
 */
export async function receiveAndRunExport(
  visibilitySeconds?: number,
  timeoutMs = exportWorker.timeoutSeconds * 1000,
): Promise<{ received: number; succeeded: number }> {
  const got = await sqs().send(
    new ReceiveMessageCommand({
      QueueUrl: queueUrl('historyExport'),
      MaxNumberOfMessages: 1,
      WaitTimeSeconds: 1,
      MessageSystemAttributeNames: ['ApproximateReceiveCount'],
      ...(visibilitySeconds === undefined ? {} : { VisibilityTimeout: visibilitySeconds }),
    }),
  );
  const messages = got.Messages ?? [];
  if (messages.length === 0) return { received: 0, succeeded: 0 };
  const event = { Records: messages.map((m) => toSqsRecord(m, 'arn:aws:sqs:us-east-1:000000000000:HistoryExportQueue')) } as SQSEvent;
  const out = (await invoke(exportWorker.entry, exportWorker.id, event, timeoutMs)) as SQSBatchResponse | undefined;
  const failed = new Set((out?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
  for (const m of messages) {
    if (!failed.has(m.MessageId!)) await sqs().send(new DeleteMessageCommand({ QueueUrl: queueUrl('historyExport'), ReceiptHandle: m.ReceiptHandle! }));
  }
  return { received: messages.length, succeeded: messages.length - failed.size };
}
