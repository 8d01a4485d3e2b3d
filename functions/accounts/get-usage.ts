import { containerValue } from '#shared/platform/container.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';
import { hasAccountCounters } from '#shared/features/limits/usage-counters.ts';
import { DynamoUsageStore } from '#shared/features/limits/adapters/usage-store.ts';
import { defaultUsageMonths, usageQuerySchema } from '#shared/features/limits/usage-view-schema.ts';
import { usageMonths, usageView } from '#shared/features/limits/usage-view.ts';
import { monthWindow } from '#shared/features/limits/windows.ts';

/** This function's dependencies, made once per container. */
const dependencies = containerValue(() => ({ usage: new DynamoUsageStore() }));

/** The account's month items of the months shown at `now`. */
const readHistory = (accountId: string, now: Date, months: number) =>
  dependencies()
    .usage.getMonths(accountId, usageMonths(now, months))
    .then((history) => ({ at: now, history }));

/**
 * The caller's account's verifications per month and day, live and test, with the plan's limits. The
 * month items are read beside the account's admission; again after it when the admission found counters
 * of an earlier layout on the account item (it moves them into the month items first), or when a month
 * began in between.
 */
export const handler = apiHandler(
  'GetUsage',
  { query: usageQuerySchema, prefetch: ({ key, query, now }) => readHistory(key.accountId, now, query.months ?? defaultUsageMonths) },
  async (req) => {
    const { accountId, plan, mode, minuteLimit } = req.caller;
    const months = req.query.months ?? defaultUsageMonths;
    const now = req.clock.now();
    const ahead = hasAccountCounters(req.accountItem) ? undefined : await req.prefetched;
    const { history } = ahead && monthWindow(ahead.at).key === monthWindow(now).key ? ahead : await readHistory(accountId, now, months);
    return json(200, usageView({ accountId, plan, mode, minuteLimit, history, months, now }));
  },
);
