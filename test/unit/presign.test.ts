/** A presigned link never states a life longer than the credentials that sign it have left. */
import { describe, expect, it } from 'vitest';
import { credentialMarginSeconds, linkLifetimeSeconds } from '#shared/platform/aws/presign.ts';

const now = new Date('2026-11-28T10:00:00Z');
const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('linkLifetimeSeconds', () => {
  it('is the time asked for when the credentials do not expire, or outlive it with the margin', () => {
    expect(linkLifetimeSeconds(now, 900, undefined)).toBe(900);
    expect(linkLifetimeSeconds(now, 900, at(900 + credentialMarginSeconds))).toBe(900);
    expect(linkLifetimeSeconds(now, 900, at(6 * 3600))).toBe(900);
  });

  it('ends a margin before credentials that end sooner', () => {
    expect(linkLifetimeSeconds(now, 900, at(900))).toBe(900 - credentialMarginSeconds);
    expect(linkLifetimeSeconds(now, 900, at(360))).toBe(300);
    expect(linkLifetimeSeconds(now, 900, at(360.9))).toBe(300);
  });

  it('is at least a second, for credentials about to end (the SDK refreshes those it can first)', () => {
    expect(linkLifetimeSeconds(now, 900, at(30))).toBe(1);
    expect(linkLifetimeSeconds(now, 900, at(-10))).toBe(1);
  });
});
