/**
 * Gives verifications stored before the history indexes existed their history attributes
 * (history-attributes.ts), so they are listed and exported like the others. Such a record kept no
 * request, so its subject is read from the result: the names of the license found (split as full names
 * are), the state's code from its name, the NPI found; a record that found no license gets empty names
 * and is found by time, state, status or NPI, not by surname. Each item is updated once, on the condition
 * that it has no `owner` yet, so a second run, or a run beside new verifications, changes nothing twice.
 * The Scan reads the whole table a page (1 MB) at a time; run it once, when the indexes are deployed.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ScanCommand, UpdateCommand, type ScanCommandOutput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../platform/aws/dynamo.ts';
import { tableName } from '../../../platform/config.ts';
import { splitFullName } from '../../../domain/names/normalize.ts';
import { usStates } from '../../../domain/us-states.ts';
import { parseStoredItem } from '../../records/stored-item.ts';
import { historyAttributes, type HistorySubject } from '../../verification/history-attributes.ts';
import { storedFields, verificationRecordSchema } from '../../verification/adapters/verification-store.ts';
import type { VerificationRecord } from '../../verification/verification-record.ts';

export interface HistoryBackfill {
  /** Items given their history attributes now. */
  readonly updated: number;
  /** Items that had them already (written since, or by a previous run). */
  readonly alreadyIndexed: number;
}

const stateCodes = new Map(Object.entries(usStates).map(([code, name]) => [name as string, code]));

/** What an old record's result says of whom it verified. */
export function subjectFromResult(record: VerificationRecord): HistorySubject {
  const { first, last } = splitFullName(record.result.name ?? '');
  return { first_name: first, last_name: last, state: stateCodes.get(record.result.state) ?? record.result.state, npi: record.result.npi };
}

export async function backfillHistory(): Promise<HistoryBackfill> {
  let updated = 0;
  let alreadyIndexed = 0;
  let start: ScanCommandOutput['LastEvaluatedKey'];
  do {
    const page = await dynamo().send(new ScanCommand({ TableName: tableName('verifications'), ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const item of page.Items ?? []) {
      if (item.owner !== undefined) {
        alreadyIndexed++;
        continue;
      }
      const record = parseStoredItem('verification', String(item.verification_id), verificationRecordSchema, storedFields(item));
      const attributes = historyAttributes(record, subjectFromResult(record));
      const names = Object.keys(attributes);
      try {
        await dynamo().send(
          new UpdateCommand({
            TableName: tableName('verifications'),
            Key: { verification_id: record.verification_id },
            UpdateExpression: `SET ${names.map((_, i) => `#a${i} = :v${i}`).join(', ')}`,
            ConditionExpression: 'attribute_exists(verification_id) AND attribute_not_exists(#a0)',
            ExpressionAttributeNames: Object.fromEntries(names.map((name, i) => [`#a${i}`, name])),
            ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:v${i}`, attributes[name as keyof typeof attributes]])),
          }),
        );
        updated++;
      } catch (error) {
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
        alreadyIndexed++;
      }
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return { updated, alreadyIndexed };
}
