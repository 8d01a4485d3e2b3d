/** The DynamoDB document clients of this container (see clients.ts). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { containerClient } from './clients.ts';

export const dynamo = containerClient((withPlugins) =>
  DynamoDBDocumentClient.from(
    // The plugins go on the base client: the document client sends through it.
    withPlugins(new DynamoDBClient({ maxAttempts: 3, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } })),
    { marshallOptions: { removeUndefinedValues: true } },
  ),
);

/**
 * The client of bulk loads (sources/lists/adapters/batch-write.ts): adaptive retry mode, so a throttled table slows this
 * container's sends (a client-side rate that backs off on throttling errors and recovers as calls
 * succeed) instead of spending retries at full speed. The load retries throttling itself as well.
 */
export const ingestDynamo = containerClient((withPlugins) =>
  DynamoDBDocumentClient.from(
    withPlugins(new DynamoDBClient({ retryMode: 'adaptive', maxAttempts: 4, requestHandler: { connectionTimeout: 1_000, requestTimeout: 10_000 } })),
    { marshallOptions: { removeUndefinedValues: true } },
  ),
);
