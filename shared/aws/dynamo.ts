/** The DynamoDB document client of this container (see clients.ts). */
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
