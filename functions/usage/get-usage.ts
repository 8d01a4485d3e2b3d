import { apiHandler } from '#shared/http/pipeline.ts';
import { json } from '#shared/http/response.ts';
import { defaultUsageMonths, usageQuerySchema } from '#shared/limits/usage-view-schema.ts';
import { usageView } from '#shared/limits/usage-view.ts';

/** The caller's account's verifications per month and day, live and test, with the plan's limits. */
export const handler = apiHandler('GetUsage', { query: usageQuerySchema }, async (req) => {
  const { accountId, plan, mode, minuteLimit } = req.caller;
  const months = req.query.months ?? defaultUsageMonths;
  return json(200, usageView({ accountId, plan, mode, minuteLimit, item: req.accountItem, months, now: req.clock.now() }));
});
