/**
 * Writes the deterministic sample data that the local source simulator serves:
 *
 *   npx tsx bin/generate-sample-data.ts [--out sample-data] [--seed 42] [--providers 3000]
 *   npx tsx bin/generate-sample-data.ts --leie-benchmark /tmp/leie-85k.csv [--rows 85000] [--seed 42]
 *
 * The same seed and options give byte-identical files ("today" is the fixed reference date
 * 2026-11-01). The second form writes only an N-row LEIE file in the UPDATED.csv format, for ingest
 * benchmarks; it is not committed.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultProviders, generateSampleData } from '../local/sample-data/generate.ts';
import { writeLeieBenchmarkFile } from '../local/sample-data/leie-file.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'sample-data' },
    seed: { type: 'string', default: '42' },
    providers: { type: 'string', default: String(defaultProviders) },
    'leie-benchmark': { type: 'string' },
    rows: { type: 'string', default: '85000' },
  },
});

function positiveInteger(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) {
    process.stderr.write(`--${name} must be a positive integer\n`);
    process.exit(2);
  }
  return n;
}

if (values['leie-benchmark']) {
  const rows = positiveInteger('rows', values.rows!);
  await writeLeieBenchmarkFile(resolve(values['leie-benchmark']), rows, values.seed!);
  process.stderr.write(`wrote ${rows} LEIE rows to ${values['leie-benchmark']}\n`);
} else {
  const outDir = resolve(values.out!);
  const sample = await generateSampleData(outDir, { seed: values.seed!, providers: positiveInteger('providers', values.providers!) });
  let bytes = 0;
  for (const content of sample.files.values()) bytes += Buffer.byteLength(content);
  process.stderr.write(`wrote ${sample.files.size} files (${(bytes / 1024 / 1024).toFixed(2)} MB) to ${outDir}\n`);
}
