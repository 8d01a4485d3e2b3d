/**
 * Atomic usage counters in DynamoDB. Every change is one conditional UpdateItem (or a compare-and-set
 * loop of them), never a read followed by a blind write, so counts stay exact under concurrency.
 *
 * Items (partition `account_id`, sort `period`):
 * - `minute#<mode>#<YYYY-MM-DDTHH:MM>`: `requests`, expiring two minutes after the window.
 * - `month#<YYYY-MM>`: live verifications, split into `base` (within the plan's quota) and `overage`.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';
import type { KeyMode } from '../domain/caller.ts';
import { epochSeconds, type Window } from './windows.ts';

export interface MonthUsage {
  readonly base: number;
  readonly overage: number;
}

export type MinuteHit = { allowed: true; count: number } | { allowed: false };

export type ChargeResult = { charged: true; usage: MonthUsage } | { charged: false; usage: MonthUsage };

export interface UsageStore {
  /** Counts one request in the minute window unless the limit is already reached. */
  hitMinute(accountId: string, mode: KeyMode, window: Window, limit: number): Promise<MinuteHit>;
  getMonth(accountId: string, month: Window): Promise<MonthUsage>;
  /**
   * Adds `units` live verifications. With a `quota`, units within it count as base and the rest as
   * overage; `hardStop` refuses the whole charge instead when it does not fit.
   */
  chargeMonth(accountId: string, month: Window, units: number, quota: number | null, hardStop: boolean): Promise<ChargeResult>;
}

const maxCasAttempts = 20;

export class DynamoUsageStore implements UsageStore {
  async hitMinute(accountId: string, mode: KeyMode, window: Window, limit: number): Promise<MinuteHit> {
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: { account_id: accountId, period: `minute#${mode}#${window.key}` },
          UpdateExpression: 'ADD #requests :one SET expires_at = if_not_exists(expires_at, :exp)',
          ConditionExpression: 'attribute_not_exists(#requests) OR #requests < :limit',
          ExpressionAttributeNames: { '#requests': 'requests' },
          ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':exp': epochSeconds(window.end) + 120 },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return { allowed: true, count: Number(out.Attributes?.requests ?? 1) };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return { allowed: false };
      throw error;
    }
  }

  async getMonth(accountId: string, month: Window): Promise<MonthUsage> {
    const out = await dynamo().send(
      new GetCommand({
        TableName: tableName('usage'),
        Key: { account_id: accountId, period: `month#${month.key}` },
        ConsistentRead: true,
      }),
    );
    return { base: Number(out.Item?.base ?? 0), overage: Number(out.Item?.overage ?? 0) };
  }

  async chargeMonth(accountId: string, month: Window, units: number, quota: number | null, hardStop: boolean): Promise<ChargeResult> {
    const key = { account_id: accountId, period: `month#${month.key}` };
    // Fast path: every unit fits within the quota (or there is none).
    const fits = await this.update(key, units, 0, quota === null ? undefined : { max: quota - units });
    if (fits) return { charged: true, usage: fits };
    if (hardStop) return { charged: false, usage: await this.getMonth(accountId, month) };
    // Crossing or past the quota: split the units at the quota line, compare-and-set on `base`.
    for (let attempt = 0; attempt < maxCasAttempts; attempt++) {
      const current = await this.getMonth(accountId, month);
      const toBase = Math.max(0, Math.min(units, (quota ?? Infinity) - current.base));
      const done = await this.update(key, toBase, units - toBase, { equals: current.base });
      if (done) return { charged: true, usage: done };
    }
    throw new Error('Usage counter contention: could not record the charge');
  }

  private async update(
    key: Record<string, string>,
    base: number,
    overage: number,
    condition?: { max: number } | { equals: number },
  ): Promise<MonthUsage | undefined> {
    const values: Record<string, number> = { ':b': base, ':o': overage };
    let conditionExpression: string | undefined;
    if (condition && 'max' in condition) {
      if (condition.max < 0) return undefined;
      conditionExpression = 'attribute_not_exists(#base) OR #base <= :max';
      values[':max'] = condition.max;
    } else if (condition) {
      conditionExpression = condition.equals === 0 ? 'attribute_not_exists(#base) OR #base = :eq' : '#base = :eq';
      values[':eq'] = condition.equals;
    }
    try {
      const out = await dynamo().send(
        new UpdateCommand({
          TableName: tableName('usage'),
          Key: key,
          UpdateExpression: 'ADD #base :b, #overage :o',
          ExpressionAttributeNames: { '#base': 'base', '#overage': 'overage' },
          ConditionExpression: conditionExpression,
          ExpressionAttributeValues: values,
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { base: Number(out.Attributes?.base ?? 0), overage: Number(out.Attributes?.overage ?? 0) };
    } catch (error) {
      if (error instanceof ConditionalCheckFailedException) return undefined;
      throw error;
    }
  }
}
