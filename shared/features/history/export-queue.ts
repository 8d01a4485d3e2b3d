/**
 * The message that queues the writing of an export (sent by adapters/export-queue.ts). The message is delayed until every verification created before the
 * snapshot has been stored and indexed: a verification's time is taken when it starts, and the longest
 * function that verifies stores it within its time limit; a few seconds more cover the index's lag.
 */
import * as z from 'zod';
import { historyExportSettleSeconds } from '../../platform/config.ts';
import { historyExportIdPattern } from '../../platform/ids.ts';

export const exportMessageSchema = z.object({ kind: z.literal('history_export'), export_id: z.string().regex(historyExportIdPattern) });

/** SQS's longest delay. */
const maxDelaySeconds = 900;

/**
 * Seconds between an export's snapshot and the start of its writing: `HISTORY_EXPORT_SETTLE_SECONDS`
 * when set (a local stack may shorten it), else the longest verifying function's limit plus 5 s.
 */
export function settleSeconds(longestVerificationSeconds: number): number {
  const seconds = historyExportSettleSeconds() ?? longestVerificationSeconds + 5;
  return Math.min(maxDelaySeconds, Math.max(0, Math.ceil(seconds)));
}
