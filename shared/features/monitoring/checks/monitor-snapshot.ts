/**
 * What a monitor remembers from its last check that the state board answered (docs/api-guide.md,
 * "Monitoring"). Change detection compares what a new verification observed (monitor-observation.ts)
 * with this snapshot.
 *
 * Rules:
 * - Only a board answer (a license status, or `not_found`) is an observation. `source_unavailable`,
 *   `profession_not_covered` and `unsupported_state` carry no board answer: the snapshot is left exactly
 *   as it was, `checkedAt` included, so `checkedAt` always dates the last board answer.
 * - `not_found` is an answer (the board answered and no single person matches) and is recorded as the
 *   status. The board then publishes no record, so the disciplinary flag it cannot report keeps its
 *   previous value.
 * - When the OIG exclusion list was unavailable for the check, `oig_excluded: false` means "unknown":
 *   the previous exclusion flag is kept.
 * - The alerted-expiry markers are carried over; only change detection sets or clears them.
 * - Matches on sanctions lists other than the OIG list are recorded as keys; a list that could not be
 *   consulted keeps the keys it had.
 */
import * as z from 'zod';
import { boardStatuses } from '../../../domain/license-status.ts';
import { oigListId } from '../../../domain/match-basis.ts';
import type { MonitorObservation, ObservedSanction } from './monitor-observation.ts';

export interface MonitorSnapshot {
  /** License status: a board status or `not_found` (`source_unavailable` only before the first board answer). */
  readonly status: string;
  /** YYYY-MM-DD, or null when the board publishes none (or the provider was not found). */
  readonly expiryDate: string | null;
  readonly disciplinary: boolean;
  readonly oigExcluded: boolean;
  /** ISO timestamp of the last check the board answered. */
  readonly checkedAt: string;
  /** Expiry dates already alerted, so each alert is sent once per expiry date, not daily. */
  readonly expiryAlertedFor: string | null;
  readonly expiredAlertedFor: string | null;
  /**
   * The matches on sanctions lists other than the OIG list (which has `oigExcluded`), as `sanctionKey`s;
   * absent on snapshots taken before they were recorded (no baseline: the next check records them).
   */
  readonly sanctions?: readonly string[];
}

/** A snapshot as stored on its monitor (monitor-store.ts parses every monitor read with it). */
export const monitorSnapshotSchema: z.ZodType<MonitorSnapshot, unknown> = z.object({
  status: z.string(),
  expiryDate: z.string().nullable(),
  disciplinary: z.boolean(),
  oigExcluded: z.boolean(),
  checkedAt: z.string(),
  expiryAlertedFor: z.string().nullable(),
  expiredAlertedFor: z.string().nullable(),
  sanctions: z.array(z.string()).optional(),
});

/** The statuses that are an answer from the board. */
export const answeredStatuses: readonly string[] = [...boardStatuses, 'not_found'];

export function isBoardAnswer(status: string): boolean {
  return answeredStatuses.includes(status);
}

/**
 * The snapshot after `observation`. With a previous snapshot and no board answer, the previous snapshot
 * is returned unchanged. Without a previous snapshot (the initial verification), the observation is
 * recorded as it is, even without a board answer: change detection then treats it as having no baseline.
 */
export function snapshotFromObservation(observation: MonitorObservation, previous: MonitorSnapshot | null, checkedAt: Date): MonitorSnapshot {
  if (previous && !observation.boardAnswered) return previous;
  return {
    status: observation.status,
    expiryDate: observation.expiryDate,
    disciplinary: previous && observation.status === 'not_found' ? previous.disciplinary : observation.disciplinary,
    oigExcluded: previous && observation.oigListUnavailable ? previous.oigExcluded : observation.oigExcluded,
    checkedAt: checkedAt.toISOString(),
    expiryAlertedFor: previous?.expiryAlertedFor ?? null,
    expiredAlertedFor: previous?.expiredAlertedFor ?? null,
    sanctions: sanctionKeys(observation, previous?.sanctions),
  };
}

/** What identifies one action on one list across checks: the list, the action and its start. */
export function sanctionKey(match: Pick<ObservedSanction, 'list' | 'action' | 'startDate'>): string {
  return `${match.list}|${match.action}|${match.startDate ?? ''}`;
}

/** The list a `sanctionKey` is of. */
export function sanctionKeyList(key: string): string {
  return key.slice(0, key.indexOf('|'));
}

/**
 * The observed matches on lists other than the OIG list, as keys. A list that could not be consulted
 * says nothing: the matches it had before are kept.
 */
export function sanctionKeys(observation: Pick<MonitorObservation, 'sanctions'>, previous: readonly string[] | undefined): string[] {
  const unavailable = new Set(observation.sanctions.unavailableLists);
  const kept = (previous ?? []).filter((key) => unavailable.has(sanctionKeyList(key)));
  const found = observation.sanctions.matches.filter((m) => m.list !== oigListId && !unavailable.has(m.list)).map(sanctionKey);
  return [...new Set([...kept, ...found])].sort();
}
