/** Verification history exports. */
import { environment } from './environment.ts';

/**
 * `HISTORY_EXPORT_SETTLE_SECONDS`: seconds between an export's snapshot and the start of its writing
 * (a local stack may shorten it), when set and a finite number; default undefined (the longest
 * verifying function's limit plus 5 s is used).
 */
export function historyExportSettleSeconds(): number | undefined {
  const value = environment().HISTORY_EXPORT_SETTLE_SECONDS;
  const configured = Number(value);
  return value && Number.isFinite(configured) ? configured : undefined;
}
