/**
 * The rows of the OIG LEIE versions in the Exclusions table (`ExclusionRows`, exclusion-store.ts): an item
 * per partition `list_key` and row `row_id`, the record's non-empty fields as attributes, `expires_at` its
 * TTL; written with BatchWriteItem (lists/adapters/batch-write.ts), read with Query page by page.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';
import { putAll } from '../../lists/adapters/batch-write.ts';
import type { ExclusionRows, StoredExclusion } from '../exclusion-store.ts';
import type { LeieRecord } from '../leie-record.ts';

type Item = Record<string, unknown>;

function toItem(record: LeieRecord, listKey: string, rowId: string, expiresAt: number): Item {
  const item: Item = { list_key: listKey, row_id: rowId, expires_at: expiresAt };
  for (const [k, v] of Object.entries(record)) if (v !== null && v !== '' && k !== 'fileRow') item[k] = v;
  return item;
}

function fromItem(item: Item): LeieRecord {
  const text = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : '');
  const nullable = (k: string) => (typeof item[k] === 'string' ? (item[k] as string) : null);
  return {
    kind: item.kind === 'entity' ? 'entity' : 'individual',
    lastName: text('lastName'),
    firstName: text('firstName'),
    middleName: text('middleName'),
    businessName: text('businessName'),
    general: text('general'),
    specialty: text('specialty'),
    upin: nullable('upin'),
    npi: nullable('npi'),
    dob: nullable('dob'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    exclusionType: text('exclusionType'),
    exclusionDate: nullable('exclusionDate'),
    reinstatementDate: nullable('reinstatementDate'),
    waiverDate: nullable('waiverDate'),
    waiverState: nullable('waiverState'),
    // The row id is the record's row number in the ingested file.
    ...(/^\d+$/.test(String(item.row_id)) ? { fileRow: Number(item.row_id) } : {}),
  };
}

export class DynamoExclusionRows implements ExclusionRows {
  async query(partition: string): Promise<StoredExclusion[]> {
    const found: StoredExclusion[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const out = await dynamo().send(
        new QueryCommand({
          TableName: tableName('exclusions'),
          KeyConditionExpression: 'list_key = :k',
          ExpressionAttributeValues: { ':k': partition },
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) found.push({ rowId: item.row_id as string, record: fromItem(item) });
      start = out.LastEvaluatedKey;
    } while (start);
    return found;
  }

  async write(rows: readonly (StoredExclusion & { readonly partition: string })[], expiresAt: number): Promise<void> {
    await putAll(
      tableName('exclusions'),
      rows.map(({ partition, rowId, record }) => toItem(record, partition, rowId, expiresAt)),
    );
  }
}
