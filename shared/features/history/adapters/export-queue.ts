/** The SQS queue of history exports to write (`ExportQueue`, ports.ts). */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../../../platform/aws/sqs.ts';
import { queueUrl } from '../../../platform/config.ts';
import type { ExportQueue } from '../ports.ts';

export class SqsExportQueue implements ExportQueue {
  async queueExport(exportId: string, delaySeconds: number): Promise<void> {
    await sqs().send(
      new SendMessageCommand({
        QueueUrl: queueUrl('historyExport'),
        MessageBody: JSON.stringify({ kind: 'history_export', export_id: exportId }),
        DelaySeconds: delaySeconds,
      }),
    );
  }
}
