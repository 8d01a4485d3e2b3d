import { accountView } from '#shared/features/accounts/account-view.ts';
import { apiHandler } from '#shared/api/http/pipeline.ts';
import { json } from '#shared/api/http/response.ts';

/** The caller's account: plan, limits in force and this month's live usage. */
export const handler = apiHandler('GetAccount', {}, async ({ caller, clock, limits }) => {
  const { account, plan, mode, minuteLimit } = caller!;
  return json(200, accountView({ account, plan, mode, minuteLimit, limits: limits()!, now: clock.now() }));
});
