/**
 * Change detection for monitors (docs/api-guide.md, "Monitoring": the events): compares the stored
 * snapshot with what a fresh verification observed (monitor-observation.ts) and lists the events to send.
 * Pure: no I/O, time passed in.
 *
 * Rules:
 * - `license.status_changed`: the status differs from the snapshot's. `not_found` after a found status
 *   is a status change (the board answered that it holds no record).
 * - `license.reinstated`: suspended or revoked → active; always after the status change it comes with.
 * - `license.expired`: the expiry date has passed, or the board reports `expired`; once per expiry date.
 *   A license reported expired without an expiry date is alerted once, until it is seen unexpired again.
 * - `license.expiry_approaching`: 0 ≤ days until expiry ≤ `alertDaysBeforeExpiry` and not expired;
 *   once per expiry date, so daily checks do not repeat it and a renewal (a new date) can alert again.
 *   It depends on the date, not on the status, so it applies to any status other than expired.
 * - `license.disciplinary_flag_added`, `license.oig_exclusion_added`: the flag goes false → true.
 * - No board answer (`source_unavailable`, …): no license events, and the snapshot is kept (`checkedAt`
 *   included). A source outage never produces a change event. The OIG exclusion list is a federal
 *   source that stays valid without the board (its answer holds when the board is unavailable), so an
 *   exclusion that appears while the board is down is still reported at once, and only that flag is
 *   recorded.
 * - A snapshot taken without a board answer (a monitor registered during an outage) has no baseline:
 *   the first answered check records it and emits no transition events (status, reinstated, flags);
 *   the date-based expiry alerts still apply.
 * - `license.sanction_added` / `license.sanction_removed`: an action on a sanctions list other than the
 *   OIG list (which has its own event) appears or goes, one event per action; like the OIG list, a
 *   sanctions list does not wait for the board. A list that could not be consulted changes nothing,
 *   and a snapshot that never recorded sanctions is a baseline only (no events on its first check).
 * - Order is fixed: status_changed, reinstated, expired, expiry_approaching, disciplinary_flag_added,
 *   oig_exclusion_added, sanction_added, sanction_removed.
 * - `change` is the license status before and after this check, for every kind (from = to when the
 *   status did not change, or when there was no baseline). `data` holds the kind's details.
 */
import { isStateCode, stateName } from '../../../domain/us-states.ts';
import { daysUntilExpiry } from './expiry-window.ts';
import type { MonitorObservation } from './monitor-observation.ts';
import { isBoardAnswer, sanctionKey, sanctionKeys, snapshotFromObservation, type MonitorSnapshot } from './monitor-snapshot.ts';

/** Every kind, in the order events of one check are listed (they are added in this order). */
export const eventKinds = [
  'license.status_changed',
  'license.reinstated',
  'license.expired',
  'license.expiry_approaching',
  'license.disciplinary_flag_added',
  'license.oig_exclusion_added',
  'license.sanction_added',
  'license.sanction_removed',
] as const;
export type EventKind = (typeof eventKinds)[number];

export interface ChangeEvent {
  readonly kind: EventKind;
  readonly change: { readonly from: string; readonly to: string };
  readonly data: Record<string, unknown>;
}

export interface DetectOptions {
  readonly now: Date;
  readonly alertDaysBeforeExpiry: number;
}

/** The expired-alert marker for a license reported expired without an expiry date. */
export const undatedExpiry = 'undated';

const reinstatedFrom: readonly string[] = ['suspended', 'revoked'];

/** Events for one check, in a stable order; [] when the check could not reach the board. */
export function detectChanges(
  previous: MonitorSnapshot,
  current: MonitorObservation,
  options: DetectOptions,
): { events: ChangeEvent[]; next: MonitorSnapshot } {
  return withSanctionEvents(previous, current, licenseChanges(previous, current, options));
}

function licenseChanges(previous: MonitorSnapshot, current: MonitorObservation, options: DetectOptions): { events: ChangeEvent[]; next: MonitorSnapshot } {
  if (!current.boardAnswered) return exclusionWithoutBoard(previous, current);

  const observed = snapshotFromObservation(current, previous, options.now);
  const baseline = isBoardAnswer(previous.status);
  const change = { from: baseline ? previous.status : observed.status, to: observed.status };
  const events: ChangeEvent[] = [];
  const add = (kind: EventKind, data: Record<string, unknown>) => events.push({ kind, change: { ...change }, data });

  if (baseline && previous.status !== observed.status) {
    add('license.status_changed', { previous_status: previous.status, status: observed.status, verified: current.verified, expiry_date: observed.expiryDate });
    if (reinstatedFrom.includes(previous.status) && observed.status === 'active') {
      add('license.reinstated', { reinstated_from: previous.status, expiry_date: observed.expiryDate });
    }
  }

  const days = daysUntilExpiry(observed.expiryDate, options.now);
  const expired = observed.status === 'expired' || (days !== null && days < 0);
  let { expiryAlertedFor, expiredAlertedFor } = observed;
  if (expired) {
    const marker = observed.expiryDate ?? undatedExpiry;
    if (expiredAlertedFor !== marker) {
      add('license.expired', { expiry_date: observed.expiryDate, days_until_expiry: days });
      expiredAlertedFor = marker;
    }
  } else {
    if (expiredAlertedFor === undatedExpiry) expiredAlertedFor = null;
    if (days !== null && days <= options.alertDaysBeforeExpiry && expiryAlertedFor !== observed.expiryDate) {
      add('license.expiry_approaching', { expiry_date: observed.expiryDate, days_until_expiry: days, alert_days_before_expiry: options.alertDaysBeforeExpiry });
      expiryAlertedFor = observed.expiryDate;
    }
  }

  if (baseline && !previous.disciplinary && observed.disciplinary) {
    add('license.disciplinary_flag_added', { disciplinary_flags: true, license_number: current.licenseNumber });
  }
  if (baseline && !previous.oigExcluded && observed.oigExcluded) add('license.oig_exclusion_added', exclusionData(current));

  return { events, next: { ...observed, expiryAlertedFor, expiredAlertedFor } };
}

