/**
 * Finds the newest file of a list: the files a JSON listing names, ranked by the definition's pick
 * rule, newest first (the caller tries them in order); or the one fixed URL.
 */
import { SourceError } from '../errors.ts';
import type { DownloadTimeouts } from './download.ts';
import { downloadSourceFile } from './download.ts';
import { type ListDefinition, listBaseUrl } from './list-definition.ts';

export interface FileCandidate {
  readonly fileName: string;
  readonly url: string;
}

/** How many of the newest listed files are tried before the list is reported unavailable. */
export const candidatesTried = 3;

export async function locateNewest(definition: ListDefinition, timeouts: DownloadTimeouts): Promise<FileCandidate[]> {
  const base = listBaseUrl(definition);
  const locate = definition.locate;
  if (locate.kind === 'fixed') return [{ fileName: locate.fileName, url: locate.url(base) }];
  if (locate.kind === 'data_api') throw new Error(`${definition.id} is read page by page, not located`);
  const response = await downloadSourceFile(definition.displayName, locate.listingUrl(base), { accept: 'application/json' }, timeouts);
  let listing: unknown;
  try {
    listing = await response.json();
  } catch (error) {
    throw new SourceError(definition.displayName, 'malformed', 'the file listing is not JSON', { cause: error });
  }
  let names: string[];
  try {
    names = locate.fileNames(listing);
  } catch (error) {
    throw new SourceError(definition.displayName, 'malformed', `the file listing has an unexpected shape (${(error as Error).message})`, { cause: error });
  }
  const ranked = [...new Set(names)]
    .map((fileName) => ({ fileName, rank: locate.pick(fileName) }))
    .filter((f): f is { fileName: string; rank: number } => f.rank !== null)
    .sort((a, b) => b.rank - a.rank);
  if (ranked.length === 0) throw new SourceError(definition.displayName, 'malformed', 'the file listing names no file of the list');
  return ranked.slice(0, candidatesTried).map(({ fileName }) => ({ fileName, url: locate.downloadUrl(base, fileName) }));
}
