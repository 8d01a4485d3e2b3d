/** The SQS queue of monitor checks (`CheckQueue`, monitor-sweep.ts), which the sweep fills. */
import { sendMessageBatch } from '../../../../platform/aws/sqs-batch.ts';
import { queueUrl } from '../../../../platform/config.ts';
import type { CheckMessage } from '../monitor-check.ts';
import type { CheckQueue } from '../monitor-sweep.ts';

export class SqsCheckQueue implements CheckQueue {
  /** SendMessageBatch in chunks of 10, entries SQS failed sent again (sqs-batch.ts); throws `BatchSendError` for any left unsent. */
  async sendAll(messages: readonly CheckMessage[]): Promise<void> {
    await sendMessageBatch(
      queueUrl('monitorCheck'),
      messages.map((message) => ({ MessageBody: JSON.stringify(message) })),
    );
  }
}
