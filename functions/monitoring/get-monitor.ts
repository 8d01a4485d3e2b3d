import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { monitorIdPattern } from '#shared/platform/ids.ts';
import { monitorView } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { containerValue } from '#shared/platform/container.ts';
import type { Caller } from '#shared/domain/caller.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ monitors: new DynamoMonitorStore() }));

/**
 * The owner's monitor of this id, read strongly consistent (a rotation or deletion a moment ago is
 * seen); undefined for a malformed id, another account's or mode's, and one expired after its deletion.
 */
function ownedMonitor(id: string, owner: Caller, now: Date) {
  if (!monitorIdPattern.test(id)) return Promise.resolve(undefined);
  return dependencies().monitors.getOwned(id, owner.accountId, owner.mode, now, { consistent: true });
}

/**
 * GET /v1/monitor/{monitor_id}: one monitor of the caller's account and mode, as the list shows it
 * (deleted ones until they expire), with a secret rotation in progress. The monitor is read beside the
 * account's admission.
 */
export const handler = apiHandler(
  'GetMonitor',
  { prefetch: ({ pathParameters, key, now }) => ownedMonitor(pathParameters.monitor_id ?? '', key, now) },
  async (req) => {
    const now = req.clock.now();
    const record = await (req.prefetched ?? ownedMonitor(req.pathParameters.monitor_id ?? '', req.caller, now));
    if (!record) throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
    return json(200, monitorView(record, now));
  },
);
