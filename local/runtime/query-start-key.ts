/**
 * DynamoDB refuses a Query whose `ExclusiveStartKey` lies outside the query's key condition — another
 * partition key value, or a sort key outside the condition's range — with a ValidationException
 * ("The provided starting key is outside query boundaries based on provided conditions"); dynalite
 * pages on from it. A cursor taken from one query and passed to another must be checked before it
 * becomes a start key; the local stack refuses the same calls AWS would (aws-rules.ts).
 */
import type { TableDefinition } from '#shared/platform/infra/resources.ts';

type Scalar = string | number;

/** A key condition's range on the sort key: what the start key's sort value must satisfy. */
type SortCondition =
  | { readonly op: '=' | '<' | '<=' | '>' | '>='; readonly value: Scalar }
  | { readonly op: 'between'; readonly low: Scalar; readonly high: Scalar }
  | { readonly op: 'begins_with'; readonly value: Scalar };

/** A value as the SDK carries it: plain (document client) or marshalled (`{S: …}`, `{N: …}`). */
function scalar(value: unknown): Scalar | undefined {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (value && typeof value === 'object') {
    const typed = value as { S?: string; N?: string };
    if (typeof typed.S === 'string') return typed.S;
    if (typeof typed.N === 'string') return Number(typed.N);
  }
  return undefined;
}

const compare = (a: Scalar, b: Scalar) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0);

function satisfies(value: Scalar, condition: SortCondition): boolean {
  switch (condition.op) {
    case 'between':
      return compare(value, condition.low) >= 0 && compare(value, condition.high) <= 0;
    case 'begins_with':
      return String(value).startsWith(String(condition.value));
    case '=':
      return compare(value, condition.value) === 0;
    case '<':
      return compare(value, condition.value) < 0;
    case '<=':
      return compare(value, condition.value) <= 0;
    case '>':
      return compare(value, condition.value) > 0;
    case '>=':
      return compare(value, condition.value) >= 0;
  }
}

/** The key attributes a Query reads: the table's, or its index's. */
function keysOf(table: TableDefinition, indexName: string | undefined): { partition: string; sort?: string } | undefined {
  const keyed = indexName ? table.indexes?.find((i) => i.name === indexName) : table;
  if (!keyed) return undefined;
  return { partition: keyed.partitionKey.name, ...(keyed.sortKey ? { sort: keyed.sortKey.name } : {}) };
}

/** Why AWS would refuse this Query's start key, or undefined when it would not (or there is none). */
export function startKeyRefusal(input: Record<string, unknown>, table: TableDefinition): string | undefined {
  const start = input.ExclusiveStartKey as Record<string, unknown> | undefined;
  const expression = input.KeyConditionExpression;
  if (!start || typeof expression !== 'string') return undefined;
  const keys = keysOf(table, input.IndexName as string | undefined);
  if (!keys) return undefined;
  const names = (input.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (input.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  const name = (token: string) => names[token] ?? token;
  const value = (token: string) => scalar(values[token]);
  const outside = 'The provided starting key is outside query boundaries based on provided conditions';

  let sortCondition: SortCondition | undefined;
  let partitionValue: Scalar | undefined;
  const between = /([#\w.]+)\s+BETWEEN\s+(:\w+)\s+AND\s+(:\w+)/i.exec(expression);
  const rest = between ? expression.replace(between[0], '') : expression;
  if (between && name(between[1]!) === keys.sort) sortCondition = { op: 'between', low: value(between[2]!)!, high: value(between[3]!)! };
  const beginsWith = /begins_with\(\s*([#\w.]+)\s*,\s*(:\w+)\s*\)/i.exec(rest);
  if (beginsWith && name(beginsWith[1]!) === keys.sort) sortCondition = { op: 'begins_with', value: value(beginsWith[2]!)! };
  for (const match of rest.matchAll(/([#\w.]+)\s*(<=|>=|=|<|>)\s*(:\w+)/g)) {
    const attribute = name(match[1]!);
    if (attribute === keys.partition && match[2] === '=') partitionValue = value(match[3]!);
    else if (attribute === keys.sort) sortCondition = { op: match[2] as '=' | '<' | '<=' | '>' | '>=', value: value(match[3]!)! };
  }
  if (partitionValue !== undefined && scalar(start[keys.partition]) !== partitionValue) return outside;
  const sortValue = keys.sort ? scalar(start[keys.sort]) : undefined;
  if (sortCondition && sortValue !== undefined && !satisfies(sortValue, sortCondition)) return outside;
  return undefined;
}
