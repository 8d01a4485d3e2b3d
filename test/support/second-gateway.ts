// A second gateway process on the same emulators (its environment comes from the parent), like a second
// Lambda container. Prints its URL, then serves until killed.
import { fallbackRoute, routes } from '#shared/platform/infra/routes.ts';
import { startGateway } from '../../local/runtime/gateway.ts';

const gateway = await startGateway({ routes, fallback: fallbackRoute });
process.stdout.write(`${gateway.url}\n`);
