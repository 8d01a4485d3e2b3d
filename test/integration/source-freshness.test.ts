/**
 * Freshness and retention of the ingested sources on the local stack, with DynamoDB's TTL modelled
 * (local/runtime/ttl-sweeper.ts): a list and an operator-uploaded roster loaded long ago and never refreshed are
 * never reported checked and clear (the list is `unavailable`, the current-only roster's state
 * `source_unavailable`), whether their rows are still there or already deleted; the current version's
 * rows are renewed from the archive and outlive their first TTL, while a superseded version's are deleted.
 */
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { individualKeys } from '#shared/features/sources/lists/lookup-keys.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { cmsOptOut } from '#shared/features/sources/lists/cms-opt-out.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { ingestRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { alabamaBme } from '#shared/features/sources/rosters/states/alabama.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { verifyOk } from '../support/verify-call.ts';
import { waitFor } from '../support/wait-for.ts';
import { dynamoExclusionStore, dynamoRosterStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const day = 86_400_000;
const daysAgo = (n: number) => () => new Date(Date.now() - n * day);
const alRoster = () => join(data.dir, 'rosters', 'al_bme', 'roster.csv');

let data: SourceDataCopy;
let t: TestStack;
let key: string;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir, ttlSweep: { intervalMs: 0 } });
  key = (await t.issue({ plan: 'enterprise', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t?.stop();
  await data?.remove();
});

const verify = (body: Record<string, unknown>) => verifyOk(t, key, body);
const listEntry = (body: Record<string, any>, list: string) => (body.sanctions.lists as { list: string; status: string }[]).find((l) => l.list === list);

/** Items stored under one partition of a version (`<source>#<version>#<key>`). */
async function itemsOf(table: 'sanctions' | 'exclusions', partition: string): Promise<number> {
  const out = await dynamo().send(
    new QueryCommand({ TableName: tableName(table), KeyConditionExpression: 'list_key = :k', ExpressionAttributeValues: { ':k': partition } }),
  );
  return out.Items?.length ?? 0;
}

const culpepper = individualKeys('Culpepper')[0]!;

describe('sources loaded long ago and never refreshed', () => {
  it('are never reported checked and clear, before and after their rows are deleted', async () => {
    // SAM.gov 20 days ago (past its 7-day limit, rows still stored), the LEIE and the Alabama roster
    // (an operator upload, current licenses only) 100 days ago; the CMS opt-out list loaded now.
    await ingestList(samExclusions, dynamoSanctionsStore(), { force: true, now: daysAgo(20) });
    await ingestLeie(dynamoExclusionStore(), { force: true, now: daysAgo(100) });
    await ingestRoster(alabamaBme, dynamoRosterStore(), { files: [alRoster()], now: daysAgo(100) });
    await ingestList(cmsOptOut, dynamoSanctionsStore(), { force: true });
    const roster = (await dynamoRosterStore().current('al_bme'))!;
    const leie = (await dynamoExclusionStore().current())!;

    const before = await verify({ first_name: 'Eleanor', last_name: 'Culpepper', state: 'AL' });
    expect(before.status).toBe('source_unavailable');
    expect(before.sources.find((s: { name: string }) => s.name === alabamaBme.displayName)).toMatchObject({
      status: 'unavailable',
      reason: { code: 'stale' },
    });
    expect(listEntry(before, 'sam')).toMatchObject({ status: 'unavailable', as_of: null });
    expect(listEntry(before, 'oig_leie')).toMatchObject({ status: 'unavailable', as_of: null });
    expect(listEntry(before, 'cms_opt_out')).toMatchObject({ status: 'cached' });

    // The TTL deletes the rows of 100 days ago (they expired 10 days ago); the pointers still name them.
    expect(await itemsOf('sanctions', `al_bme#${roster.version}#${culpepper}`)).toBeGreaterThan(0);
    const deleted = await t.stack.ttl.sweep();
    expect(deleted.Sanctions).toBeGreaterThan(0);
    expect(deleted.Exclusions).toBeGreaterThan(0);
    expect(await itemsOf('sanctions', `al_bme#${roster.version}#${culpepper}`)).toBe(0);
    expect((await dynamoRosterStore().current('al_bme'))?.version).toBe(roster.version);
    expect((await dynamoExclusionStore().current())?.version).toBe(leie.version);

    const after = await verify({ first_name: 'Eleanor', last_name: 'Culpepper', state: 'AL' });
    expect(after.status).toBe('source_unavailable');
    expect(after.status).not.toBe('not_found');
    expect(listEntry(after, 'sam')).toMatchObject({ status: 'unavailable' });
    expect(listEntry(after, 'oig_leie')).toMatchObject({ status: 'unavailable' });
    expect(listEntry(after, 'cms_opt_out')).toMatchObject({ status: 'cached' });
  });
});

describe('retention of the current version', () => {
  it("renews the current version's rows from the archive, so they outlive the TTL, while a superseded version's are deleted", async () => {
    const store = dynamoRosterStore();
    await ingestRoster(alabamaBme, store, { files: [alRoster()], now: daysAgo(100), force: true });
    const superseded = (await store.current('al_bme'))!;
    await ingestRoster(alabamaBme, store, { files: [alRoster()], now: daysAgo(50), force: true });
    const current = (await store.current('al_bme'))!;
    expect(current.version).not.toBe(superseded.version);

    await t.stack.ttl.sweep();
    expect(await itemsOf('sanctions', `al_bme#${superseded.version}#${culpepper}`)).toBe(0);
    expect(await itemsOf('sanctions', `al_bme#${current.version}#${culpepper}`)).toBeGreaterThan(0);

    // The operator-uploaded roster's daily rule: nothing is downloaded, the rows (50 days old) are renewed.
    await t.stack.scheduler.fire('alBmeRenewal');
    const renewed = await waitFor(async () => {
      const pointer = await store.current('al_bme');
      return pointer?.rows_written_at && Date.parse(pointer.rows_written_at) > Date.now() - day ? pointer : undefined;
    }, 30_000);
    expect(renewed.version).toBe(current.version);

    // 60 days on, the first write's TTL (40 days from now) has passed: the renewed rows are still there.
    await t.stack.ttl.sweep(new Date(Date.now() + 60 * day));
    expect(await itemsOf('sanctions', `al_bme#${current.version}#${culpepper}`)).toBeGreaterThan(0);
  });

  it("renews the LEIE's rows when its checks keep failing", async () => {
    await ingestLeie(dynamoExclusionStore(), { force: true, now: daysAgo(50) });
    const current = (await dynamoExclusionStore().current())!;
    const url = process.env.LEIE_CSV_URL;
    process.env.LEIE_CSV_URL = 'http://127.0.0.1:9/UPDATED.csv';
    try {
      await t.stack.scheduler.fire('leieCheck');
      const renewed = await waitFor(async () => {
        const pointer = await dynamoExclusionStore().current();
        return pointer?.rows_written_at && Date.parse(pointer.rows_written_at) > Date.now() - day ? pointer : undefined;
      }, 30_000);
      expect(renewed.version).toBe(current.version);
    } finally {
      process.env.LEIE_CSV_URL = url;
    }
  });
});
