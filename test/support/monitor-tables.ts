/** Direct reads and writes of the Monitors and Events tables, for tests that drive checks and sweeps. */
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import type { EventRecord } from '#shared/features/monitoring/delivery/event-record.ts';

/** The stored monitor item (consistent read). */
export async function storedMonitor(id: string): Promise<Record<string, any>> {
  const out = await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: id }, ConsistentRead: true }));
  return out.Item!;
}

/** Every stored event of a monitor. */
export async function eventsOf<E = EventRecord>(id: string): Promise<E[]> {
  const out = await dynamo().send(
    new QueryCommand({
      TableName: tableName('events'),
      IndexName: 'by_monitor',
      KeyConditionExpression: 'monitor_id = :m',
      ExpressionAttributeValues: { ':m': id },
    }),
  );
  return (out.Items ?? []) as E[];
}

/** Makes a monitor due at `at` (long past by default), as if its check time had come. */
export async function makeDue(id: string, at = '2020-01-01T06:00:00.000Z'): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName('monitors'),
      Key: { monitor_id: id },
      UpdateExpression: 'SET next_check_at = :p',
      ExpressionAttributeValues: { ':p': at },
    }),
  );
}
