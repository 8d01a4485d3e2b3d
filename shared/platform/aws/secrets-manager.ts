/** The Secrets Manager client of this container (see clients.ts): the PDF signing material. */
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { containerClient } from './clients.ts';

export const secretsManager = containerClient((withPlugins) =>
  withPlugins(new SecretsManagerClient({ maxAttempts: 3, requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 } })),
);
