/**
 * Finds the newest file of a list: the files a JSON listing names, ranked by the definition's pick
 * rule, newest first (the caller tries them in order); the links of a landing page, followed hop by hop;
 * the download an ASP.NET page posts back for; or the one fixed URL.
 */
import { SourceError } from '../errors.ts';
import type { DownloadTimeouts, PostedForm } from './download.ts';
import { boundedText, downloadSourceFile, maxPageBytes } from './download.ts';
import { type ListDefinition, listBaseUrl, listHosts } from './list-definition.ts';
import { fileNameOf, linkMatches, type PageContent, readPage } from './page-links.ts';

export interface FileCandidate {
  readonly fileName: string;
  readonly url: string;
  /** Posted instead of a GET (with the page's cookies). */
  readonly form?: PostedForm;
  readonly headers?: Readonly<Record<string, string>>;
}

type Locator = ListDefinition['locate'];

/** Reads a page as HTML: its links and hidden fields, and the cookies it sets (a postback needs them back). */
async function fetchPage(definition: ListDefinition, url: string, timeouts: DownloadTimeouts): Promise<PageContent & { cookies: string }> {
  const response = await downloadSourceFile(definition.displayName, listHosts(definition), url, { accept: 'text/html' }, timeouts);
  const html = await boundedText(definition.displayName, response, maxPageBytes, 'the page');
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!.trim())
    .filter(Boolean)
    .join('; ');
  return { ...readPage(html, response.url || url), cookies };
}

async function followLinks(definition: ListDefinition, locate: Extract<Locator, { kind: 'page_links' }>, base: string, timeouts: DownloadTimeouts) {
  let url = locate.pageUrl(base);
  for (const [i, rule] of locate.hops.entries()) {
    const page = await fetchPage(definition, url, timeouts);
    const matching = page.links.filter((link) => linkMatches(link, rule));
    if (i < locate.hops.length - 1) {
      if (!matching[0]) throw new SourceError(definition.displayName, 'malformed', `the page ${url} has no link like ${describeRule(rule)}: the page changed`);
      url = matching[0].href;
      continue;
    }
    const ranked = [...new Map(matching.map((link) => [link.href, link])).values()]
      .map((link, order) => ({ fileName: fileNameOf(link.href), url: link.href, rank: locate.pick ? locate.pick(fileNameOf(link.href)) : -order }))
      .filter((c): c is FileCandidate & { rank: number } => c.rank !== null)
      .sort((a, b) => b.rank - a.rank);
    if (ranked.length === 0)
      throw new SourceError(definition.displayName, 'malformed', `the page ${url} has no link like ${describeRule(rule)}: the page changed`);
    return ranked.slice(0, candidatesTried).map(({ fileName, url: href }) => ({ fileName, url: href }));
  }
  throw new Error(`${definition.id} has no link hops`);
}

function describeRule(rule: { text?: RegExp; href?: RegExp }): string {
  return [rule.text && `text ${rule.text}`, rule.href && `target ${rule.href}`].filter(Boolean).join(' and ');
}

async function postBack(definition: ListDefinition, locate: Extract<Locator, { kind: 'aspnet_postback' }>, base: string, timeouts: DownloadTimeouts) {
  const url = locate.pageUrl(base);
  const page = await fetchPage(definition, url, timeouts);
  if (page.hiddenFields.__VIEWSTATE === undefined) {
    throw new SourceError(definition.displayName, 'malformed', `the page ${url} has no ASP.NET form (no __VIEWSTATE): the page changed`);
  }
  const fields = new URLSearchParams({ ...page.hiddenFields, __EVENTTARGET: locate.eventTarget, __EVENTARGUMENT: '' });
  const candidate: FileCandidate = {
    fileName: locate.fileName,
    url,
    form: { body: fields.toString(), contentType: 'application/x-www-form-urlencoded' },
    ...(page.cookies ? { headers: { cookie: page.cookies } } : {}),
  };
  return [candidate];
}

/** How many of the newest listed files are tried before the list is reported unavailable. */
export const candidatesTried = 3;

export async function locateNewest(definition: ListDefinition, timeouts: DownloadTimeouts): Promise<FileCandidate[]> {
  const base = listBaseUrl(definition);
  const locate = definition.locate;
  if (locate.kind === 'fixed') return [{ fileName: locate.fileName, url: locate.url(base) }];
  if (locate.kind === 'page_links') return followLinks(definition, locate, base, timeouts);
  if (locate.kind === 'aspnet_postback') return postBack(definition, locate, base, timeouts);
  if (locate.kind === 'operator_file') {
    throw new SourceError(
      definition.displayName,
      'rejected',
      `the list cannot be downloaded by a program: ${locate.howToObtain}; then run \`npm run admin -- ingest ${definition.id} --file <path>\``,
    );
  }
  if (locate.kind === 'data_api') throw new Error(`${definition.id} is read page by page, not located`);
  const listingResponse = await downloadSourceFile(
    definition.displayName,
    listHosts(definition),
    locate.listingUrl(base),
    { accept: 'application/json' },
    timeouts,
  );
  const listingText = await boundedText(definition.displayName, listingResponse, maxPageBytes, 'the file listing');
  let listing: unknown;
  try {
    listing = JSON.parse(listingText);
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
