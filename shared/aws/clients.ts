/**
 * AWS SDK clients are created once per container, on first use, and traced (X-Ray subsegments per call
 * when tracing is on). Each service's client lives in its own module (`dynamo.ts`, `s3.ts`, `sqs.ts`,
 * `kms.ts`, `secrets-manager.ts`, `ses.ts`), so a function loads only the SDK packages it calls: an
 * import costs cold-start time whether or not the client is used. Endpoints come from the SDK's
 * standard configuration (`AWS_ENDPOINT_URL_<SERVICE>` locally, the regional endpoints on AWS).
 */
import { traced } from '../observability/tracer.ts';

export interface ContainerClient<C> {
  (): C;
  /** Destroys the client; the next call creates a new one (new endpoint configuration). */
  reset(): void;
}

const created = new Set<ContainerClient<unknown>>();

/** A client getter: `create` runs on the first call, and the SDK client it returns is traced. */
export function containerClient<C extends { destroy(): void }>(create: (trace: <T>(client: T) => T) => C): ContainerClient<C> {
  let client: C | undefined;
  const get = (() => (client ??= create(traced))) as ContainerClient<C>;
  get.reset = () => {
    client?.destroy();
    client = undefined;
  };
  created.add(get as ContainerClient<unknown>);
  return get;
}

/** Drops every client created so far, so the next calls pick up new configuration (tests, local tooling). */
export function resetClients(): void {
  for (const client of created) client.reset();
}
