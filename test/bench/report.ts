/**
 * bench-results.json and BENCHMARKS.md. The JSON holds one section per benchmark with when, where and
 * under what load it was measured; a run of some benchmarks (`--only`) replaces their sections and keeps
 * the others, and the Markdown is always rendered from the whole JSON.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { arch, cpus, loadavg, totalmem } from 'node:os';
import { fmt, met, type Benchmark, type Figure, type SectionResult, type SubTable, type Table, type TargetGroup } from './harness.ts';

export interface Section {
  readonly id: string;
  readonly title: string;
  /** ISO time the benchmark started. */
  readonly measured_at: string;
  readonly machine: string;
  /** 1, 5 and 15-minute load averages when the benchmark started. */
  readonly load_average: readonly number[];
  /** `full` for `npm run bench`, `only` for `npm run bench -- --only …`. */
  readonly run: 'full' | 'only';
  readonly seconds: number;
  readonly intro?: string;
  readonly figures: readonly Figure[];
  readonly groups?: readonly TargetGroup[];
  readonly table?: Table;
  readonly more?: readonly SubTable[];
  /** Measured inputs other outputs are computed from (harness.ts `SectionResult.data`). */
  readonly data?: unknown;
}

export interface Results {
  readonly machine: string;
  readonly results: readonly Section[];
}

