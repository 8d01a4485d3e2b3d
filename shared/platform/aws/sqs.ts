/** The SQS client of this container (see clients.ts). */
import { SQSClient } from '@aws-sdk/client-sqs';
import { containerClient } from './clients.ts';

// Requests go to the configured (regional) endpoint, not to the host inside each queue URL.
export const sqs = containerClient((withPlugins) =>
  withPlugins(new SQSClient({ useQueueUrlAsEndpoint: false, requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 } })),
);
