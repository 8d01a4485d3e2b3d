/**
 * Charging verifications (limits/charging.ts) on in-memory ports: exactly once under Idempotency-Key
 * retries, the recorded charge taken back when the charge fails, and a hard quota refused (429) before
 * any work. No emulator: the ledger is `RateLimits` on an in-memory usage store.
 */
import { describe, expect, it } from 'vitest';
import { fixedClock } from '#shared/platform/clock.ts';
import type { KeyMode } from '#shared/domain/caller.ts';
import { MonthlyQuotaExhausted } from '#shared/domain/errors.ts';
import { apiErrorOf } from '#shared/api/http/domain-errors.ts';
import { chargerFor, chargeVerifications, ensureQuota, type ChargeSession, type ChargingPorts } from '#shared/features/limits/charging.ts';
import type { PlanName } from '#shared/features/limits/plans.ts';
import { RateLimits } from '#shared/features/limits/rate-limits.ts';
import { monthWindow } from '#shared/features/limits/windows.ts';
import { InMemoryChargeRecord } from '../../../support/in-memory/charge-record.ts';
import { InMemoryUsageStore } from '../../../support/in-memory/usage-store.ts';

const now = new Date('2026-03-14T10:20:30Z');

async function setup(plan: PlanName, mode: KeyMode = 'live', used = 0) {
  const usage = new InMemoryUsageStore();
  usage.addAccount({ account_id: 'acct_1', plan, created_at: now.toISOString() });
  if (used > 0) usage.months.set(`acct_1|${monthWindow(now).key}`, { base: used, overage: 0 });
  const ledger = new RateLimits(usage, fixedClock(now));
  const record = new InMemoryChargeRecord();
  const admission = (await ledger.admit('acct_1', mode, (item) => item as never))!;
  const ports: ChargingPorts = { ledger, record };
  const session = (idempotency?: { scopeKey: string; charged: number }): ChargeSession => ({
    caller: admission.caller,
    limits: admission.limits,
    ...(idempotency ? { idempotency } : {}),
  });
  const charged = async () => (await usage.getMonth('acct_1', monthWindow(now))).base + (await usage.getMonth('acct_1', monthWindow(now))).overage;
  return { usage, ledger, record, ports, session, charged };
}

describe('charging verifications exactly once under retries', () => {
  it('a retry of a charged request (its claim replayed with what it charged) charges nothing more', async () => {
    const { record, ports, session, charged } = await setup('production');
    const first = session({ scopeKey: 'acct_1#live#standard#k1', charged: 0 });
    await chargeVerifications(first, ports, 3);
    expect(await charged()).toBe(3);
    expect(record.chargedOf('acct_1#live#standard#k1')).toBe(3);
    expect(first.limits?.usage.base).toBe(3);

    // The retry's claim reads back what the first attempt charged.
    const retry = session({ scopeKey: 'acct_1#live#standard#k1', charged: record.chargedOf('acct_1#live#standard#k1') });
    await chargeVerifications(retry, ports, 3);
    expect(await charged()).toBe(3);
    expect(record.changes).toEqual([['acct_1#live#standard#k1', 3]]);
  });

  it('a retry that issues more than the attempt before it charges only the difference', async () => {
    const { record, ports, session, charged } = await setup('production');
    await chargeVerifications(session({ scopeKey: 's', charged: 2 }), ports, 5);
    expect(await charged()).toBe(3);
    expect(record.chargedOf('s')).toBe(3);
  });

  it('a failed charge takes its units back off the claim, and the failure is thrown', async () => {
    const { usage, record, ports, session, charged } = await setup('production');
    usage.failCharges = 1;
    const attempt = session({ scopeKey: 's', charged: 0 });
    await expect(chargeVerifications(attempt, ports, 4)).rejects.toThrow('simulated usage store failure');
    expect(record.changes).toEqual([
      ['s', 4],
      ['s', -4],
    ]);
    expect(record.chargedOf('s')).toBe(0);
    expect(attempt.idempotency?.charged).toBe(0);
    expect(await charged()).toBe(0);

    // The retry charges them in full.
    await chargeVerifications(session({ scopeKey: 's', charged: record.chargedOf('s') }), ports, 4);
    expect(await charged()).toBe(4);
  });

  it('a hard stop that refuses the charge takes the recorded units back too', async () => {
    const { record, ports, session } = await setup('developer', 'live', 499);
    const error = await chargeVerifications(session({ scopeKey: 's', charged: 0 }), ports, 2).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MonthlyQuotaExhausted);
    expect(record.chargedOf('s')).toBe(0);
  });

  it('without an Idempotency-Key every call charges; nothing is recorded', async () => {
    const { record, ports, session, charged } = await setup('scale');
    await chargeVerifications(session(), ports, 2);
    await chargeVerifications(session(), ports, 2);
    expect(await charged()).toBe(4);
    expect(record.changes).toEqual([]);
  });

  it("test keys' verifications are counted on the day, exactly once under retries, and charge no quota", async () => {
    const { usage, record, ports, session, charged } = await setup('developer', 'test');
    await chargeVerifications(session({ scopeKey: 't', charged: 0 }), ports, 2);
    await chargeVerifications(session({ scopeKey: 't', charged: record.chargedOf('t') }), ports, 2);
    expect(usage.calls.filter((c) => c === 'countTestVerifications')).toHaveLength(1);
    expect(await charged()).toBe(0);
  });

  it('nothing is charged for a request without a caller, or for no units', async () => {
    const { usage, ports, session } = await setup('production');
    await chargeVerifications({}, ports, 3);
    await chargeVerifications(session(), ports, 0);
    expect(usage.calls).toEqual(['countRequest']);
  });
});

describe('hard quota refusal before any work', () => {
  it('a Developer account whose quota cannot cover the request is refused with 429 rate_limit_exceeded and reset_at, charging nothing', async () => {
    const { usage, ledger, session } = await setup('developer', 'live', 499);
    expect(() => ensureQuota(session(), ledger, 1)).not.toThrow();
    let thrown: unknown;
    try {
      ensureQuota(session(), ledger, 2);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MonthlyQuotaExhausted);
    const answer = apiErrorOf(thrown)!;
    expect(answer.status).toBe(429);
    expect(answer.code).toBe('rate_limit_exceeded');
    expect(answer.details.reset_at).toBe('2026-04-01T00:00:00.000Z');
    expect(usage.calls).toEqual(['countRequest']);
  });

  it('overage plans, unlimited plans and test keys are never refused up front', async () => {
    for (const [plan, mode] of [
      ['production', 'live'],
      ['enterprise', 'live'],
      ['developer', 'test'],
    ] as const) {
      const { ledger, session } = await setup(plan, mode, 100_000);
      expect(() => ensureQuota(session(), ledger, 100)).not.toThrow();
    }
  });

  it('the charger bound to a request checks and charges through the ports it is given', async () => {
    const { ports, session, charged } = await setup('developer', 'live', 498);
    const charger = chargerFor(session({ scopeKey: 's', charged: 0 }), () => ports);
    expect(() => charger.ensureQuota(3)).toThrow(MonthlyQuotaExhausted);
    charger.ensureQuota(2);
    await charger.charge(2);
    expect(await charged()).toBe(500);
  });
});
