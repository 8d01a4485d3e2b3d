/**
 * The health of every source the service answers from, for GET /v1/sources: the ingested sources (the
 * OIG LEIE, the sanctions lists, the board rosters) with their current version, its date, the last
 * successful refresh and their freshness under their policy (freshness.ts); the live sources (the
 * boards' open-data APIs, the NPPES registry); and for each, over the last 24 hours, the failure rate,
 * the median call latency and the count of values no connector could read (health-counters.ts).
 *
 * Reads: one GetItem per pointer (their dates only, all at once) and one Query per hour of the 24 (each
 * hour's partition holds every source's item), at most once a minute per container: the report is
 * remembered for a minute, the longest the counters wait before they are written anyway.
 */
import { oigListId } from '../../../domain/match-basis.ts';
import type { StateCode } from '../../../domain/us-states.ts';
import { stateBoards } from '../boards/registry.ts';
import { assessFreshness, type FreshnessPolicy, type FreshnessState, freshnessPolicy, type VersionDates } from '../freshness.ts';
import { listDefinitions } from '../lists/definitions.ts';
import { rosterDefinitions } from '../rosters/definitions.ts';
import { sourceNames } from '../source-config.ts';
import { hourKey, latencyBucketsMs } from './health-counters.ts';

export const sourceKinds = ['exclusion_list', 'sanctions_list', 'board_roster', 'board_open_data', 'board_lookup', 'registry'] as const;
export type SourceKind = (typeof sourceKinds)[number];

export interface SourceActivity {
  readonly calls: number;
  readonly failures: number;
  /** Failures over attempts (calls, or failures where more failed than were made); null without any. */
  readonly failure_rate: number | null;
  /** The median call's latency, as the upper bound of its histogram bucket (ms); null without calls. */
  readonly median_latency_ms: number | null;
  readonly unreadable_values: number;
}

export interface SourceHealth {
  readonly id: string;
  readonly name: string;
  readonly kind: SourceKind;
  /** `federal`, or the state the source is about. */
  readonly jurisdiction: 'federal' | StateCode;
  readonly updated: 'scheduled' | 'operator_upload' | 'live';
  readonly state: FreshnessState;
  readonly current_version: string | null;
  readonly as_of: string | null;
  /** A newer version held for review (plausibility/load-review.ts), not answered from. */
  readonly pending_review: { readonly version: string; readonly as_of: string; readonly held_at: string } | null;
  readonly last_refresh_at: string | null;
  readonly stale_at: string | null;
  readonly freshness_policy: { readonly measured_from: 'last_check' | 'as_of'; readonly warn_after_days: number; readonly stale_after_days: number } | null;
  readonly last_24h: SourceActivity;
}

export interface SourcesReport {
  readonly generated_at: string;
  readonly data: SourceHealth[];
}

interface Described {
  readonly id: string;
  readonly name: string;
  readonly kind: SourceKind;
  readonly jurisdiction: 'federal' | StateCode;
  /** Ingested sources: their pointer's key; live sources: none. */
  readonly ingested: boolean;
}

/** Every source, ingested ones first, in a fixed order. */
export function describedSources(): Described[] {
  const out: Described[] = [{ id: 'leie', name: sourceNames.leie, kind: 'exclusion_list', jurisdiction: 'federal', ingested: true }];
  for (const d of Object.values(listDefinitions)) {
    out.push({ id: d.id, name: d.displayName, kind: 'sanctions_list', jurisdiction: d.scope.kind === 'federal' ? 'federal' : d.scope.state, ingested: true });
  }
  for (const board of Object.values(stateBoards)) {
    for (const roster of board!.rosters ?? []) {
      if (rosterDefinitions[roster.id]) out.push({ id: roster.id, name: roster.displayName, kind: 'board_roster', jurisdiction: roster.state, ingested: true });
    }
  }
  out.push({ id: 'nppes', name: sourceNames.nppes, kind: 'registry', jurisdiction: 'federal', ingested: false });
  for (const board of Object.values(stateBoards)) {
    if (board!.datasets.length === 0) continue;
    out.push({
      id: `board_${board!.state.toLowerCase()}`,
      name: board!.sourceName,
      kind: board!.lookup ? 'board_lookup' : 'board_open_data',
      jurisdiction: board!.state,
      ingested: false,
    });
  }
  return out;
}

type Counts = { calls: number; failures: number; unreadable: number; latency: number[] };

/** The median of a latency histogram: the upper bound of the bucket holding the middle call. */
export function medianLatency(latency: readonly number[]): number | null {
  const total = latency.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const [i, n] of latency.entries()) {
    seen += n;
    if (seen >= total / 2) return latencyBucketsMs[Math.min(i, latencyBucketsMs.length - 1)]!;
  }
  return latencyBucketsMs[latencyBucketsMs.length - 1]!;
}

export function activityOf(counts: Counts | undefined): SourceActivity {
  if (!counts) return { calls: 0, failures: 0, failure_rate: null, median_latency_ms: null, unreadable_values: 0 };
  const attempts = Math.max(counts.calls, counts.failures);
  return {
    calls: counts.calls,
    failures: counts.failures,
    failure_rate: attempts === 0 ? null : Math.round((counts.failures / attempts) * 1000) / 1000,
    median_latency_ms: medianLatency(counts.latency),
    unreadable_values: counts.unreadable,
  };
}

