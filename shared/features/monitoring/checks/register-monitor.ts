/**
 * Registering a monitor: take one of the account's monitor slots, verify the provider (charged as one
 * verification), seal the webhook secret for this monitor and owner, and store the monitor with its first
 * snapshot and check time. A failure after the slot is taken gives the slot back.
 */
import type { Caller } from '../../../domain/caller.ts';
import { MonitorLimitReached, UnsupportedState } from '../../../domain/errors.ts';
import { stateName } from '../../../domain/us-states.ts';
import { newId } from '../../../platform/ids.ts';
import { monitorCaps, type MonitorSlotStore } from '../../limits/monitor-caps.ts';
import type { Deadline } from '../../../platform/deadline.ts';
import type { VerificationServices } from '../../verification/verification-service.ts';
import { verifyProvider } from '../../verification/verify-provider.ts';
import type { VerificationRequest } from '../../verification/verification-request.ts';
import { nextCheckAt } from './check-schedule.ts';
import type { CreateMonitorRequest } from './monitor-requests.ts';
import { snapshotFromObservation } from './monitor-snapshot.ts';
import { dueShard, type MonitorStore, ownerKey } from './monitor-store.ts';
import type { MonitorRecord } from './monitor-record.ts';
import type { SecretSealer } from '../secrets/secret-sealer.ts';
import { observationOf } from './verification-observation.ts';

/** What registering uses: the monitor store and slots, the secret sealer and the verification services. */
export interface RegistrationServices {
  readonly monitors: MonitorStore;
  readonly slots: MonitorSlotStore;
  readonly sealer: SecretSealer;
  readonly verification: VerificationServices;
}

export interface RegistrationOptions {
  /** When the initial verification's source calls must be done by. */
  readonly deadline?: Deadline;
  /** Charges the initial verification to the caller's quota once its outcome is known. */
  readonly charge?: (units: number) => Promise<void>;
}

/** Registers a monitor for `caller`, whose webhook URL has been checked; throws MonitorLimitReached or UnsupportedState. */
export async function registerMonitor(
  input: CreateMonitorRequest,
  webhookUrl: URL,
  caller: Caller,
  services: RegistrationServices,
  options: RegistrationOptions = {},
): Promise<MonitorRecord> {
  if (!(await services.slots.take(caller.accountId, caller.mode))) {
    throw new MonitorLimitReached(caller.mode, monitorCaps[caller.mode] ?? 0);
  }
  try {
    return await verifyAndStore(input, webhookUrl, caller, services, options);
  } catch (error) {
    await services.slots.release(caller.accountId, caller.mode);
    throw error;
  }
}

/** The verification a monitor registration runs: the provider's name, state and NPI. */
export function monitoredRequest(input: CreateMonitorRequest): VerificationRequest {
  return { first_name: input.first_name, last_name: input.last_name, state: input.state, ...(input.npi ? { npi: input.npi } : {}) };
}

async function verifyAndStore(
  input: CreateMonitorRequest,
  webhookUrl: URL,
  caller: Caller,
  services: RegistrationServices,
  options: RegistrationOptions,
): Promise<MonitorRecord> {
  const now = services.verification.clock.now();
  const request = monitoredRequest(input);
  const monitorId = newId('mon');
  // Sealed for this monitor and owner only: it opens for no other monitor (see secret-sealer.ts).
  const sealing = services.sealer.seal(input.webhook_secret, { monitorId, accountId: caller.accountId, mode: caller.mode });
  sealing.catch(() => undefined);
  const { result } = await verifyProvider(request, caller, services.verification, {
    now,
    deadline: options.deadline,
    charge: options.charge,
    accept: (outcome) => {
      if (outcome.status === 'unsupported_state') throw new UnsupportedState(request.state, stateName(request.state));
    },
  });
  const sealed = await sealing;
  const createdAt = now.toISOString();
  const record: MonitorRecord = {
    monitor_id: monitorId,
    owner: ownerKey(caller.accountId, caller.mode),
    account_id: caller.accountId,
    mode: caller.mode,
    status: 'active',
    created_at: createdAt,
    created_key: `${createdAt}#${monitorId}`,
    request,
    provider: { name: result.name, npi: result.npi, state: result.state, current_status: result.status, expiry_date: result.expiry_date },
    webhook_url: webhookUrl.toString(),
    webhook_secret_sealed: sealed,
    alert_days_before_expiry: input.alert_days_before_expiry,
    next_check_at: nextCheckAt(now).toISOString(),
    due_shard: dueShard(monitorId),
    last_verification_id: result.verification_id,
    snapshot: snapshotFromObservation(observationOf(result), null, now),
  };
  await services.monitors.create(record);
  return record;
}
