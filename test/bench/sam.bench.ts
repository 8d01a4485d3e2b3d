/**
 * SAM.gov exclusions: parse rate of a 170,000-row extract (about the live file's size) read from its
 * ZIP (inflate, streaming CSV parser, row mapping), ingest rate into the local DynamoDB emulator
 * (listing, 303 download from the simulator, hash, parse, batched writes, archive, switch), and the
 * latency of lookups by surname and by NPI on the loaded list.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRowBatches } from '#shared/features/sources/lists/csv-parser.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { samEntry, samExclusions, samLimits } from '#shared/features/sources/lists/sam-exclusions.ts';
import { zipCsvText } from '#shared/features/sources/lists/zip-member.ts';
import { parseLimits } from '#shared/features/sources/parse-limits.ts';
import { writeSamBenchmark } from '../../local/sample-data/sam-file.ts';
import { zipOfCsv } from '../../local/simulator/sam-extract.ts';
import { startLocalStack } from '../../local/runtime/stack.ts';
import { summarise, type Benchmark } from './harness.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const rows = 170_000;
const fileName = 'SAM_Exclusions_Public_Extract_V2_26305';

async function parseOnce(zip: string): Promise<{ rate: number; surnames: string[]; npis: string[] }> {
  const started = performance.now();
  let entries = 0;
  const surnames: string[] = [];
  const npis: string[] = [];
  let header = true;
  for await (const batch of csvRowBatches(zipCsvText(zip, parseLimits(samLimits)), parseLimits(samLimits))) {
    for (const row of batch) {
      if (header) {
        header = false;
        continue;
      }
      const entry = samEntry(row);
      if (!entry) continue;
      entries++;
      if (entries % 1000 === 0 && entry.kind === 'individual') surnames.push(entry.lastName);
      if (entries % 997 === 0 && entry.npi) npis.push(entry.npi);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  if (entries < rows) throw new Error(`parsed ${entries} rows, expected ${rows}`);
  return { rate: entries / seconds, surnames, npis };
}

/**
 * Writes a SAM extract of `count` rows into `dir` as the simulator serves it: the CSV under `sam/` and
 * its ZIP, `SAM_Exclusions_Public_Extract_V2_26305.ZIP`, whose path this answers.
 */
export async function writeSamExtract(dir: string, count: number): Promise<string> {
  await mkdir(join(dir, 'sam'));
  const csv = join(dir, 'sam', `${fileName}.csv`);
  await writeSamBenchmark(csv, count);
  const zip = join(dir, `${fileName}.ZIP`);
  await writeFile(zip, await zipOfCsv(await readFile(csv), `${fileName}.CSV`, new Date('2026-11-01T00:00:00Z')));
  return zip;
}

export const samBenchmark: Benchmark = {
  id: 'sam',
  title: `SAM.gov exclusions: ${rows.toLocaleString('en-US')}-row extract`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'sam-bench-'));
    try {
      const zip = await writeSamExtract(dir, rows);
      const { surnames, npis } = await parseOnce(zip); // warm-up, and the names to look up
      const parse: number[] = [];
      for (let i = 0; i < 5; i++) parse.push((await parseOnce(zip)).rate);

      const stack = await startLocalStack({ sourceDataDir: dir, schedules: false, ingestOnStart: false, loadRosters: false, workers: [] });
      const ingest: number[] = [];
      const bySurname: number[] = [];
      const byNpi: number[] = [];
      try {
        const outcome = await ingestList(samExclusions, dynamoSanctionsStore(), { force: true });
        if (outcome.outcome !== 'ingested') throw new Error(`ingest ${outcome.outcome}`);
        ingest.push(outcome.stats.rows / (outcome.duration_ms / 1000));
        const store = dynamoSanctionsStore();
        for (const [lookups, samples, query] of [
          [surnames, bySurname, (v: string) => ({ lastName: v })],
          [npis, byNpi, (v: string) => ({ npi: v })],
        ] as const) {
          for (const value of lookups.slice(0, 150)) {
            const started = performance.now();
            const found = await store.find('sam', query(value));
            samples.push(performance.now() - started);
            if (found.entries.length === 0) throw new Error(`nothing found for ${JSON.stringify(query(value))}`);
          }
        }
      } finally {
        await stack.stop();
      }
      return [
        summarise('Parse (ZIP member, stream, CSV, row mapping)', 'rows/s', parse, { target: { op: '>=', value: 100_000 } }),
        summarise('Ingest into the local DynamoDB emulator', 'rows/s', ingest, {
          note: 'one run; one item per lookup key of a row (its surname keys, and its NPI where present); bounded by the in-process DynamoDB emulator (dynalite), not by the parse',
        }),
        summarise('Lookup by surname (pointer remembered, one Query per surname key)', 'ms', bySurname),
        summarise('Lookup by NPI', 'ms', byNpi),
      ];
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
