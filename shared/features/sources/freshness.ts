/**
 * How old an ingested source's data may be before the service stops answering from it, per source, and
 * whether the rows of its current version can still be read at all.
 *
 * A source's age is measured from its last successful check of the publisher (a scheduled download that
 * found a new file or the same one), or, for a source an operator uploads (nobody checks it), from the
 * older of the date the file stands for and the upload. Past `warnAfterDays` the source is `degraded`
 * (an operator upload raises the `OperatorSourceAgeing` alarm and shows in preflight); past
 * `staleAfterDays` it is `stale`: a sanctions list is reported `unavailable`, never as checked and clear,
 * a roster answers `source_unavailable`, never `not_found`.
 *
 * Independently of age, the rows of a version expire `rowTtlDays` after they were last written
 * (versioned-rows.ts); the pointer records when (`rows_written_at`). A version whose rows may have
 * expired is never read (DynamoDB deletes expired items lazily, so some may still be there and others
 * not): it is `unavailable`. Renewal (source-renewal.ts) rewrites the current version's rows well
 * before, so a current version only reaches this when renewal kept failing.
 */
import { rowTtlDays } from './lists/versioned-rows.ts';

export type FreshnessState = 'ok' | 'degraded' | 'stale' | 'unavailable';

export interface FreshnessPolicy {
  /** `last_check`: from the last successful check; `as_of`: from the older of the file's date and its upload (operator uploads). */
  readonly measuredFrom: 'last_check' | 'as_of';
  /** Past this age the source is `degraded` (and an operator upload is alarmed on). */
  readonly warnAfterDays: number;
  /** Past this age answers from the source are never reported as a current check. */
  readonly staleAfterDays: number;
  /** How the source is kept current, for operators and customers. */
  readonly updated: 'scheduled' | 'operator_upload';
}

const day = 86_400_000;

/** A publisher with a new file every day (SAM.gov, Texas BHEC), checked daily. */
const dailyPublisher: FreshnessPolicy = { measuredFrom: 'last_check', warnAfterDays: 2, staleAfterDays: 7, updated: 'scheduled' };
/** A publisher with a new file monthly or a few times a month, checked daily (or every 12 hours): a missed month is stale. */
const monthlyPublisher: FreshnessPolicy = { measuredFrom: 'last_check', warnAfterDays: 7, staleAfterDays: 35, updated: 'scheduled' };
/** A file an operator downloads and uploads: expected monthly, alarmed two weeks before it is stale. */
const operatorUpload: FreshnessPolicy = { measuredFrom: 'as_of', warnAfterDays: 45, staleAfterDays: 60, updated: 'operator_upload' };
/** A file its publisher renews about weekly that an operator downloads and uploads: a missed week warns, three are stale. */
const weeklyOperatorUpload: FreshnessPolicy = { measuredFrom: 'as_of', warnAfterDays: 10, staleAfterDays: 21, updated: 'operator_upload' };

/** Every ingested source's policy, by source id (the SourceState key). */
export const freshnessPolicies: Readonly<Record<string, FreshnessPolicy>> = {
  leie: monthlyPublisher,
  sam: dailyPublisher,
  cms_opt_out: monthlyPublisher,
  cms_revoked: monthlyPublisher,
  nppes_deactivated: monthlyPublisher,
  tx_hhsc: monthlyPublisher,
  ca_medi_cal: monthlyPublisher,
  wa_hca: monthlyPublisher,
  co_hcpf: monthlyPublisher,
  ny_omig: monthlyPublisher,
  il_hfs: operatorUpload,
  tx_bhec: dailyPublisher,
  md_bop: monthlyPublisher,
  fl_mqa: operatorUpload,
  al_bme: operatorUpload,
  wy_boards: operatorUpload,
  wy_active: operatorUpload,
  nv_bop: operatorUpload,
  mo_pr: operatorUpload,
  // Republished on the 1st of each month under a new Box file id: an operator loads each month's file.
  ca_bbs: operatorUpload,
  // No published cadence (unchanged over four days in June 2026): checked daily, stale after a month unchecked.
  wv_bom: monthlyPublisher,
  // Lists that follow the boards' records within days, checked daily: stale after a week unchecked.
  sd_boards: dailyPublisher,
  // Republished only when its data change (the PDF says so), on no calendar: checked daily, and stale only
  // after a month of failed checks, since an unchanged file is still the board's current list.
  ar_bopm: monthlyPublisher,
  // A new edition about monthly (15 May and 16 June 2026), checked daily: a missed month is stale.
  la_lbmt: monthlyPublisher,
  // Republished about weekly and saved by an operator from a browser (the site refuses automated clients):
  // stale three weeks after the file's date.
  ak_cbpl: weeklyOperatorUpload,
};

