/**
 * Sample data at (a fraction of) the real size of the boards, for load tests of the simulator and the
 * service: every board dataset of the chosen states gets `scale` × its real row count, in exactly the
 * format of the small sample (the same row writers), with surnames at their real population shares
 * (surname-shares.ts). Alongside: the NPPES records of the licensees who have an NPI
 * (`nppes/<STATE>-<chunk>-NN.json`), and an LEIE file of the small sample's size that lists some of
 * the scaled licensees among unrelated people.
 *
 *   await generateScaledSampleData(outDir, { scale: 0.05, seed: '42', states: ['TX'] })
 *
 * Each state is cut into chunks of about 50,000 rows that are made independently (in parallel on
 * worker threads, scaled-workers.ts) and joined in order, so the same seed, scale and states give
 * byte-identical files whatever the number of workers, and a state's files do not depend on which
 * other states are generated. Nothing ever holds a whole dataset in memory.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { leieCsv, type LeieRow, unrelatedRows } from './leie-file.ts';
import { datasets } from './license-catalog.ts';
import { NameTables } from './name-tables.ts';
import { type LaunchState, launchStates } from './places.ts';
import { Rng } from './prng.ts';
import { type ChunkResult, type ChunkTask, leieNpiPart, maxChunks, PartitionedNpiIssuer, partFile, stateDatasets } from './scaled-chunk.ts';
import { defaultWorkers, runChunks } from './scaled-workers.ts';

/** Rows in the real datasets (license rows; DE's discipline dataset follows from its licenses). */
export const realRowCounts: Readonly<Record<string, number>> = {
  [datasets.TX_RN]: 796_000,
  [datasets.TX_VN]: 318_000,
  [datasets.TX_MEDICAL]: 507_000,
  [datasets.TX_APRN]: 60_000,
  [datasets.WA]: 450_000,
  [datasets.IL]: 600_000,
  [datasets.CO]: 500_000,
  [datasets.DE]: 80_000,
};

/** Rows per chunk: a chunk is the unit of parallel work. */
const rowsPerChunk = 50_000;
/** Unrelated people and businesses in the LEIE file (about as many as in the small sample). */
const unrelatedLeieRows = 1200;

export interface ScaledSampleOptions {
  /** Fraction of the real row counts, in (0, 1]; 1 is full size. */
  readonly scale: number;
  readonly seed?: string;
  /** Default: every launch state. */
  readonly states?: readonly LaunchState[];
  /** Worker threads (default: one per core); does not change the output. */
  readonly workers?: number;
}

export interface ScaledSample {
  /** Rows (records) per written file, e.g. "boards/tgb2-j935.json" → 796000. */
  readonly rowCounts: ReadonlyMap<string, number>;
  readonly people: number;
  readonly licenses: number;
}

/** The target rows of a state's datasets (those the generator aims at; the others follow). */
export function scaledTargets(state: LaunchState, scale: number): Record<string, number> {
  const targets: Record<string, number> = {};
  for (const id of stateDatasets[state]) if (realRowCounts[id] !== undefined) targets[id] = Math.round(scale * realRowCounts[id]);
  return targets;
}

function chunkTasks(outDir: string, partsDir: string, rootSeed: string, state: LaunchState, scale: number): ChunkTask[] {
  const targets = scaledTargets(state, scale);
  const total = Object.values(targets).reduce((sum, n) => sum + n, 0);
  const chunks = Math.min(maxChunks, Math.max(1, Math.ceil(total / rowsPerChunk)));
  return Array.from({ length: chunks }, (_, chunk) => ({
    outDir,
    partsDir,
    rootSeed,
    state,
    chunk,
    chunks,
    targets: Object.fromEntries(Object.entries(targets).map(([id, n]) => [id, Math.floor((n * (chunk + 1)) / chunks) - Math.floor((n * chunk) / chunks)])),
  }));
}

/** Joins a dataset's chunk parts into one JSON array (the layout of jsonArrayLines) and removes them. */
function joinParts(target: string, parts: readonly { readonly path: string; readonly rows: number }[]): number {
  const fd = openSync(target, 'w');
  let rows = 0;
  try {
    for (const part of parts) {
      if (part.rows > 0) {
        writeSync(fd, rows === 0 ? '[\n' : ',\n');
        writeSync(fd, readFileSync(part.path));
        rows += part.rows;
      }
      rmSync(part.path);
    }
    writeSync(fd, rows === 0 ? '[]\n' : '\n]\n');
  } finally {
    closeSync(fd);
  }
  return rows;
}

