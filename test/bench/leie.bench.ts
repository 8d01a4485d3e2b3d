/**
 * LEIE: parse rate of an 85,000-row UPDATED.csv (the ingest's own streaming parser and row mapping),
 * and ingest rate into the local DynamoDB emulator (download from the simulator, hash, parse, batched
 * writes, archive, switch).
 */
import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRowBatches } from '#shared/features/sources/lists/csv-parser.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { leieRecord } from '#shared/features/sources/leie/leie-record.ts';
import { writeLeieBenchmarkFile } from '../../local/sample-data/leie-file.ts';
import { startLocalStack } from '../../local/runtime/stack.ts';
import { summarise, type Benchmark } from './harness.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

const rows = 85_000;

async function parseOnce(file: string): Promise<number> {
  const started = performance.now();
  let records = 0;
  for await (const batch of csvRowBatches(createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }))) {
    for (const row of batch) if (leieRecord(row)) records++;
  }
  const seconds = (performance.now() - started) / 1000;
  if (records < rows) throw new Error(`parsed ${records} rows, expected ${rows}`);
  return records / seconds;
}

export const leieBenchmark: Benchmark = {
  id: 'leie',
  title: `OIG LEIE: ${rows.toLocaleString('en-US')}-row UPDATED.csv`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'leie-bench-'));
    try {
      await mkdir(join(dir, 'leie'));
      const file = join(dir, 'leie', 'UPDATED.csv');
      await writeLeieBenchmarkFile(file, rows);
      await parseOnce(file); // warm-up
      const parse: number[] = [];
      for (let i = 0; i < 5; i++) parse.push(await parseOnce(file));

      const stack = await startLocalStack({ sourceDataDir: dir, schedules: false, ingestOnStart: false, loadRosters: false });
      const ingest: number[] = [];
      try {
        for (let i = 0; i < 3; i++) {
          const outcome = await ingestLeie(dynamoExclusionStore(), { force: true });
          if (outcome.outcome !== 'ingested') throw new Error(`ingest ${outcome.outcome}`);
          ingest.push(outcome.stats.rows / (outcome.duration_ms / 1000));
        }
      } finally {
        await stack.stop();
      }
      return [
        summarise('Parse (stream, CSV, row mapping)', 'rows/s', parse, { target: { op: '>=', value: 100_000 } }),
        summarise('Ingest into the local DynamoDB emulator', 'rows/s', ingest, {
          note: 'bounded by the in-process DynamoDB emulator (dynalite, about 1,000-1,600 writes/s); real DynamoDB takes batched writes far faster',
        }),
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
