/**
 * SAM.gov's file-extract service for the Exclusions Public Extract V2, as the simulator serves it from
 * `sam/` in the data directory:
 *
 *   sam/SAM_Exclusions_Public_Extract_V2_<yyddd>.csv   the extract's CSV, zipped when served (one member)
 *   sam/SAM_Exclusions_Public_Extract_V2_<yyddd>.ZIP   a ZIP served byte for byte (e.g. a real download)
 *
 * An empty file is a name the listing shows with no file behind it yet: its download answers 204, as
 * sam.gov does early in the UTC day for the day's file.
 *
 *   GET /api/prod/fileextractservices/v1/api/listfiles?domain=Exclusions/Public%20V2&privacy=Public
 *   GET /api/prod/fileextractservices/v1/api/download/Exclusions/Public%20V2/<file>?privacy=Public
 *       → 303 to /file-store/Exclusions/Public%20V2/<file>, or 204 when there is no such file
 *   GET /file-store/Exclusions/Public%20V2/<file>   the ZIP, with ETag / Last-Modified (conditional GET)
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ChangeAwareFile } from './change-aware-file.ts';
import { zipOf } from './xlsx-writer.ts';

export const samListingPath = '/api/prod/fileextractservices/v1/api/listfiles';
export const samDownloadPrefix = '/api/prod/fileextractservices/v1/api/download/Exclusions/Public%20V2/';
export const samFileStorePrefix = '/file-store/Exclusions/Public%20V2/';
export const samDomain = 'Exclusions/Public V2';

const namePattern = /^SAM_Exclusions_Public_Extract_V2_\d{5}\.(csv|zip)$/i;

/** The archive of one CSV, as SAM packs it: one deflated member named like the ZIP. */
export function zipOfCsv(csv: Buffer, memberName: string, mtime: Date): Promise<Buffer> {
  return zipOf(new Map([[memberName, csv]]), mtime);
}

export interface SamFile {
  /** The published name (`….ZIP`). */
  readonly name: string;
  /** Empty: listed, but no file behind the name yet. */
  readonly body: Buffer;
  readonly etag: string;
  readonly mtimeMs: number;
}

export class SamExtracts {
  private readonly files = new Map<string, ChangeAwareFile<Promise<Buffer>>>();

  constructor(private readonly dir: string) {}

  /** Published names (`….ZIP`) → the file under `sam/` that holds each. */
  private async names(): Promise<Map<string, string>> {
    let entries: string[];
    try {
      entries = await readdir(this.dir);
    } catch {
      entries = [];
    }
    const out = new Map<string, string>();
    for (const entry of entries.sort()) {
      if (!namePattern.test(entry)) continue;
      out.set(`${entry.slice(0, -4)}.ZIP`, entry);
    }
    return out;
  }

  async list(): Promise<string[]> {
    return [...(await this.names()).keys()];
  }

  async file(name: string): Promise<SamFile | undefined> {
    const local = (await this.names()).get(name);
    if (!local) return undefined;
    let file = this.files.get(local);
    if (!file) {
      const csv = local.toLowerCase().endsWith('.csv');
      const memberName = `${local.slice(0, -4)}.CSV`;
      file = new ChangeAwareFile(join(this.dir, local), (content) =>
        csv && content.length > 0 ? zipOfCsv(content, memberName, new Date(Date.UTC(2026, 0, 1))) : Promise.resolve(content),
      );
      this.files.set(local, file);
    }
    const version = await file.current();
    if (!version) return undefined;
    return { name, body: await version.value, etag: `"${version.hash}"`, mtimeMs: version.mtimeMs };
  }
}

/** The listing sam.gov answers (the fields the loaders read, and a few around them). */
export function samListing(names: readonly string[], sizes: ReadonlyMap<string, number>): unknown {
  return {
    _embedded: {
      customS3ObjectSummaryList: names.map((name) => ({
        displayKey: name,
        key: `${samDomain}/${name}`,
        size: sizes.get(name) ?? 0,
        dateModified: null,
      })),
    },
    _links: { self: { href: `https://sam.gov${samListingPath}?domain=Exclusions/Public%20V2&privacy=Public` } },
  };
}
