/**
 * The test event: on request, one `monitor.test` event is posted to an active monitor's URL, signed with
 * the secrets in force like every event, synchronously, and recorded as an event with its one attempt
 * (delivered or failed; never retried by itself, though it may be redelivered like any event).
 */
import { newId } from '../../../platform/ids.ts';
import type { WebhookPostResult } from '../../webhooks/deliver-webhook.ts';
import type { EventStore } from './event-store.ts';
import type { EventRecord } from './event-record.ts';
import type { MonitorRecord } from '../checks/monitor-record.ts';
import type { SecretSealer } from '../secrets/secret-sealer.ts';
import { attemptRecord } from './delivery-decision.ts';
import { postWebhookAttempt } from './webhook-attempt.ts';
import { testEventKind } from './webhook-event-schema.ts';

export const testEventMessage = 'A test event sent on request; no license changed.';

/** The exact body of a test event. */
export function testEventBody(eventId: string, monitorId: string, now: Date): string {
  return JSON.stringify({
    event: testEventKind,
    event_id: eventId,
    monitor_id: monitorId,
    occurred_at: now.toISOString(),
    data: { test: true, message: testEventMessage },
  });
}

export interface TestEventOutcome {
  readonly event: EventRecord;
  readonly result: WebhookPostResult;
}

/**
 * Posts a test event to the monitor's URL and records it; the POST waits at most `timeoutMs`, asked just
 * before it is sent (after the URL check), so the time the check took is not waited again.
 */
export async function sendTestEvent(
  monitor: MonitorRecord & { webhook_secret_sealed: string },
  now: Date,
  timeoutMs: () => number,
  services: { readonly events: EventStore; readonly sealer: SecretSealer },
): Promise<TestEventOutcome> {
  const eventId = newId('evt');
  const body = testEventBody(eventId, monitor.monitor_id, now);
  const result = (await postWebhookAttempt(monitor, { eventId, body, now, timeoutMs }, services.sealer))!;
  const createdAt = now.toISOString();
  const event: EventRecord = {
    event_id: eventId,
    owner: monitor.owner,
    monitor_id: monitor.monitor_id,
    kind: testEventKind,
    created_at: createdAt,
    created_key: `${createdAt}#${eventId}`,
    body,
    delivery: { state: result.ok ? 'delivered' : 'failed', attempts: [attemptRecord(result, now, 0, 0)] },
  };
  await services.events.createOnce(event);
  return { event, result };
}
