/**
 * Every function of the stack as one row: the routes' (one per route of the route table), the fallback
 * that answers unmatched paths, and the queue workers. A row says what the function runs (entry,
 * description, time-out, memory, what its bundle carries), what it is granted, and what invokes it;
 * `ServiceStack` turns each row into a function with one method (`addFunction`), in the table's order.
 */
import type { BundleExtras } from '../shared/platform/infra/function-bundling.ts';
import type { QueueId } from '../shared/platform/infra/resources.ts';
import type { ResourceUse } from '../shared/platform/infra/resource-use.ts';
import { fallbackRoute, resourceAccess, routes, workerAccess, workers, type HttpMethod } from '../shared/platform/infra/routes.ts';

/** What invokes a function: an API route, the API's `$default` route, or a work queue. */
export type FunctionTrigger =
  | { readonly kind: 'route'; readonly method: HttpMethod; readonly path: string; readonly isPublic: boolean }
  | { readonly kind: 'default-route' }
  | { readonly kind: 'queue'; readonly queue: QueueId; readonly batchSize: number; readonly maxConcurrency: number };

export interface FunctionDefinition {
  /** Logical id of the function (and, with `Integration` after it, of its API integration). */
  readonly id: string;
  /** Handler module relative to the repository root. */
  readonly entry: string;
  readonly description: string;
  /** Default 10 s (`ServiceFunction`). */
  readonly timeoutSeconds?: number;
  /** Default 512 MB (`ServiceFunction`). */
  readonly memoryMb?: number;
  readonly bundleExtras?: BundleExtras;
  /** What it may touch; nothing when absent. */
  readonly grants?: ResourceUse;
  readonly trigger: FunctionTrigger;
}

/** The rows: routes, then the fallback, then the workers (the order of the functions in the stack). */
export function functionTable(): FunctionDefinition[] {
  return [
    ...routes.map(
      (route): FunctionDefinition => ({
        id: route.id,
        entry: route.entry,
        description: `${route.method} ${route.path}: ${route.summary}`,
        timeoutSeconds: route.timeoutSeconds ?? 10,
        memoryMb: route.memoryMb,
        bundleExtras: route,
        grants: resourceAccess(route),
        trigger: { kind: 'route', method: route.method, path: route.path, isPublic: route.auth === 'public' },
      }),
    ),
    { id: fallbackRoute.id, entry: fallbackRoute.entry, description: fallbackRoute.summary, trigger: { kind: 'default-route' } },
    ...workers.map(
      (worker): FunctionDefinition => ({
        id: worker.id,
        entry: worker.entry,
        description: worker.summary,
        timeoutSeconds: worker.timeoutSeconds,
        memoryMb: worker.memoryMb,
        grants: workerAccess(worker),
        trigger: { kind: 'queue', queue: worker.queue, batchSize: worker.batchSize, maxConcurrency: worker.maxConcurrency },
      }),
    ),
  ];
}
