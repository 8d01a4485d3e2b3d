/**
 * Source loads against a DynamoDB that throttles writes, as a new on-demand table does on AWS: the local
 * DynamoDB under a write-throughput cap far below what a load sends. The load completes, and a load that
 * runs out of time stops, keeps the current version in use, and is resumed by the next invocation.
 */
import { BatchWriteItemCommand, DynamoDBClient, GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SQSBatchResponse } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { tableName } from '#shared/platform/config.ts';
import { Deadline } from '#shared/platform/deadline.ts';
import { writeCounters } from '#shared/features/sources/lists/adapters/batch-write.ts';
import { loadStopReserveMs } from '#shared/features/sources/lists/ingest-steps.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { writeSamBenchmark } from '../../local/sample-data/sam-file.ts';
import { invokeAs } from '../support/invoke-as.ts';
import { rejectionOf } from '../support/rejection.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

/** Write capacity units a second per table: a load of a few thousand rows takes several seconds of it. */
const cap = 200;
const rows = 1_500;
let dir: string;
let t: TestStack;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'throttled-load-'));
  await mkdir(join(dir, 'sam'));
  await writeSamBenchmark(join(dir, 'sam', 'SAM_Exclusions_Public_Extract_V2_26305.csv'), rows, 'first');
  t = await startTestStack({ sourceDataDir: dir, loadRosters: false, dynamoWriteCap: { perSecond: cap, burstSeconds: 1 } });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  await rm(dir, { recursive: true, force: true });
});

const ingest = (options: Parameters<typeof ingestList>[2] = {}) =>
  invokeAs('ListIngest', () => ingestList(samExclusions, dynamoSanctionsStore(), options), 60_000);

describe('the local DynamoDB under a write cap', () => {
  it('takes part of a batch beyond the cap, returns the rest as UnprocessedItems, and refuses a call of which nothing fits', async () => {
    const client = new DynamoDBClient({ endpoint: t.stack.endpoints.dynamodb, maxAttempts: 1 });
    const table = tableName('sanctions');
    try {
      // Items of 20 KB: 20 write units each, 500 for a batch of 25, more than the 200 a full bucket holds.
      const item = (i: number) => ({ list_key: { S: `cap-probe#${i}` }, row_id: { S: '1' }, entry: { S: 'x'.repeat(20 * 1024 - 40) } });
      const batch = (from: number) =>
        new BatchWriteItemCommand({ RequestItems: { [table]: Array.from({ length: 25 }, (_, i) => ({ PutRequest: { Item: item(from + i) } })) } });
      await new Promise((r) => setTimeout(r, 1_100)); // a full bucket
      // Two batches at once: together they get the 10 items the bucket holds (and what it refills meanwhile).
      // The one to arrive last gets what the bucket refilled meanwhile, or is refused whole.
      const results = await Promise.allSettled([client.send(batch(0)), client.send(batch(100))]);
      const answered = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ name: 'ThrottlingException' });
      const taken = answered.reduce((n, out) => n + 25 - (out.UnprocessedItems?.[table]?.length ?? 0), 0);
      expect(taken).toBeGreaterThanOrEqual(10);
      expect(taken).toBeLessThanOrEqual(15);
      // A 190 KB item needs 190 units: the emptied bucket takes about a second to hold them. A batch of
      // which nothing fits is refused whole, as is a PutItem.
      const large = { ...item(200), entry: { S: 'x'.repeat(190 * 1024) } };
      const alone = new BatchWriteItemCommand({ RequestItems: { [table]: [{ PutRequest: { Item: large } }] } });
      expect(await rejectionOf(client.send(alone), Error)).toMatchObject({ name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } });
      expect(await rejectionOf(client.send(new PutItemCommand({ TableName: table, Item: large })), Error)).toMatchObject({ name: 'ThrottlingException' });
      // Reads are not capped: the emptied bucket still answers them.
      const read = await client.send(new GetItemCommand({ TableName: table, Key: { list_key: { S: 'cap-probe#none' }, row_id: { S: '1' } } }));
      expect(read.Item).toBeUndefined();
    } finally {
      client.destroy();
    }
  });
});

