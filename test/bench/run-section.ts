/**
 * Runs one benchmark in this process and writes its section (report.ts) as JSON to a file:
 * `run-section.ts <id> <full|only> <out.json>`. `npm run bench` starts one such process per benchmark,
 * so no benchmark inherits another's module state (clients configured for an earlier local stack,
 * remembered lookups), heap or JIT state.
 */
import { writeFile } from 'node:fs/promises';
import { benchmarks } from './benchmarks.ts';
import { measureSection, type Section } from './report.ts';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const [id, run, out] = process.argv.slice(2);
const entry = benchmarks.find((b) => b.id === id);
if (!entry || (run !== 'full' && run !== 'only') || !out) {
  console.error('usage: run-section.ts <benchmark id> <full|only> <out.json>');
  process.exit(2);
}
const benchmark = await entry.load();
console.error(`▶ ${benchmark.title}`);
const section: Section = await measureSection(benchmark, run);
await writeFile(out, JSON.stringify(section));
process.exit(0);
