/** The DynamoDB document client of this container (see clients.ts). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { containerClient } from './clients.ts';

export const dynamo = containerClient((trace) =>
  DynamoDBDocumentClient.from(
    // The base client is the one traced: the document client sends through it.
    trace(new DynamoDBClient({ maxAttempts: 3, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } })),
    { marshallOptions: { removeUndefinedValues: true } },
  ),
);
