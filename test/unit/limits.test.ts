import { describe, expect, it } from 'vitest';
import { minuteLimitFor, plans } from '#shared/features/limits/plans.ts';
import { rateLimitHeaders } from '#shared/api/http/rate-limit-headers.ts';
import { minuteWindow, monthWindow, secondsUntil } from '#shared/features/limits/windows.ts';

describe('plans (spec: Limits)', () => {
  it('match the spec table', () => {
    expect(Object.values(plans).map((p) => [p.name, p.monthlyQuota, p.requestsPerMinute, p.overagePriceUsd, p.bulk])).toEqual([
      ['developer', 500, 10, null, false],
      ['production', 5000, 60, 0.08, true],
      ['scale', 50000, 300, 0.06, true],
      ['enterprise', null, 1000, null, true],
    ]);
    expect(plans.developer.pastQuota).toBe('hard_stop');
    expect(plans.production.pastQuota).toBe('overage');
  });

  it('per-minute limit: the account override wins', () => {
    expect(minuteLimitFor('enterprise')).toBe(1000);
    expect(minuteLimitFor('enterprise', 5000)).toBe(5000);
    expect(minuteLimitFor('developer')).toBe(10);
  });
});

describe('windows', () => {
  it('minute windows are fixed UTC minutes', () => {
    const w = minuteWindow(new Date('2026-11-21T23:30:59.999Z'));
    expect(w.key).toBe('2026-11-21T23:30');
    expect(w.end.toISOString()).toBe('2026-11-21T23:31:00.000Z');
    expect(secondsUntil(w.end, new Date('2026-11-21T23:30:59.999Z'))).toBe(1);
    expect(secondsUntil(w.end, new Date('2026-11-21T23:30:00.000Z'))).toBe(60);
    expect(secondsUntil(w.end, new Date('2026-11-21T23:30:12.300Z'))).toBe(48);
  });

  it('month windows roll over at 00:00 UTC on the 1st, across years and leap days', () => {
    expect(monthWindow(new Date('2026-12-31T23:59:59.999Z'))).toMatchObject({ key: '2026-12' });
    expect(monthWindow(new Date('2026-12-31T23:59:59.999Z')).end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(monthWindow(new Date('2027-01-01T00:00:00.000Z')).key).toBe('2027-01');
    expect(monthWindow(new Date('2028-02-29T12:00:00Z')).end.toISOString()).toBe('2028-03-01T00:00:00.000Z');
  });
});

describe('rate-limit headers', () => {
  const reset = new Date('2026-12-01T00:00:00Z');
  it('carry numbers for quota plans and "unlimited" for Enterprise', () => {
    expect(rateLimitHeaders({ minuteLimit: 60, minuteRemaining: 12, monthlyLimit: 5000, monthlyRemaining: 4321, monthlyReset: reset })).toEqual({
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4321',
      'x-ratelimit-reset': String(Date.parse('2026-12-01T00:00:00Z') / 1000),
      'x-ratelimit-minute-limit': '60',
      'x-ratelimit-minute-remaining': '12',
    });
    expect(rateLimitHeaders({ minuteLimit: 900, minuteRemaining: 899, monthlyLimit: null, monthlyRemaining: null, monthlyReset: reset })).toMatchObject({
      'x-ratelimit-limit': 'unlimited',
      'x-ratelimit-remaining': 'unlimited',
    });
  });
});
