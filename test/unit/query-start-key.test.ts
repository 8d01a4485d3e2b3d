import { describe, expect, it } from 'vitest';
import { tables } from '#shared/platform/infra/resources.ts';
import { startKeyRefusal } from '../../local/runtime/query-start-key.ts';

const outside = 'The provided starting key is outside query boundaries based on provided conditions';

describe('a Query start key outside its key condition, refused as DynamoDB does', () => {
  const history = (condition: string, values: Record<string, unknown>, start: Record<string, unknown>) =>
    startKeyRefusal(
      {
        IndexName: 'by_owner',
        KeyConditionExpression: condition,
        ExpressionAttributeNames: { '#pk': 'owner', '#ck': 'created_key' },
        ExpressionAttributeValues: values,
        ExclusiveStartKey: start,
      },
      tables.verifications,
    );
  const start = (owner: string, at: string) => ({ verification_id: 'vrf_1', owner, created_key: `${at}#vrf_1` });

  it('refuses another partition key value', () => {
    expect(history('#pk = :pk', { ':pk': 'acct_a#live' }, start('acct_b#live', '2026-11-01T00:00:00.000Z'))).toBe(outside);
    expect(history('#pk = :pk', { ':pk': 'acct_a#live' }, start('acct_a#live', '2026-11-01T00:00:00.000Z'))).toBeUndefined();
  });

  it('refuses a sort key outside BETWEEN, <, >= ranges; accepts one inside', () => {
    const between = '#pk = :pk AND #ck BETWEEN :from AND :before';
    const range = { ':pk': 'o', ':from': '2026-10-01T00:00:00.000Z', ':before': '2026-11-01T00:00:00.000Z' };
    expect(history(between, range, start('o', '2026-11-05T00:00:00.000Z'))).toBe(outside);
    expect(history(between, range, start('o', '2026-09-30T00:00:00.000Z'))).toBe(outside);
    expect(history(between, range, start('o', '2026-10-15T00:00:00.000Z'))).toBeUndefined();
    expect(history('#pk = :pk AND #ck < :before', range, start('o', '2026-11-01T00:00:00.000Z'))).toBe(outside);
    expect(history('#pk = :pk AND #ck >= :from', range, start('o', '2026-09-01T00:00:00.000Z'))).toBe(outside);
  });

  it('reads marshalled values too, and begins_with', () => {
    const refusal = startKeyRefusal(
      {
        KeyConditionExpression: 'account_id = :a AND begins_with(#p, :prefix)',
        ExpressionAttributeNames: { '#p': 'period' },
        ExpressionAttributeValues: { ':a': { S: 'acct_a' }, ':prefix': { S: 'api_key_slot#' } },
        ExclusiveStartKey: { account_id: { S: 'acct_a' }, period: { S: 'monitors#test' } },
      },
      tables.usage,
    );
    expect(refusal).toBe(outside);
  });

  it('says nothing of a Query without a start key', () => {
    expect(startKeyRefusal({ KeyConditionExpression: 'account_id = :a', ExpressionAttributeValues: { ':a': 'x' } }, tables.usage)).toBeUndefined();
  });
});
