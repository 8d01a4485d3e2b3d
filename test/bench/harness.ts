/** Benchmark plumbing: repeated runs and their median/min/max, and the figure types of the report. */

export interface Target {
  readonly op: '>=' | '<=';
  readonly value: number;
}

export interface Figure {
  readonly name: string;
  readonly unit: string;
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
  /** Target from the issue, e.g. `>= 100000`; met is judged on the median. */
  readonly target?: Target;
  /** What the figure covers; for a figure with a target, why it is missed when it is. */
  readonly note?: string;
  /** A target shared by many figures (one per function): the summary shows the group as one line. */
  readonly group?: string;
}

/** A target over many figures, e.g. every API function's init ratio; its figures are named `<subject>: <measure>`. */
export interface TargetGroup {
  readonly id: string;
  /** The target in words, e.g. "Each API function's init ≤ 3× the empty handler's". */
  readonly label: string;
  /** Why it is missed, when it is. */
  readonly note: string;
}

/** A table of its own, shown instead of the standard figure table (the figures still go to the JSON). */
export interface Table {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

export interface SectionResult {
  readonly figures: Figure[];
  readonly groups?: readonly TargetGroup[];
  /** A paragraph above the table: what is measured and how. */
  readonly intro?: string;
  readonly table?: Table;
  /** Further tables shown after the section's own, each under its heading. */
  readonly more?: readonly SubTable[];
  /** Measured inputs other outputs are computed from (kept in bench-results.json; e.g. the README's cost section). */
  readonly data?: unknown;
}

export interface SubTable {
  readonly heading: string;
  /** A paragraph above the table. */
  readonly intro?: string;
  readonly table: Table;
}

export interface Benchmark {
  readonly id: string;
  readonly title: string;
  run(): Promise<Figure[] | SectionResult>;
}

export function summarise(name: string, unit: string, samples: number[], extra: Partial<Figure> = {}): Figure {
  if (samples.length === 0) throw new Error(`no samples for ${name}`);
  const sorted = [...samples].sort((a, b) => a - b);
  return { name, unit, median: median(sorted), min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: samples.length, ...extra };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function met(figure: Figure): boolean | undefined {
  if (!figure.target) return undefined;
  return figure.target.op === '>=' ? figure.median >= figure.target.value : figure.median <= figure.target.value;
}

/** Numbers as the report prints them: thousands separated from 100 up, two decimals below. */
export function fmt(n: number): string {
  return Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(2);
}

/** A byte count in KiB, one decimal below 10 KiB. */
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} KiB`;
/** Median with the min–max range, e.g. `1.20 (1.10–1.40)`. */
export const range = (values: number[], digits: (n: number) => string) =>
  `${digits(median(values))} (${digits(Math.min(...values))}–${digits(Math.max(...values))})`;
/** A ratio with two decimals. */
export const times = (n: number) => n.toFixed(2);

/** Bundle parts grouped for reading: the AWS SDK's shared runtime (@smithy/*, @aws-sdk/core, credentials…) as one. */
export function packageFamily(name: string): string {
  if (/^@aws-sdk\/(client|lib)-/.test(name)) return name;
  if (name.startsWith('@smithy/') || name.startsWith('@aws-sdk/') || name.startsWith('@aws-crypto/')) return 'SDK runtime';
  if (name.startsWith('@aws-lambda-powertools/') || name === 'aws-xray-sdk-core') return name.replace('@aws-lambda-powertools/', 'powertools/');
  return name;
}
