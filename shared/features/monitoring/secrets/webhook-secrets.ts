/**
 * The secrets a delivery is signed with: the monitor's current secret and, during the overlap window of
 * a rotation, the one it replaced (see webhook-signature.ts for how both travel). A previous secret past
 * its window is ignored whether or not it has been removed yet. Secrets are opened for the delivery and
 * never logged.
 */
import type { MonitorRecord } from '../checks/monitor-record.ts';
import type { SecretSealer } from './secret-sealer.ts';

/** Rotation overlap: the hours the old secret keeps signing, by default and at most. */
export const defaultOverlapHours = 24;
export const maxOverlapHours = 168;

/** The previous secret still signs at `now`. */
export function previousSecretInForce(monitor: Pick<MonitorRecord, 'previous_webhook_secret_sealed' | 'previous_secret_expires_at'>, now: Date): boolean {
  return (
    monitor.previous_webhook_secret_sealed !== undefined &&
    monitor.previous_secret_expires_at !== undefined &&
    Date.parse(monitor.previous_secret_expires_at) > now.getTime()
  );
}

/** A previous secret is stored but its window has ended: it should be removed. */
export function previousSecretLapsed(monitor: Pick<MonitorRecord, 'previous_webhook_secret_sealed' | 'previous_secret_expires_at'>, now: Date): boolean {
  return monitor.previous_webhook_secret_sealed !== undefined && !previousSecretInForce(monitor, now);
}

/** When an overlap of `hours` starting at `now` ends; null for none. */
export function overlapEnd(now: Date, hours: number): Date | null {
  return hours > 0 ? new Date(now.getTime() + hours * 3_600_000) : null;
}

export interface OpenedSecrets {
  readonly secret: string;
  readonly previousSecret?: string;
}

/** Opens the secrets in force for an active monitor (one with a sealed secret). */
export async function openWebhookSecrets(monitor: MonitorRecord & { webhook_secret_sealed: string }, now: Date, sealer: SecretSealer): Promise<OpenedSecrets> {
  const binding = { monitorId: monitor.monitor_id, accountId: monitor.account_id, mode: monitor.mode };
  const [secret, previousSecret] = await Promise.all([
    sealer.open(monitor.webhook_secret_sealed, binding),
    previousSecretInForce(monitor, now) ? sealer.open(monitor.previous_webhook_secret_sealed!, binding) : undefined,
  ]);
  return previousSecret === undefined ? { secret } : { secret, previousSecret };
}
