/**
 * `npm run bench [-- --only <id>[,<id>…]]`: runs the benchmarks on this machine and writes
 * BENCHMARKS.md and bench-results.json.
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { writeReport, type Benchmark, type Figure } from '../test/bench/harness.ts';
import { leieBenchmark } from '../test/bench/leie.bench.ts';
import { monitoringBenchmark } from '../test/bench/monitoring.bench.ts';
import { nameMatcherBenchmark } from '../test/bench/name-matcher.bench.ts';
import { pdfBenchmark } from '../test/bench/pdf.bench.ts';
import { verifyBenchmark } from '../test/bench/verify.bench.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const benchmarks: Benchmark[] = [verifyBenchmark, pdfBenchmark, nameMatcherBenchmark, leieBenchmark, monitoringBenchmark];

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only?.split(',');
const selected = benchmarks.filter((b) => !only || only.includes(b.id));
const root = join(import.meta.dirname, '..');
const results: { benchmark: Benchmark; figures: Figure[] }[] = [];
for (const benchmark of selected) {
  console.error(`▶ ${benchmark.title}`);
  const figures = await benchmark.run();
  for (const f of figures) console.error(`  ${f.name}: median ${f.median.toFixed(1)} ${f.unit} (min ${f.min.toFixed(1)}, max ${f.max.toFixed(1)}, ${f.runs} runs)`);
  results.push({ benchmark, figures });
}
await writeReport(results, join(root, 'BENCHMARKS.md'), join(root, 'bench-results.json'));
console.error('Wrote BENCHMARKS.md and bench-results.json');
process.exit(0);
