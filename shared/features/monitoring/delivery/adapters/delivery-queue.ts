/** The SQS queue of webhook delivery steps (`DeliveryQueue`, delivery-ports.ts). */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../../../../platform/aws/sqs.ts';
import { queueUrl } from '../../../../platform/config.ts';
import type { DeliveryMessage, DeliveryQueue } from '../delivery-ports.ts';

export class SqsDeliveryQueue implements DeliveryQueue {
  async send(message: DeliveryMessage, delaySeconds: number): Promise<void> {
    await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl('webhookDelivery'), MessageBody: JSON.stringify(message), DelaySeconds: delaySeconds }));
  }
}
