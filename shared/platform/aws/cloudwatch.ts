/** The CloudWatch client of this container (see clients.ts): metrics sent by a process that is no Lambda invocation. */
import { CloudWatchClient } from '@aws-sdk/client-cloudwatch';
import { containerClient } from './clients.ts';

export const cloudWatch = containerClient((withPlugins) =>
  withPlugins(new CloudWatchClient({ requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 } })),
);
