/**
 * AWS SDK clients, created once per container on first use. Endpoints come from the SDK's standard
 * configuration (`AWS_ENDPOINT_URL_<SERVICE>` locally, the regional endpoints on AWS).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let documentClient: DynamoDBDocumentClient | undefined;

export function dynamo(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(
    new DynamoDBClient({
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
    }),
    { marshallOptions: { removeUndefinedValues: true } },
  );
  return documentClient;
}

/** Drops cached clients so the next call picks up new endpoint configuration (tests, local tooling). */
export function resetClients(): void {
  documentClient?.destroy();
  documentClient = undefined;
}
