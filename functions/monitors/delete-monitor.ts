import { ApiError } from '#shared/http/errors.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { monitorIdPattern } from '#shared/ids.ts';
import { MonitorStore, monitorView } from '#shared/monitoring/monitor-store.ts';

const monitors = new MonitorStore();

/** DELETE /v1/monitor/{monitor_id}: stops monitoring; 200 with the monitor in status `deleted`. */
export const handler = apiHandler('DeleteMonitor', {}, async (req) => {
  const id = req.pathParameters.monitor_id ?? '';
  const record = monitorIdPattern.test(id) ? await monitors.markDeleted(id, req.caller!.accountId, req.caller!.mode, req.clock.now()) : undefined;
  if (!record) throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
  return json(200, monitorView(record));
});
