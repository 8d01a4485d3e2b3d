/**
 * NPPES Deactivated NPI Report at its real size (355,000 NPIs; 355,330 on 2026-09-14): the parse rate
 * of the published ZIP (the workbook member unzipped, read whole, each row mapped: what the ingest does
 * before it writes), the memory that takes, the ingest rate into the local DynamoDB emulator (the
 * downloads page, the ZIP from the simulator, hash, parse, batched writes, archive, switch) and the
 * latency of a lookup by NPI on the loaded list.
 *
 * The ZIP is written by a child process, so this process's memory is the parse's and the ingest's only.
 * A workbook is read whole (sheet-reader.ts), inside one synchronous call a timer cannot interrupt: the
 * parse's peak is the process's resident high-water mark (`process.resourceUsage().maxRSS`), taken after
 * the first parse, before the timed runs and the local stack; the ingest's is the largest
 * `process.memoryUsage().rss` sampled during it, with the emulators and the simulator in the same process.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eachEntry, ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { nppesDeactivated } from '#shared/features/sources/lists/nppes-deactivated.ts';
import { startLocalStack } from '../../local/runtime/stack.ts';
import { summarise, type Benchmark } from './harness.ts';
import { dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

const rows = 355_000;
const fileName = 'NPPES_Deactivated_NPI_Report_101226_V2.zip';
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

async function parseOnce(zip: string): Promise<{ rate: number; npis: string[] }> {
  const started = performance.now();
  let entries = 0;
  let malformed = 0;
  const npis: string[] = [];
  await eachEntry(nppesDeactivated, zip, async (entry) => {
    if (!entry) {
      malformed++;
      return;
    }
    entries++;
    if (entries % 2371 === 0) npis.push(entry.npi!);
  });
  const seconds = (performance.now() - started) / 1000;
  if (entries !== rows || malformed > 0) throw new Error(`parsed ${entries} rows (${malformed} malformed), expected ${rows}`);
  return { rate: entries / seconds, npis };
}

/** The largest resident set seen while `work` runs, sampled every 20 ms and around it. */
async function rssPeakDuring<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

export const nppesDeactivatedBenchmark: Benchmark = {
  id: 'nppes-deactivated',
  title: `NPPES Deactivated NPI Report: ${rows.toLocaleString('en-US')} NPIs`,
  async run() {
    const dir = await mkdtemp(join(tmpdir(), 'nppes-deactivated-bench-'));
    try {
      await mkdir(join(dir, 'nppes-deactivated'));
      const zip = join(dir, 'nppes-deactivated', fileName);
      // Written by a child process: its memory is not this process's.
      await promisify(execFile)(
        process.execPath,
        [
          ...process.execArgv,
          join(import.meta.dirname, '..', '..', 'bin', 'generate-sample-data.ts'),
          '--nppes-deactivated-benchmark',
          zip,
          '--rows',
          String(rows),
        ],
        { maxBuffer: 1024 * 1024 },
      );
      const zipBytes = (await stat(zip)).size;

      const baseline = process.memoryUsage().rss;
      // The first parse (the NPIs to look up): its peak is one ingest's, before garbage of later runs piles up.
      const { npis } = await parseOnce(zip);
      const parsePeak = process.resourceUsage().maxRSS * 1024;
      const parse: number[] = [];
      for (let i = 0; i < 5; i++) parse.push((await parseOnce(zip)).rate);

      const stack = await startLocalStack({ sourceDataDir: dir, schedules: false, ingestOnStart: false, loadRosters: false, workers: [] });
      const ingest: number[] = [];
      const byNpi: number[] = [];
      let ingestPeak = 0;
      let stackRss = 0;
      try {
        stackRss = process.memoryUsage().rss;
        const { result: outcome, peak } = await rssPeakDuring(() => ingestList(nppesDeactivated, dynamoSanctionsStore(), { force: true }));
        ingestPeak = peak;
        if (outcome.outcome !== 'ingested') throw new Error(`ingest ${outcome.outcome}`);
        if (outcome.stats.rows !== rows) throw new Error(`ingested ${outcome.stats.rows} rows, expected ${rows}`);
        ingest.push(outcome.stats.rows / (outcome.duration_ms / 1000));
        const store = dynamoSanctionsStore();
        for (const npi of npis.slice(0, 150)) {
          const started = performance.now();
          const found = await store.find(nppesDeactivated.id, { npi });
          byNpi.push(performance.now() - started);
          if (found.entries.length !== 1) throw new Error(`found ${found.entries.length} rows for NPI ${npi}`);
        }
      } finally {
        await stack.stop();
      }
      return {
        intro:
          `A ${mb(zipBytes)} MB ZIP holding one workbook (a title row, the header, ${rows.toLocaleString('en-US')} rows; every tenth NPI a number cell), ` +
          'as the simulator serves the report. The workbook is read whole (sheet-reader.ts), then row by row; the ListIngest function has 1,024 MB.',
        figures: [
          summarise('Parse (ZIP member, workbook read whole, header after the title, row mapping)', 'rows/s', parse),
          summarise('Memory peak while parsing (resident set, high-water mark)', 'MB', [mb(parsePeak)], {
            note: `the process's resident high-water mark after the first parse (the workbook read is one synchronous call, which a sampler cannot interrupt); ${mb(baseline)} MB before it`,
          }),
          summarise('Ingest into the local DynamoDB emulator', 'rows/s', ingest, {
            note: 'one run; one item per row (its NPI key); bounded by the in-process DynamoDB emulator (dynalite), not by the parse',
          }),
          summarise('Memory peak while ingesting (resident set, sampled)', 'MB', [mb(ingestPeak)], {
            note: `largest process.memoryUsage().rss sampled every 20 ms during the ingest, the emulators and the simulator in the same process (${mb(stackRss)} MB with the stack started, before the ingest)`,
          }),
          summarise('Lookup by NPI (pointer remembered, one Query)', 'ms', byNpi),
        ],
      };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
};
