/**
 * Runs a document's shell commands as a reader would, against a running `npm start`, and holds each
 * command's output against the output the document shows after it, in shape: JSON with the same keys
 * and kinds of value, text and CSV with as many lines of as many fields. Values differ from run to run
 * (ids, times, ports); the shape is what a reader's code depends on.
 *
 * What a document says to the runner:
 * - A fenced `sh` block is commands to run. The blocks of a document run in one bash, in order, from a
 *   directory of their own that holds `docs` (so `node docs/examples/receiver.mjs` works as from the
 *   repository's root): variables set by one block are there for the next.
 * - `<!-- not run: reason -->` on the line before a `sh` fence: the block is not run (it starts the
 *   stack, which the test has started, or it needs what only a deployed stage has), for that reason.
 *   `<!-- example: name -->` before a fence marks the listing of an example file, which is not a command.
 * - The fenced `json`, `text` or `csv` block right after a command (nothing but blank lines between) is
 *   what it prints. JSON may be one value, or several one after another (one a line, or pretty-printed).
 *
 * What the runner puts in place of the document's: the keys (`svc_test_…` and `svc_live_…`, which a
 * document writes only as `KEY=svc_test_…` and `LIVE_KEY=svc_live_…`), the stack's URL (which it writes
 * only as `BASE=http://127.0.0.1:<port>`), and a free port for each receiver it starts
 * (`PORT=<port> node …` or `PORT=<port> python3 …`), wherever the document writes that port after
 * `127.0.0.1:`, `localhost:` or `PORT=`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repositoryRoot, shellEnv } from './npm-start.ts';

export type ShownKind = 'json' | 'text' | 'csv';

export interface DocBlock {
  /** The commands as the document writes them. */
  readonly command: string;
  /** The line of the document its fence opens on. */
  readonly line: number;
  /** Why it is not run, when the document says so. */
  readonly notRun?: string;
  /** The output the document shows after the command, and its kind; undefined when it shows none. */
  readonly shown?: { readonly kind: ShownKind; readonly text: string };
  /** The language of a fence right after the command that is not one the runner compares, if any. */
  readonly uncomparedOutput?: string;
}

const fencePattern = /^```(\w*)\n([\s\S]*?)^```$/gm;

/** The document's command blocks with the output each shows, in order. */
export function docBlocks(markdown: string): DocBlock[] {
  const fences = [...markdown.matchAll(fencePattern)].map((m) => ({ lang: m[1]!, body: m[2]!, start: m.index!, end: m.index! + m[0].length }));
  const blocks: DocBlock[] = [];
  fences.forEach((fence, i) => {
    if (fence.lang !== 'sh') return;
    const before = markdown.slice(i > 0 ? fences[i - 1]!.end : 0, fence.start);
    const lastLine = before.trimEnd().split('\n').at(-1)!.trim();
    const example = /^<!-- example: (\S+) -->$/.exec(lastLine)?.[1];
    const notRun = /^<!-- not run: (.+?) -->$/.exec(lastLine)?.[1] ?? (example ? `the listing of docs/examples/${example}` : undefined);
    const next = fences[i + 1];
    const adjacent = next !== undefined && markdown.slice(fence.end, next.start).trim() === '';
    const kind = adjacent ? next.lang : undefined;
    const block: DocBlock = {
      command: fence.body,
      line: markdown.slice(0, fence.start).split('\n').length,
      ...(notRun ? { notRun } : {}),
      ...(kind === 'json' || kind === 'text' || kind === 'csv' ? { shown: { kind, text: next!.body } } : {}),
      ...(kind !== undefined && kind !== 'json' && kind !== 'text' && kind !== 'csv' && kind !== 'sh' ? { uncomparedOutput: kind || '(none)' } : {}),
    };
    blocks.push(block);
  });
  return blocks;
}

/** A command without its comments (a `#` that starts a line or follows a space, outside quotes of the simple kind). */
export function withoutComments(command: string): string {
  return command
    .split('\n')
    .map((line) => {
      let quote: string | undefined;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quote) {
          if (c === '\\' && quote === '"') i++;
          else if (c === quote) quote = undefined;
        } else if (c === '\\') i++;
        else if (c === "'" || c === '"') quote = c;
        else if (c === '#' && (i === 0 || /\s/.test(line[i - 1]!))) return line.slice(0, i);
      }
      return line;
    })
    .join('\n');
}

/**
 * What in a document's commands breaks its conventions: a key or the stack's URL written other than as
 * `KEY=`, `LIVE_KEY=` or `BASE=` sets it, a command elided with `…`, or an output block the runner
 * cannot compare.
 */
