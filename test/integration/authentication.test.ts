import { ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { MiddlewareStack, Pluggable } from '@smithy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { useOnEveryClient } from '#shared/platform/aws/clients.ts';
import { newContainer } from '#shared/platform/container.ts';
import { DynamoAccountStore } from '#shared/features/accounts/adapters/account-store.ts';
import { hashApiKey } from '#shared/features/accounts/api-keys.ts';
import { tableName } from '#shared/platform/config.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack();
});
afterAll(() => t.stop());

async function expect401(init: { key?: string; headers?: Record<string, string> }, message: RegExp) {
  const res = await t.call('/v1/account', init);
  expect(res.status).toBe(401);
  const error = errorOf(res.body);
  expect(error.code).toBe('authentication_failed');
  expect(error.message).toMatch(message);
  expect(error.docs).toMatch(/\/docs#error-authentication-failed$/);
  // An unauthenticated caller learns nothing about limits.
  expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  return res;
}

describe('authentication', () => {
  it('accepts a valid live key and a valid test key', async () => {
    const live = await t.issue({ plan: 'developer', mode: 'live' });
    const test = await t.issue({ plan: 'developer', mode: 'test', accountId: live.account_id });
    for (const key of [live, test]) {
      const res = await t.call('/v1/account', { key: key.api_key });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ account_id: live.account_id, mode: key.mode, plan: 'developer' });
    }
  });

  it('issues keys with the mode prefix and at least 32 random base62 characters', async () => {
    const a = await t.issue({ plan: 'scale', mode: 'live' });
    const b = await t.issue({ plan: 'scale', mode: 'test' });
    expect(a.api_key).toMatch(/^svc_live_[0-9A-Za-z]{32,}$/);
    expect(b.api_key).toMatch(/^svc_test_[0-9A-Za-z]{32,}$/);
    expect(a.api_key).not.toBe(b.api_key);
  });

  it('stores only the SHA-256 of a key, never the key itself', async () => {
    const issued = await t.issue({ plan: 'production', mode: 'live' });
    const record = await new DynamoAccountStore().getKey(hashApiKey(issued.api_key));
    expect(record).toMatchObject({ account_id: issued.account_id, mode: 'live' });
    expect(record!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    const secret = issued.api_key.slice('svc_live_'.length);
    for (const table of ['apiKeys', 'accounts'] as const) {
      const scan = await dynamo().send(new ScanCommand({ TableName: tableName(table) }));
      expect(JSON.stringify(scan.Items)).not.toContain(secret);
    }
  });

  it('401 when the Authorization header is missing', async () => {
    await expect401({}, /No API key provided/);
  });

  it('401 for an empty header and for a scheme other than Bearer', async () => {
    await expect401({ headers: { authorization: '' } }, /No API key provided/);
    const k = await t.issue({ plan: 'developer', mode: 'test' });
    await expect401({ headers: { authorization: `Basic ${k.api_key}` } }, /Bearer scheme/);
    await expect401({ headers: { authorization: k.api_key } }, /Bearer scheme/);
    await expect401({ headers: { authorization: `Bearer ${k.api_key} extra` } }, /Bearer scheme/);
  });

  it('401 for malformed keys, without echoing them', async () => {
    for (const bad of [
      'svc_prod_abcdefghijklmnopqrstuvwxyz0123456789',
      'svc_live_short',
      'sk_live_abcdefghijklmnopqrstuvwxyz012345678',
      'svc_live_abc!defghijklmnopqrstuvwxyz0123456789',
    ]) {
      const res = await expect401({ key: bad }, /malformed/);
      expect(res.text).not.toContain(bad);
    }
  });

  it('401 for a well-formed key that was never issued', async () => {
    await expect401({ key: `svc_live_${'A'.repeat(40)}` }, /Invalid API key/);
  });

  it('accepts the scheme name in any case', async () => {
    const k = await t.issue({ plan: 'developer', mode: 'test' });
    const res = await t.call('/v1/account', { headers: { authorization: `bearer ${k.api_key}` } });
    expect(res.status).toBe(200);
  });

  it('401 for a revoked key, immediately after revocation', async () => {
    const k = await t.issue({ plan: 'developer', mode: 'live' });
    expect((await t.call('/v1/account', { key: k.api_key })).status).toBe(200);
    await new DynamoAccountStore().revokeKey(hashApiKey(k.api_key), new Date());
    await expect401({ key: k.api_key }, /revoked/);
  });

  it('401 for a key whose revoked_at is ahead of this clock: a set revoked_at means revoked', async () => {
    const k = await t.issue({ plan: 'developer', mode: 'live' });
    // Revoked by an operator whose clock runs a minute ahead.
    await dynamo().send(
      new UpdateCommand({
        TableName: tableName('apiKeys'),
        Key: { key_hash: hashApiKey(k.api_key) },
        UpdateExpression: 'SET revoked_at = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() + 60_000).toISOString() },
      }),
    );
    await expect401({ key: k.api_key }, /revoked/);
  });

  it('reads the key and its account strongly consistent on every request, remembering neither', async () => {
    const k = await t.issue({ plan: 'developer', mode: 'live' });
    // The key by a consistent GetItem; the account by the UpdateItem that counts the request (a write
    // reads the item as it stands), returning the whole item.
    const reads: { command: string; table: string; consistent: boolean }[] = [];
    const recordReads: Pluggable<any, any> = {
      applyToStack: (stack: MiddlewareStack<any, any>) => {
        stack.add(
          (next, context: { commandName?: string }) => async (args) => {
            const input = args.input as { TableName?: string; ConsistentRead?: boolean; ReturnValues?: string };
            if (context.commandName === 'GetItemCommand') {
              reads.push({ command: 'GetItem', table: String(input.TableName), consistent: input.ConsistentRead === true });
            }
            if (context.commandName === 'UpdateItemCommand') {
              reads.push({ command: 'UpdateItem', table: String(input.TableName), consistent: input.ReturnValues === 'ALL_NEW' });
            }
            return next(args);
          },
          { step: 'initialize', name: 'recordAuthenticationReads' },
        );
      },
    };
    const remove = useOnEveryClient(recordReads);
    newContainer();
    try {
      for (let i = 0; i < 2; i++) expect((await t.call('/v1/account', { key: k.api_key })).status).toBe(200);
    } finally {
      remove();
      newContainer();
    }
    for (const [command, table] of [
      ['GetItem', tableName('apiKeys')],
      ['UpdateItem', tableName('accounts')],
    ] as const) {
      const of = reads.filter((r) => r.table === table && r.command === command);
      expect(of, table).toHaveLength(2);
      expect(
        of.every((r) => r.consistent),
        table,
      ).toBe(true);
    }
    expect(reads.filter((r) => r.command === 'GetItem' && r.table === tableName('accounts'))).toHaveLength(0);
  });

  it('403 account_suspended for every key of a suspended account from the next request on, and back after unsuspending', async () => {
    const live = await t.issue({ plan: 'production', mode: 'live' });
    const test = await t.issue({ plan: 'production', mode: 'test', accountId: live.account_id });
    const other = await t.issue({ plan: 'production', mode: 'live' });
    // Read once, so a container that remembers accounts would have this one.
    for (const key of [live, test]) expect((await t.call('/v1/account', { key: key.api_key })).status).toBe(200);
    const store = new DynamoAccountStore();
    await store.setSuspension(live.account_id, { at: new Date(), reason: 'chargeback under review' });
    for (const key of [live, test]) {
      const res = await t.call('/v1/account', { key: key.api_key });
      expect(res.status).toBe(403);
      const error = errorOf(res.body);
      expect(error.code).toBe('account_suspended');
      expect(error.message).toMatch(/suspended/);
      expect(error.docs).toMatch(/\/docs#error-account-suspended$/);
      // The operator's note stays with the operator; a suspended caller learns nothing about limits.
      expect(res.text).not.toContain('chargeback');
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    const verify = await t.call('/v1/verify', {
      method: 'POST',
      key: live.api_key,
      body: JSON.stringify({ first_name: 'Dana', last_name: 'test-active', state: 'WA' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(verify.status).toBe(403);
    expect((await t.call('/v1/account', { key: other.api_key })).status).toBe(200);

    await store.setSuspension(live.account_id, undefined);
    for (const key of [live, test]) expect((await t.call('/v1/account', { key: key.api_key })).status).toBe(200);
  });

  it('401 for an expired key', async () => {
    const k = await t.issue({ plan: 'developer', mode: 'live', expiresAt: new Date(Date.now() - 1000) });
    await expect401({ key: k.api_key }, /expired/);
    const later = await t.issue({ plan: 'developer', mode: 'live', expiresAt: new Date(Date.now() + 3_600_000) });
    expect((await t.call('/v1/account', { key: later.api_key })).status).toBe(200);
  });

  it('public routes need no key', async () => {
    const res = await t.call('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});
