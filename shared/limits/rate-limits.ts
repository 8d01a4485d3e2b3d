/**
 * Per-minute limits and the monthly quota (spec: Limits), on top of the atomic usage counters.
 * - Every authenticated request, live or test, counts in its account's minute window for its mode.
 * - Only live verifications count against the monthly quota; test keys never do.
 * - Developer stops hard at the quota; Production and Scale continue and count overage; Enterprise has
 *   no quota.
 */
import type { Clock } from '../clock.ts';
import type { Caller } from '../domain/caller.ts';
import { MinuteLimitExceeded, MonthlyQuotaExhausted } from '../domain/errors.ts';
import type { Plan } from './plans.ts';
import type { MonthUsage, UsageStore } from './usage-store.ts';
import { minuteWindow, monthWindow, secondsUntil } from './windows.ts';

/** An authenticated caller: the account and mode, with the plan and the per-minute limit in force. */
export interface PlanCaller extends Caller {
  readonly plan: Plan;
  readonly minuteLimit: number;
}

export interface LimitState {
  readonly minuteLimit: number;
  readonly minuteRemaining: number;
  /** null: unlimited (Enterprise). */
  readonly monthlyLimit: number | null;
  readonly monthlyRemaining: number | null;
  readonly monthlyReset: Date;
  readonly usage: MonthUsage;
}

function monthlyPart(plan: Plan, usage: MonthUsage, reset: Date) {
  const limit = plan.monthlyQuota;
  return {
    monthlyLimit: limit,
    monthlyRemaining: limit === null ? null : Math.max(0, limit - usage.base),
    monthlyReset: reset,
    usage,
  };
}

export class RateLimits {
  constructor(
    private readonly store: UsageStore,
    private readonly clock: Clock,
  ) {}

  /** Admits one request or throws 429 `rate_limit_exceeded` with `retry_after`. */
  async admit(caller: PlanCaller): Promise<LimitState> {
    const now = this.clock.now();
    const minute = minuteWindow(now);
    const month = monthWindow(now);
    const [hit, usage] = await Promise.all([
      this.store.hitMinute(caller.accountId, caller.mode, minute, caller.minuteLimit),
      this.store.getMonth(caller.accountId, month),
    ]);
    const monthly = monthlyPart(caller.plan, usage, month.end);
    if (!hit.allowed) {
      const retryAfter = secondsUntil(minute.end, now);
      const state: LimitState = { minuteLimit: caller.minuteLimit, minuteRemaining: 0, ...monthly };
      throw new MinuteLimitExceeded(caller.minuteLimit, retryAfter, state);
    }
    return { minuteLimit: caller.minuteLimit, minuteRemaining: Math.max(0, caller.minuteLimit - hit.count), ...monthly };
  }

  /**
   * Charges `units` verifications to the monthly quota (live keys only) and returns the new state.
   * A Developer account that cannot cover every unit is refused whole with 429 and `reset_at`.
   */
  async charge(caller: PlanCaller, state: LimitState, units: number): Promise<LimitState> {
    if (caller.mode === 'test' || units <= 0) return state;
    const month = monthWindow(this.clock.now());
    const quota = caller.plan.monthlyQuota;
    const result = await this.store.chargeMonth(caller.accountId, month, units, quota, caller.plan.pastQuota === 'hard_stop');
    const next: LimitState = { ...state, ...monthlyPart(caller.plan, result.usage, month.end) };
    if (!result.charged) throw new MonthlyQuotaExhausted(caller.plan, units, next);
    return next;
  }

  /** Refuses up front (429) when a hard-stop quota cannot cover `units` verifications. */
  ensureCanCharge(caller: PlanCaller, state: LimitState, units: number): void {
    if (caller.mode === 'test' || caller.plan.pastQuota !== 'hard_stop' || state.monthlyRemaining === null) return;
    if (state.monthlyRemaining < units) throw new MonthlyQuotaExhausted(caller.plan, units, state);
  }
}
