// A queue worker in its own process (its environment comes from the parent), like a Lambda container
// that can be killed mid-message: it receives one message from its queue (the webhook delivery queue
// unless a queue id follows the visibility timeout) with a short visibility timeout, prints "received",
// and runs the real handler on it.
import { ReceiveMessageCommand, type Message } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { sqs } from '#shared/platform/aws/sqs.ts';
import { queueUrl } from '#shared/platform/config.ts';
import type { QueueId } from '#shared/platform/infra/resources.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';

const visibilitySeconds = Number(process.argv[2] ?? '2');
const queue = (process.argv[3] ?? 'webhookDelivery') as QueueId;
let message: Message | undefined;
do {
  const got = await sqs().send(
    new ReceiveMessageCommand({ QueueUrl: queueUrl(queue), MaxNumberOfMessages: 1, WaitTimeSeconds: 1, VisibilityTimeout: visibilitySeconds }),
  );
  message = got.Messages?.[0];
} while (!message);
process.stdout.write('received\n');
const worker = workers.find((w) => w.queue === queue)!;
const event = { Records: [{ messageId: message.MessageId!, receiptHandle: message.ReceiptHandle!, body: message.Body! }] } as unknown as SQSEvent;
await invoke(worker.entry, worker.id, event, worker.timeoutSeconds * 1000);
process.stdout.write('finished\n');