/** Sanctions actions that appeared or went since `previous`, after the license's own events. */
function withSanctionEvents(
  previous: MonitorSnapshot,
  current: MonitorObservation,
  checked: { events: ChangeEvent[]; next: MonitorSnapshot },
): { events: ChangeEvent[]; next: MonitorSnapshot } {
  const keys = sanctionKeys(current, previous.sanctions);
  if (previous.sanctions === undefined) {
    // No baseline yet: recorded with the next board answer, so an outage still leaves the snapshot as it was.
    return current.boardAnswered ? { events: checked.events, next: { ...checked.next, sanctions: keys } } : checked;
  }
  if (keys.length === previous.sanctions.length && keys.every((key, i) => key === previous.sanctions?.[i])) {
    return checked.next.sanctions === previous.sanctions ? checked : { events: checked.events, next: { ...checked.next, sanctions: previous.sanctions } };
  }
  const next = { ...checked.next, sanctions: keys };
  const before = new Set(previous.sanctions);
  const after = new Set(keys);
  const change = checked.events[0]?.change ?? { from: checked.next.status, to: checked.next.status };
  const added = current.sanctions.matches
    .filter((m, i, all) => !before.has(sanctionKey(m)) && after.has(sanctionKey(m)) && all.findIndex((o) => sanctionKey(o) === sanctionKey(m)) === i)
    .map(
      (m): ChangeEvent => ({
        kind: 'license.sanction_added',
        change: { ...change },
        data: { list: m.list, basis: m.basis, name: m.name, action: m.action, start_date: m.startDate, end_date: m.endDate },
      }),
    );
  const removed = previous.sanctions
    .filter((key) => !after.has(key))
    .map((key): ChangeEvent => {
      const [list, action, start] = key.split('|');
      return { kind: 'license.sanction_removed', change: { ...change }, data: { list, action, start_date: start || null } };
    });
  return { events: [...checked.events, ...added, ...removed], next };
}

function exclusionData(current: MonitorObservation): Record<string, unknown> {
  const exclusion = current.oigExclusion;
  return {
    oig_excluded: true,
    match: exclusion?.match ?? null,
    exclusion_type: exclusion?.exclusionType ?? null,
    exclusion_date: exclusion?.exclusionDate ?? null,
    waiver_state: exclusion?.waiverState ?? null,
    waiver_date: exclusion?.waiverDate ?? null,
  };
}

/** The board did not answer: only a new exclusion on the (available) federal list is reported. */
function exclusionWithoutBoard(previous: MonitorSnapshot, current: MonitorObservation): { events: ChangeEvent[]; next: MonitorSnapshot } {
  if (!isBoardAnswer(previous.status) || previous.oigExcluded || !current.oigExcluded || current.oigListUnavailable) return { events: [], next: previous };
  const change = { from: previous.status, to: previous.status };
  return { events: [{ kind: 'license.oig_exclusion_added', change, data: exclusionData(current) }], next: { ...previous, oigExcluded: true } };
}

export interface WebhookContext {
  readonly eventId: string;
  readonly monitorId: string;
  readonly occurredAt: Date;
  /** `state` as a two-letter code or a full name; the payload carries the full name. */
  readonly provider: { readonly name: string; readonly npi: string | null; readonly state: string };
  readonly verificationId: string;
  readonly certificateHash: string;
}

/** The webhook event body (webhook-event-schema.ts), one shape for every kind, plus the kind's `data`. */
export function webhookPayload(event: ChangeEvent, ctx: WebhookContext): Record<string, unknown> {
  return {
    event: event.kind,
    event_id: ctx.eventId,
    monitor_id: ctx.monitorId,
    occurred_at: ctx.occurredAt.toISOString(),
    provider: { name: ctx.provider.name, npi: ctx.provider.npi, state: isStateCode(ctx.provider.state) ? stateName(ctx.provider.state) : ctx.provider.state },
    change: { from: event.change.from, to: event.change.to },
    verification_id: ctx.verificationId,
    certificate_hash: ctx.certificateHash,
    data: { ...event.data },
  };
}
