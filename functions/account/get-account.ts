import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { monthWindow } from '#shared/limits/windows.ts';

/** The caller's account: plan, limits in force and this month's live usage. */
export const handler = apiHandler('GetAccount', {}, async ({ caller, clock, limits }) => {
  const { account, plan, mode, minuteLimit } = caller!;
  const state = limits()!;
  return json(200, {
    account_id: account.account_id,
    plan: plan.name,
    mode,
    email: account.email ?? null,
    limits: {
      monthly_verifications: plan.monthlyQuota,
      past_quota: plan.pastQuota,
      overage_price_usd: plan.overagePriceUsd,
      requests_per_minute: minuteLimit,
      bulk: plan.bulk,
    },
    usage: {
      month: monthWindow(clock.now()).key,
      verifications: state.usage.base + state.usage.overage,
      included: state.usage.base,
      overage: state.usage.overage,
      remaining: state.monthlyRemaining,
      resets_at: state.monthlyReset.toISOString(),
    },
  });
});
