/**
 * The Illinois HFS OIG sanctions portal (a Microsoft Dynamics 365 portal), as the simulator serves it
 * from `il-hfs/active-sanctions.csv` in the data directory (the rows as text, the header first):
 *
 *   GET  /sanctions/                                  the portal page: the table's header and a Download button
 *   GET|POST /_services/download-as-excel/<view-id>   the workbook the button saves
 *
 * The workbook is built as the portal builds it: XLSX, one sheet `Active Sanctions`, text cells, the
 * `Action Date` an Excel serial number in a plain number cell, and a styles part written with the `x:`
 * namespace prefix that carries an empty `<x:fill />` (which some readers refuse). The real portal's
 * download is a scripted call a program cannot make: the service ingests the file an operator saved.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { ChangeAwareFile } from './change-aware-file.ts';
import { cutInHalf, sendFile } from './conditional-get.ts';
import { csvRows } from './medicaid-list-sites.ts';

export const ilHfsPagePath = '/sanctions/';
export const ilHfsDownloadPrefix = '/_services/download-as-excel/';
export const ilHfsViewId = '5f3c1b2e-8a41-ef11-a316-001dd8029d3c';
export const ilHfsSampleFile = 'il-hfs/active-sanctions.csv';

/** The rows of a CSV text (the first is the header). */
export function csvTextRows(text: string): string[][] {
  return csvRows(text).filter((row) => row.some((cell) => cell !== ''));
}

function zipEntries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

function zipOf(entries: ReadonlyMap<string, Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const mtime = new Date(Date.UTC(2026, 0, 1));
  for (const [name, content] of entries) zip.addBuffer(content, name, { mtime, compress: true });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * The styles part as the portal writes it: every element under the `x:` prefix, and an empty
 * `<x:fill />` after the two standard fills (the count raised to match).
 */
export function portalStyles(styles: string): string {
  const prefixed = styles
    .replace(/<(\/?)([A-Za-z][\w]*)(?=[\s/>])/g, '<$1x:$2')
    .replace(
      / xmlns="http:\/\/schemas\.openxmlformats\.org\/spreadsheetml\/2006\/main"/,
      ' xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"',
    );
  return prefixed.replace(
    /<x:fills count="(\d+)">([\s\S]*?)<\/x:fills>/,
    (_m, count: string, inner: string) => `<x:fills count="${Number(count) + 1}">${inner}<x:fill /></x:fills>`,
  );
}

/** The portal's workbook of rows (the header first); `Action Date` a plain number cell where it is a number. */
export async function ilHfsWorkbook(rows: readonly (readonly string[])[], sheetName = 'Active Sanctions'): Promise<Buffer> {
  const dateColumn = rows[0]?.indexOf('Action Date') ?? -1;
  const cells = rows.map((row, r) => row.map((cell, c) => (cell === '' ? null : r > 0 && c === dateColumn && /^\d+$/.test(cell) ? Number(cell) : cell)));
  const sheet = XLSX.utils.aoa_to_sheet(cells);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  const plain = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  const entries = await zipEntries(plain);
  const styles = entries.get('xl/styles.xml');
  if (styles) entries.set('xl/styles.xml', Buffer.from(portalStyles(styles.toString('utf8')), 'utf8'));
  return zipOf(entries);
}

const portalPage = `<!DOCTYPE html>
<html lang="en"><head><title>Sanctions · HFS OIG</title></head>
<body><div class="entitylist" data-view-id="${ilHfsViewId}">
<div class="view-toolbar"><a class="entitylist-download btn btn-default" role="button" href="#" data-url="${ilHfsDownloadPrefix}${ilHfsViewId}">Download</a></div>
<table class="table"><thead><tr><th>Provider Name</th><th>License #</th><th>NPI</th><th>Provider Type</th><th>Affiliation</th><th>Action Date</th><th>Action Type</th><th>Address</th><th>Address 2</th><th>City</th><th>State</th><th>Zip Code</th></tr></thead><tbody></tbody></table>
</div></body></html>
`;

export class IlHfsPortal {
  private readonly file: ChangeAwareFile<Promise<Buffer>>;

  constructor(dataDir: string) {
    this.file = new ChangeAwareFile(join(dataDir, ilHfsSampleFile), (content) => ilHfsWorkbook(csvTextRows(content.toString('utf8'))));
  }

  /** Whether the path is the portal's. */
  static handles(pathname: string): boolean {
    return pathname === ilHfsPagePath || pathname.startsWith(ilHfsDownloadPrefix);
  }

  async serve(req: IncomingMessage, res: ServerResponse, pathname: string, malformed: boolean): Promise<void> {
    if (pathname === ilHfsPagePath) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(portalPage);
      return;
    }
    const version = pathname === `${ilHfsDownloadPrefix}${ilHfsViewId}` ? await this.file.current() : undefined;
    if (!version) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!DOCTYPE html><html><body><h1>Page Not Found</h1></body></html>\n');
      return;
    }
    const workbook = await version.value;
    const headers = {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': 'attachment; filename="Sanctions.xlsx"',
    };
    sendFile(req, res, { etag: `"${version.hash}"`, mtimeMs: version.mtimeMs }, malformed ? cutInHalf(workbook) : workbook, headers, malformed);
  }
}
