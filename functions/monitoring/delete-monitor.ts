import { ApiError } from '#shared/api/http/errors.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { monitorIdPattern } from '#shared/platform/ids.ts';
import { MonitorSlots } from '#shared/features/limits/adapters/monitor-slots.ts';
import { monitorView } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { containerValue } from '#shared/platform/container.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ monitors: new DynamoMonitorStore(), slots: new MonitorSlots() }));

/** DELETE /v1/monitor/{monitor_id}: stops monitoring; 200 with the monitor in status `deleted`. */
export const handler = apiHandler('DeleteMonitor', {}, async (req) => {
  const { monitors, slots } = dependencies();
  const id = req.pathParameters.monitor_id ?? '';
  const { accountId, mode } = req.caller;
  const now = req.clock.now();
  const record = monitorIdPattern.test(id) ? await monitors.markDeleted(id, accountId, mode, now) : undefined;
  if (!record) throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
  // Only the call that deleted it gives its slot back (deleting twice returns the monitor unchanged).
  if (record.deleted_at === now.toISOString()) await slots.release(accountId, mode);
  return json(200, monitorView(record, now));
});
