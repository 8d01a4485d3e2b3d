/**
 * When monitors are checked. The daily sweep picks every monitor whose `next_check_at` has come, so a
 * monitor is next due at the first sweep after its check (or creation): never more than 24 hours later,
 * however long the checks take after the sweep starts.
 */
import { schedules } from '../../../platform/infra/resources.ts';
import { nextFiring, parseScheduleExpression } from '../../../platform/infra/schedule-expression.ts';

const dailySweep = parseScheduleExpression(schedules.dailyMonitorSweep.expression);

export function nextCheckAt(after: Date): Date {
  return nextFiring(dailySweep, after);
}
