/**
 * One monitor check: re-verify with fresh board data (not charged to the quota), compare with the
 * stored snapshot, store each change event with its exact body, queue its delivery, and move the
 * monitor's snapshot and next check time forward. A source outage produces no event.
 */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { sqs } from '../aws/sqs.ts';
import { queueUrl } from '../config.ts';
import { newId } from '../ids.ts';
import type { VerificationRequest } from '../verification/verification-request.ts';
import { decide, defaultVerificationServices, issue, type VerificationServices } from '../verification/verification-service.ts';
import { detectChanges, webhookPayload } from './change-events.ts';
import { EventStore } from './event-store.ts';
import type { MonitorSnapshot } from './monitor-snapshot.ts';
import { MonitorStore } from './monitor-store.ts';

export const checkIntervalMs = 24 * 3_600_000;

export interface CheckOutcome {
  readonly monitorId: string;
  readonly checked: boolean;
  readonly events: readonly string[];
}

export async function checkMonitor(
  monitorId: string,
  now: Date,
  deps: { monitors?: MonitorStore; events?: EventStore; services?: VerificationServices } = {},
): Promise<CheckOutcome> {
  const monitors = deps.monitors ?? new MonitorStore();
  const events = deps.events ?? new EventStore();
  const svc = deps.services ?? defaultVerificationServices();
  const monitor = await monitors.get(monitorId);
  if (!monitor || monitor.status !== 'active') return { monitorId, checked: false, events: [] };

  const caller = { accountId: monitor.account_id, mode: monitor.mode };
  const request = monitor.request as VerificationRequest;
  const decided = await decide(request, caller, svc.ports, now, { freshBoard: true });
  const { result, certificate } = await issue(request, decided, caller, svc, now, svc.ports.cache.flush());
  const { events: changes, next } = detectChanges(monitor.snapshot as unknown as MonitorSnapshot, result, {
    now,
    alertDaysBeforeExpiry: monitor.alert_days_before_expiry,
  });

  const created: { id: string }[] = [];
  for (const change of changes) {
    const eventId = newId('evt');
    const body = JSON.stringify(
      webhookPayload(change, {
        eventId,
        monitorId,
        occurredAt: now,
        provider: { name: result.name ?? monitor.provider.name ?? '', npi: result.npi ?? monitor.provider.npi, state: monitor.request.state },
        verificationId: result.verification_id,
        certificateHash: certificate.certificate_hash,
      }),
    );
    await events.create({
      event_id: eventId,
      owner: monitor.owner,
      monitor_id: monitorId,
      kind: change.kind,
      created_at: now.toISOString(),
      created_key: `${now.toISOString()}#${eventId}`,
      body,
      delivery: { state: 'pending', attempts: [] },
    });
    created.push({ id: eventId });
  }
  for (let i = 0; i < created.length; i += 10) {
    await sqs().send(
      new SendMessageBatchCommand({
        QueueUrl: queueUrl('webhookDelivery'),
        Entries: created.slice(i, i + 10).map((e, j) => ({ Id: String(j), MessageBody: JSON.stringify({ event_id: e.id, due_at: now.toISOString() }) })),
      }),
    );
  }
  const answered = next !== (monitor.snapshot as unknown as MonitorSnapshot);
  await monitors.recordCheck(monitorId, {
    snapshot: next as unknown as Record<string, unknown>,
    provider: answered
      ? { name: result.name ?? monitor.provider.name, npi: result.npi ?? monitor.provider.npi, state: monitor.provider.state, current_status: result.status, expiry_date: result.expiry_date }
      : monitor.provider,
    nextCheckAt: new Date(now.getTime() + checkIntervalMs),
    verificationId: result.verification_id,
  });
  return { monitorId, checked: true, events: created.map((e) => e.id) };
}
