/**
 * The body of `GET /v1/account`: the calling key's account, its plan, the limits in force and this
 * month's live usage. Its schema (account-view-schema.ts) is kept apart so the handler does not load
 * zod; the body is type-checked against it.
 */
import type { z } from 'zod';
import type { Account } from './accounts.ts';
import type { accountViewSchema } from './account-view-schema.ts';
import type { KeyMode } from '../../domain/caller.ts';
import { limitsView, type Plan } from '../limits/plans.ts';
import type { LimitState } from '../limits/rate-limits.ts';
import { monthWindow } from '../limits/windows.ts';

export interface AccountViewInput {
  readonly account: Account;
  readonly plan: Plan;
  readonly mode: KeyMode;
  readonly minuteLimit: number;
  readonly limits: LimitState;
  readonly now: Date;
}

export function accountView({ account, plan, mode, minuteLimit, limits, now }: AccountViewInput) {
  return {
    account_id: account.account_id,
    plan: plan.name,
    mode,
    email: account.email ?? null,
    limits: limitsView(plan, minuteLimit),
    usage: {
      month: monthWindow(now).key,
      verifications: limits.usage.base + limits.usage.overage,
      included: limits.usage.base,
      overage: limits.usage.overage,
      remaining: limits.monthlyRemaining,
      resets_at: limits.monthlyReset.toISOString(),
    },
  } satisfies z.input<typeof accountViewSchema>;
}
