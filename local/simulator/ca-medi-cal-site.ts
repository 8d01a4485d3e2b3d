/**
 * The Medi-Cal site's Suspended and Ineligible Provider List, as the simulator serves it from
 * `ca-medi-cal/suspall.csv` in the data directory (served byte for byte: the CSV is the real format):
 *
 *   GET /references/sandi                                   the landing page; its link to the list names the
 *                                                           "Suspended and Ineligible Provider List"
 *   GET /dataset/<dataset>                                  the dataset page: links to its resources
 *   GET /dataset/<dataset>/resource/<id>                    the resource page: the link to the `.csv`
 *   GET /dataset/<dataset>/resource/<id>/download/<file>    the file, with ETag / Last-Modified
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { ChangeAwareFile } from './change-aware-file.ts';
import { sendFile } from './conditional-get.ts';

export const caMediCalSampleFile = 'ca-medi-cal/suspall.csv';
/** The Medi-Cal site's landing page of the list. */
const caMediCalLandingPath = '/references/sandi';
const dataset = '/dataset/medi-cal-suspended-and-ineligible-provider-list';
const resourceId = '8a2b6f0e-3c71-4d0b-9f3e-5e1c2d4a7b90';
const dictionaryId = '1d9c7e55-0b6a-4f2e-8c33-7a4b5c6d8e01';
const resourcePath = `${dataset}/resource/${resourceId}`;
export const caMediCalDownloadPath = `${resourcePath}/download/suspall.csv`;

const html = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body>\n${body}\n</body></html>\n`;

const pages: Readonly<Record<string, string>> = {
  [caMediCalLandingPath]: html(
    'Suspended and Ineligible Provider List | Medi-Cal',
    [
      '<nav><a href="/">Home</a> <a href="/references">References</a> <a href="/provider-enrollment">Provider Enrollment</a></nav>',
      '<h1>Suspended and Ineligible Provider List</h1>',
      '<p>Medi-Cal law (W&amp;I Code sections 14043.6 and 14123) requires the Department to suspend providers ...</p>',
      `<ul><li><a href="${dataset}"><span>Medi-Cal</span> Suspended and Ineligible Provider List</a></li>`,
      '<li><a href="/references/sandi/faq">Frequently asked questions about suspensions</a></li></ul>',
    ].join('\n'),
  ),
  [dataset]: html(
    'Medi-Cal Suspended and Ineligible Provider List - Dataset',
    [
      '<nav><a href="/">Home</a> <a href="/dataset">Datasets</a></nav>',
      '<h1>Medi-Cal Suspended and Ineligible Provider List</h1>',
      '<h2>Data and Resources</h2><ul class="resource-list">',
      `<li class="resource-item"><a class="heading" href="${resourcePath}" title="Suspended and Ineligible Provider List">Suspended and Ineligible Provider List <span class="format-label">CSV</span></a></li>`,
      `<li class="resource-item"><a class="heading" href="${dataset}/resource/${dictionaryId}">Data Dictionary <span class="format-label">PDF</span></a></li>`,
      '</ul>',
    ].join('\n'),
  ),
  [resourcePath]: html(
    'Suspended and Ineligible Provider List - Resource',
    [
      `<nav><a href="/">Home</a> <a href="${dataset}">Medi-Cal Suspended and Ineligible Provider List</a></nav>`,
      '<h1>Suspended and Ineligible Provider List</h1>',
      `<p class="text-muted ellipsis">URL: <a href="${caMediCalDownloadPath}" title="suspall.csv">${caMediCalDownloadPath}</a></p>`,
      `<a class="btn btn-primary resource-url-analytics" href="${caMediCalDownloadPath}"><i class="fa fa-arrow-circle-o-down"></i> Download</a>`,
    ].join('\n'),
  ),
};

export class CaMediCalSite {
  private readonly file: ChangeAwareFile<null>;

  constructor(dataDir: string) {
    this.file = new ChangeAwareFile(join(dataDir, caMediCalSampleFile), () => null);
  }

  static handles(pathname: string): boolean {
    return Object.hasOwn(pages, pathname) || pathname === caMediCalDownloadPath;
  }

  async serve(req: IncomingMessage, res: ServerResponse, pathname: string, malformed: boolean): Promise<void> {
    const pageHtml = Object.hasOwn(pages, pathname) ? pages[pathname] : undefined;
    if (pageHtml !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(req.method === 'HEAD' ? undefined : pageHtml);
      return;
    }
    const version = await this.file.current();
    if (!version) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(html('Not Found', '<h1>404 Not Found</h1>'));
      return;
    }
    const content = await readFile(this.file.path);
    // A transfer cut off inside a quoted field: the CSV reader refuses it.
    const body = malformed ? Buffer.concat([content.subarray(0, Math.floor(content.length / 2)), Buffer.from(',"cut off')]) : content;
    sendFile(req, res, { etag: `"${version.hash}"`, mtimeMs: version.mtimeMs }, body, { 'content-type': 'text/csv; charset=utf-8' }, malformed);
  }
}
