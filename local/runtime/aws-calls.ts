/**
 * The permissions of each function the local stack runs, and the record of the AWS calls they make
 * (local/runtime/aws-rules.ts applies the first and reports to the second). With AWS_CALLS_DIR set, as the test
 * suite sets it, the record is written there when a stack stops (test/iam/aws-calls-global-setup.ts
 * compares it with the reviewed file).
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiKeyPipeline, permissionKey, permissionsOf, verificationOwner, type Permission } from '#shared/platform/infra/permissions.ts';
import {
  fallbackRoute,
  pipelineUse,
  resourceAccess,
  verificationUse,
  workerAccess,
  type RouteDefinition,
  type WorkerDefinition,
} from '#shared/platform/infra/routes.ts';

export interface Functions {
  readonly routes: readonly RouteDefinition[];
  readonly workers: readonly WorkerDefinition[];
}

const keysOf = (permissions: readonly Permission[]) => new Set(permissions.map(permissionKey));

/** Function id → its permission keys (`dynamodb:GetItem table/Cache`). */
export function functionPermissions(functions: Functions): Map<string, Set<string>> {
  return new Map<string, Set<string>>([
    ...functions.routes.map((r) => [r.id, keysOf(permissionsOf(resourceAccess(r)))] as const),
    ...functions.workers.map((w) => [w.id, keysOf(permissionsOf(workerAccess(w)))] as const),
    [fallbackRoute.id, new Set<string>()],
  ]);
}

/** AWS calls made by the handlers in this process: owner → permission keys. */
const recordedCalls = new Map<string, Set<string>>();

/**
 * Records a function's call. The API-key pipeline and the verification are each one piece of code
 * shared by several functions: their calls are recorded once, as theirs, except a call the function
 * also declares itself (a route that takes its own slot counter in the usage table, which the pipeline
 * also charges): that is recorded as the function's, so its own declaration is seen used.
 */
export function callRecorder(functions: Functions): (functionId: string, call: Permission) => void {
  const ownCalls = new Map([...functions.routes, ...functions.workers].map((f) => [f.id, keysOf(permissionsOf(f.uses))] as const));
  const pipelineCalls = new Map(functions.routes.map((r) => [r.id, keysOf(permissionsOf(pipelineUse(r)))] as const));
  const verifying = new Set([...functions.routes, ...functions.workers].filter((f) => f.uses.verifies).map((f) => f.id));
  const verificationCalls = keysOf(permissionsOf(verificationUse));
  return (functionId, call) => {
    const key = permissionKey(call);
    const owner = ownCalls.get(functionId)?.has(key)
      ? functionId
      : pipelineCalls.get(functionId)?.has(key)
        ? apiKeyPipeline
        : verifying.has(functionId) && verificationCalls.has(key)
          ? verificationOwner
          : functionId;
    let calls = recordedCalls.get(owner);
    if (!calls) {
      calls = new Set();
      recordedCalls.set(owner, calls);
    }
    calls.add(key);
  };
}

/** Adds this process's recorded calls to a new file in AWS_CALLS_DIR, when it is set. */
export async function writeRecordedCalls(): Promise<void> {
  const dir = process.env.AWS_CALLS_DIR;
  if (!dir || recordedCalls.size === 0) return;
  const calls = Object.fromEntries([...recordedCalls].map(([fn, keys]) => [fn, [...keys].sort()]));
  // One file per write: several stacks (and test files) may run in one process, one after another.
  await writeFile(join(dir, `calls-${process.pid}-${randomUUID()}.json`), JSON.stringify(calls));
}
