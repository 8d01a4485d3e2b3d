// The history export worker in a process of its own (its environment comes from the parent), so its
// peak memory is its own: receives one message from the export queue, runs the real handler on it, and
// prints its time and the process's resident memory before and at peak as one JSON line.
import { DeleteMessageCommand, ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { queueUrl } from '#shared/platform/config.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { toSqsRecord } from '../../local/runtime/sqs-pollers.ts';

const worker = workers.find((w) => w.queue === 'historyExport')!;
let message: Message | undefined;
do {
  const got = await sqs().send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl('historyExport'), MaxNumberOfMessages: 1, WaitTimeSeconds: 1, VisibilityTimeout: 900 }),
  );
  message = got.Messages?.[0];
} while (!message);
// Modules loaded and the client warm before the baseline is read: the peak over it is the export's.
await import(`../../${worker.entry}`);
const rssBeforeMb = process.memoryUsage().rss / 2 ** 20;
const started = performance.now();
const event = { Records: [toSqsRecord(message, 'arn:aws:sqs:us-east-1:000000000000:HistoryExportQueue')] } as SQSEvent;
const out = (await invoke(worker.entry, worker.id, event, worker.timeoutSeconds * 1000)) as { batchItemFailures?: unknown[] } | undefined;
const ms = performance.now() - started;
if (out?.batchItemFailures?.length) throw new Error('the export failed');
await sqs().send(new DeleteMessageCommand({ QueueUrl: queueUrl('historyExport'), ReceiptHandle: message.ReceiptHandle! }));
process.stdout.write(`${JSON.stringify({ ms, rssBeforeMb, peakRssMb: process.resourceUsage().maxRSS / 1024 })}\n`);
process.exit(0);
