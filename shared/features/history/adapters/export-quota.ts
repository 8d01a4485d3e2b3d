/**
 * The cap on history exports: at most `exportsPerDay` a UTC day per account and mode, an atomic counter
 * in the usage table (item `exports#<mode>#<day>`) taken by one conditional UpdateItem before an export
 * is created, so concurrent requests never pass it. An export reads the whole filtered history and the
 * export workers are shared by every account: the cap keeps one account from queueing enough of them to
 * delay everyone else's.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import type { KeyMode } from '../../../domain/caller.ts';
import { dayWindow, type Window } from '../../limits/windows.ts';

export const exportsPerDay = 100;

/** The counter item of one account, mode and day. */
export const exportCounterKey = (accountId: string, mode: KeyMode, day: Window) => ({ account_id: accountId, period: `exports#${mode}#${day.key}` });

export type ExportTake = { ok: true } | { ok: false; resetAt: Date };

/** Counts one export for the caller today; refused, with when the count starts again, at the cap. */
export async function takeExport(accountId: string, mode: KeyMode, now: Date): Promise<ExportTake> {
  const day = dayWindow(now);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: exportCounterKey(accountId, mode, day),
        UpdateExpression: 'ADD exports :one SET expires_at = if_not_exists(expires_at, :expires)',
        ConditionExpression: 'attribute_not_exists(exports) OR exports < :cap',
        ExpressionAttributeValues: { ':one': 1, ':cap': exportsPerDay, ':expires': Math.floor(day.end.getTime() / 1000) + 86_400 },
      }),
    );
    return { ok: true };
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return { ok: false, resetAt: day.end };
    throw error;
  }
}

/** Gives back an export counted today that was not created after all (its message could not be queued). */
export async function releaseExport(accountId: string, mode: KeyMode, now: Date): Promise<void> {
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('usage'),
        Key: exportCounterKey(accountId, mode, dayWindow(now)),
        UpdateExpression: 'ADD exports :minus',
        ConditionExpression: 'exports > :zero',
        ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
}
