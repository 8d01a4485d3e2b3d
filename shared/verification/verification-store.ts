/**
 * Verification records: the result returned to the caller and its signed certificate, owned by one
 * account and mode. Written once (a condition refuses overwrite) and kept eight years, beyond the
 * seven-year certificate retention.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/dynamo.ts';
import { tableName } from '../config.ts';
import type { KeyMode } from '../domain/caller.ts';

export const retentionYears = 8;

export interface VerificationRecord<Result = Record<string, unknown>, Cert = Record<string, unknown>> {
  readonly verification_id: string;
  readonly account_id: string;
  readonly mode: KeyMode;
  readonly created_at: string;
  readonly result: Result;
  readonly certificate: Cert;
}

export class VerificationStore {
  async put(record: VerificationRecord): Promise<void> {
    const created = new Date(record.created_at);
    const expires = new Date(created);
    expires.setUTCFullYear(expires.getUTCFullYear() + retentionYears);
    await dynamo().send(
      new PutCommand({
        TableName: tableName('verifications'),
        Item: { ...record, expires_at: Math.floor(expires.getTime() / 1000) },
        ConditionExpression: 'attribute_not_exists(verification_id)',
      }),
    );
  }

  /** The record, only for its owner (account and mode); anyone else gets undefined. */
  async getOwned(verificationId: string, accountId: string, mode: KeyMode): Promise<VerificationRecord | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('verifications'), Key: { verification_id: verificationId } }));
    const item = out.Item as VerificationRecord | undefined;
    if (!item || item.account_id !== accountId || item.mode !== mode) return undefined;
    return item;
  }
}
