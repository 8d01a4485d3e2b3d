/**
 * One monitor check: re-verify with fresh board data (not charged to the quota), compare with the
 * stored snapshot, and record the new snapshot, the next check time and the change events in one
 * conditional update; then store each event with its exact body and queue its delivery. A source
 * outage produces no event.
 *
 * At-least-once without duplicates: a check message names the due time it was queued for, and the
 * update only lands while the monitor is still due at that time, so a second sweep or a redelivered
 * message does not check twice. Events travel inside that update, so a crash before they are stored
 * and queued loses nothing: the next message for the monitor publishes them.
 */
import * as z from 'zod';
import type { AccountStore } from '../../accounts/accounts.ts';
import type { Deadline } from '../../../platform/deadline.ts';
import { newId } from '../../../platform/ids.ts';
import type { VerificationRequest } from '../../verification/verification-request.ts';
import type { VerificationServices } from '../../verification/verification-service.ts';
import { verifyProvider } from '../../verification/verify-provider.ts';
import { detectChanges, webhookPayload } from './change-events.ts';
import { nextCheckAt } from './check-schedule.ts';
import type { EventStore } from '../delivery/event-store.ts';
import type { EventRecord } from '../delivery/event-record.ts';
import type { MonitorStore } from './monitor-store.ts';
import { observationOf } from './verification-observation.ts';
import type { DeliveryMessage, DeliveryQueue } from '../delivery/delivery-ports.ts';

export interface CheckMessage {
  readonly monitor_id: string;
  /** The `next_check_at` the sweep saw; absent for an on-demand check. */
  readonly due_at?: string;
}

/** A check queue message as received (queue-worker.ts parses every body with it). */
export const checkMessageSchema: z.ZodType<CheckMessage> = z.object({ monitor_id: z.string().min(1), due_at: z.iso.datetime().optional() });

export interface CheckOutcome {
  readonly monitorId: string;
  readonly checked: boolean;
  /** Why no check ran: the monitor is gone or deleted, this due time was already checked, or its account is suspended. */
  readonly skipped?: 'not_active' | 'already_checked' | 'account_suspended';
  readonly events: readonly EventRecord[];
}

/** What a check uses: the monitor, account and event stores, the delivery queue and the verification services. */
export interface CheckServices {
  readonly monitors: MonitorStore;
  readonly accounts: Pick<AccountStore, 'getAccount'>;
  readonly events: EventStore;
  /** Where the events' first deliveries are queued. */
  readonly deliveries: Pick<DeliveryQueue, 'sendAll'>;
  readonly verification: VerificationServices;
}

export interface CheckOptions {
  /** When the check's source calls must be done by (an on-demand check answers within the gateway's limit). */
  readonly deadline?: Deadline;
}

export async function checkMonitor(message: CheckMessage, now: Date, services: CheckServices, options: CheckOptions = {}): Promise<CheckOutcome> {
  const { monitors } = services;
  const monitorId = message.monitor_id;
  const monitor = await monitors.get(monitorId);
  if (monitor?.status !== 'active') return { monitorId, checked: false, skipped: 'not_active', events: [] };
  if (monitor.pending_events?.length) await publishEvents(monitor.monitor_id, monitor.pending_events, now, services);
  if (message.due_at !== undefined && message.due_at !== monitor.next_check_at) {
    return { monitorId, checked: false, skipped: 'already_checked', events: [] };
  }
  // A suspended account's monitors stay due and are not checked (nor charged, nor alerted) until it is
  // reinstated; the next sweep after that checks them.
  const account = await services.accounts.getAccount(monitor.account_id);
  if (account?.suspended_at) return { monitorId, checked: false, skipped: 'account_suspended', events: [] };

  const caller = { accountId: monitor.account_id, mode: monitor.mode };
  const request = monitor.request as VerificationRequest;
  const previous = monitor.snapshot;
  const { result, certificate } = await verifyProvider(request, caller, services.verification, {
    now,
    deadline: options.deadline,
    recheck: { previous: { status: previous.status, expiryDate: previous.expiryDate } },
  });
  // The check decides on what the verification observed, read once from its result.
  const observation = observationOf(result);
  const { events: changes, next } = detectChanges(previous, observation, { now, alertDaysBeforeExpiry: monitor.alert_days_before_expiry });

  const provider = { name: observation.name ?? monitor.provider.name ?? '', npi: observation.npi ?? monitor.provider.npi, state: monitor.request.state };
  const created: EventRecord[] = changes.map((change) => {
    const eventId = newId('evt');
    const body = webhookPayload(change, {
      eventId,
      monitorId,
      occurredAt: now,
      provider,
      verificationId: result.verification_id,
      certificateHash: certificate.certificate_hash,
    });
    return {
      event_id: eventId,
      owner: monitor.owner,
      monitor_id: monitorId,
      kind: change.kind,
      created_at: now.toISOString(),
      created_key: `${now.toISOString()}#${eventId}`,
      body: JSON.stringify(body),
      delivery: { state: 'pending', attempts: [] },
    };
  });
  const recorded = await monitors.recordCheck(monitorId, monitor.next_check_at, {
    snapshot: next,
    provider: observation.boardAnswered
      ? {
          name: observation.name ?? monitor.provider.name,
          npi: observation.npi ?? monitor.provider.npi,
          state: monitor.provider.state,
          current_status: observation.status,
          expiry_date: observation.expiryDate,
        }
      : monitor.provider,
    nextCheckAt: nextCheckAt(now),
    verificationId: result.verification_id,
    pendingEvents: created,
  });
  if (!recorded) return { monitorId, checked: false, skipped: 'already_checked', events: [] };
  if (created.length > 0) await publishEvents(monitorId, created, now, services);
  return { monitorId, checked: true, events: created };
}

/**
 * Stores the events (once each) and queues their first delivery, then forgets them on the monitor. If
 * any delivery message is not queued this throws before forgetting them, so the next message for the
 * monitor (the redelivered one) publishes them again; a first attempt queued twice is made once.
 */
async function publishEvents(
  monitorId: string,
  records: readonly EventRecord[],
  now: Date,
  { monitors, events, deliveries }: Pick<CheckServices, 'monitors' | 'events' | 'deliveries'>,
): Promise<void> {
  await Promise.all(records.map((record) => events.createOnce(record)));
  await deliveries.sendAll(records.map((e): DeliveryMessage => ({ event_id: e.event_id, due_at: now.toISOString(), attempt: 0 })));
  await monitors.clearPendingEvents(
    monitorId,
    records.map((r) => r.event_id),
  );
}
