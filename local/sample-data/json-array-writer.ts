/**
 * Writes large JSON arrays to disk as they are produced, in the layout of `jsonArrayLines` (one
 * element per line, soda-json.ts), so files of hundreds of megabytes never exist as one string.
 *
 *  - `JsonArrayFile`: one whole array;
 *  - `JsonElementsFile`: the elements only, joined by ",\n", for parts that are joined into one array
 *    later (scaled.ts);
 *  - `JsonArrayFiles`: a long list spread over numbered files of at most N elements each (the
 *    simulator reads every `nppes/*.json`).
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Text is handed to the file system in pieces of about this many characters. */
const flushAt = 4 * 1024 * 1024;

export class JsonElementsFile {
  private readonly fd: number;
  private pending: string[] = [];
  private pendingLength = 0;
  private written = 0;

  constructor(
    readonly path: string,
    private readonly layout: { readonly open: string; readonly close: string; readonly empty: string } = { open: '', close: '', empty: '' },
  ) {
    this.fd = openSync(path, 'w');
  }

  get count(): number {
    return this.written;
  }

  push(item: unknown): void {
    const text = `${this.written === 0 ? this.layout.open : ',\n'}${JSON.stringify(item)}`;
    this.written++;
    this.pending.push(text);
    this.pendingLength += text.length;
    if (this.pendingLength >= flushAt) this.flush();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    writeSync(this.fd, this.pending.join(''));
    this.pending = [];
    this.pendingLength = 0;
  }

  /** Ends the content and closes the file; returns the number of elements. */
  close(): number {
    this.pending.push(this.written === 0 ? this.layout.empty : this.layout.close);
    this.flush();
    closeSync(this.fd);
    return this.written;
  }
}

export class JsonArrayFile extends JsonElementsFile {
  constructor(path: string) {
    super(path, { open: '[\n', close: '\n]\n', empty: '[]\n' });
  }
}

export class JsonArrayFiles {
  private current: JsonArrayFile | undefined;
  private readonly closed: { readonly file: string; readonly count: number }[] = [];

  /** Files are `<dir>/<prefix>-01.json`, `-02`, …; `relativeDir` names them in the result. */
  constructor(
    private readonly dir: string,
    private readonly relativeDir: string,
    private readonly prefix: string,
    private readonly perFile: number,
  ) {}

  private name(n: number): string {
    return `${this.prefix}-${String(n).padStart(2, '0')}.json`;
  }

  push(item: unknown): void {
    if (!this.current || this.current.count >= this.perFile) {
      this.closeCurrent();
      this.current = new JsonArrayFile(join(this.dir, this.name(this.closed.length + 1)));
    }
    this.current.push(item);
  }

  private closeCurrent(): void {
    if (!this.current) return;
    const count = this.current.close();
    this.closed.push({ file: `${this.relativeDir}/${this.name(this.closed.length + 1)}`, count });
    this.current = undefined;
  }

  /** Closes the last file; returns every file written with its element count. */
  close(): readonly { readonly file: string; readonly count: number }[] {
    this.closeCurrent();
    return this.closed;
  }
}
