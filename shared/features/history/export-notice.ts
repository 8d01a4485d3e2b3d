/**
 * The end of an export, told by webhook: an export requested with `notify_monitor_id` sends
 * `export.ready` (or `export.failed`) to that monitor's URL, signed with its secret and retried on the
 * schedule of every event (webhook-dispatch.ts). The event's id is fixed when the export is requested,
 * so the event is stored once and its first attempt made once however often the worker's message is
 * delivered; a monitor deleted since is sent nothing, and the export can still be polled.
 */
import type { DeliveryMessage, DeliveryQueue } from '../monitoring/delivery/delivery-ports.ts';
import { deliverable } from '../monitoring/delivery/delivery-decision.ts';
import type { EventRecord } from '../monitoring/delivery/event-record.ts';
import type { EventStore } from '../monitoring/delivery/event-store.ts';
import type { ExportEventKind } from '../monitoring/delivery/webhook-event-schema.ts';
import type { MonitorStore } from '../monitoring/checks/monitor-store.ts';
import type { ExportRecord } from './export-record.ts';
import { exportFileLocation, exportLocation } from './export-view.ts';

export interface ExportNoticeServices {
  readonly monitors: Pick<MonitorStore, 'get'>;
  readonly events: Pick<EventStore, 'createOnce'>;
  readonly deliveries: Pick<DeliveryQueue, 'send'>;
}

/** What became of the notice: sent (queued), none asked, or the monitor no longer takes events. */
export type ExportNoticeOutcome = 'queued' | 'not_requested' | 'monitor_gone';

/** The exact body of the export event of a finished export (`ready` with its row count, or `failed`). */
export function exportEventBody(record: ExportRecord & { notify: NonNullable<ExportRecord['notify']> }, kind: ExportEventKind, occurredAt: string): string {
  const ready = kind === 'export.ready';
  return JSON.stringify({
    event: kind,
    event_id: record.notify.event_id,
    monitor_id: record.notify.monitor_id,
    occurred_at: occurredAt,
    data: {
      export_id: record.export_id,
      status: ready ? 'ready' : 'failed',
      row_count: ready ? (record.row_count ?? 0) : null,
      export_url: exportLocation(record.export_id),
      file_url: ready ? exportFileLocation(record.export_id) : null,
      expires_at: new Date(record.expires_at * 1000).toISOString(),
    },
  });
}

/**
 * Tells the end of `record` (no longer pending) to the monitor it names, if any: stores the event once
 * and queues its first attempt. Throws when either fails, so the caller's message is delivered again and
 * the notice sent then.
 */
export async function noticeExportEnd(record: ExportRecord, services: ExportNoticeServices, now: Date): Promise<ExportNoticeOutcome> {
  const notify = record.notify;
  if (!notify || record.status === 'pending') return 'not_requested';
  const monitor = await services.monitors.get(notify.monitor_id, now);
  // Only to a monitor of the export's owner (and mode) that still takes events.
  if (!deliverable(monitor) || monitor.owner !== record.owner) return 'monitor_gone';
  const kind: ExportEventKind = record.status === 'ready' ? 'export.ready' : 'export.failed';
  const occurredAt = record.completed_at ?? now.toISOString();
  const event: EventRecord = {
    event_id: notify.event_id,
    owner: record.owner,
    monitor_id: notify.monitor_id,
    kind,
    created_at: occurredAt,
    created_key: `${occurredAt}#${notify.event_id}`,
    body: exportEventBody({ ...record, notify }, kind, occurredAt),
    delivery: { state: 'pending', attempts: [] },
  };
  await services.events.createOnce(event);
  const first: DeliveryMessage = { event_id: notify.event_id, due_at: now.toISOString(), attempt: 0 };
  await services.deliveries.send(first, 0);
  return 'queued';
}
