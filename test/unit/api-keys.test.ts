import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyHint, apiKeyMode, bearerKey, generateApiKey, hashApiKey } from '#shared/features/accounts/api-keys.ts';
import { keyState, type ApiKeyRecord } from '#shared/features/accounts/accounts.ts';
import { randomBase62 } from '#shared/platform/ids.ts';

describe('API keys', () => {
  it('have the mode prefix and 40 base62 characters', () => {
    expect(generateApiKey('live')).toMatch(/^svc_live_[0-9A-Za-z]{40}$/);
    expect(generateApiKey('test')).toMatch(/^svc_test_[0-9A-Za-z]{40}$/);
  });

  it('are unique and use the whole base62 alphabet', () => {
    const keys = new Set(Array.from({ length: 2000 }, () => generateApiKey('live')));
    expect(keys.size).toBe(2000);
    const chars = new Set([...[...keys].join('').replaceAll('svc_live_', '')]);
    expect(chars.size).toBe(62);
  });

  it('random base62 is unbiased enough: each character near 1/62 of a large sample', () => {
    const sample = randomBase62(62 * 2000);
    const counts = new Map<string, number>();
    for (const c of sample) counts.set(c, (counts.get(c) ?? 0) + 1);
    for (const n of counts.values()) expect(Math.abs(n - 2000)).toBeLessThan(300);
  });

  it('hash to the SHA-256 hex of the whole key', () => {
    const key = generateApiKey('test');
    expect(hashApiKey(key)).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey('test')));
  });

  it('recognise their mode only when well formed', () => {
    expect(apiKeyMode(`svc_live_${'a'.repeat(32)}`)).toBe('live');
    expect(apiKeyMode(`svc_test_${'Z9'.repeat(20)}`)).toBe('test');
    for (const bad of [
      `svc_live_${'a'.repeat(31)}`,
      `svc_dev_${'a'.repeat(40)}`,
      `svc_live_${'a'.repeat(39)}-`,
      `SVC_LIVE_${'a'.repeat(40)}`,
      `svc_live_${'a'.repeat(129)}`,
    ]) {
      expect(apiKeyMode(bad)).toBeUndefined();
    }
  });

  it('hint shows the prefix and last four characters only', () => {
    const key = generateApiKey('live');
    expect(apiKeyHint(key)).toBe(`svc_live_…${key.slice(-4)}`);
  });
});

describe('Bearer header', () => {
  const key = generateApiKey('live');
  it.each([
    [undefined, /No API key/],
    ['', /No API key/],
    ['   ', /No API key/],
    [`Basic ${key}`, /Bearer scheme/],
    [key, /Bearer scheme/],
    [`Bearer ${key} more`, /Bearer scheme/],
    ['Bearer not-a-key', /malformed/],
  ])('refuses %j', (header, reason) => {
    const result = bearerKey(header);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.reason).toMatch(reason);
      expect(result.reason).not.toContain(key);
    }
  });

  it('accepts Bearer in any case with surrounding whitespace', () => {
    expect(bearerKey(`bearer ${key}`)).toEqual({ ok: true, key });
    expect(bearerKey(`  BEARER   ${key}  `)).toEqual({ ok: true, key });
  });
});

describe('key state', () => {
  const base: ApiKeyRecord = { key_hash: 'h', account_id: 'a', mode: 'live', key_hint: 'x', created_at: '2026-01-01T00:00:00Z' };
  const now = new Date('2026-06-01T00:00:00Z');
  it('is active, revoked or expired', () => {
    expect(keyState(base, now)).toBe('active');
    expect(keyState({ ...base, revoked_at: '2026-05-31T00:00:00Z' }, now)).toBe('revoked');
    expect(keyState({ ...base, expires_at: '2026-06-01T00:00:00Z' }, now)).toBe('expired');
    expect(keyState({ ...base, expires_at: '2026-06-02T00:00:00Z' }, now)).toBe('active');
    expect(keyState({ ...base, revoked_at: '2026-05-01T00:00:00Z', expires_at: '2026-04-01T00:00:00Z' }, now)).toBe('revoked');
  });
});
