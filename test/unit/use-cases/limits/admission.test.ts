/**
 * Admission (limits/rate-limits.ts `admit`) on an in-memory usage store: every request counts in its
 * account's minute window for its mode; past the per-minute limit it is refused with 429 and
 * `retry_after` until the window ends; test keys have an allowance of their own; a suspended account is
 * refused whatever its count; an unknown account is not admitted.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#shared/platform/clock.ts';
import { AccountSuspended, MinuteLimitExceeded } from '#shared/domain/errors.ts';
import { apiErrorOf } from '#shared/api/http/domain-errors.ts';
import { testMinuteLimitFor } from '#shared/features/limits/plans.ts';
import { RateLimits } from '#shared/features/limits/rate-limits.ts';
import { lastUsedOf } from '#shared/features/limits/usage-counters.ts';
import { InMemoryUsageStore } from '../../../support/in-memory/usage-store.ts';

const accountOf = (item: Record<string, unknown>) => item as never;

function setup(account: Record<string, unknown> = {}) {
  const usage = new InMemoryUsageStore();
  usage.addAccount({ account_id: 'acct_1', plan: 'developer', created_at: '2026-01-01T00:00:00Z', ...account });
  const clock = fixedClock('2026-03-14T10:20:45Z');
  return { usage, clock, limits: new RateLimits(usage, clock) };
}

describe('admission and the per-minute limit', () => {
  it('admits up to the limit, then refuses with 429 and retry_after until the minute ends', async () => {
    const { limits, clock } = setup();
    for (let i = 1; i <= 10; i++) {
      const admitted = await limits.admit('acct_1', 'live', accountOf, 'key_a');
      expect(admitted?.limits.minuteRemaining).toBe(10 - i);
    }
    const refused = await limits.admit('acct_1', 'live', accountOf).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(MinuteLimitExceeded);
    const answer = apiErrorOf(refused)!;
    expect(answer.status).toBe(429);
    expect(answer.details.retry_after).toBe(15);
    expect(answer.headers['retry-after']).toBe('15');

    clock.advance(15_000);
    expect((await limits.admit('acct_1', 'live', accountOf))?.limits.minuteRemaining).toBe(9);
  });

  it("test keys count in a window of their own, against their own allowance: they never use up the live keys' minute", async () => {
    const { limits } = setup();
    const allowance = testMinuteLimitFor('developer');
    for (let i = 0; i < allowance; i++) await limits.admit('acct_1', 'test', accountOf);
    await expect(limits.admit('acct_1', 'test', accountOf)).rejects.toBeInstanceOf(MinuteLimitExceeded);
    expect((await limits.admit('acct_1', 'live', accountOf))?.limits.minuteRemaining).toBe(9);
  });

  it('an account override sets the limit', async () => {
    const { limits } = setup({ plan: 'enterprise', minute_limit: 2 });
    await limits.admit('acct_1', 'live', accountOf);
    await limits.admit('acct_1', 'live', accountOf);
    await expect(limits.admit('acct_1', 'live', accountOf)).rejects.toBeInstanceOf(MinuteLimitExceeded);
  });

  it('a suspended account is refused (403 account_suspended) before its limit is looked at', async () => {
    const { limits } = setup({ suspended_at: '2026-03-01T00:00:00Z' });
    const refused = await limits.admit('acct_1', 'live', accountOf).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AccountSuspended);
    expect(apiErrorOf(refused)?.status).toBe(403);
  });

  it('an unknown account is not admitted; a known one records its key’s last use and carries the month’s quota state', async () => {
    const { limits, usage } = setup();
    expect(await limits.admit('acct_unknown', 'live', accountOf)).toBeUndefined();
    const admitted = (await limits.admit('acct_1', 'live', accountOf, 'key_a'))!;
    expect(lastUsedOf(admitted.item, 'key_a')).toBe('2026-03-14T10:20:00.000Z');
    expect(admitted.limits.monthlyRemaining).toBe(500);
    expect(admitted.limits.monthlyReset.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(lastUsedOf(usage.accounts.get('acct_1'), 'key_a')).toBe('2026-03-14T10:20:00.000Z');
  });
});
