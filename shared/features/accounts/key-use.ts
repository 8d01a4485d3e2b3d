/**
 * Keeps the account item's record of key use bounded (limits/usage-counters.ts `key_used#`): the last use
 * of a key that is no longer usable is removed from the account item by the next create, roll or
 * revocation of the account. A revoked key keeps its last use on its own item (accounts.ts
 * `revokeKey`); an expired key's last use is forgotten.
 */
import type { UsageStore } from '../limits/usage-counters.ts';
import { keyIdsWithLastUse } from '../limits/usage-counters.ts';
import { errorSummary, logger } from '../../platform/observability/logger.ts';
import type { ApiKeyRecord } from './accounts.ts';
import { isUsable, keyIdOf } from './key-rules.ts';

/** The ids of the account's keys that are no longer usable and whose last use the account item still holds. */
export function endedKeyUses(accountItem: Readonly<Record<string, unknown>> | undefined, accountKeys: readonly ApiKeyRecord[], now: Date): string[] {
  const ended = new Set(accountKeys.filter((k) => !isUsable(k, now)).map(keyIdOf));
  return keyIdsWithLastUse(accountItem).filter((id) => ended.has(id));
}

/** Removes the last use of the account's ended keys (`ended`: keys that just ended, too); a failure is logged, never the request's answer. */
export async function forgetEndedKeyUses(
  usage: Pick<UsageStore, 'forgetKeyUse'>,
  accountId: string,
  accountItem: Readonly<Record<string, unknown>> | undefined,
  accountKeys: readonly ApiKeyRecord[],
  now: Date,
  ended: readonly ApiKeyRecord[] = [],
): Promise<void> {
  const current = accountKeys.map((k) => ended.find((e) => e.key_hash === k.key_hash) ?? k);
  const ids = endedKeyUses(accountItem, current, now);
  try {
    await usage.forgetKeyUse(accountId, ids);
  } catch (error) {
    logger.warn('Could not remove the last use of ended keys', { count: ids.length, error: errorSummary(error) });
  }
}
