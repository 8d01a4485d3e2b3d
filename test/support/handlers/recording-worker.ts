import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';

/** A queue worker for tests: records what it receives, reports bodies with `"fail": true` as failures. */
export const received: string[] = ((globalThis as { __workerReceived?: string[] }).__workerReceived ??= []);

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    received.push(record.body);
    if ((JSON.parse(record.body) as { fail?: boolean }).fail) batchItemFailures.push({ itemIdentifier: record.messageId });
  }
  return { batchItemFailures };
}
