/**
 * Moves monthly usage kept by earlier versions in the usage table (`month#<YYYY-MM>` items: `base` and
 * `overage`) onto the account items, where the counters now live (usage-store.ts). Each month of each
 * account is added once: the account item records the month as moved (`verifications#<YYYY-MM>#moved`)
 * in the same conditional UpdateItem that adds its counts, so running it again, or alongside requests
 * that are being charged, never counts a verification twice or loses one.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, ScanCommand, UpdateCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';
import { monthAttributes } from './usage-store.ts';

export interface UsageMigration {
  /** Months added to their account now. */
  readonly moved: number;
  /** Months a previous run had already added. */
  readonly alreadyMoved: number;
  /** Months of accounts that no longer exist (left where they are). */
  readonly withoutAccount: number;
}

const legacyMonth = /^month#(\d{4}-\d{2})$/;

export async function moveMonthlyUsageToAccounts(): Promise<UsageMigration> {
  let moved = 0;
  let alreadyMoved = 0;
  let withoutAccount = 0;
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName('usage'),
        FilterExpression: 'begins_with(#period, :month)',
        ExpressionAttributeNames: { '#period': 'period' },
        ExpressionAttributeValues: { ':month': 'month#' },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const month = legacyMonth.exec(String(item.period))?.[1];
      if (!month) continue;
      const outcome = await moveMonth(String(item.account_id), month, Number(item.base ?? 0), Number(item.overage ?? 0));
      if (outcome === 'moved') moved++;
      else if (outcome === 'already') alreadyMoved++;
      else withoutAccount++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { moved, alreadyMoved, withoutAccount };
}

async function moveMonth(accountId: string, month: string, base: number, overage: number): Promise<'moved' | 'already' | 'no-account'> {
  const names = monthAttributes({ key: month });
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('accounts'),
        Key: { account_id: accountId },
        UpdateExpression: 'ADD #base :b, #overage :o SET #moved = :now',
        ConditionExpression: 'attribute_exists(#id) AND attribute_not_exists(#moved)',
        ExpressionAttributeNames: { '#id': 'account_id', '#base': names.base, '#overage': names.overage, '#moved': `verifications#${month}#moved` },
        ExpressionAttributeValues: { ':b': base, ':o': overage, ':now': new Date().toISOString() },
      }),
    );
    return 'moved';
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
  // Refused: either the account is gone or the month was moved before; one read tells which.
  const out = await dynamo().send(new GetCommand({ TableName: tableName('accounts'), Key: { account_id: accountId }, ConsistentRead: true }));
  return out.Item ? 'already' : 'no-account';
}