describe('a SAM.gov extract loaded into a throttled table', () => {
  it('completes although the table throttles it', async () => {
    const before = { ...writeCounters };
    const started = Date.now();
    const outcome = await ingest();
    const seconds = (Date.now() - started) / 1000;
    expect(outcome).toMatchObject({ outcome: 'ingested', list: 'sam', stats: { rows, malformed_rows: 0 } });
    if (outcome.outcome !== 'ingested') return;
    // Far more items than the cap takes in a second: the load was held to the cap (after the burst),
    // was throttled (calls taken in part; the SDK retries calls refused whole on its own), and went on.
    expect(outcome.items).toBeGreaterThan(cap * 4);
    expect(seconds).toBeGreaterThan(outcome.items / cap - 2);
    expect(writeCounters.throttledCalls - before.throttledCalls).toBeGreaterThan(0);
    const capped = (await (await fetch(`${t.stack.endpoints.dynamodb}/write-cap`)).json()) as { callsRefused: number; batchesTakenInPart: number };
    expect(capped.callsRefused + capped.batchesTakenInPart).toBeGreaterThan(10);
    const current = await dynamoSanctionsStore().current('sam');
    expect(current).toMatchObject({ version: outcome.version, stats: { rows } });
  }, 60_000);

  it('stops before the deadline, keeps the current version, and the next invocation resumes and switches', async () => {
    const previous = (await dynamoSanctionsStore().current('sam'))!;
    expect(previous).toBeDefined();
    await successor('26305', '26306', 'SECOND');

    // An invocation whose time runs out after about 1,000 rows: its clock moves one millisecond each time it is read.
    let tick = 0;
    const deadline = Deadline.after(loadStopReserveMs + 1_000, () => tick++);
    const stopped = await rejectionOf(ingest({ deadline }), Error);
    expect(stopped.message).toMatch(/stopped for lack of time/);

    // The pointer is untouched; the progress names the version being written and how far it got.
    expect(await dynamoSanctionsStore().current('sam')).toEqual(previous);
    const progress = (await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: 'load#sam' } }))).Item;
    expect(progress).toMatchObject({ files: [{ name: 'SAM_Exclusions_Public_Extract_V2_26306.ZIP' }], interruptions: 1 });
    const rowsDone = progress!.rows_done as number;
    expect(rowsDone).toBeGreaterThan(100);
    expect(rowsDone).toBeLessThan(rows);

    // The next invocation writes the rest of the same version, then switches.
    const resumed = await ingest();
    expect(resumed).toMatchObject({ outcome: 'ingested', version: progress!.version, previous_version: previous.version, stats: { rows } });
    if (resumed.outcome !== 'ingested') return;
    const current = await dynamoSanctionsStore().current('sam');
    expect(current?.version).toBe(progress!.version);
    expect((await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: 'load#sam' } }))).Item?.version).toBeUndefined();

    // Rows written before the stop and after it are both found in the new version.
    const all = await readAllEntries(resumed.version);
    expect(all.has(2)).toBe(true);
    expect(all.has(rowsDone)).toBe(true);
    expect(all.has(rows + 1)).toBe(true);
  }, 60_000);

  it('the ingest worker fails a message whose load runs out of time, and its retry finishes the load', async () => {
    const before = (await dynamoSanctionsStore().current('sam'))!;
    await successor('26306', '26307', 'THIRD');
    const worker = workers.find((w) => w.id === 'ListIngest')!;
    const event = { Records: [{ messageId: 'sam-check', receiptHandle: 'sam-check', body: JSON.stringify({ kind: 'list_ingest', list: 'sam' }) }] };
    // An invocation with no more time than the queue worker's 5 s reserve and the load's own: the load
    // stops at its first row.
    const short = (await invoke(worker.entry, worker.id, event, loadStopReserveMs + 5_000)) as SQSBatchResponse;
    expect(short.batchItemFailures).toEqual([{ itemIdentifier: 'sam-check' }]);
    expect((await dynamoSanctionsStore().current('sam'))?.version).toBe(before.version);
    const progress = (await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: 'load#sam' } }))).Item;
    expect(progress).toMatchObject({ files: [{ name: 'SAM_Exclusions_Public_Extract_V2_26307.ZIP' }], interruptions: 1 });

    const retry = (await invoke(worker.entry, worker.id, event, loadStopReserveMs + 5_000 + 60_000)) as SQSBatchResponse;
    expect(retry.batchItemFailures).toEqual([]);
    expect(await dynamoSanctionsStore().current('sam')).toMatchObject({
      version: progress!.version,
      file_name: 'SAM_Exclusions_Public_Extract_V2_26307.ZIP',
      stats: { rows },
    });
  }, 60_000);
});

/**
 * The next day's extract: the previous one with one person's first name changed, so it is plausibly the
 * next version (within the list's change budget) while its content, and so its hash, differs.
 */
async function successor(fromDay: string, toDay: string, tag: string): Promise<void> {
  const text = await readFile(join(dir, 'sam', `SAM_Exclusions_Public_Extract_V2_${fromDay}.csv`), 'utf8');
  const lines = text.split('\n');
  const last = lines.findLastIndex((line) => line.trim() !== '');
  lines[last] = lines[last]!.replace(/"([A-Z]+)"/, `"$1${tag}"`);
  await writeFile(join(dir, 'sam', `SAM_Exclusions_Public_Extract_V2_${toDay}.csv`), lines.join('\n'));
}

/** The row numbers stored under a version, read from the sanctions table's items of each row's keys. */
async function readAllEntries(version: string): Promise<Set<number>> {
  const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
  const found = new Set<number>();
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName('sanctions'),
        FilterExpression: 'begins_with(list_key, :p)',
        ExpressionAttributeValues: { ':p': `sam#${version}#` },
        ExclusiveStartKey: start,
      }),
    );
    for (const item of page.Items ?? []) found.add(Number(item.row_id));
    start = page.LastEvaluatedKey;
  } while (start);
  return found;
}
