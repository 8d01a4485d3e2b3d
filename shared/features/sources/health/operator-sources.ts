/**
 * The age of the sources an operator uploads (nobody else refreshes them): written daily as the days
 * each has left before it is stale (`OperatorSourceDaysLeft`, by source and over all of them, which the
 * `OperatorSourceAgeing` alarm watches), and listed by `npm run admin -- preflight`.
 */
import { recordMetric } from '../../../platform/observability/metrics.ts';
import { assessFreshness, freshAsOf, freshnessPolicy, type Freshness, operatorSourceIds, type VersionDates } from '../freshness.ts';

export { operatorSourceIds };

/** Whole days left before the version is stale (negative once it is), or null without a version. */
export function daysLeft(sourceId: string, version: VersionDates | undefined, now: Date): number | null {
  if (!version) return null;
  const policy = freshnessPolicy(sourceId);
  return Math.floor((freshAsOf(policy, version) + policy.staleAfterDays * 86_400_000 - now.getTime()) / 86_400_000);
}

/** Records the days an operator-uploaded source has left (nothing for one never uploaded: preflight reports it). */
export function recordOperatorSourceAge(sourceId: string, version: VersionDates | undefined, now: Date): Freshness {
  const freshness = assessFreshness(freshnessPolicy(sourceId), version, now);
  const left = daysLeft(sourceId, version, now);
  if (left !== null) {
    recordMetric('operatorSourceDaysLeft', left, { source: sourceId });
    recordMetric('operatorSourceDaysLeftAll', left, {});
  }
  return freshness;
}