/** The ids of the sources an operator uploads. */
export const operatorSourceIds = Object.entries(freshnessPolicies)
  .filter(([, policy]) => policy.updated === 'operator_upload')
  .map(([id]) => id);

/** Days left before stale at which an operator upload is alarmed on: its policy's span between warning and stale ages. */
export function operatorAlarmDaysLeft(): number {
  return Math.max(...operatorSourceIds.map((id) => freshnessPolicies[id]!.staleAfterDays - freshnessPolicies[id]!.warnAfterDays));
}

/** The policy of a source; an id without one (a source added without a policy) gets the monthly publisher's. */
export function freshnessPolicy(sourceId: string): FreshnessPolicy {
  return Object.hasOwn(freshnessPolicies, sourceId) ? freshnessPolicies[sourceId]! : monthlyPublisher;
}

/** What every pointer of an ingested version carries that freshness reads. */
export interface VersionDates {
  readonly version: string;
  readonly ingested_at: string;
  readonly checked_at?: string;
  /** The date the content stands for (ISO date or time); the LEIE pointer has none. */
  readonly as_of?: string;
  /** When the version's rows were last written (ingest or renewal); absent on pointers written before renewal: `ingested_at`. */
  readonly rows_written_at?: string;
}

/** A version is not read within this margin of its rows' expiry (clock skew between writers and readers). */
export const expiryMarginMs = day;

/** When the rows of the version expire (epoch ms). */
export function rowsExpireAt(version: VersionDates): number {
  return Date.parse(version.rows_written_at ?? version.ingested_at) + rowTtlDays * day;
}

/** True while every row of the version is certainly still stored. */
export function rowsReadable(version: VersionDates, now: Date): boolean {
  return now.getTime() < rowsExpireAt(version) - expiryMarginMs;
}

/** The moment the source's data is as old as, under its policy (epoch ms). */
export function freshAsOf(policy: FreshnessPolicy, version: VersionDates): number {
  const lastCheck = Date.parse(version.checked_at ?? version.ingested_at);
  if (policy.measuredFrom === 'last_check' || !version.as_of) return lastCheck;
  const asOf = Date.parse(version.as_of.length === 10 ? `${version.as_of}T00:00:00Z` : version.as_of);
  return Number.isNaN(asOf) ? Date.parse(version.ingested_at) : Math.min(asOf, Date.parse(version.ingested_at));
}

export interface Freshness {
  readonly state: FreshnessState;
  /** Whether answers may be given from the version (`ok` or `degraded`). */
  readonly usable: boolean;
  /** Whole days since `freshAsOf`; null without a version. */
  readonly ageDays: number | null;
  /** When the source turns (or turned) stale (ISO); null without a version. */
  readonly staleAt: string | null;
  /** Why it is not `ok`, in a few words. */
  readonly reason: 'never_loaded' | 'rows_expiring' | 'past_stale_limit' | 'past_warn_limit' | null;
}

/** The source's freshness at `now` under `policy`, from its current version's pointer. */
export function assessFreshness(policy: FreshnessPolicy, version: VersionDates | undefined, now: Date): Freshness {
  if (!version) return { state: 'unavailable', usable: false, ageDays: null, staleAt: null, reason: 'never_loaded' };
  const from = freshAsOf(policy, version);
  const ageMs = now.getTime() - from;
  const ageDays = Math.max(0, Math.floor(ageMs / day));
  const staleAt = new Date(from + policy.staleAfterDays * day).toISOString();
  if (!rowsReadable(version, now)) return { state: 'unavailable', usable: false, ageDays, staleAt, reason: 'rows_expiring' };
  if (ageMs > policy.staleAfterDays * day) return { state: 'stale', usable: false, ageDays, staleAt, reason: 'past_stale_limit' };
  if (ageMs > policy.warnAfterDays * day) return { state: 'degraded', usable: true, ageDays, staleAt, reason: 'past_warn_limit' };
  return { state: 'ok', usable: true, ageDays, staleAt, reason: null };
}

/** Shorthand: whether answers may be given from this version of `sourceId` at `now`. */
export function usableVersion(sourceId: string, version: VersionDates | undefined, now: Date): boolean {
  return assessFreshness(freshnessPolicy(sourceId), version, now).usable;
}
