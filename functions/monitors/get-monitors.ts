import * as z from 'zod';
import { invalidParam } from '#shared/http/errors.ts';
import { defaultPageSize, pageBody, paginationQuery } from '#shared/http/pagination.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { monitorIdPattern, MonitorStore, monitorView } from '#shared/monitoring/monitor-store.ts';

const monitors = new MonitorStore();

const query = z.strictObject(paginationQuery(monitorIdPattern, 'a monitor id'));

/** GET /v1/monitors: the caller's monitors (this account and mode), newest first, with a cursor. */
export const handler = apiHandler('ListMonitors', { query }, async (req) => {
  const caller = req.caller!;
  const limit = req.query.limit ?? defaultPageSize;
  let after;
  if (req.query.starting_after) {
    after = await monitors.getOwned(req.query.starting_after, caller.accountId, caller.mode);
    if (!after) throw invalidParam('starting_after', 'starting_after is not one of your monitors.');
  }
  const page = await monitors.list(caller.accountId, caller.mode, limit, after);
  return json(200, pageBody(page.items.map(monitorView), page.hasMore, (m) => m.monitor_id));
});
