import { invalidParam } from '#shared/api/http/errors.ts';
import { defaultPageSize, pageBody } from '#shared/contract/pagination.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { listMonitorsQuerySchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { monitorView } from '#shared/features/monitoring/checks/monitor-store.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import type { MonitorRecord } from '#shared/features/monitoring/checks/monitor-record.ts';
import { containerValue } from '#shared/platform/container.ts';
import type { Caller } from '#shared/domain/caller.ts';
import type * as z from 'zod';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ monitors: new DynamoMonitorStore() }));

/** The owner's page of monitors the query asks for; 400 when `starting_after` is not one of theirs. */
async function monitorPage(owner: Caller, query: z.output<typeof listMonitorsQuerySchema>, now: Date) {
  const { monitors } = dependencies();
  let after: MonitorRecord | undefined;
  if (query.starting_after) {
    after = await monitors.getOwned(query.starting_after, owner.accountId, owner.mode, now);
    if (!after) throw invalidParam('starting_after', 'starting_after is not one of your monitors.');
  }
  return monitors.list(owner.accountId, owner.mode, query.limit ?? defaultPageSize, after, now);
}

/**
 * GET /v1/monitors: the caller's monitors (this account and mode), newest first, with a cursor. The page
 * is read beside the account's admission and answered (or refused) once the caller is admitted.
 */
export const handler = apiHandler(
  'ListMonitors',
  { query: listMonitorsQuerySchema, prefetch: ({ query, key, now }) => monitorPage(key, query, now) },
  async (req) => {
    const now = req.clock.now();
    const page = await (req.prefetched ?? monitorPage(req.caller, req.query, now));
    return json(
      200,
      pageBody(
        page.items.map((m) => monitorView(m, now)),
        page.hasMore,
        (m) => m.monitor_id,
      ),
    );
  },
);