export function conventionProblems(blocks: readonly DocBlock[]): string[] {
  const problems: string[] = [];
  const run = blocks.filter((b) => !b.notRun);
  const base = baseUrlOf(run);
  for (const b of run) {
    const code = withoutComments(b.command);
    const at = `line ${b.line}`;
    if (code.replaceAll('KEY=svc_test_…', '').includes('svc_test_…')) problems.push(`${at}: a test key written other than as KEY=svc_test_…`);
    if (code.replaceAll('LIVE_KEY=svc_live_…', '').includes('svc_live_…')) problems.push(`${at}: a live key written other than as LIVE_KEY=svc_live_…`);
    if (/\bKEY=svc_live_|LIVE_KEY=svc_test_/.test(code)) problems.push(`${at}: KEY is the test key and LIVE_KEY the live key`);
    if (base && code.replaceAll(`BASE=${base}`, '').includes(base)) problems.push(`${at}: the stack's URL written other than as BASE=${base}`);
    if (code.replaceAll('svc_test_…', '').replaceAll('svc_live_…', '').includes('…')) problems.push(`${at}: a command elided with …`);
    if (b.uncomparedOutput) problems.push(`${at}: the output shown after it is a \`${b.uncomparedOutput}\` block, which is not compared (json, text or csv)`);
  }
  if (run.length > 0 && !base) problems.push('no block sets BASE=http://127.0.0.1:<port>');
  return problems;
}

function baseUrlOf(blocks: readonly DocBlock[]): string | undefined {
  for (const b of blocks) {
    const m = /\bBASE=(http:\/\/127\.0\.0\.1:\d+)/.exec(withoutComments(b.command));
    if (m) return m[1];
  }
  return undefined;
}

export interface LocalStack {
  readonly url: string;
  readonly testKey?: string;
  readonly liveKey?: string;
}

/** The blocks to run, with this machine's stack, keys and receiver ports in place of the document's. */
export async function localised(blocks: readonly DocBlock[], stack: LocalStack): Promise<DocBlock[]> {
  const run = blocks.filter((b) => !b.notRun);
  const base = baseUrlOf(run);
  const ports = new Map<string, string>();
  for (const b of run) {
    for (const m of withoutComments(b.command).matchAll(/\bPORT=(\d+) (?:node|python3)\b/g)) {
      if (!ports.has(m[1]!)) ports.set(m[1]!, String(await freePort()));
    }
  }
  return run.map((b) => {
    let command = b.command;
    if (base) command = command.replaceAll(base, stack.url);
    if (command.includes('svc_test_…')) {
      if (!stack.testKey) throw new Error(`line ${b.line} needs a test key`);
      command = command.replaceAll('svc_test_…', stack.testKey);
    }
    if (command.includes('svc_live_…')) {
      if (!stack.liveKey) throw new Error(`line ${b.line} needs a live key`);
      command = command.replaceAll('svc_live_…', stack.liveKey);
    }
    for (const [from, to] of ports) command = command.replace(new RegExp(`(127\\.0\\.0\\.1:|localhost:|PORT=)${from}\\b`, 'g'), `$1${to}`);
    return { ...b, command };
  });
}

/** A key as the documents show one: its prefix and last four characters. */
export const redactKeys = (text: string): string => text.replace(/\b(svc_(?:live|test)_)[A-Za-z0-9]{36}([A-Za-z0-9]{4})\b/g, '$1…$2');

export interface BlockRun {
  readonly block: DocBlock;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the blocks in one bash, in `cwd`; answers each block's output. Fails on the first command that
 * fails or when time runs out, naming the document's line and command, with what it printed (keys shown
 * as hints). Background processes a block started (a receiver) are stopped at the end.
 */
