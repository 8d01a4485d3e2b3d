/**
 * A data file that is parsed once and parsed again only when its content changes, checked with one
 * `stat` per use: the file is re-read when its inode, size, mtime or ctime differ from the last read.
 *
 * Linux file timestamps come from a coarse clock (a few milliseconds), so a rewrite with the same size
 * right after a read can keep the same mtime. As in git's "racily clean" rule, a file whose mtime is
 * within `racyWindowMs` of the moment it was read is re-read (and hashed) on every use until that
 * window has passed; its content hash decides whether it changed. An edit is therefore always seen by
 * the next request, without relying on fs.watch event timing.
 */
import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';

export const racyWindowMs = 2_000;

export interface FileVersion<T> {
  readonly value: T;
  /** SHA-256 of the content, base64url. */
  readonly hash: string;
  readonly size: number;
  readonly mtimeMs: number;
}

interface Cached<T> {
  readonly signature: string;
  readonly readAtMs: number;
  readonly hash: string;
  readonly size: number;
  readonly outcome: { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };
}

/** How the file is checked; replaceable so tests can simulate a coarse-clock file system. */
export type StatFile = (path: string) => Promise<BigIntStats>;
const statFile: StatFile = (path) => stat(path, { bigint: true });

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

export class ChangeAwareFile<T> {
  private cached: Cached<T> | undefined;

  constructor(
    readonly path: string,
    private readonly parse: (content: Buffer) => T,
    private readonly statOf: StatFile = statFile,
  ) {}

  /** The parsed current content, or undefined when the file does not exist. Throws the parse error of a bad file. */
  async current(): Promise<FileVersion<T> | undefined> {
    const checkedAtMs = Date.now();
    let stats: BigIntStats;
    try {
      stats = await this.statOf(this.path);
    } catch (error) {
      if (!isMissing(error)) throw error;
      this.cached = undefined;
      return undefined;
    }
    if (!stats.isFile()) return undefined;
    const signature = `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
    const mtimeMs = Number(stats.mtimeNs / 1_000_000n);
    let cached = this.cached;
    if (!cached || cached.signature !== signature || cached.readAtMs - mtimeMs < racyWindowMs) {
      let content: Buffer;
      try {
        content = await readFile(this.path);
      } catch (error) {
        if (!isMissing(error)) throw error;
        this.cached = undefined;
        return undefined;
      }
      const hash = createHash('sha256').update(content).digest('base64url');
      const outcome: Cached<T>['outcome'] =
        cached && cached.hash === hash
          ? cached.outcome
          : (() => {
              try {
                return { ok: true, value: this.parse(content) } as const;
              } catch (error) {
                return { ok: false, error } as const;
              }
            })();
      cached = { signature, readAtMs: checkedAtMs, hash, size: content.length, outcome };
      this.cached = cached;
    }
    if (!cached.outcome.ok) throw cached.outcome.error;
    return { value: cached.outcome.value, hash: cached.hash, size: cached.size, mtimeMs };
  }
}
