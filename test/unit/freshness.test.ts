/** The freshness policy of the ingested sources: when a version is ok, degraded, stale or unreadable. */
import { describe, expect, it } from 'vitest';
import { assessFreshness, freshnessPolicies, freshnessPolicy, rowsReadable, usableVersion } from '#shared/features/sources/freshness.ts';
import { listDefinitions } from '#shared/features/sources/lists/definitions.ts';
import { rosterDefinitions } from '#shared/features/sources/rosters/definitions.ts';
import { renewalDue } from '#shared/features/sources/lists/list-ingest.ts';
import { renewAfterDays, rowTtlDays } from '#shared/features/sources/lists/versioned-rows.ts';

const day = 86_400_000;
const now = new Date('2027-03-01T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * day).toISOString();

describe('freshness policies', () => {
  it('names every ingested source, operator uploads measured from their file date', () => {
    for (const id of ['leie', ...Object.keys(listDefinitions), ...Object.keys(rosterDefinitions)]) expect(freshnessPolicies, id).toHaveProperty(id);
    for (const d of Object.values(listDefinitions))
      expect(freshnessPolicy(d.id).updated).toBe(d.locate.kind === 'operator_file' ? 'operator_upload' : 'scheduled');
    for (const d of Object.values(rosterDefinitions))
      expect(freshnessPolicy(d.id).updated).toBe(d.locate.kind === 'operator_file' ? 'operator_upload' : 'scheduled');
    for (const policy of Object.values(freshnessPolicies)) {
      expect(policy.warnAfterDays).toBeLessThan(policy.staleAfterDays);
      // A version is stale before its rows could expire, even if renewal never ran.
      expect(policy.staleAfterDays).toBeLessThan(rowTtlDays - 1);
    }
  });

  it('a daily list checked yesterday is ok, degraded after 2 days, stale (unusable) after 7', () => {
    const policy = freshnessPolicy('sam');
    const version = (checked: number) => ({ version: 'v', ingested_at: ago(40), rows_written_at: ago(10), checked_at: ago(checked) });
    expect(assessFreshness(policy, version(1), now)).toMatchObject({ state: 'ok', usable: true, ageDays: 1 });
    expect(assessFreshness(policy, version(3), now)).toMatchObject({ state: 'degraded', usable: true, reason: 'past_warn_limit' });
    expect(assessFreshness(policy, version(8), now)).toMatchObject({ state: 'stale', usable: false, reason: 'past_stale_limit' });
    expect(assessFreshness(policy, version(8), now).staleAt).toBe(ago(1));
  });

  it('an operator upload is as old as the older of its file date and its upload', () => {
    const policy = freshnessPolicy('al_bme');
    expect(assessFreshness(policy, { version: 'v', ingested_at: ago(10), as_of: ago(50).slice(0, 10) }, now).state).toBe('degraded');
    expect(assessFreshness(policy, { version: 'v', ingested_at: ago(61), as_of: now.toISOString().slice(0, 10) }, now).state).toBe('stale');
    expect(assessFreshness(policy, { version: 'v', ingested_at: ago(5), checked_at: ago(0), as_of: ago(5) }, now).state).toBe('ok');
  });

  it('a version whose rows may have expired is unavailable, however recently checked', () => {
    const version = { version: 'v', ingested_at: ago(95), checked_at: ago(0) };
    expect(rowsReadable(version, now)).toBe(false);
    expect(assessFreshness(freshnessPolicy('leie'), version, now)).toMatchObject({ state: 'unavailable', usable: false, reason: 'rows_expiring' });
    // Renewed 10 days ago: readable again.
    expect(usableVersion('leie', { ...version, rows_written_at: ago(10) }, now)).toBe(true);
    // Within a day of the expiry: no longer read.
    expect(rowsReadable({ version: 'v', ingested_at: ago(rowTtlDays - 0.5) }, now)).toBe(false);
  });

  it('a source never loaded is unavailable', () => {
    expect(assessFreshness(freshnessPolicy('sam'), undefined, now)).toMatchObject({ state: 'unavailable', usable: false, reason: 'never_loaded' });
  });

  it('renewal is due once the rows are older than the renewal age', () => {
    expect(renewalDue({ ingested_at: ago(renewAfterDays - 1) }, now)).toBe(false);
    expect(renewalDue({ ingested_at: ago(renewAfterDays + 1) }, now)).toBe(true);
    expect(renewalDue({ ingested_at: ago(80), rows_written_at: ago(2) }, now)).toBe(false);
    expect(renewalDue(undefined, now)).toBe(false);
  });
});
