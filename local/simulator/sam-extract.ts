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
import { PublishedFolder, type PublishedFile } from './published-folder.ts';
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

/** A published extract; an empty body: listed, but no file behind the name yet. */
export type SamFile = PublishedFile;

export class SamExtracts {
  private readonly folder: PublishedFolder;

  constructor(dir: string) {
    this.folder = new PublishedFolder(dir, {
      pattern: namePattern,
      publishedName: (local) => `${local.slice(0, -4)}.ZIP`,
      render: (content, local) =>
        local.toLowerCase().endsWith('.csv') && content.length > 0
          ? zipOfCsv(content, `${local.slice(0, -4)}.CSV`, new Date(Date.UTC(2026, 0, 1)))
          : Promise.resolve(content),
    });
  }

  async list(): Promise<string[]> {
    return [...(await this.folder.names()).keys()];
  }

  file(name: string): Promise<SamFile | undefined> {
    return this.folder.file(name);
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
