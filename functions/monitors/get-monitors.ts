import { z } from 'zod';
import { invalidParam } from '#shared/http/errors.ts';
import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { MonitorStore, monitorView } from '#shared/monitoring/monitor-store.ts';

const monitors = new MonitorStore();

const query = z.strictObject({
  limit: z
    .string()
    .regex(/^\d+$/, 'limit must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, 'limit must be from 1 to 100')
    .optional(),
  starting_after: z.string().regex(/^mon_[0-9A-Za-z]{24}$/, 'starting_after must be a monitor id').optional(),
});

/** GET /v1/monitors: the caller's monitors (this account and mode), newest first, with a cursor. */
export const handler = apiHandler('ListMonitors', { query }, async (req) => {
  const caller = req.caller!;
  const limit = req.query.limit ?? 20;
  let after;
  if (req.query.starting_after) {
    after = await monitors.getOwned(req.query.starting_after, caller.accountId, caller.mode);
    if (!after) throw invalidParam('starting_after', 'starting_after is not one of your monitors.');
  }
  const page = await monitors.list(caller.accountId, caller.mode, limit, after);
  const data = page.items.map(monitorView);
  return json(200, { data, has_more: page.hasMore, next_cursor: page.hasMore ? data[data.length - 1]!.monitor_id : null });
});
