/** Benchmark plumbing: repeated runs, median/min/max, and the Markdown + JSON report. */
import { writeFile } from 'node:fs/promises';
import { arch, cpus, totalmem } from 'node:os';

export interface Figure {
  readonly name: string;
  readonly unit: string;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
  /** Target from the issue, e.g. `>= 100000`; met is judged on the median. */
  readonly target?: { readonly op: '>=' | '<='; readonly value: number };
  readonly note?: string;
}

export interface Benchmark {
  readonly id: string;
  readonly title: string;
  run(): Promise<Figure[]>;
}

export function summarise(name: string, unit: string, samples: number[], extra: Partial<Figure> = {}): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { name, unit, median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: samples.length, ...extra };
}

export function met(figure: Figure): boolean | undefined {
  if (!figure.target) return undefined;
  return figure.target.op === '>=' ? figure.median >= figure.target.value : figure.median <= figure.target.value;
}

const fmt = (n: number) => (Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2));

export async function writeReport(results: { benchmark: Benchmark; figures: Figure[] }[], mdPath: string, jsonPath: string): Promise<void> {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} (${arch()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const lines = [
    '# Benchmarks',
    '',
    `Measured with \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}: ${machine}.`,
    'Each figure is the median of repeated runs, with the minimum and maximum.',
    '',
  ];
  for (const { benchmark, figures } of results) {
    lines.push(`## ${benchmark.title}`, '', '| Measure | Median | Min | Max | Runs | Target | Met |', '|---|---|---|---|---|---|---|');
    for (const f of figures) {
      const ok = met(f);
      lines.push(
        `| ${f.name} | ${fmt(f.median)} ${f.unit} | ${fmt(f.min)} | ${fmt(f.max)} | ${f.runs} | ${f.target ? `${f.target.op} ${fmt(f.target.value)}` : '—'} | ${ok === undefined ? '—' : ok ? 'yes' : 'no'} |`,
      );
    }
    const notes = figures.filter((f) => f.note).map((f) => `- ${f.name}: ${f.note}`);
    if (notes.length) lines.push('', ...notes);
    lines.push('');
  }
  await writeFile(mdPath, lines.join('\n'));
  await writeFile(jsonPath, `${JSON.stringify({ machine, results: results.map((r) => ({ id: r.benchmark.id, figures: r.figures })) }, null, 2)}\n`);
}
