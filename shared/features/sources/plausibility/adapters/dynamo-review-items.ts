/** The review items of the sources in the SourceState table (`ReviewItems`, load-review.ts): item `<source>#review`. */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../../../platform/aws/dynamo.ts';
import { tableName } from '../../../../platform/config.ts';
import type { ReviewItems, ReviewState } from '../load-review.ts';

const reviewKey = (source: string) => `${source}#review`;
/** Without undefined values, as DynamoDB stores it. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

export class DynamoReviewItems implements ReviewItems {
  async state(source: string): Promise<ReviewState | undefined> {
    const out = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: reviewKey(source) }, ConsistentRead: true }));
    if (!out.Item) return undefined;
    const { source: _key, ...rest } = out.Item;
    return { ...(rest as Omit<ReviewState, 'source'>), source };
  }

  /** One UpdateItem: `SET` the attributes of `set`, `REMOVE` those of `remove`. */
  async update(source: string, set: Record<string, unknown>, remove: readonly string[]): Promise<void> {
    const names: Record<string, string> = {};
    const values: Record<string, unknown> = {};
    const sets = Object.entries(set).map(([k, v], i) => {
      names[`#s${i}`] = k;
      values[`:s${i}`] = plain(v);
      return `#s${i} = :s${i}`;
    });
    const removes = remove.map((k, i) => {
      names[`#r${i}`] = k;
      return `#r${i}`;
    });
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('sourceState'),
        Key: { source: reviewKey(source) },
        UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
        ExpressionAttributeNames: names,
        ...(sets.length ? { ExpressionAttributeValues: values } : {}),
      }),
    );
  }
}
