/**
 * The body of `GET /v1/usage`, from the account's month items (usage-items.ts): the same counters the
 * quota charges and enforces (adapters/usage-store.ts), read in one Query (`usageMonths` says which).
 * Its schema (usage-view-schema.ts) is kept apart so the handler does not load zod.
 */
import type { z } from 'zod';
import type { KeyMode } from '../../domain/caller.ts';
import { limitsView, type Plan } from './plans.ts';
import { dayUsageOf, monthUsageOf } from './usage-items.ts';
import type { UsageHistory } from './usage-counters.ts';
import type { usageViewSchema } from './usage-view-schema.ts';
import { dayWindow, monthWindowBefore, type Window } from './windows.ts';

export interface UsageViewInput {
  readonly accountId: string;
  readonly plan: Plan;
  readonly mode: KeyMode;
  readonly minuteLimit: number;
  /** The account's month items of (at least) the months shown (`UsageStore.getMonths` of `usageMonths`). */
  readonly history: UsageHistory;
  readonly months: number;
  readonly now: Date;
}

/** The `count` months shown at `now`, the current one first. */
export function usageMonths(now: Date, count: number): Window[] {
  return Array.from({ length: count }, (_, back) => monthWindowBefore(now, back));
}

/** The days of a month up to and including `now`'s day (all of them for a past month). */
function daysOf(month: { start: Date; end: Date }, now: Date) {
  const last = Math.min(month.end.getTime(), dayWindow(now).end.getTime());
  const days = [];
  for (let t = month.start.getTime(); t < last; t += 86_400_000) days.push(dayWindow(new Date(t)));
  return days;
}

export function usageView({ accountId, plan, mode, minuteLimit, history, months, now }: UsageViewInput) {
  return {
    account_id: accountId,
    plan: plan.name,
    mode,
    limits: limitsView(plan, minuteLimit),
    months: usageMonths(now, months).map((month) => {
      const item = history.get(month.key);
      const usage = monthUsageOf(item);
      const days = daysOf(month, now).map((day) => ({ date: day.key, ...dayUsageOf(item, day) }));
      return {
        month: month.key,
        verifications: usage.base + usage.overage,
        included: usage.base,
        overage: usage.overage,
        test_verifications: days.reduce((sum, day) => sum + day.test, 0),
        days,
      };
    }),
  } satisfies z.input<typeof usageViewSchema>;
}
