/** The SES v2 client of this container (see clients.ts): operational e-mail. */
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { containerClient } from './clients.ts';

export const ses = containerClient((withPlugins) => withPlugins(new SESv2Client({})));
