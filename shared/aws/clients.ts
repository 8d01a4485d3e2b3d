/**
 * AWS SDK clients, created once per container on first use. Endpoints come from the SDK's standard
 * configuration (`AWS_ENDPOINT_URL_<SERVICE>` locally, the regional endpoints on AWS).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SQSClient } from '@aws-sdk/client-sqs';

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

let s3Client: S3Client | undefined;

export function s3(): S3Client {
  s3Client ??= new S3Client({
    forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true',
    // Checksums only where S3 requires them: streamed bodies are then sent plainly, not aws-chunked,
    // which every S3 implementation (the local emulator included) stores correctly.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 30_000 },
  });
  return s3Client;
}

let sqsClient: SQSClient | undefined;

export function sqs(): SQSClient {
  // Requests go to the configured (regional) endpoint, not to the host inside each queue URL.
  sqsClient ??= new SQSClient({ useQueueUrlAsEndpoint: false, requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 } });
  return sqsClient;
}

/** Drops cached clients so the next call picks up new endpoint configuration (tests, local tooling). */
export function resetClients(): void {
  documentClient?.destroy();
  documentClient = undefined;
  s3Client?.destroy();
  s3Client = undefined;
  sqsClient?.destroy();
  sqsClient = undefined;
}
