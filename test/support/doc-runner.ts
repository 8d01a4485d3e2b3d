/**
 * Runs a document's shell commands as a reader would, against a running `npm start`, and holds each
 * command's output against the output the document shows after it, in shape: JSON with the same keys
 * and kinds of value, text and CSV with as many lines of as many fields. Values differ from run to run
 * (ids, times, ports); the shape is what a reader's code depends on.
 *
 * A document's fenced `sh` blocks are its commands (the first, which starts the stack, is skipped: the
 * test starts it); the fenced `json`, `text` or `csv` block right after one is what it prints. The
 * blocks run in one bash, in order, so variables set by one are there for the next.
 */
import { spawn } from 'node:child_process';
import { repositoryRoot, shellEnv } from './npm-start.ts';

export interface DocBlock {
  readonly command: string;
  /** The output the document shows after the command, and its kind; undefined when it shows none. */
  readonly shown?: { readonly kind: 'json' | 'text' | 'csv'; readonly text: string };
}

/** The document's command blocks with the output each shows, in order. */
export function docBlocks(markdown: string): DocBlock[] {
  const fences = [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));
  const blocks: DocBlock[] = [];
  fences.forEach((fence, i) => {
    if (fence.lang !== 'sh') return;
    const next = fences[i + 1];
    const kind = next?.lang;
    const shown: DocBlock['shown'] = next && (kind === 'json' || kind === 'text' || kind === 'csv') ? { kind, text: next.body } : undefined;
    blocks.push({ command: fence.body, ...(shown ? { shown } : {}) });
  });
  return blocks;
}

/** Runs the blocks in one bash, in `cwd`; answers each block's stdout. Fails on the first command that fails. */
export async function runBlocks(blocks: readonly DocBlock[], cwd: string, env: Record<string, string>, timeoutMs: number): Promise<string[]> {
  const marker = (i: number) => `@@block ${i}@@`;
  const script = ['set -euo pipefail', ...blocks.flatMap((b, i) => [`echo '${marker(i)}'`, b.command])].join('\n');
  const child = spawn('bash', ['-c', script], { cwd, env: { ...shellEnv, ...env } });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString('utf8');
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  if (code !== 0) throw new Error(`the commands failed (exit ${code}) after:\n${out.slice(-2000)}\n${err.slice(-2000)}`);
  const outputs: string[] = [];
  for (let i = 0; i < blocks.length; i++) {
    const from = out.indexOf(`${marker(i)}\n`) + marker(i).length + 1;
    const to = i + 1 < blocks.length ? out.indexOf(`${marker(i + 1)}\n`) : out.length;
    outputs.push(out.slice(from, to));
  }
  return outputs;
}

type Shape = string | Shape[] | { [key: string]: Shape };

/** A JSON value's shape: its kind, and for an object each key's shape, for an array its first item's. */
export function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

/** The JSON documents in a text: one, or one a line. */
export function jsonValues(text: string): unknown[] {
  const trimmed = text.trim();
  try {
    return [JSON.parse(trimmed)];
  } catch {
    return trimmed
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
  }
}

/** Lines with content, each as its fields (tab- or comma-separated by kind). */
export function textShape(text: string, kind: 'text' | 'csv'): number[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\uFEFF/, ''))
    .filter((line) => line.trim() !== '')
    .map((line) => (kind === 'csv' ? line.split(',').length : line.split('\t').length));
}

/** Where the document's repository is: the commands run against its scripts. */
export const docRoot = repositoryRoot;