/**
 * A live source's state from its last 24 hours: `unavailable` when nearly every attempt failed (90 %,
 * 3 attempts at least), `degraded` from 10 % failures or any value it could not read, else `ok`.
 */
export function liveState(activity: SourceActivity): FreshnessState {
  const attempts = Math.max(activity.calls, activity.failures);
  if (attempts >= 3 && (activity.failure_rate ?? 0) >= 0.9) return 'unavailable';
  if ((activity.failure_rate ?? 0) >= 0.1 || activity.unreadable_values > 0) return 'degraded';
  return 'ok';
}

/** An ingested source's state: its freshness; an `ok` one whose checks mostly failed today is `degraded`. */
export function ingestedState(freshness: FreshnessState, activity: SourceActivity): FreshnessState {
  if (freshness === 'ok' && activity.failures > 0 && (activity.failure_rate ?? 0) >= 0.5) return 'degraded';
  return freshness;
}

const policyView = (p: FreshnessPolicy) => ({ measured_from: p.measuredFrom, warn_after_days: p.warnAfterDays, stale_after_days: p.staleAfterDays });

export type Pointer = VersionDates & { readonly source: string; readonly last_modified?: string | null };

function asOfOf(pointer: Pointer): string {
  if (pointer.as_of) return pointer.as_of.slice(0, 10);
  const modified = pointer.last_modified ? Date.parse(pointer.last_modified) : Number.NaN;
  return (Number.isNaN(modified) ? pointer.ingested_at : new Date(modified).toISOString()).slice(0, 10);
}

/** A load held for review, as its review item holds it (plausibility/load-review.ts); a field may be missing. */
export interface HeldSummary {
  readonly version?: string;
  readonly as_of?: string;
  readonly held_at?: string;
}

/** What the report reads: the SourceState and SourceHealth tables (adapters/dynamo-source-health-records.ts). */
export interface SourceHealthRecords {
  /** The pointers' dates, by source (a pointer holds files and statistics beyond these); sources without one are left out. */
  pointers(ids: readonly string[]): Promise<Map<string, Pointer>>;
  /** The load each source holds for review, if any (its `<source>#review` item's `held`). */
  held(ids: readonly string[]): Promise<Map<string, HeldSummary | undefined>>;
  /** Every source's counts of one hour (`hourKey`), as stored. */
  hour(hour: string): Promise<Record<string, unknown>[]>;
}

/** The loads held for review, by source: those whose review item names the version, its date and when it was held. */
async function readHeld(records: SourceHealthRecords, ids: readonly string[]): Promise<Map<string, { version: string; as_of: string; held_at: string }>> {
  const held = await records.held(ids);
  const found = new Map<string, { version: string; as_of: string; held_at: string }>();
  for (const source of ids) {
    const h = held.get(source);
    if (h?.version && h.as_of && h.held_at) found.set(source, { version: h.version, as_of: h.as_of, held_at: h.held_at });
  }
  return found;
}

async function readActivity(records: SourceHealthRecords, now: Date): Promise<Map<string, Counts>> {
  const hours = Array.from({ length: 24 }, (_, i) => hourKey(new Date(now.getTime() - i * 3_600_000)));
  const parts = await Promise.all(hours.map((hour) => records.hour(hour)));
  const totals = new Map<string, Counts>();
  for (const item of parts.flat()) {
    const source = item.source as string;
    const counts = totals.get(source) ?? { calls: 0, failures: 0, unreadable: 0, latency: Array<number>(latencyBucketsMs.length + 1).fill(0) };
    const n = (k: string) => (typeof item[k] === 'number' ? (item[k] as number) : 0);
    counts.calls += n('calls');
    counts.failures += n('failures');
    counts.unreadable += n('unreadable');
    counts.latency.forEach((_, i) => {
      counts.latency[i]! += n(`l${i}`);
    });
    totals.set(source, counts);
  }
  return totals;
}

/** The health of every source at `now`. */
export async function sourcesReport(now: Date, records: SourceHealthRecords): Promise<SourcesReport> {
  const sources = describedSources();
  const ingested = sources.filter((s) => s.ingested).map((s) => s.id);
  const [pointers, held, activity] = await Promise.all([records.pointers(ingested), readHeld(records, ingested), readActivity(records, now)]);
  const data = sources.map((s): SourceHealth => {
    const last24h = activityOf(activity.get(s.name));
    // The OIG list is `oig_leie` to customers, as in `sanctions.lists`; `leie` is its key in the store.
    const base = { id: s.id === 'leie' ? oigListId : s.id, name: s.name, kind: s.kind, jurisdiction: s.jurisdiction, last_24h: last24h };
    if (!s.ingested) {
      return {
        ...base,
        updated: 'live',
        state: liveState(last24h),
        current_version: null,
        as_of: null,
        pending_review: null,
        last_refresh_at: null,
        stale_at: null,
        freshness_policy: null,
      };
    }
    const policy = freshnessPolicy(s.id);
    const pointer = pointers.get(s.id);
    const freshness = assessFreshness(policy, pointer, now);
    return {
      ...base,
      updated: policy.updated,
      state: ingestedState(freshness.state, last24h),
      current_version: pointer?.version ?? null,
      as_of: pointer ? asOfOf(pointer) : null,
      pending_review: held.get(s.id) ?? null,
      last_refresh_at: pointer ? (pointer.checked_at ?? pointer.ingested_at) : null,
      stale_at: freshness.staleAt,
      freshness_policy: policyView(policy),
    };
  });
  return { generated_at: now.toISOString(), data };
}
