import { ApiError } from '#shared/api/http/errors.ts';
import { idempotentApiHandler } from '#shared/api/http/idempotent-pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { containerValue } from '#shared/platform/container.ts';
import { monitorIdPattern } from '#shared/platform/ids.ts';
import { rotateSecretRequestSchema } from '#shared/features/monitoring/checks/monitor-requests.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { rotateWebhookSecret } from '#shared/features/monitoring/secrets/rotate-secret.ts';
import { sealerFromEnvironment } from '#shared/features/monitoring/secrets/sealer-services.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ monitors: new DynamoMonitorStore(), sealer: sealerFromEnvironment() }));

/**
 * POST /v1/monitor/{monitor_id}/rotate-secret: replaces the monitor's webhook secret; the old one keeps
 * signing beside it for `overlap_hours`. The secrets are never returned or logged.
 */
export const handler = idempotentApiHandler('RotateMonitorSecret', { body: rotateSecretRequestSchema }, async (req) => {
  const id = req.pathParameters.monitor_id ?? '';
  const { accountId, mode } = req.caller;
  const now = req.clock.now();
  const services = dependencies();
  const monitor = monitorIdPattern.test(id) ? await services.monitors.getOwned(id, accountId, mode, now) : undefined;
  const result = await rotateWebhookSecret(monitor, req.caller, req.body, now, services);
  switch (result.outcome) {
    case 'not_found':
      throw new ApiError('resource_not_found', 'No monitor with this id for this account and mode.', { param: 'monitor_id' });
    case 'deleted':
      throw new ApiError('monitor_deleted', 'This monitor is deleted; it has no secret to rotate.', { param: 'monitor_id' });
    case 'conflict':
      throw new ApiError('rotation_conflict', "Another request rotated this monitor's secret at the same time; retry.", { param: 'monitor_id' });
    case 'rotated':
      return json(200, {
        monitor_id: id,
        rotated_at: result.rotatedAt.toISOString(),
        previous_secret_expires_at: result.previousUntil?.toISOString() ?? null,
      });
  }
});
