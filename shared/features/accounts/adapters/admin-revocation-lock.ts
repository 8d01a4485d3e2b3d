/**
 * Makes the lock-out guard exact (key-rules.ts `wouldLockOut`): revocations of admin keys of one account
 * run one at a time, each under a lease on the item `admin_key_revocation` of the usage table, taken
 * with a conditional PutItem and given back with a conditional DeleteItem. Under it the account's other
 * admin keys are read strongly consistent before the revocation, so two admin keys revoking each other at
 * the same instant cannot both succeed. A lease outlives no request: a function stopped while holding it
 * (time-out, crash) leaves it to lapse after `leaseMs`.
 */
import { randomUUID } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';

/** Longer than any request may run (the route time limit is at most 25 s). */
export const leaseMs = 30_000;
const period = 'admin_key_revocation';
const retryMs = 25;
/** Waiting this long for another revocation to finish means something is wrong: fail as a transient error (503). */
const maxWaitMs = 5_000;

/** The lease could not be taken in time: another admin key revocation of the account holds it. */
export class AdminRevocationBusy extends Error {
  readonly retryable = true;
  constructor() {
    super('Another admin key revocation of this account is in progress');
    this.name = 'AdminRevocationBusy';
  }
}

export class AdminRevocationLock {
  async withLock<T>(accountId: string, fn: () => Promise<T>): Promise<T> {
    const token = randomUUID();
    const started = Date.now();
    while (!(await this.acquire(accountId, token))) {
      if (Date.now() - started > maxWaitMs) throw new AdminRevocationBusy();
      await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
    try {
      return await fn();
    } finally {
      await this.release(accountId, token);
    }
  }

  private async acquire(accountId: string, token: string): Promise<boolean> {
    const now = Date.now();
    try {
      await dynamo().send(
        new PutCommand({
          TableName: tableName('usage'),
          Item: { account_id: accountId, period, token, lease_until: now + leaseMs },
          ConditionExpression: 'attribute_not_exists(#p) OR lease_until < :now',
          ExpressionAttributeNames: { '#p': 'period' },
          ExpressionAttributeValues: { ':now': now },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return false;
      throw error;
    }
  }

  private async release(accountId: string, token: string): Promise<void> {
    try {
      await dynamo().send(
        new DeleteCommand({
          TableName: tableName('usage'),
          Key: { account_id: accountId, period },
          ConditionExpression: '#token = :token',
          ExpressionAttributeNames: { '#token': 'token' },
          ExpressionAttributeValues: { ':token': token },
        }),
      );
    } catch (error) {
      // Lapsed and taken by another revocation meanwhile: it is theirs now.
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
}
