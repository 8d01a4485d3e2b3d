/**
 * The fault matrix: each source (a state board, the NPPES registry, the OIG LEIE download) down, timing
 * out, answering 500 or answering malformed data, alone and all together. Each gives exactly the spec's
 * outcome (States and transitions, rules 1-4; Errors 503): never a 500, never a wrong `verified: true`.
 */
import { BatchWriteCommand, DeleteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { sourceNames } from '#shared/features/sources/source-config.ts';
import { newContainer } from '#shared/platform/container.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

type Mode = 'down' | 'timeout' | 'error' | 'malformed';
type Faults = Parameters<SourceDataCopy['setFaults']>[0];

const modes: readonly Mode[] = ['down', 'timeout', 'error', 'malformed'];
const waBoard = 'Washington State Department of Health';
const faultSets = {
  board: (mode: Mode): Faults => ({ 'qxh8-f4bd': { mode } }),
  registry: (mode: Mode): Faults => ({ nppes: { mode } }),
  'exclusion list': (mode: Mode): Faults => ({ leie: { mode } }),
  'all sources': (mode: Mode): Faults => ({ soda: { mode }, nppes: { mode }, leie: { mode } }),
} as const;
type FaultSet = keyof typeof faultSets;

// Active WA RN whose registry record lists the license; and a WA provider on the exclusion list by DOB.
const helen = { first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' };
const carla = { first_name: 'Carla', last_name: 'Morris', state: 'WA', dob: '1971-07-23' };

let t: TestStack;
let data: SourceDataCopy;
let key: string;

beforeAll(async () => {
  // A hung download is given up on after 1 s here (30 s by default).
  process.env.LEIE_RESPONSE_TIMEOUT_MS = '1000';
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
  await ingestLeie(dynamoExclusionStore());
  key = (await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 100_000 })).api_key;
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

const verify = (body: Record<string, unknown>) =>
  t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/** Forgets every cached source answer, so the next verification needs the sources. */
async function clearCache(): Promise<void> {
  const items = (await dynamo().send(new ScanCommand({ TableName: tableName('cache'), ProjectionExpression: 'cache_key' }))).Items ?? [];
  for (let i = 0; i < items.length; i += 25) {
    await dynamo().send(
      new BatchWriteCommand({ RequestItems: { [tableName('cache')]: items.slice(i, i + 25).map((item) => ({ DeleteRequest: { Key: item } })) } }),
    );
  }
  newContainer();
}

async function withFaults<T>(faults: Faults, run: () => Promise<T>): Promise<T> {
  await data.setFaults(faults);
  try {
    return await run();
  } finally {
    await data.setFaults({});
  }
}

const sourceStatus = (body: { sources: { name: string; status: string }[] }, name: string) => body.sources.find((s) => s.name === name)?.status;

/** The invariants of every answer under faults: a 200 in the result shape, or the spec's 503. */
function expectNoWrongAnswer(res: Awaited<ReturnType<typeof verify>>) {
  expect([200, 503]).toContain(res.status);
  expect(res.text).not.toMatch(/at \S+\.(ts|js):\d+|stack/i);
  if (res.status === 200 && res.body.verified === true) {
    expect(res.body.status).toBe('active');
    expect(res.body.oig_excluded).toBe(false);
  }
}

describe.each(Object.keys(faultSets) as FaultSet[])('%s failing', (set) => {
  const boardFails = set === 'board' || set === 'all sources';
  const registryFails = set === 'registry' || set === 'all sources';

  it.each(modes)('%s, nothing cached: the spec outcome for what still answers', async (mode) => {
    await clearCache();
    const res = await withFaults(faultSets[set](mode), () => verify(helen));
    expectNoWrongAnswer(res);
    expect(res.status).toBe(200);
    if (boardFails) {
      // Rules 2 and 4: no board answer → source_unavailable, never not_found; federal signals kept.
      expect(res.body).toMatchObject({ status: 'source_unavailable', verified: false, source_live: false, cached: false, oig_excluded: false });
      expect(sourceStatus(res.body, waBoard)).toBe('unavailable');
    } else {
      expect(res.body).toMatchObject({ status: 'active', verified: true, source_live: true, license_number: 'RN00973025' });
    }
    expect(sourceStatus(res.body, sourceNames.nppes)).toBe(registryFails ? 'unavailable' : 'live');
    // The exclusion list is the stored copy: a failing download never hides it.
    expect(sourceStatus(res.body, sourceNames.leie)).toBe('cached');
  });

  it.each(modes)('%s, cached: the most recent cached result is served (rule 1)', async (mode) => {
    await clearCache();
    const live = await verify(helen);
    expect(live.body).toMatchObject({ status: 'active', source_live: true });
    const res = await withFaults(faultSets[set](mode), () => verify(helen));
    expectNoWrongAnswer(res);
    expect(res.body).toMatchObject({ status: 'active', verified: true, license_number: 'RN00973025' });
    // Board answers are cached for 24 hours: even a healthy board is not asked again.
    expect(res.body).toMatchObject({ cached: true, source_live: false });
  });

  it.each(modes)('%s: an excluded provider is never verified', async (mode) => {
    await clearCache();
    const res = await withFaults(faultSets[set](mode), () => verify(carla));
    expectNoWrongAnswer(res);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ oig_excluded: true, verified: false });
    expect(res.body.status).toBe(boardFails ? 'source_unavailable' : 'suspended');
  });
});

describe('the exclusion list download failing', () => {
  it.each(modes)('%s: the ingest reports it and lookups keep the current list', async (mode) => {
    const before = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: 'leie' }, ConsistentRead: true }));
    const outcome = await withFaults({ leie: { mode } }, () =>
      ingestLeie(dynamoExclusionStore(), { force: true }).then(
        (o) => o as unknown,
        (e: unknown) => e,
      ),
    );
    // A failed download is an error for the scheduled worker (retried by its queue), never a new version.
    expect(outcome).toBeInstanceOf(Error);
    const after = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: 'leie' }, ConsistentRead: true }));
    expect(after.Item!.version).toBe(before.Item!.version);
    newContainer();
    await clearCache();
    const res = await verify(carla);
    expect(res.body).toMatchObject({ oig_excluded: true, verified: false });
  });
});

describe('nothing at all to answer from', () => {
  it.each(modes)('%s everywhere, no list and nothing cached: 503 sources_unavailable, not charged', async (mode) => {
    await clearCache();
    const pointer = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: 'leie' } }));
    await dynamo().send(new DeleteCommand({ TableName: tableName('sourceState'), Key: { source: 'leie' } }));
    newContainer();
    try {
      const before = (await t.call('/v1/account', { key })).body.usage.verifications as number;
      const res = await withFaults(faultSets['all sources'](mode), () => verify(helen));
      expectNoWrongAnswer(res);
      expect(res.status).toBe(503);
      expect(errorOf(res.body)).toMatchObject({ code: 'sources_unavailable' });
      expect(res.headers.get('retry-after')).toBe('30');
      expect((await t.call('/v1/account', { key })).body.usage.verifications).toBe(before);
    } finally {
      await dynamo().send(new PutCommand({ TableName: tableName('sourceState'), Item: pointer.Item }));
      newContainer();
    }
  });
});
