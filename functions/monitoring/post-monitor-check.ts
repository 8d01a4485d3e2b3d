import { ApiError } from '#shared/api/http/errors.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { eventView } from '#shared/features/monitoring/delivery/event-view.ts';
import { checkMonitor } from '#shared/features/monitoring/checks/monitor-check.ts';
import { monitorCheckServices } from '#shared/features/monitoring/checks/monitor-services.ts';
import { checkMonitorRequestSchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { monitorIdPattern } from '#shared/platform/ids.ts';
import { monitorView } from '#shared/features/monitoring/checks/monitor-store.ts';
import type { Caller } from '#shared/domain/caller.ts';

/** Kept from the deadline for issuing the result, recording events and answering. */
const answerReserveMs = 2_000;

/**
 * POST /v1/monitor/{monitor_id}/check (test keys): runs the monitor's check now, exactly as the daily
 * sweep would, so integrators can exercise their webhook receivers. Answers the monitor after the check
 * and the events it produced (their deliveries are already queued). The monitor is read beside the
 * account's admission.
 */
/** The owner's monitor of this id (test keys only: live monitors are not checked on demand). */
function ownedMonitor(id: string, owner: Caller, now: Date) {
  if (owner.mode !== 'test' || !monitorIdPattern.test(id)) return Promise.resolve(undefined);
  return monitorCheckServices().monitors.getOwned(id, owner.accountId, owner.mode, now);
}

export const handler = idempotentApiHandler(
  'CheckMonitor',
  {
    body: checkMonitorRequestSchema,
    bodyOptional: true,
    prefetch: ({ pathParameters, key, now }) => ownedMonitor(pathParameters.monitor_id ?? '', key, now),
  },
  async (req) => {
    const caller = req.caller;
    const services = monitorCheckServices();
    const { monitors } = services;
    if (caller.mode !== 'test') {
      throw new ApiError('test_mode_only', 'On-demand checks are for test keys; live monitors are checked by the daily sweep.');
    }
    const id = req.pathParameters.monitor_id ?? '';
    const monitor = await (req.prefetched ?? ownedMonitor(id, caller, req.clock.now()));
    if (!monitor) throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
    if (monitor.status !== 'active')
      throw new ApiError('resource_not_found', 'This monitor is deleted; deleted monitors are not checked.', { param: 'monitor_id' });

    const outcome = await checkMonitor({ monitor_id: id }, req.clock.now(), services, { deadline: req.deadline(answerReserveMs) });
    const after = (await monitors.get(id)) ?? monitor;
    return json(200, { monitor: monitorView(after, req.clock.now()), events: outcome.events.map(eventView) });
  },
);
