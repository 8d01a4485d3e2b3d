/**
 * BatchGetItem of at most 100 keys (DynamoDB's limit), asking again, with back-off, for the keys
 * DynamoDB leaves unprocessed (throttling, a response past 16 MB) until every key is answered.
 */
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from './dynamo.ts';

export type Item = Record<string, unknown>;

/** Most keys one BatchGetItem takes. */
export const batchGetLimit = 100;
/** Rounds of asking again for keys DynamoDB left unprocessed. */
const unprocessedRounds = 5;

export interface BatchGetOptions {
  readonly consistentRead?: boolean;
  /** Only these top-level attributes of each item. */
  readonly attributes?: readonly string[];
}

/** The items of `keys` (at most 100) in `table`; a key with no item has none in the answer. */
export async function batchGetItems(table: string, keys: readonly Item[], options: BatchGetOptions = {}): Promise<Item[]> {
  if (keys.length > batchGetLimit) throw new Error(`BatchGetItem takes at most ${batchGetLimit} keys, not ${keys.length}`);
  const found: Item[] = [];
  const projection = options.attributes
    ? {
        ProjectionExpression: options.attributes.map((_, i) => `#p${i}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(options.attributes.map((name, i) => [`#p${i}`, name])),
      }
    : {};
  let pending: Item[] = [...keys];
  for (let round = 0; pending.length > 0; round++) {
    if (round > unprocessedRounds) throw new Error(`BatchGetItem incomplete: ${pending.length} keys left unprocessed`);
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** round));
    const out = await dynamo().send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ...(options.consistentRead ? { ConsistentRead: true } : {}), ...projection } } }),
    );
    found.push(...(out.Responses?.[table] ?? []));
    pending = out.UnprocessedKeys?.[table]?.Keys ?? [];
  }
  return found;
}
