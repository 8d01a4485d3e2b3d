/**
 * Per-minute limits and the monthly quota (spec: Limits), on top of the atomic usage counters.
 * - Every authenticated request, live or test, counts in its account's minute window for its mode (live
 *   keys against the plan's per-minute limit, test keys against an allowance of their own, plans.ts
 *   `testMinuteLimitFor`); the
 *   count and the account are one UpdateItem, and the month's usage is read beside it (adapters/usage-store.ts),
 *   so admitting a request is one round trip.
 * - Only live verifications count against the monthly quota; test keys never do. Both are counted per
 *   day and mode on the month's own item (usage-items.ts), a live day in the same UpdateItem as its charge.
 * - Developer stops hard at the quota; Production and Scale continue and count overage; Enterprise has
 *   no quota.
 */
import type { Clock } from '../../platform/clock.ts';
import type { Caller, KeyMode } from '../../domain/caller.ts';
import { AccountSuspended, MinuteLimitExceeded, MonthlyQuotaExhausted } from '../../domain/errors.ts';
import { minuteLimitFor, plans, type Plan, type PlanName, testMinuteLimitFor } from './plans.ts';
import type { MonthUsage, UsageStore } from './usage-counters.ts';
import { dayWindow, minuteWindow, monthWindow, secondsUntil } from './windows.ts';

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

/** What the limits read of an account (the account store's `Account` has these fields). */
export interface AccountLimits {
  readonly account_id: string;
  readonly plan: PlanName;
  /** Per-minute limit override. */
  readonly minute_limit?: number;
  readonly suspended_at?: string;
}

/** An account admitted to make a request: the account, the caller with its plan, and the limits after counting the request. */
export interface Admission<A extends AccountLimits> {
  readonly account: A;
  readonly caller: PlanCaller;
  readonly limits: LimitState;
  /** The account item as stored once the request was counted (strongly consistent), with its minute windows and keys' last use. */
  readonly item: Readonly<Record<string, unknown>>;
}

export class RateLimits {
  constructor(
    private readonly store: UsageStore,
    private readonly clock: Clock,
  ) {}

  /**
   * Reads the account of a key (its fields read by `accountOf` from the stored item) and counts the
   * request in its minute window for the mode, in one call, with the month's usage read beside it.
   * Undefined when the account does not exist; throws `AccountSuspended` for a suspended account (before
   * the limit: it is refused whatever its count), and 429 `rate_limit_exceeded` with `retry_after` past
   * the per-minute limit. With `keyId`, the same call records the minute of the key's last use.
   */
  async admit<A extends AccountLimits>(
    accountId: string,
    mode: KeyMode,
    accountOf: (item: Record<string, unknown>) => A,
    keyId?: string,
  ): Promise<Admission<A> | undefined> {
    const now = this.clock.now();
    const minute = minuteWindow(now);
    const month = monthWindow(now);
    const counted = await this.store.countRequest(accountId, mode, minute, month, keyId);
    if (!counted) return undefined;
    const account = accountOf(counted.item);
    if (account.suspended_at) throw new AccountSuspended();
    const plan = plans[account.plan];
    const minuteLimit = (mode === 'test' ? testMinuteLimitFor : minuteLimitFor)(account.plan, account.minute_limit);
    const caller: PlanCaller = { accountId: account.account_id, mode, plan, minuteLimit };
    const monthly = monthlyPart(plan, counted.usage, month.end);
    if (counted.minuteCount > minuteLimit) {
      const retryAfter = secondsUntil(minute.end, now);
      throw new MinuteLimitExceeded(minuteLimit, retryAfter, { minuteLimit, minuteRemaining: 0, ...monthly });
    }
    return {
      account,
      caller,
      limits: { minuteLimit, minuteRemaining: Math.max(0, minuteLimit - counted.minuteCount), ...monthly },
      item: counted.item,
    };
  }

  /**
   * Charges `units` verifications to the monthly quota (live keys only) and returns the new state; a
   * test key's are only counted on the day. A Developer account that cannot cover every unit is refused
   * whole with 429 and `reset_at`.
   */
  async charge(caller: PlanCaller, state: LimitState, units: number): Promise<LimitState> {
    if (units <= 0) return state;
    const now = this.clock.now();
    if (caller.mode === 'test') {
      await this.store.countTestVerifications(caller.accountId, dayWindow(now), units);
      return state;
    }
    const month = monthWindow(now);
    const quota = caller.plan.monthlyQuota;
    const result = await this.store.chargeMonth(caller.accountId, month, units, quota, caller.plan.pastQuota === 'hard_stop', dayWindow(now));
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
