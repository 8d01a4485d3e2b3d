/** The KMS client of this container (see clients.ts): certificate signing and webhook-secret sealing. */
import { KMSClient } from '@aws-sdk/client-kms';
import { containerClient } from './clients.ts';

export const kms = containerClient((withPlugins) =>
  withPlugins(new KMSClient({ maxAttempts: 3, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } })),
);
