/** The plans of the spec (Limits). `null` monthly quota means unlimited. */

export type PlanName = 'developer' | 'production' | 'scale' | 'enterprise';
export const planNames: readonly PlanName[] = ['developer', 'production', 'scale', 'enterprise'];

export interface Plan {
  readonly name: PlanName;
  /** Live verifications included per calendar month (UTC); null = unlimited. */
  readonly monthlyQuota: number | null;
  /** What happens past the quota: refuse (`hard_stop`) or continue and bill (`overage`). */
  readonly pastQuota: 'hard_stop' | 'overage' | 'unlimited';
  readonly overagePriceUsd: number | null;
  /** Requests per minute; Enterprise's is set per account (this is its default). */
  readonly requestsPerMinute: number;
  readonly bulk: boolean;
}

export const plans: Record<PlanName, Plan> = {
  developer: { name: 'developer', monthlyQuota: 500, pastQuota: 'hard_stop', overagePriceUsd: null, requestsPerMinute: 10, bulk: false },
  production: { name: 'production', monthlyQuota: 5_000, pastQuota: 'overage', overagePriceUsd: 0.08, requestsPerMinute: 60, bulk: true },
  scale: { name: 'scale', monthlyQuota: 50_000, pastQuota: 'overage', overagePriceUsd: 0.06, requestsPerMinute: 300, bulk: true },
  enterprise: { name: 'enterprise', monthlyQuota: null, pastQuota: 'unlimited', overagePriceUsd: null, requestsPerMinute: 1_000, bulk: true },
};

/** "Production, Scale or Enterprise": the plans that include `feature`, named for a message. */
export function plansWith(feature: 'bulk'): string {
  const names = planNames.filter((name) => plans[name][feature]).map((name) => name.charAt(0).toUpperCase() + name.slice(1));
  return names.length <= 1 ? (names[0] ?? 'no plan') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** The 403 `plan_upgrade_required` message of a plan without bulk verification. */
export function bulkUnavailableMessage(plan: PlanName): string {
  return `Bulk verification is not available on the ${plan} plan; it needs ${plansWith('bulk')}.`;
}

export function isPlanName(value: string): value is PlanName {
  return (planNames as readonly string[]).includes(value);
}

/** The per-minute limit in force for an account's live keys: its override if set, else the plan's. */
export function minuteLimitFor(plan: PlanName, override?: number): number {
  return override ?? plans[plan].requestsPerMinute;
}

/** The fewest requests a minute a test key is allowed, whatever the plan: a test suite runs in bursts. */
export const minTestRequestsPerMinute = 120;

/**
 * The per-minute allowance of an account's test keys: twice its live keys' limit, at least
 * `minTestRequestsPerMinute`. Test traffic is counted in a window of its own (adapters/usage-store.ts), so it
 * never uses up what live traffic is allowed, and it stays bounded: the sandbox answers from no source.
 */
export function testMinuteLimitFor(plan: PlanName, override?: number): number {
  return Math.max(2 * minuteLimitFor(plan, override), minTestRequestsPerMinute);
}

/** The plan's limits in force, as `limitsSchema` (usage-view-schema.ts) gives them: `GET /v1/account` and `GET /v1/usage`. */
export function limitsView(plan: Plan, minuteLimit: number) {
  return {
    monthly_verifications: plan.monthlyQuota,
    past_quota: plan.pastQuota,
    overage_price_usd: plan.overagePriceUsd,
    requests_per_minute: minuteLimit,
    bulk: plan.bulk,
  };
}
