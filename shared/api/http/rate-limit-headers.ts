/** The spec's rate-limit headers for the limits in force. Enterprise's unlimited quota shows as `unlimited`. */
import type { LimitSnapshot } from '../../domain/errors.ts';
import { epochSeconds } from '../../features/limits/windows.ts';

export function rateLimitHeaders(state: LimitSnapshot): Record<string, string> {
  return {
    'x-ratelimit-limit': state.monthlyLimit === null ? 'unlimited' : String(state.monthlyLimit),
    'x-ratelimit-remaining': state.monthlyRemaining === null ? 'unlimited' : String(state.monthlyRemaining),
    'x-ratelimit-reset': String(epochSeconds(state.monthlyReset)),
    'x-ratelimit-minute-limit': String(state.minuteLimit),
    'x-ratelimit-minute-remaining': String(state.minuteRemaining),
  };
}
