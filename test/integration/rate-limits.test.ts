import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthWindow } from '#shared/features/limits/windows.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { waitForFreshMinute } from '../support/minute.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

const headerNames = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-ratelimit-minute-limit', 'x-ratelimit-minute-remaining'];

function limitHeaders(headers: Headers): Record<string, string | null> {
  return Object.fromEntries(headerNames.map((h) => [h, headers.get(h)]));
}

const nextMonthReset = () => String(Math.floor(monthWindow(new Date()).end.getTime() / 1000));

describe('rate-limit headers', () => {
  it('are on every authenticated response: success, client error, server error', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    await waitForFreshMinute();
    const responses = [
      await t.call('/v1/account', { key: api_key }),
      await t.call('/v1/account?bad=1', { key: api_key }),
      await t.call('/test/boom', { key: api_key }),
      await t.call('/test/charge', { key: api_key, method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 400, 500, 400]);
    responses.forEach((res, i) => {
      expect(limitHeaders(res.headers)).toEqual({
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '5000',
        'x-ratelimit-reset': nextMonthReset(),
        'x-ratelimit-minute-limit': '60',
        'x-ratelimit-minute-remaining': String(59 - i),
      });
    });
  });

  it('X-RateLimit-Reset is the first day of next month, 00:00 UTC', async () => {
    const { api_key } = await t.issue({ plan: 'developer', mode: 'test' });
    const res = await t.call('/v1/account', { key: api_key });
    const reset = new Date(Number(res.headers.get('x-ratelimit-reset')) * 1000);
    expect(reset.getUTCDate()).toBe(1);
    expect(reset.getUTCHours() + reset.getUTCMinutes() + reset.getUTCSeconds()).toBe(0);
    expect(reset.getTime()).toBeGreaterThan(Date.now());
    expect(reset.getTime() - Date.now()).toBeLessThanOrEqual(31 * 86_400_000);
  });

  it('Enterprise shows its unlimited quota as "unlimited" and its per-account minute limit', async () => {
    const { api_key } = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 2500 });
    const res = await t.call('/v1/account', { key: api_key });
    expect(limitHeaders(res.headers)).toMatchObject({
      'x-ratelimit-limit': 'unlimited',
      'x-ratelimit-remaining': 'unlimited',
      'x-ratelimit-minute-limit': '2500',
    });
    expect(res.body.limits).toMatchObject({ monthly_verifications: null, requests_per_minute: 2500 });
  });

  it('plans carry the spec per-minute limits for live keys; test keys get twice them, at least 120', async () => {
    const expected = { developer: ['10', '120'], production: ['60', '120'], scale: ['300', '600'], enterprise: ['1000', '2000'] } as const;
    for (const [plan, [live, test]] of Object.entries(expected)) {
      const liveKey = await t.issue({ plan: plan as keyof typeof expected, mode: 'live' });
      const testKey = await t.issue({ plan: plan as keyof typeof expected, mode: 'test', accountId: liveKey.account_id });
      const liveRes = await t.call('/v1/account', { key: liveKey.api_key });
      expect(liveRes.headers.get('x-ratelimit-minute-limit')).toBe(live);
      expect(liveRes.body.limits.requests_per_minute).toBe(Number(live));
      const testRes = await t.call('/v1/account', { key: testKey.api_key });
      expect(testRes.headers.get('x-ratelimit-minute-limit')).toBe(test);
      expect(testRes.body.limits.requests_per_minute).toBe(Number(test));
    }
  });
});

describe('per-minute limit', () => {
  it('counts every request, test or live, and answers 429 with retry_after past the limit', async () => {
    const live = await t.issue({ plan: 'developer', mode: 'live' });
    await waitForFreshMinute();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await t.call(i % 2 ? '/v1/account' : '/v1/nope', { key: live.api_key })).status);
    // Unknown routes do not authenticate, so only the five /v1/account calls counted.
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    for (let i = 0; i < 5; i++) expect((await t.call('/v1/account', { key: live.api_key })).status).toBe(200);
    const limited = await t.call('/v1/account', { key: live.api_key });
    expect(limited.status).toBe(429);
    const error = errorOf(limited.body);
    expect(error.code).toBe('rate_limit_exceeded');
    expect(Number.isInteger(error.retry_after)).toBe(true);
    const secondsLeftInMinute = 60 - new Date().getUTCSeconds();
    expect(error.retry_after).toBeGreaterThanOrEqual(1);
    expect(error.retry_after).toBeLessThanOrEqual(secondsLeftInMinute + 1);
    expect(limited.headers.get('retry-after')).toBe(String(error.retry_after));
    expect(limited.headers.get('x-ratelimit-minute-remaining')).toBe('0');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('500');
    expect(error.reset_at).toBeUndefined();
  });

  it('test keys are limited too, by their own allowance, separately from live traffic of the same account', async () => {
    const live = await t.issue({ plan: 'developer', mode: 'live' });
    const test = await t.issue({ plan: 'developer', mode: 'test', accountId: live.account_id });
    await waitForFreshMinute();
    // A developer test suite is not held to the live keys' 10 a minute: 120 pass, the next is refused.
    const answers = await Promise.all(Array.from({ length: 120 }, () => t.call('/v1/account', { key: test.api_key })));
    expect(answers.map((a) => a.status).filter((s) => s !== 200)).toEqual([]);
    const refused = await t.call('/v1/account', { key: test.api_key });
    expect(refused.status).toBe(429);
    expect(errorOf(refused.body).code).toBe('rate_limit_exceeded');
    const liveRes = await t.call('/v1/account', { key: live.api_key });
    expect(liveRes.status).toBe(200);
    expect(liveRes.headers.get('x-ratelimit-minute-remaining')).toBe('9');
  });
});
