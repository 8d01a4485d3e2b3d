/**
 * Per-minute limits and the monthly quota (spec: Limits), on top of the atomic usage counters.
 * - Every authenticated request, live or test, counts in its account's minute window for its mode.
 * - Only live verifications count against the monthly quota; test keys never do.
 * - Developer stops hard at the quota; Production and Scale continue and count overage; Enterprise has
 *   no quota.
 */
import type { Clock } from '../clock.ts';
import type { KeyMode } from '../auth/api-keys.ts';
import { ApiError } from '../http/errors.ts';
import type { Plan } from './plans.ts';
import type { MonthUsage, UsageStore } from './usage-store.ts';
import { epochSeconds, minuteWindow, monthWindow, secondsUntil } from './windows.ts';

export interface Caller {
  readonly accountId: string;
  readonly mode: KeyMode;
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

/** The spec's rate-limit headers. Enterprise's unlimited quota shows as `unlimited`. */
export function rateLimitHeaders(state: LimitState): Record<string, string> {
  return {
    'x-ratelimit-limit': state.monthlyLimit === null ? 'unlimited' : String(state.monthlyLimit),
    'x-ratelimit-remaining': state.monthlyRemaining === null ? 'unlimited' : String(state.monthlyRemaining),
    'x-ratelimit-reset': String(epochSeconds(state.monthlyReset)),
    'x-ratelimit-minute-limit': String(state.minuteLimit),
    'x-ratelimit-minute-remaining': String(state.minuteRemaining),
  };
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
  async admit(caller: Caller): Promise<LimitState> {
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
      throw new ApiError(
        'rate_limit_exceeded',
        `Per-minute limit of ${caller.minuteLimit} requests exceeded. Retry after ${retryAfter} seconds.`,
        { retry_after: retryAfter },
        { ...rateLimitHeaders(state), 'retry-after': String(retryAfter) },
      );
    }
    return { minuteLimit: caller.minuteLimit, minuteRemaining: Math.max(0, caller.minuteLimit - hit.count), ...monthly };
  }

  /**
   * Charges `units` verifications to the monthly quota (live keys only) and returns the new state.
   * A Developer account that cannot cover every unit is refused whole with 429 and `reset_at`.
   */
  async charge(caller: Caller, state: LimitState, units: number): Promise<LimitState> {
    if (caller.mode === 'test' || units <= 0) return state;
    const month = monthWindow(this.clock.now());
    const quota = caller.plan.monthlyQuota;
    const result = await this.store.chargeMonth(caller.accountId, month, units, quota, caller.plan.pastQuota === 'hard_stop');
    const next: LimitState = { ...state, ...monthlyPart(caller.plan, result.usage, month.end) };
    if (!result.charged) throw quotaExceeded(caller, next, units);
    return next;
  }

  /** Refuses up front (429) when a hard-stop quota cannot cover `units` verifications. */
  ensureCanCharge(caller: Caller, state: LimitState, units: number): void {
    if (caller.mode === 'test' || caller.plan.pastQuota !== 'hard_stop' || state.monthlyRemaining === null) return;
    if (state.monthlyRemaining < units) throw quotaExceeded(caller, state, units);
  }
}

function quotaExceeded(caller: Caller, state: LimitState, units: number): ApiError {
  return new ApiError(
    'rate_limit_exceeded',
    `Monthly quota of ${caller.plan.monthlyQuota} verifications reached on the ${caller.plan.name} plan` +
      (units > 1 ? ` (this request needs ${units})` : '') +
      '. It resets at the start of next month (UTC); upgrade the plan for more.',
    { reset_at: state.monthlyReset.toISOString() },
    rateLimitHeaders(state),
  );
}
