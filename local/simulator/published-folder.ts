/**
 * A folder of the simulator's data directory whose files a source publishes under their own names: each
 * local file matching `pattern` is published as `publishedName(local)`, and served as `render` makes it
 * from the file's bytes (a CSV zipped or made a workbook; a ZIP byte for byte), made again when the file
 * changes (ChangeAwareFile), with an ETag of its content.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ChangeAwareFile } from './change-aware-file.ts';

export interface PublishedFile {
  /** The published name. */
  readonly name: string;
  readonly body: Buffer;
  readonly etag: string;
  readonly mtimeMs: number;
}

export interface PublishedFolderOptions {
  /** Local files that are published. */
  readonly pattern: RegExp;
  /** The name a local file is published under. */
  readonly publishedName: (local: string) => string;
  /** The bytes served for a local file's content. */
  readonly render: (content: Buffer, local: string, published: string) => Promise<Buffer>;
  /** Whether a request names a file in any letter case (default: exactly). */
  readonly anyCase?: boolean;
}

export class PublishedFolder {
  private readonly files = new Map<string, ChangeAwareFile<Promise<Buffer>>>();

  constructor(
    private readonly dir: string,
    private readonly options: PublishedFolderOptions,
  ) {}

  /** Published names → the local file behind each, in the order of the local names. */
  async names(): Promise<Map<string, string>> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch {
      entries = [];
    }
    const out = new Map<string, string>();
    for (const entry of entries.sort()) if (this.options.pattern.test(entry)) out.set(this.options.publishedName(entry), entry);
    return out;
  }

  async file(name: string): Promise<PublishedFile | undefined> {
    const names = await this.names();
    const published = names.has(name) || !this.options.anyCase ? name : [...names.keys()].find((n) => n.toLowerCase() === name.toLowerCase());
    const local = published && names.get(published);
    if (!published || !local) return undefined;
    let file = this.files.get(local);
    if (!file) {
      file = new ChangeAwareFile(join(this.dir, local), (content) => this.options.render(content, local, published));
      this.files.set(local, file);
    }
    const version = await file.current();
    if (!version) return undefined;
    return { name: published, body: await version.value, etag: `"${version.hash}"`, mtimeMs: version.mtimeMs };
  }
}
