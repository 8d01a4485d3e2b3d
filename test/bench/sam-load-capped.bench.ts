/**
 * The first SAM.gov load into a new on-demand table: the full-size extract (170,000 rows) loaded by the
 * list ingest worker, through its queue handler with the 900 s invocation of AWS, into the local
 * DynamoDB capped at 4,000 write units a second per table (what a new on-demand table accepts; the
 * emulator throttles beyond it as DynamoDB does). It must complete: a load cut short by the invocation's
 * deadline resumes in the next invocation, which is counted.
 *
 * The local DynamoDB itself writes fewer items a second than 4,000 on a small machine, so at that cap the
 * emulator may throttle nothing; the same load runs again under a cap of 1,000, below what the emulator
 * takes, so that throttling certainly happens at full size and the load is seen to survive it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSBatchResponse } from 'aws-lambda';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import { writeCounters } from '#shared/features/sources/lists/adapters/batch-write.ts';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { startLocalStack } from '../../local/runtime/stack.ts';
import { summarise, type SectionResult, type Benchmark } from './harness.ts';
import { writeSamExtract } from './sam.bench.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const rows = 170_000;
const capPerSecond = 4_000;
/** A cap below the local DynamoDB's own write rate, so that it binds. */
const bindingCapPerSecond = 1_000;
/** Invocations allowed before the load counts as failed (each a full 900 s one). */
const maxInvocations = 3;

export const samLoadCappedBenchmark: Benchmark = {
  id: 'sam-load-capped',
  title: `SAM.gov exclusions: full ${rows.toLocaleString('en-US')}-row load under a ${capPerSecond.toLocaleString('en-US')} writes/s cap`,
  async run(): Promise<SectionResult> {
    const dir = await mkdtemp(join(tmpdir(), 'sam-capped-bench-'));
    try {
      await writeSamExtract(dir, rows);

      const figures = [...(await loadUnder(dir, capPerSecond, '')), ...(await loadUnder(dir, bindingCapPerSecond, ', binding cap'))];
      return {
        intro: `The list ingest worker's handler (download from the simulator, hash, parse, batched writes, archive, switch) with the invocation time of AWS (900 s), against the local DynamoDB capped at ${capPerSecond.toLocaleString('en-US')} write units a second per table with a 1 s burst, as a new on-demand table, then again at ${bindingCapPerSecond.toLocaleString('en-US')} (a cap below what the emulator itself writes, so that it binds); the emulator takes what fits of each BatchWriteItem and returns the rest as UnprocessedItems, or refuses the call with ThrottlingException when nothing fits. One run each.`,
        figures,
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};

/** One load of the extract in `dir` into a fresh local stack whose DynamoDB takes `cap` write units a second per table. */
async function loadUnder(dir: string, cap: number, label: string) {
  const stack = await startLocalStack({
    sourceDataDir: dir,
    schedules: false,
    ingestOnStart: false,
    loadRosters: false,
    workers: [],
    dynamoWriteCap: { perSecond: cap, burstSeconds: 1 },
  });
  try {
    writeCounters.calls = 0;
    const worker = workers.find((w) => w.id === 'ListIngest')!;
    const event = { Records: [{ messageId: 'sam-check', receiptHandle: 'sam-check', body: JSON.stringify({ kind: 'list_ingest', list: 'sam' }) }] };
    const started = performance.now();
    let invocations = 0;
    let loaded = await dynamoSanctionsStore().current('sam');
    while (!loaded && invocations < maxInvocations) {
      invocations++;
      const out = (await invoke(worker.entry, worker.id, event, worker.timeoutSeconds * 1000)) as SQSBatchResponse;
      loaded = await dynamoSanctionsStore().current('sam');
      if (out.batchItemFailures.length > 0 && !loaded) console.error(`  invocation ${invocations} stopped before the load was complete; resuming`);
    }
    const seconds = (performance.now() - started) / 1000;
    if (!loaded) throw new Error(`the load did not complete in ${maxInvocations} invocations`);
    if (loaded.stats.rows !== rows) throw new Error(`loaded ${loaded.stats.rows} rows, expected ${rows}`);
    const items = await countItems(loaded.version);
    const stats = (await (await fetch(`${stack.endpoints.dynamodb}/write-cap`)).json()) as CapStats;
    const at = `${cap.toLocaleString('en-US')} writes/s${label}`;
    return [
      summarise(`Rows loaded under ${at} (the load completed and the list switched)`, 'rows', [loaded.stats.rows], { target: { op: '>=', value: rows } }),
      summarise(`Time to complete the load under ${at}`, 's', [seconds], {
        note: `${invocations} invocation${invocations === 1 ? '' : 's'}; ${items.toLocaleString('en-US')} items (one per lookup key of a row) in ${writeCounters.calls.toLocaleString('en-US')} BatchWriteItem calls; the emulator refused ${stats.callsRefused.toLocaleString('en-US')} calls whole and took ${stats.batchesTakenInPart.toLocaleString('en-US')} batches in part (${stats.itemsLeftUnprocessed.toLocaleString('en-US')} items left unprocessed, sent again)`,
      }),
      summarise(`Items written per second under ${at}, over the whole load`, 'items/s', [items / seconds], {
        note: 'download, parse and archive included; the writes are held to the cap (an item of 1 KB or less is one write unit)',
      }),
      summarise(`Invocations under ${at}`, 'invocations', [invocations], { target: { op: '<=', value: 1 } }),
    ];
  } finally {
    await stack.stop();
  }
}

/** What the emulator's write cap did (local/runtime/dynamo-front.mjs `GET /write-cap`). */
interface CapStats {
  readonly unitsTaken: number;
  readonly callsRefused: number;
  readonly batchesTakenInPart: number;
  readonly itemsLeftUnprocessed: number;
}

/** Items stored under the version (a scan of the sanctions table; no capacity cap on reads). */
async function countItems(version: string): Promise<number> {
  let count = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new ScanCommand({
        TableName: tableName('sanctions'),
        Select: 'COUNT',
        FilterExpression: 'begins_with(list_key, :p)',
        ExpressionAttributeValues: { ':p': `sam#${version}#` },
        ExclusiveStartKey: start,
      }),
    );
    count += page.Count ?? 0;
    start = page.LastEvaluatedKey;
  } while (start);
  return count;
}