export function machine(): string {
  return `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'} (${arch()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
}

export function loadAverage(): number[] {
  return loadavg().map((n) => Math.round(n * 100) / 100);
}

/** Runs one benchmark and records it as a section. */
export async function measureSection(benchmark: Benchmark, run: Section['run']): Promise<Section> {
  const measured_at = new Date().toISOString();
  const load_average = loadAverage();
  const started = performance.now();
  const out = await benchmark.run();
  const result: SectionResult = Array.isArray(out) ? { figures: out } : out;
  return {
    id: benchmark.id,
    title: benchmark.title,
    measured_at,
    machine: machine(),
    load_average,
    run,
    seconds: Math.round((performance.now() - started) / 1000),
    ...(result.intro ? { intro: result.intro } : {}),
    figures: result.figures,
    ...(result.groups ? { groups: result.groups } : {}),
    ...(result.table ? { table: result.table } : {}),
    ...(result.more ? { more: result.more } : {}),
    ...(result.data !== undefined ? { data: result.data } : {}),
  };
}

/** The sections of the existing JSON; none when it is absent or unreadable, and never one without its date and load. */
export async function readResults(path: string): Promise<Section[]> {
  try {
    const json = JSON.parse(await readFile(path, 'utf8')) as Partial<Results>;
    return (json.results ?? []).filter(
      (s): s is Section =>
        typeof s?.id === 'string' &&
        typeof s.title === 'string' &&
        typeof s.measured_at === 'string' &&
        Array.isArray(s.load_average) &&
        Array.isArray(s.figures),
    );
  } catch {
    return [];
  }
}

/** `fresh` replaces the sections of the same id; sections are kept in the order of `order`, unknown ids last. */
export function mergeSections(previous: readonly Section[], fresh: readonly Section[], order: readonly string[]): Section[] {
  const byId = new Map(previous.map((s) => [s.id, s]));
  for (const s of fresh) byId.set(s.id, s);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  return [...byId.values()].sort((a, b) => rank(a.id) - rank(b.id));
}

export async function writeResults(sections: readonly Section[], mdPath: string, jsonPath: string): Promise<void> {
  const results: Results = { machine: machine(), results: sections };
  await writeFile(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  await writeFile(mdPath, renderMarkdown(results));
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function tableLines(table: Table): string[] {
  return [
    `| ${table.columns.map(cell).join(' | ')} |`,
    `|${table.columns.map(() => '---').join('|')}|`,
    ...table.rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

function metText(figure: Figure): string {
  const ok = met(figure);
  return ok === undefined ? '—' : ok ? 'yes' : '**no**';
}

function figureTable(figures: readonly Figure[]): Table {
  return {
    columns: ['Measure', 'Median', 'Min', 'Max', 'Runs', 'Target', 'Met'],
    rows: figures.map((f) => [
      f.name,
      `${fmt(f.median)} ${f.unit}`,
      fmt(f.min),
      fmt(f.max),
      String(f.runs),
      f.target ? `${f.target.op} ${fmt(f.target.value)}` : '—',
      metText(f),
    ]),
  };
}

function when(section: Section): string {
  const at = section.measured_at.replace('T', ' ').slice(0, 16);
  return `Measured ${at} UTC by ${section.run === 'full' ? '`npm run bench`' : `\`npm run bench -- --only ${section.id}\``} in ${section.seconds} s; load average ${section.load_average.map((n) => n.toFixed(2)).join(' / ')} (1 / 5 / 15 min) at its start.`;
}

/** The summary lines of a section: one per figure with a target, one per target group. */
function targetRows(section: Section): string[][] {
  const link = `[${section.id}](#${section.id})`;
  const rows: string[][] = [];
  for (const f of section.figures) {
    if (!f.target || f.group) continue;
    rows.push([
      link,
      `${f.name} ${f.target.op} ${fmt(f.target.value)} ${f.unit}`,
      `${fmt(f.median)} ${f.unit}`,
      metText(f),
      met(f) === false ? (f.note ?? 'no reason recorded') : '',
    ]);
  }
  for (const group of section.groups ?? []) {
    const members = section.figures.filter((f) => f.group === group.id && f.target);
    if (members.length === 0) continue;
    const missed = members.filter((f) => met(f) === false);
    const distance = (f: Figure) => Math.abs(f.median - f.target!.value);
    const worst = missed.reduce<Figure | undefined>((a, b) => (!a || distance(b) > distance(a) ? b : a), undefined);
    const subject = (f: Figure) => f.name.split(':')[0];
    rows.push([
      link,
      group.label,
      `met by ${members.length - missed.length} of ${members.length}${worst ? `; worst ${subject(worst)} ${fmt(worst.median)} ${worst.unit}` : ''}`,
      missed.length ? '**no**' : 'yes',
      missed.length ? `missed by ${missed.map(subject).join(', ')}: ${group.note}` : '',
    ]);
  }
  return rows;
}

export function renderMarkdown(results: Results): string {
  const lines = [
    '# Benchmarks',
    '',
    `Machine: ${results.machine}.`,
    '',
    'Written by `npm run bench`, each benchmark in a process of its own; `npm run bench -- --only <id>[,<id>…]`',
    're-measures some sections and keeps the others, and each section says when it was measured and the load',
    'average then. Each figure is the median of repeated runs, with the minimum and maximum. Generated from',
    '[bench-results.json](bench-results.json); do not edit by hand.',
    '',
    '## Targets',
    '',
  ];
  lines.push(...tableLines({ columns: ['Section', 'Target', 'Median', 'Met', 'Why missed'], rows: results.results.flatMap(targetRows) }), '');
  for (const section of results.results) {
    lines.push(
      `<a id="${section.id}"></a>`,
      `## ${section.title}`,
      '',
      `_${when(section)}${section.machine === results.machine ? '' : ` Machine: ${section.machine}.`}_`,
      '',
    );
    if (section.intro) lines.push(section.intro, '');
    lines.push(...tableLines(section.table ?? figureTable(section.figures)));
    const notes = section.figures.filter((f) => f.note).map((f) => `- ${met(f) === false ? '**Missed:** ' : ''}${f.name}: ${f.note}`);
    if (notes.length) lines.push('', ...notes);
    lines.push('');
    for (const sub of section.more ?? []) {
      lines.push(`### ${sub.heading}`, '');
      if (sub.intro) lines.push(sub.intro, '');
      lines.push(...tableLines(sub.table), '');
    }
  }
  return lines.join('\n');
}
