/**
 * AWS SDK clients are created once per container, on first use. Each service's client lives in its
 * own module (`dynamo.ts`, `s3.ts`, `sqs.ts`,
 * `kms.ts`, `secrets-manager.ts`, `ses.ts`), so a function loads only the SDK packages it calls: an
 * import costs cold-start time whether or not the client is used. Endpoints come from the SDK's
 * standard configuration (`AWS_ENDPOINT_URL_<SERVICE>` locally, the regional endpoints on AWS).
 */
import type { Pluggable } from '@smithy/types';
import { forgetOnNewContainer } from '../container.ts';

/** An SDK client of this container, created on first call; `newContainer()` destroys it (new endpoint configuration). */
export type ContainerClient<C> = () => C;

// biome-ignore lint/suspicious/noExplicitAny: an SDK plugin applies to clients of every service, whose input and output types differ.
const plugins: Pluggable<any, any>[] = [];

interface Pluggability {
  // biome-ignore lint/suspicious/noExplicitAny: an SDK plugin applies to clients of every service, whose input and output types differ.
  middlewareStack: { use(plugin: Pluggable<any, any>): void };
}

/**
 * Adds a plugin to every client created from now on (the local stack's AWS rules; nothing on AWS).
 * Call `newContainer` after, so clients already made are made again with it.
 */
// biome-ignore lint/suspicious/noExplicitAny: an SDK plugin applies to clients of every service, whose input and output types differ.
export function useOnEveryClient(plugin: Pluggable<any, any>): () => void {
  plugins.push(plugin);
  return () => {
    const at = plugins.indexOf(plugin);
    if (at >= 0) plugins.splice(at, 1);
  };
}

/** Adds the plugins of `useOnEveryClient` to an SDK client. */
function withPlugins<T>(client: T): T {
  for (const plugin of plugins) (client as unknown as Pluggability).middlewareStack.use(plugin);
  return client;
}

/** A client getter: `create` runs on the first call and passes the SDK client it makes through `withPlugins`. */
export function containerClient<C extends { destroy(): void }>(create: (withPlugins: <T>(client: T) => T) => C): ContainerClient<C> {
  let client: C | undefined;
  forgetOnNewContainer(() => {
    client?.destroy();
    client = undefined;
  });
  return () => (client ??= create(withPlugins));
}
