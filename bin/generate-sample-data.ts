/**
 * Writes the deterministic sample data that the local source simulator serves:
 *
 *   npx tsx bin/generate-sample-data.ts [--out sample-data] [--seed 42] [--providers 3000]
 *   npx tsx bin/generate-sample-data.ts --scale full|<fraction> --out <dir> [--states TX,WA,CT] [--seed 42] [--workers N]
 *   npx tsx bin/generate-sample-data.ts --leie-benchmark /tmp/leie-85k.csv [--rows 85000] [--seed 42]
 *   npx tsx bin/generate-sample-data.ts --sam-benchmark /tmp/SAM_Exclusions_Public_Extract_V2_26305.csv [--rows 170000] [--seed 42]
 *   npx tsx bin/generate-sample-data.ts --nppes-deactivated-benchmark /tmp/NPPES_Deactivated_NPI_Report_101226_V2.zip|.csv [--rows 355000] [--seed 42]
 *
 * The same seed and options give byte-identical files ("today" is the fixed reference date
 * 2026-11-01). The first form writes the small committed sample. The second writes every board
 * dataset of the chosen states (default: all) at that fraction of its real row count ("full" is 1),
 * with the matching NPPES records and an LEIE file (local/sample-data/scaled.ts; CT and VT by
 * local/sample-data/ct-vt-rows.ts); it never writes into sample-data/. The third writes only an N-row
 * LEIE file in the UPDATED.csv format, the fourth an N-row SAM.gov exclusions extract CSV, and the fifth
 * an N-row NPPES Deactivated NPI Report (the real report's size by default): the simulator's text rows
 * (`.csv`, which the simulator serves as the published ZIP) or that ZIP itself (`.zip`: a title row, the
 * header and the rows in a workbook); all for ingest benchmarks, none committed.
 */
import { mkdirSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { writeCtVtScaled } from '../local/sample-data/ct-vt-rows.ts';
import { defaultProviders, generateSampleData } from '../local/sample-data/generate.ts';
import { writeLeieBenchmarkFile } from '../local/sample-data/leie-file.ts';
import { writeSamBenchmark } from '../local/sample-data/sam-file.ts';
import { NameTables } from '../local/sample-data/name-tables.ts';
import { writeNppesDeactivatedBenchmark } from '../local/sample-data/nppes-deactivated-file.ts';
import { reportZip } from '../local/simulator/nppes-files.ts';
import { type LaunchState, launchStates } from '../local/sample-data/places.ts';
import { writeRostersScaled } from '../local/sample-data/roster-rows.ts';
import { Rng } from '../local/sample-data/prng.ts';
import { generateScaledSampleData } from '../local/sample-data/scaled.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    seed: { type: 'string', default: '42' },
    providers: { type: 'string', default: String(defaultProviders) },
    scale: { type: 'string' },
    states: { type: 'string' },
    workers: { type: 'string' },
    'leie-benchmark': { type: 'string' },
    'sam-benchmark': { type: 'string' },
    'nppes-deactivated-benchmark': { type: 'string' },
    rows: { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

function positiveInteger(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a positive integer`);
  return n;
}

function scaleOf(text: string): number {
  const scale = text === 'full' ? 1 : Number(text);
  if (!(scale > 0 && scale <= 1)) fail('--scale must be "full" or a fraction in (0, 1], e.g. 0.05');
  return scale;
}

/** Connecticut and Vermont rows are made apart from the launch states' population (ct-vt-rows.ts). */
const separateStates = ['CT', 'VT'];
/** Roster files (roster-rows.ts): Maryland (md_bop), Florida (fl_mqa), Alabama (al_bme), West Virginia (wv_bom), Wyoming (wy_boards, wy_active), Nevada (nv_bop), South Dakota (sd_boards), Missouri (mo_pr), Arkansas (ar_bopm), Louisiana (la_lbmt), Alaska (ak_cbpl), California (ca_bbs), and Texas BHEC's (tx_bhec) beside the Texas datasets. */
const rosterStates = ['MD', 'FL', 'AL', 'WV', 'WY', 'NV', 'SD', 'MO', 'AR', 'LA', 'AK', 'CA'];

function statesOf(text: string): { launch: LaunchState[]; ctVt: boolean; rosters: boolean } {
  const states = text.split(',').map((s) => s.trim().toUpperCase());
  const unknown = states.filter((s) => !(launchStates as readonly string[]).includes(s) && !separateStates.includes(s) && !rosterStates.includes(s));
  if (unknown.length > 0 || states.length === 0)
    fail(`--states takes a comma-separated list of ${[...launchStates, ...separateStates, ...rosterStates].join(', ')}`);
  return {
    launch: states.filter((s): s is LaunchState => (launchStates as readonly string[]).includes(s)),
    ctVt: states.some((s) => separateStates.includes(s)),
    rosters: states.some((s) => rosterStates.includes(s) || s === 'TX'),
  };
}

if (values['leie-benchmark']) {
  const rows = positiveInteger('rows', values.rows ?? '85000');
  await writeLeieBenchmarkFile(resolve(values['leie-benchmark']), rows, values.seed!);
  process.stderr.write(`wrote ${rows} LEIE rows to ${values['leie-benchmark']}\n`);
} else if (values['sam-benchmark']) {
  const rows = positiveInteger('rows', values.rows ?? '170000');
  await writeSamBenchmark(resolve(values['sam-benchmark']), rows, values.seed!);
  process.stderr.write(`wrote ${rows} SAM extract rows to ${values['sam-benchmark']}\n`);
} else if (values['nppes-deactivated-benchmark']) {
  const rows = positiveInteger('rows', values.rows ?? '355000');
  const path = resolve(values['nppes-deactivated-benchmark']);
  if (/\.zip$/i.test(path)) {
    const csv = `${path}.csv`;
    await writeNppesDeactivatedBenchmark(csv, rows, values.seed!);
    await writeFile(path, await reportZip(await readFile(csv, 'utf8'), basename(path)));
    await rm(csv);
  } else {
    await writeNppesDeactivatedBenchmark(path, rows, values.seed!);
  }
  process.stderr.write(`wrote ${rows} NPPES deactivation report rows to ${values['nppes-deactivated-benchmark']}\n`);
} else if (values.scale !== undefined) {
  if (!values.out) fail('--scale needs --out <dir> (sample-data/ holds the small committed sample)');
  const outDir = resolve(values.out);
  if (outDir === resolve('sample-data')) fail('--scale does not write into sample-data/ (it holds the small committed sample)');
  const started = performance.now();
  const states = values.states ? statesOf(values.states) : { launch: undefined, ctVt: true, rosters: true };
  const scale = scaleOf(values.scale);
  const sample =
    states.launch?.length === 0
      ? { rowCounts: new Map<string, number>(), people: 0 }
      : await generateScaledSampleData(outDir, {
          scale,
          seed: values.seed!,
          states: states.launch,
          workers: values.workers ? positiveInteger('workers', values.workers) : undefined,
        });
  const rowCounts = new Map(sample.rowCounts);
  if (states.ctVt) {
    mkdirSync(join(outDir, 'boards'), { recursive: true });
    for (const [file, n] of writeCtVtScaled(outDir, new Rng(`scaled-ct-vt:${values.seed!}`), NameTables.load(), scale)) rowCounts.set(file, n);
  }
  if (states.rosters) {
    for (const [file, n] of await writeRostersScaled(outDir, new Rng(`scaled-rosters:${values.seed!}`), NameTables.load(), scale)) rowCounts.set(file, n);
  }
  let rows = 0;
  for (const [file, n] of rowCounts) if (file.startsWith('boards/') || file.startsWith('rosters/')) rows += n;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stderr.write(
    `wrote ${rows.toLocaleString('en-US')} board rows, ${sample.people.toLocaleString('en-US')} people, ${rowCounts.size} files to ${outDir} in ${seconds} s\n`,
  );
} else {
  if (values.states !== undefined) fail('--states needs --scale');
  const outDir = resolve(values.out ?? 'sample-data');
  const sample = await generateSampleData(outDir, { seed: values.seed!, providers: positiveInteger('providers', values.providers!) });
  let bytes = 0;
  for (const content of sample.files.values()) bytes += Buffer.byteLength(content);
  process.stderr.write(`wrote ${sample.files.size} files (${(bytes / 1024 / 1024).toFixed(2)} MB) to ${outDir}\n`);
}
