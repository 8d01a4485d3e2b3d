/** The SourceHealth table, where containers add their source counts (`HealthCountsTable`, health-counters.ts). */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableNameIfSet } from '../../../../platform/config.ts';
import type { HealthCountsTable, SourceCounts } from '../health-counters.ts';

export class DynamoHealthCounts implements HealthCountsTable {
  enabled(): boolean {
    return Boolean(tableNameIfSet('sourceHealth'));
  }

  /** One UpdateItem (ADD): the counts, and the latency buckets that are not empty. */
  async add(hour: string, source: string, counts: SourceCounts, expiresAt: number): Promise<void> {
    const values: Record<string, number> = { ':calls': counts.calls, ':failures': counts.failures, ':unreadable': counts.unreadable };
    counts.latency.forEach((n, i) => {
      if (n > 0) values[`:l${i}`] = n;
    });
    const adds = Object.keys(values).map((v) => `${v.slice(1)} ${v}`);
    await dynamo().send(
      new UpdateCommand({
        TableName: tableNameIfSet('sourceHealth')!,
        Key: { hour, source },
        UpdateExpression: `ADD ${adds.join(', ')} SET expires_at = if_not_exists(expires_at, :exp)`,
        ExpressionAttributeValues: { ...values, ':exp': expiresAt },
      }),
    );
  }
}
