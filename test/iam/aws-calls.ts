/** The recorded AWS calls of the functions: function id → sorted permission keys (`dynamodb:GetItem table/Cache`). */
import { join } from 'node:path';
import { apiKeyPipeline, observedServices, permissionKey, permissionsOf, verificationOwner, type Permission } from '#shared/platform/infra/permissions.ts';
import { fallbackRoute, pipelineUse, routes, verificationUse, workers } from '#shared/platform/infra/routes.ts';

export type AwsCalls = Record<string, string[]>;

export const awsCallsFile = join(import.meta.dirname, 'aws-calls.json');

export function mergeRecordedCalls(parts: readonly AwsCalls[]): AwsCalls {
  const merged = new Map<string, Set<string>>();
  for (const part of parts) {
    for (const [fn, calls] of Object.entries(part)) {
      const set = merged.get(fn) ?? new Set<string>();
      for (const call of calls) set.add(call);
      merged.set(fn, set);
    }
  }
  return Object.fromEntries(
    [...merged]
      .filter(([, set]) => set.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([fn, set]) => [fn, [...set].sort()]),
  );
}

/** What differs: calls made but not reviewed, and (when `complete`) reviewed calls no test made. */
export function compareAwsCalls(recorded: AwsCalls, reviewed: AwsCalls, complete: boolean): string[] {
  const problems: string[] = [];
  for (const [fn, calls] of Object.entries(recorded)) {
    for (const call of calls) if (!reviewed[fn]?.includes(call)) problems.push(`${fn} called ${call}, which is not in the reviewed file`);
  }
  if (complete) {
    for (const [fn, calls] of Object.entries(reviewed)) {
      for (const call of calls) if (!recorded[fn]?.includes(call)) problems.push(`${fn} is granted ${call}, which no test called`);
    }
  }
  return problems;
}

/** Whose calls the reviewed file lists: every function of the stack, and the API-key pipeline they share. */
export function reviewedOwners(): Set<string> {
  return new Set([...routes.map((r) => r.id), ...workers.map((w) => w.id), fallbackRoute.id, apiKeyPipeline, verificationOwner]);
}

/** The permissions of each owner the suite can observe (the emulated services), as the reviewed file lists them. */
export function observablePermissions(): AwsCalls {
  const owners: [string, Permission[]][] = [
    ...routes.map((r) => [r.id, permissionsOf(r.uses)] as [string, Permission[]]),
    ...workers.map((w) => [w.id, permissionsOf(w.uses)] as [string, Permission[]]),
    [apiKeyPipeline, routes.flatMap((r) => permissionsOf(pipelineUse(r)))],
    [verificationOwner, permissionsOf(verificationUse)],
  ];
  return mergeRecordedCalls(owners.map(([owner, permissions]) => ({ [owner]: permissions.filter((p) => observedServices.has(p.service)).map(permissionKey) })));
}
