/**
 * What a request waits for in DynamoDB: the calls each route makes, counted through the real handlers
 * (test/support/aws-call-log.ts), and the reads a route starts beside its account's admission
 * (`prefetch` in shared/api/http/pipeline.ts), which never change what the request is answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { tableName } from '#shared/platform/config.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { recordAwsCalls, sequentialDepth, type AwsCall, type AwsCallLog } from '../support/aws-call-log.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { waitFor } from '../support/wait-for.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let log: AwsCallLog;
let key: string;
let accountId: string;

beforeAll(async () => {
  t = await startTestStack({ sourceDataDir: sampleDataDir });
  await ingestLeie(dynamoExclusionStore());
  const issued = await t.issue({ plan: 'enterprise', mode: 'live' });
  key = issued.api_key;
  accountId = issued.account_id;
  log = recordAwsCalls();
});
afterAll(async () => {
  log.stop();
  await t.stop();
});

const dynamoCalls = (calls: readonly AwsCall[]) => calls.filter((c) => c.client === 'DynamoDBClient');
const named = (calls: readonly AwsCall[], operation: string, table: string) =>
  calls.filter((c) => c.operation === operation && c.resource === tableName(table as never));
const verify = (body: object) => t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('round trips', () => {
  it("a cached verification makes six DynamoDB calls in three round trips: key → account ‖ month's usage ‖ cached answers → charge ‖ record", async () => {
    const provider = { first_name: 'Helen', last_name: 'Thomas', state: 'WA' };
    expect((await verify(provider)).status).toBe(200);
    const { value: res, calls } = await log.during(() => verify(provider));
    expect(res.status).toBe(200);
    expect(res.body.cached).toBe(true);
    const dynamo = dynamoCalls(calls);
    // A batch read names its tables in the request's items, not in a table name.
    expect(dynamo.map((c) => (c.resource ? `${c.operation} ${c.resource}` : c.operation)).sort()).toEqual(
      [
        `GetItem ${tableName('apiKeys')}`,
        `UpdateItem ${tableName('accounts')}`,
        `GetItem ${tableName('usage')}`,
        'BatchGetItem',
        `UpdateItem ${tableName('usage')}`,
        `PutItem ${tableName('verifications')}`,
      ].sort(),
    );
    expect(sequentialDepth(dynamo)).toBe(3);
    // The month's usage and the cached answers were asked for before the account's round trip had returned.
    const [admission] = named(dynamo, 'UpdateItem', 'accounts');
    const [usage] = named(dynamo, 'GetItem', 'usage');
    const [cached] = dynamo.filter((c) => c.operation === 'BatchGetItem');
    expect(usage!.start).toBeLessThan(admission!.end);
    expect(cached!.start).toBeLessThan(admission!.end);
  });

  it('a certificate is read beside the account: two round trips', async () => {
    const issued = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    const { value: res, calls } = await log.during(() => t.call(`/v1/certificate/${issued.body.verification_id}`, { key }));
    expect(res.status).toBe(200);
    expect(res.body.verification_id).toBe(issued.body.verification_id);
    const dynamo = dynamoCalls(calls);
    expect(dynamo.map((c) => `${c.operation} ${c.resource}`).sort()).toEqual(
      [
        `GetItem ${tableName('apiKeys')}`,
        `GetItem ${tableName('verifications')}`,
        `UpdateItem ${tableName('accounts')}`,
        `GetItem ${tableName('usage')}`,
      ].sort(),
    );
    expect(sequentialDepth(dynamo)).toBe(2);
  });

  it('the usage is read beside the account: its month items in one Query, two round trips', async () => {
    const { value: res, calls } = await log.during(() => t.call('/v1/usage?months=3', { key }));
    expect(res.status).toBe(200);
    expect(res.body.months).toHaveLength(3);
    const dynamo = dynamoCalls(calls);
    expect(dynamo.map((c) => `${c.operation} ${c.resource}`).sort()).toEqual(
      [`GetItem ${tableName('apiKeys')}`, `UpdateItem ${tableName('accounts')}`, `GetItem ${tableName('usage')}`, `Query ${tableName('usage')}`].sort(),
    );
    expect(sequentialDepth(dynamo)).toBe(2);
  });

  it('a read started ahead never answers for the admission: a suspended account is refused even when its read-ahead fails', async () => {
    const other = await t.issue({ plan: 'production', mode: 'live' });
    const store = new DynamoAccountStore();
    await store.setSuspension(other.account_id, { at: new Date(), reason: 'round-trip test' });
    try {
      // The page read ahead fails (400: not one of the caller's monitors); the answer is the suspension.
      const from = log.calls.length;
      const res = await t.call('/v1/monitors?starting_after=mon_000000000000000000000000', { key: other.api_key });
      // A call is logged when it returns: the read ahead may still be in flight when the refusal has answered.
      const readAhead = await waitFor(async () => {
        const found = named(dynamoCalls(log.calls.slice(from)), 'GetItem', 'monitors');
        return found.length > 0 ? found : undefined;
      }, 5_000);
      expect(readAhead).toHaveLength(1);
      expect(res.status).toBe(403);
      expect(errorOf(res.body).code).toBe('account_suspended');
      // Another account's certificate, read ahead under the key's own account, is still not found.
      const mine = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
      await store.setSuspension(other.account_id, undefined);
      const theirs = await t.call(`/v1/certificate/${mine.body.verification_id}`, { key: other.api_key });
      expect(theirs.status).toBe(404);
    } finally {
      await store.setSuspension(other.account_id, undefined);
    }
    expect(accountId).not.toBe(other.account_id);
  });
});
