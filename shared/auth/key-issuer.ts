/** Issues API keys (operator CLI, local demo account): creates the account if needed, stores the hash. */
import type { Clock } from '../clock.ts';
import { newId } from '../ids.ts';
import type { PlanName } from '../limits/plans.ts';
import type { AccountStore } from './account-store.ts';
import type { KeyMode } from '../domain/caller.ts';
import { apiKeyHint, generateApiKey, hashApiKey } from './api-keys.ts';

export interface IssueKeyRequest {
  readonly plan: PlanName;
  readonly mode: KeyMode;
  /** Adds the key to this existing account instead of creating one. */
  readonly accountId?: string;
  readonly email?: string;
  readonly minuteLimit?: number;
  readonly expiresAt?: Date;
}

export interface IssuedKey {
  readonly api_key: string;
  readonly account_id: string;
  readonly plan: PlanName;
  readonly mode: KeyMode;
}

export class KeyIssueError extends Error {}

export async function issueKey(store: AccountStore, request: IssueKeyRequest, clock: Clock): Promise<IssuedKey> {
  const now = clock.now().toISOString();
  let accountId = request.accountId;
  let plan = request.plan;
  if (accountId) {
    const account = await store.getAccount(accountId);
    if (!account) throw new KeyIssueError(`No account ${accountId}.`);
    if (account.suspended_at) throw new KeyIssueError(`Account ${accountId} is suspended; unsuspend it before issuing keys.`);
    if (account.plan !== request.plan) {
      throw new KeyIssueError(`Account ${accountId} is on the ${account.plan} plan, not ${request.plan}.`);
    }
    plan = account.plan;
  } else {
    accountId = newId('acct', 20);
    await store.createAccount({
      account_id: accountId,
      plan,
      ...(request.email ? { email: request.email } : {}),
      ...(request.minuteLimit ? { minute_limit: request.minuteLimit } : {}),
      created_at: now,
    });
  }
  const apiKey = generateApiKey(request.mode);
  await store.createKey({
    key_hash: hashApiKey(apiKey),
    account_id: accountId,
    mode: request.mode,
    key_hint: apiKeyHint(apiKey),
    created_at: now,
    ...(request.expiresAt ? { expires_at: request.expiresAt.toISOString() } : {}),
  });
  return { api_key: apiKey, account_id: accountId, plan, mode: request.mode };
}
