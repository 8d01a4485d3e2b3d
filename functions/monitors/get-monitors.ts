import { invalidParam } from '#shared/http/errors.ts';
import { defaultPageSize, pageBody } from '#shared/contract/pagination.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { listMonitorsQuerySchema } from '#shared/monitoring/monitor-requests.ts';
import { MonitorStore, monitorView, type MonitorRecord } from '#shared/monitoring/monitor-store.ts';
import { containerValue } from '#shared/container.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ monitors: new MonitorStore() }));

/** GET /v1/monitors: the caller's monitors (this account and mode), newest first, with a cursor. */
export const handler = apiHandler('ListMonitors', { query: listMonitorsQuerySchema }, async (req) => {
  const { monitors } = dependencies();
  const caller = req.caller;
  const limit = req.query.limit ?? defaultPageSize;
  let after: MonitorRecord | undefined;
  if (req.query.starting_after) {
    after = await monitors.getOwned(req.query.starting_after, caller.accountId, caller.mode, req.clock.now());
    if (!after) throw invalidParam('starting_after', 'starting_after is not one of your monitors.');
  }
  const page = await monitors.list(caller.accountId, caller.mode, limit, after, req.clock.now());
  return json(
    200,
    pageBody(page.items.map(monitorView), page.hasMore, (m) => m.monitor_id),
  );
});
