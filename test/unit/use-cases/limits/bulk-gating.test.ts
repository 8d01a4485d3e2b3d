/**
 * Bulk plan gating (limits/charging.ts `admitBulk`): bulk verification is for the plans that include it,
 * refused with 403 `plan_upgrade_required` before the quota is even looked at; an allowed plan's batch is
 * then checked against a hard quota for every valid provider.
 */
import { describe, expect, it } from 'vitest';
import { PlanUpgradeRequired } from '#shared/domain/errors.ts';
import { apiErrorOf } from '#shared/api/http/domain-errors.ts';
import { admitBulk, ensureBulkAllowed } from '#shared/features/limits/charging.ts';
import { bulkUnavailableMessage, planNames, plans, plansWith } from '#shared/features/limits/plans.ts';

function quotaCheck() {
  const asked: number[] = [];
  return { asked, charger: { ensureQuota: (units: number) => void asked.push(units) } };
}

describe('bulk plan gating', () => {
  it('Developer may not bulk: 403 plan_upgrade_required, with the message the API has always given', () => {
    const { asked, charger } = quotaCheck();
    let thrown: unknown;
    try {
      admitBulk(plans.developer, charger, 3);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PlanUpgradeRequired);
    const answer = apiErrorOf(thrown)!;
    expect(answer.status).toBe(403);
    expect(answer.code).toBe('plan_upgrade_required');
    expect(answer.message).toBe('Bulk verification is not available on the developer plan; it needs Production, Scale or Enterprise.');
    expect(asked).toEqual([]);
  });

  it('Production, Scale and Enterprise may, and their batch is checked against the quota for every valid provider', () => {
    for (const name of ['production', 'scale', 'enterprise'] as const) {
      const { asked, charger } = quotaCheck();
      admitBulk(plans[name], charger, 7);
      expect(asked).toEqual([7]);
    }
  });

  it('the gate follows the plan table', () => {
    for (const name of planNames) {
      if (plans[name].bulk) expect(() => ensureBulkAllowed(plans[name])).not.toThrow();
      else expect(() => ensureBulkAllowed(plans[name])).toThrow(PlanUpgradeRequired);
    }
  });
});

describe('the plans named in the upgrade message', () => {
  it('come from the plans table, so a plan that gains bulk is named without another edit', () => {
    expect(plansWith('bulk')).toBe('Production, Scale or Enterprise');
    expect(bulkUnavailableMessage('developer')).toContain(plansWith('bulk'));
  });
});