/** Removes earlier generated files (boards/*.json, nppes/*.json) so a smaller run leaves nothing stale. */
function clearGenerated(outDir: string): void {
  for (const dir of ['nppes', 'boards']) {
    const path = join(outDir, dir);
    if (!existsSync(path)) continue;
    for (const name of readdirSync(path)) if (name.endsWith('.json')) rmSync(join(path, name));
  }
}

function scaledReadme(options: { scale: number; seed: string; states: readonly LaunchState[] }, sample: ScaledSample): string {
  const lines = [
    '# Scaled sample data for the source simulator',
    '',
    `Generated by \`npm run generate-sample-data -- --scale ${options.scale} --seed ${options.seed} --states ${options.states.join(',')} --out <dir>\` ` +
      '(deterministic: the same options give byte-identical files). Each board dataset holds that fraction of the real row count, ' +
      'in the formats described in the bundled sample-data/README.md; surnames follow their 2010 Census population shares. Every person is fictional.',
    '',
    `People: ${sample.people.toLocaleString('en-US')}, licenses: ${sample.licenses.toLocaleString('en-US')}.`,
    '',
    '| File | Rows |',
    '|---|---|',
    ...[...sample.rowCounts].map(([file, n]) => `| \`${file}\` | ${n.toLocaleString('en-US')} |`),
  ];
  return `${lines.join('\n')}\n`;
}

export async function generateScaledSampleData(outDir: string, options: ScaledSampleOptions): Promise<ScaledSample> {
  const scale = options.scale;
  if (!(scale > 0 && scale <= 1)) throw new Error(`scale must be in (0, 1], got ${scale}`);
  const seed = options.seed ?? '42';
  const states = launchStates.filter((s) => (options.states ?? launchStates).includes(s));
  if (states.length === 0) throw new Error('no launch state selected');

  for (const dir of ['nppes', 'boards', 'leie']) mkdirSync(join(outDir, dir), { recursive: true });
  clearGenerated(outDir);
  const partsDir = join(outDir, '.scaled-parts');
  rmSync(partsDir, { recursive: true, force: true });
  mkdirSync(partsDir);

  const rootSeed = `scaled-sample:${seed}:${scale}`;
  const tasks = states.flatMap((state) => chunkTasks(outDir, partsDir, rootSeed, state, scale));
  let results: ChunkResult[];
  try {
    results = await runChunks(tasks, options.workers ?? defaultWorkers());
  } catch (error) {
    rmSync(partsDir, { recursive: true, force: true });
    throw error;
  }

  const rowCounts = new Map<string, number>();
  for (const state of states) {
    const mine = results.filter((r) => r.state === state);
    for (const id of stateDatasets[state]) {
      const parts = mine.map((r) => ({ path: partFile(partsDir, id, state, r.chunk), rows: r.boardRows[id] ?? 0 }));
      rowCounts.set(`boards/${id}.json`, joinParts(join(outDir, 'boards', `${id}.json`), parts));
    }
    for (const r of mine) for (const { file, count } of r.nppesFiles) rowCounts.set(file, count);
  }
  rmSync(partsDir, { recursive: true, force: true });

  const leieRng = new Rng(rootSeed).fork('leie');
  const leieRows: LeieRow[] = [
    ...results.flatMap((r) => r.leieRows),
    ...unrelatedRows(leieRng.fork('unrelated'), NameTables.load(), new PartitionedNpiIssuer(leieRng.fork('npi'), leieNpiPart), unrelatedLeieRows),
  ];
  writeFileSync(join(outDir, 'leie', 'UPDATED.csv'), leieCsv(leieRows));
  rowCounts.set('leie/UPDATED.csv', leieRows.length);

  const sample: ScaledSample = {
    rowCounts,
    people: results.reduce((sum, r) => sum + r.people, 0),
    licenses: results.reduce((sum, r) => sum + r.licenses, 0),
  };
  writeFileSync(join(outDir, 'README.md'), scaledReadme({ scale, seed, states }, sample));
  return sample;
}
