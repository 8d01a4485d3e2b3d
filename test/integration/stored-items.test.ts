/**
 * Verification and monitor items are parsed when read: what the service writes reads back as it was
 * written, an item stored before `match_note` existed still reads, and an item that does not match its
 * schema is an error naming the item, never a value cast to a type it does not have.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { DynamoMonitorStore } from '#shared/features/monitoring/checks/adapters/monitor-store.ts';
import { StoredItemError } from '#shared/features/records/stored-item.ts';
import { DynamoVerificationStore } from '#shared/features/verification/adapters/verification-store.ts';
import { startSampleDataStack, type SampleDataStack } from '../support/sample-data-stack.ts';
import type { TestStack } from '../support/stack.ts';

let t: TestStack;
let stack: SampleDataStack;
let key: string;
let accountId: string;

beforeAll(async () => {
  stack = await startSampleDataStack();
  ({ t } = stack);
  ({ api_key: key, account_id: accountId } = await t.issue({ plan: 'production', mode: 'live' }));
});
afterAll(async () => {
  await stack.stop();
});

const json = { 'content-type': 'application/json' };

/** Changes a stored item behind the service's back; `#a`, `#b` name the attribute path's parts. */
async function update(
  table: 'verifications' | 'monitors',
  key: Record<string, string>,
  expression: string,
  names: Record<string, string>,
  values?: Record<string, unknown>,
) {
  await dynamo().send(
    new UpdateCommand({
      TableName: tableName(table),
      Key: key,
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ...(values ? { ExpressionAttributeValues: values } : {}),
    }),
  );
}

describe('stored verification records', () => {
  it('read back as written; one stored before match_note or the sanctions screen reads with them; a malformed one is an error naming it', async () => {
    const res = await t.call('/v1/verify', {
      method: 'POST',
      key,
      headers: json,
      body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }),
    });
    expect(res.status).toBe(200);
    const id = res.body.verification_id as string;
    const store = new DynamoVerificationStore();

    const record = await store.getOwned(id, accountId, 'live');
    expect(record?.result).toEqual(res.body);
    expect(record?.certificate.certificate_hash).toBe(res.body.certificate_hash);

    // Stored compressed; a record stored before compression holds both as maps, and reads the same.
    const stored = (await dynamo().send(new GetCommand({ TableName: tableName('verifications'), Key: { verification_id: id } }))).Item!;
    expect(stored.result_br).toBeInstanceOf(Uint8Array);
    expect(stored.certificate_br).toBeInstanceOf(Uint8Array);
    expect(stored.result).toBeUndefined();
    await update(
      'verifications',
      { verification_id: id },
      'SET #r = :r, #c = :c REMOVE #rb, #cb',
      { '#r': 'result', '#c': 'certificate', '#rb': 'result_br', '#cb': 'certificate_br' },
      { ':r': record!.result, ':c': record!.certificate },
    );
    expect(await store.getOwned(id, accountId, 'live')).toEqual(record);

    await update('verifications', { verification_id: id }, 'REMOVE #a.#b', { '#a': 'result', '#b': 'match_note' });
    expect((await store.getOwned(id, accountId, 'live'))?.result.match_note).toBeNull();

    // One stored before the sanctions screen reads with the screen it had: the OIG list, and its exclusion if any.
    await update('verifications', { verification_id: id }, 'REMOVE #a.#b, #a.#c', { '#a': 'result', '#b': 'sanctions', '#c': 'sanctioned' });
    const older = (await store.getOwned(id, accountId, 'live'))?.result;
    expect(older?.sanctioned).toBe(false);
    // It screened the OIG list only.
    // (Records stored before the screen predate evidence too: the list is rebuilt without it.)
    const oigList = res.body.sanctions.lists
      .filter((l: { list: string }) => l.list === 'oig_leie')
      .map(({ evidence: _, ...l }: { evidence?: unknown; list: string }) => l);
    expect(older?.sanctions).toEqual({ lists: oigList, matches: [] });
    await update(
      'verifications',
      { verification_id: id },
      'SET #a.#e = :e, #a.#x = :x',
      { '#a': 'result', '#e': 'oig_excluded', '#x': 'oig_exclusion' },
      { ':e': true, ':x': { match: 'dob', exclusion_type: '1128a1', exclusion_date: '2020-02-02', waiver_state: null, waiver_date: null } },
    );
    const excluded = (await store.getOwned(id, accountId, 'live'))?.result;
    expect(excluded?.sanctioned).toBe(true);
    expect(excluded?.sanctions.matches).toEqual([
      { list: 'oig_leie', basis: 'name_dob', name: res.body.name, action: 'OIG exclusion 1128a1', start_date: '2020-02-02', end_date: null },
    ]);

    await update('verifications', { verification_id: id }, 'SET #a.#b = :n', { '#a': 'certificate', '#b': 'signature' }, { ':n': 42 });
    const error = await store.getOwned(id, accountId, 'live').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoredItemError);
    expect((error as StoredItemError).message).toMatch(new RegExp(`^Stored verification item ${id} does not match its schema: certificate\\.signature: `));
    // The route fails loudly (an internal error), it does not serve a malformed certificate.
    expect((await t.call(`/v1/certificate/${id}`, { key })).status).toBe(500);
  });
});

describe('stored monitors', () => {
  it('read back with a typed snapshot; a malformed snapshot is an error naming the monitor', async () => {
    const res = await t.call('/v1/monitor', {
      method: 'POST',
      key,
      headers: json,
      body: JSON.stringify({
        first_name: 'Helen',
        last_name: 'Thomas',
        state: 'WA',
        webhook_url: 'http://127.0.0.1:9/hook',
        webhook_secret: 'a-very-secret-value-123',
      }),
    });
    expect(res.status).toBe(200);
    const id = res.body.monitor_id as string;
    const store = new DynamoMonitorStore();

    const monitor = await store.get(id);
    expect(monitor?.snapshot).toMatchObject({ status: 'active', disciplinary: false, expiryAlertedFor: null });
    expect((await store.list(accountId, 'live', 10)).items.map((m) => m.monitor_id)).toContain(id);

    await update('monitors', { monitor_id: id }, 'REMOVE #a.#b', { '#a': 'snapshot', '#b': 'checkedAt' });
    const error = await store.get(id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoredItemError);
    expect((error as StoredItemError).message).toBe(
      `Stored monitor item ${id} does not match its schema: snapshot.checkedAt: Invalid input: expected string, received undefined`,
    );
  });
});
