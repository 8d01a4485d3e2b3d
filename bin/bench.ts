/**
 * `npm run bench [-- --only <id>[,<id>…]]`: runs the benchmarks on this machine, each in a process of
 * its own (test/bench/run-section.ts), and writes bench-results.json and BENCHMARKS.md, and the README's
 * cost section from the dynamo-calls section (test/bench/cost-model.ts). With `--only`, only the named
 * sections are re-measured and the others are kept from the existing bench-results.json. With
 * `--readme`, nothing is measured: the README's cost section is written again from bench-results.json
 * (after a change of the cost model's prices or assumptions).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchmarks } from '../test/bench/benchmarks.ts';
import { readmeCostSection, withReadmeCostSection, type CostInputs } from '../test/bench/cost-model.ts';
import { fmt } from '../test/bench/harness.ts';
import { loadAverage, mergeSections, readResults, writeResults, type Section } from '../test/bench/report.ts';

const ids = benchmarks.map((b) => b.id);
const { values } = parseArgs({ options: { only: { type: 'string' }, readme: { type: 'boolean' } } });
const only = values.only
  ?.split(',')
  .map((id) => id.trim())
  .filter(Boolean);
const unknown = only?.filter((id) => !ids.includes(id)) ?? [];
if (unknown.length > 0 || only?.length === 0) {
  console.error(`Unknown benchmark ${unknown.join(', ') || '(none given)'}; choose from ${ids.join(', ')}.`);
  process.exit(2);
}
const root = join(import.meta.dirname, '..');

/** Writes the README's cost section from the dynamo-calls measurement (a unit test checks it is so). */
async function writeReadmeCost(sections: readonly Section[]): Promise<void> {
  const costInputs = sections.find((s) => s.id === 'dynamo-calls')?.data as CostInputs | undefined;
  if (!costInputs) return;
  const readmePath = join(root, 'README.md');
  await writeFile(readmePath, withReadmeCostSection(await readFile(readmePath, 'utf8'), readmeCostSection(costInputs)));
  console.error('Wrote the cost section of README.md');
}

if (values.readme) {
  await writeReadmeCost(await readResults(join(root, 'bench-results.json')));
  process.exit(0);
}

const selected = benchmarks.filter((b) => !only || only.includes(b.id));
const mdPath = join(root, 'BENCHMARKS.md');
const jsonPath = join(root, 'bench-results.json');
const runner = join(root, 'test', 'bench', 'run-section.ts');

/** Runs one benchmark in a child process (with this process's loader flags, so TypeScript runs as here). */
function runSection(id: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, runner, id, only ? 'only' : 'full', out], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`benchmark ${id} failed (${signal ?? `exit ${code}`})`))));
  });
}

console.error(`Load average ${loadAverage().join(' / ')} (1 / 5 / 15 min); ${selected.map((b) => b.id).join(', ')}`);
const dir = await mkdtemp(join(tmpdir(), 'bench-'));
const fresh: Section[] = [];
try {
  for (const benchmark of selected) {
    const out = join(dir, `${benchmark.id}.json`);
    await runSection(benchmark.id, out);
    const section = JSON.parse(await readFile(out, 'utf8')) as Section;
    for (const f of section.figures) console.error(`  ${f.name}: median ${fmt(f.median)} ${f.unit} (min ${fmt(f.min)}, max ${fmt(f.max)}, ${f.runs} runs)`);
    console.error(`  (${section.seconds} s; load average ${section.load_average.join(' / ')} at its start)`);
    fresh.push(section);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
const previous = only ? await readResults(jsonPath) : [];
const sections = mergeSections(previous, fresh, ids);
await writeResults(sections, mdPath, jsonPath);
console.error(`Wrote BENCHMARKS.md and bench-results.json (${only ? `sections ${only.join(', ')} re-measured, the others kept` : 'every section'})`);
await writeReadmeCost(sections);
