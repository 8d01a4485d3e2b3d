/** The SQS queue of webhook delivery steps (`DeliveryQueue`, delivery-ports.ts). */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../../../../platform/aws/sqs.ts';
import { sendMessageBatch } from '../../../../platform/aws/sqs-batch.ts';
import { queueUrl } from '../../../../platform/config.ts';
import type { DeliveryMessage, DeliveryQueue } from '../delivery-ports.ts';

export class SqsDeliveryQueue implements DeliveryQueue {
  async send(message: DeliveryMessage, delaySeconds: number): Promise<void> {
    await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl('webhookDelivery'), MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds }));
  }

  /** SendMessageBatch in chunks of 10, entries SQS failed sent again (sqs-batch.ts); throws `BatchSendError` for any left unsent. */
  async sendAll(messages: readonly DeliveryMessage[]): Promise<void> {
    await sendMessageBatch(
      queueUrl('webhookDelivery'),
      messages.map((message) => ({ MessageBody: JSON.stringify(message) })),
    );
  }
}
