/**
 * What a monitor remembers from its last check that the state board answered (spec: Monitor, Events).
 * Change detection compares a new verification result with this snapshot.
 *
 * Rules:
 * - Only a board answer (a license status, or `not_found`) is an observation. `source_unavailable`,
 *   `profession_not_covered` and `unsupported_state` carry no board answer: the snapshot is left exactly
 *   as it was, `checkedAt` included, so `checkedAt` always dates the last board answer.
 * - `not_found` is an answer (spec: States and transitions, rule 4) and is recorded as the status. The
 *   board then publishes no record, so the disciplinary flag it cannot report keeps its previous value.
 * - When the OIG exclusion list was unavailable for the check, `oig_excluded: false` means "unknown":
 *   the previous exclusion flag is kept.
 * - The alerted-expiry markers are carried over; only change detection sets or clears them.
 * - Matches on sanctions lists other than the OIG list are recorded as keys; a list that could not be
 *   consulted keeps the keys it had.
 */
import * as z from 'zod';
import { boardStatuses } from '../domain/license-status.ts';
import { oigListId } from '../domain/match-basis.ts';
import { sourceNames } from '../sources/source-config.ts';
import type { VerificationResult } from '../verification/verification-result.ts';

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

/** True when the result carries a board answer (see the rules above). */
export function boardAnswered(result: Pick<VerificationResult, 'status'>): boolean {
  return isBoardAnswer(result.status);
}

/** True when the OIG exclusion list could not be read for this result (its `oig_excluded` then means unknown). */
export function exclusionListUnavailable(result: Pick<VerificationResult, 'sources'>): boolean {
  return result.sources.some((s) => s.name === sourceNames.leie && s.status === 'unavailable');
}

/**
 * The snapshot after `result`. With a previous snapshot and no board answer, the previous snapshot is
 * returned unchanged. Without a previous snapshot (the initial verification), the result is recorded as
 * it is, even without a board answer: change detection then treats it as having no baseline.
 */
export function snapshotFromResult(result: VerificationResult, previous: MonitorSnapshot | null, checkedAt: Date): MonitorSnapshot {
  if (previous && !boardAnswered(result)) return previous;
  return {
    status: result.status,
    expiryDate: result.expiry_date,
    disciplinary: previous && result.status === 'not_found' ? previous.disciplinary : result.disciplinary_flags,
    oigExcluded: previous && exclusionListUnavailable(result) ? previous.oigExcluded : result.oig_excluded,
    checkedAt: checkedAt.toISOString(),
    expiryAlertedFor: previous?.expiryAlertedFor ?? null,
    expiredAlertedFor: previous?.expiredAlertedFor ?? null,
    sanctions: sanctionKeys(result, previous?.sanctions),
  };
}

type SanctionsOf = Pick<VerificationResult, 'sanctions'>;
type SanctionRow = VerificationResult['sanctions']['matches'][number];

/** What identifies one action on one list across checks: the list, the action and its start. */
export function sanctionKey(match: Pick<SanctionRow, 'list' | 'action' | 'start_date'>): string {
  return `${match.list}|${match.action}|${match.start_date ?? ''}`;
}

/** The list a `sanctionKey` is of. */
export function sanctionKeyList(key: string): string {
  return key.slice(0, key.indexOf('|'));
}

/**
 * The result's matches on lists other than the OIG list, as keys. A list that could not be consulted
 * says nothing: the matches it had before are kept.
 */
export function sanctionKeys(result: SanctionsOf, previous: readonly string[] | undefined): string[] {
  const unavailable = new Set(result.sanctions.lists.filter((l) => l.status === 'unavailable').map((l) => l.list));
  const kept = (previous ?? []).filter((key) => unavailable.has(sanctionKeyList(key)));
  const found = result.sanctions.matches.filter((m) => m.list !== oigListId && !unavailable.has(m.list)).map(sanctionKey);
  return [...new Set([...kept, ...found])].sort();
}
