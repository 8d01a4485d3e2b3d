/**
 * The subset of EventBridge schedule expressions this service uses, evaluated so the local stack fires
 * rules at the same times as AWS: `rate(N minute|minutes|hour|hours|day|days)` and daily
 * `cron(M H * * ? *)` (UTC).
 */

export type ParsedSchedule = { kind: 'rate'; everyMs: number } | { kind: 'daily'; hour: number; minute: number };

export function parseScheduleExpression(expression: string): ParsedSchedule {
  const rate = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/.exec(expression);
  if (rate) {
    const n = Number(rate[1]);
    const unit = rate[2]!.replace(/s$/, '');
    const ms = unit === 'minute' ? 60_000 : unit === 'hour' ? 3_600_000 : 86_400_000;
    if (n < 1) throw new Error(`Invalid schedule expression: ${expression}`);
    return { kind: 'rate', everyMs: n * ms };
  }
  const cron = /^cron\((\d{1,2}) (\d{1,2}) \* \* \? \*\)$/.exec(expression);
  if (cron) {
    const minute = Number(cron[1]);
    const hour = Number(cron[2]);
    if (minute > 59 || hour > 23) throw new Error(`Invalid schedule expression: ${expression}`);
    return { kind: 'daily', hour, minute };
  }
  throw new Error(`Unsupported schedule expression: ${expression}`);
}

/** The first firing strictly after `after`. */
export function nextFiring(schedule: ParsedSchedule, after: Date): Date {
  if (schedule.kind === 'rate') return new Date(after.getTime() + schedule.everyMs);
  const candidate = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), schedule.hour, schedule.minute));
  if (candidate.getTime() <= after.getTime()) candidate.setUTCDate(candidate.getUTCDate() + 1);
  return candidate;
}
