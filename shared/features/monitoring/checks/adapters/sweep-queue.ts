/** The SQS queue of the monitor sweep: where a sweep queues its own continuation. */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../../../../platform/aws/sqs.ts';
import { queueUrl } from '../../../../platform/config.ts';
import type { SweepMessage } from '../monitor-sweep.ts';

export class SqsSweepQueue {
  async send(message: SweepMessage): Promise<void> {
    await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl('monitorSweep'), MessageBody: JSON.stringify(message) }));
  }
}