export async function runBlocks(
  blocks: readonly DocBlock[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs: number; asWritten?: readonly DocBlock[] },
): Promise<BlockRun[]> {
  const marker = (i: number) => `@@block ${i}@@`;
  const script = [
    'set -euo pipefail',
    // A receiver started with `&` stops with the document; its process group goes too (below).
    "trap 'kill $(jobs -p) 2>/dev/null || true' EXIT",
    ...blocks.flatMap((b, i) => [`echo '${marker(i)}'; echo '${marker(i)}' >&2`, b.command]),
    `echo '${marker(blocks.length)}'; echo '${marker(blocks.length)}' >&2`,
  ].join('\n');
  // No startup files: a bash whose stdin is a socket (as a child's pipes are) reads ~/.bashrc, whose
  // tools (a version manager's rehash, say) can wait on locks; the documents need none of it.
  const child = spawn('bash', ['--norc', '--noprofile', '-c', script], {
    cwd: options.cwd,
    env: { ...shellEnv, ...options.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString('utf8');
  });
  child.stderr.on('data', (c: Buffer) => {
    err += c.toString('utf8');
  });
  let timedOut = false;
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, options.timeoutMs);
    // Bash's exit, not its pipes' close, ends the run: a background job the EXIT trap missed would hold
    // the pipes open until the timer; its process group is stopped at once instead.
    child.on('exit', (c) => {
      clearTimeout(timer);
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // The group is gone already.
      }
      resolve(c);
    });
  });
  // What the pipes still hold arrives before they close; a stopped group closes them within moments.
  if (child.stdout.readable || child.stderr.readable) {
    await new Promise<void>((resolve) => {
      const done = setTimeout(resolve, 2_000);
      child.on('close', () => {
        clearTimeout(done);
        resolve();
      });
    });
  }
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // The group is gone already.
  }
  const section = (text: string, i: number) => {
    const start = text.indexOf(`${marker(i)}\n`);
    if (start < 0) return undefined;
    const from = start + marker(i).length + 1;
    const to = text.indexOf(`${marker(i + 1)}\n`, from);
    return text.slice(from, to < 0 ? text.length : to);
  };
  const runs = blocks.map((block, i) => ({ block, stdout: section(out, i), stderr: section(err, i) }));
  if (code !== 0 || timedOut) {
    // The block that was running: the last whose marker was printed (the first, when bash printed none).
    const last = Math.max(
      0,
      runs.findLastIndex((r) => r.stdout !== undefined),
    );
    const asWritten = (block: DocBlock) => options.asWritten?.find((b) => b.line === block.line) ?? block;
    const written = blocks[last] && asWritten(blocks[last]);
    const what = timedOut ? `did not finish within ${options.timeoutMs / 1000} s` : `failed (exit ${code})`;
    // What the blocks before it printed unlike the document often says why it failed.
    const before = runs
      .slice(0, last)
      .map((r) => shapeMismatch({ block: asWritten(r.block), stdout: r.stdout ?? '', stderr: r.stderr ?? '' }))
      .filter((m) => m !== undefined);
    throw new Error(
      redactKeys(
        `the block at line ${written?.line} ${what}:\n${written?.command}\nprinted:\n${(runs[last]?.stdout ?? '').slice(-3000)}\n` +
          `and on stderr:\n${(runs[last]?.stderr ?? '').slice(-3000)}` +
          (before.length > 0 ? `\nBefore it, outputs unlike the document's:\n${before.join('\n')}` : ''),
      ),
    );
  }
  return runs.map((r) => ({ block: r.block, stdout: r.stdout ?? '', stderr: r.stderr ?? '' }));
}

type Shape = string | Shape[] | { [key: string]: Shape };

/** A JSON value's shape: its kind, and for an object each key's shape, for an array its first item's. */
export function shapeOf(value: unknown): Shape {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0])];
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, shapeOf(v)]));
  return typeof value;
}

/** The JSON values in a text, one after another (one a line, pretty-printed, or run together as `curl -s` prints them). */
export function jsonValues(text: string): unknown[] {
  const values: unknown[] = [];
  let i = 0;
  const s = text;
  while (true) {
    while (i < s.length && /\s/.test(s[i]!)) i++;
    if (i >= s.length) return values;
    const start = i;
    if (s[i] === '{' || s[i] === '[') {
      let depth = 0;
      let inString = false;
      for (; i < s.length; i++) {
        const c = s[i]!;
        if (inString) {
          if (c === '\\') i++;
          else if (c === '"') inString = false;
        } else if (c === '"') inString = true;
        else if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') {
          depth--;
          if (depth === 0) break;
        }
      }
      i++;
    } else {
      while (i < s.length && !/\s/.test(s[i]!)) i++;
    }
    values.push(JSON.parse(s.slice(start, i)));
  }
}

/** Lines with content, each as its number of fields (tab- or comma-separated by kind). */
export function textShape(text: string, kind: 'text' | 'csv'): number[] {
  return text
    .split('\n')
    .map((line) => line.replace(/^\uFEFF/, ''))
    .filter((line) => line.trim() !== '')
    .map((line) => (kind === 'csv' ? line.split(',').length : line.split('\t').length));
}

/** A block's output against what the document shows, in shape; undefined when they agree, else why not. */
export function shapeMismatch(run: BlockRun): string | undefined {
  const shown = run.block.shown;
  if (!shown) return undefined;
  const describe = (why: string) => redactKeys(`line ${run.block.line}: ${why}\n${run.block.command}\nprinted:\n${run.stdout}\nand on stderr:\n${run.stderr}`);
  if (shown.kind === 'json') {
    let got: unknown[];
    try {
      got = jsonValues(run.stdout);
    } catch (e) {
      return describe(`the output is not JSON (${(e as Error).message})`);
    }
    const expected = jsonValues(shown.text).map(shapeOf);
    const actual = got.map(shapeOf);
    return JSON.stringify(actual) === JSON.stringify(expected)
      ? undefined
      : describe(`the output's shape differs from the document's:\n  shown:   ${JSON.stringify(expected)}\n  printed: ${JSON.stringify(actual)}`);
  }
  const expected = textShape(shown.text, shown.kind);
  const actual = textShape(run.stdout, shown.kind);
  return JSON.stringify(actual) === JSON.stringify(expected)
    ? undefined
    : describe(
        `the output has other lines or fields than the document's (fields a line: shown ${JSON.stringify(expected)}, printed ${JSON.stringify(actual)})`,
      );
}

/** A directory to run a document's commands from: empty but for `docs`, the repository's. */
export async function docWorkDir(): Promise<{ readonly dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'lvs-doc-'));
  await symlink(join(repositoryRoot, 'docs'), join(dir, 'docs'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Where the document's repository is: the commands run against its scripts. */
export const docRoot = repositoryRoot;
