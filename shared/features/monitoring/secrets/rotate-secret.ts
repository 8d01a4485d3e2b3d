/**
 * Rotating a monitor's webhook secret: the new secret is sealed for the monitor and its owner like the
 * first; the old one keeps signing every delivery beside it until the overlap ends (see
 * webhook-secrets.ts), then is ignored and removed. One conditional write on the secret read, so two
 * concurrent rotations do not both keep "the old one": the second is refused.
 */
import type { Caller } from '../../../domain/caller.ts';
import type { MonitorStore } from '../checks/monitor-store.ts';
import type { MonitorRecord } from '../checks/monitor-record.ts';
import type { SecretSealer } from './secret-sealer.ts';
import { overlapEnd } from './webhook-secrets.ts';

export type RotationResult =
  | { readonly outcome: 'rotated'; readonly rotatedAt: Date; readonly previousUntil: Date | null }
  | { readonly outcome: 'not_found' | 'deleted' | 'conflict' };

export async function rotateWebhookSecret(
  monitor: MonitorRecord | undefined,
  caller: Caller,
  request: { readonly webhook_secret: string; readonly overlap_hours: number },
  now: Date,
  services: { readonly monitors: MonitorStore; readonly sealer: SecretSealer },
): Promise<RotationResult> {
  if (!monitor) return { outcome: 'not_found' };
  if (monitor.status !== 'active' || monitor.webhook_secret_sealed === undefined) return { outcome: 'deleted' };
  const sealed = await services.sealer.seal(request.webhook_secret, { monitorId: monitor.monitor_id, accountId: caller.accountId, mode: caller.mode });
  const previousUntil = overlapEnd(now, request.overlap_hours);
  if (await services.monitors.rotateSecret(monitor, sealed, previousUntil, now)) return { outcome: 'rotated', rotatedAt: now, previousUntil };
  const again = await services.monitors.getOwned(monitor.monitor_id, caller.accountId, caller.mode, now);
  return { outcome: again?.status === 'active' ? 'conflict' : again ? 'deleted' : 'not_found' };
}
