/**
 * The Texas HHSC OIG exclusions page (DNN on ASP.NET WebForms), as the simulator serves it from
 * `tx-hhsc/exclusions.csv` in the data directory (the rows as text, the header first; `StartDate` and
 * `AddDate` as `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, written into the workbook as date cells):
 *
 *   GET  /oigportal2/Exclusions/ctl/DOW/mid/384   the page: a form with `__VIEWSTATE`, `__EVENTVALIDATION`
 *                                                 and `__VIEWSTATEGENERATOR`, and a session cookie
 *   POST /oigportal2/Exclusions/ctl/DOW/mid/384   the postback: with the session's cookie and fields and
 *        `__EVENTTARGET=dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS`, the BIFF8 `.xls` file;
 *        with another target, the page again; without the cookie or with fields the session was not
 *        given, ASP.NET's error page (HTTP 500, "Validation of viewstate MAC failed").
 *
 * The file is built as Texas publishes it: legacy BIFF8 `.xls`, sheet `EXCEL_Destination`, `StartDate`
 * and `AddDate` date cells of format `m/d/yy` (a time of day kept in the serial where given), every other
 * cell text.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { ChangeAwareFile } from './change-aware-file.ts';
import { csvTextRows } from './il-hfs-portal.ts';
import { readBodyText } from './http-body.ts';

export const txHhscSampleFile = 'tx-hhsc/exclusions.csv';
/** The page HHSC OIG serves the download form on. */
export const txHhscPagePath = '/oigportal2/Exclusions/ctl/DOW/mid/384';
/** The `__EVENTTARGET` of the page's "download the XLS" link. */
export const txHhscEventTarget = 'dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_XLS';
const sessionCookie = 'ASP.NET_SessionId';
const dateColumns = new Set(['StartDate', 'AddDate']);

/** An Excel serial date (with the time as its fraction) of `YYYY-MM-DD[THH:MM[:SS]]`; null for anything else. */
function excelSerial(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return (ms - Date.UTC(1899, 11, 30)) / 86_400_000;
}

/** The `.xls` of rows (the header first): date cells in the date columns, text elsewhere. */
export function txHhscWorkbook(rows: readonly (readonly string[])[], sheetName = 'EXCEL_Destination'): Buffer {
  const header = rows[0] ?? [];
  const sheet: XLSX.WorkSheet = {};
  rows.forEach((row, r) => {
    row.forEach((text, c) => {
      if (text === '') return;
      const serial = r > 0 && dateColumns.has(header[c] ?? '') ? excelSerial(text) : null;
      const cell: XLSX.CellObject = serial === null ? { t: 's', v: text } : { t: 'n', v: serial, z: 'm/d/yy' };
      sheet[XLSX.utils.encode_cell({ r, c })] = cell;
    });
  });
  sheet['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: Math.max(0, header.length - 1) } });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

function page(viewState: string, eventValidation: string): string {
  const target = txHhscEventTarget;
  return `<!DOCTYPE html>
<html><head><title>Exclusions &gt; Downloadable Files</title></head>
<body>
<form method="post" action="${txHhscPagePath}" id="Form">
<input type="hidden" name="__EVENTTARGET" id="__EVENTTARGET" value="" />
<input type="hidden" name="__EVENTARGUMENT" id="__EVENTARGUMENT" value="" />
<input type="hidden" name="__VIEWSTATE" id="__VIEWSTATE" value="${viewState}" />
<input type="hidden" name="__VIEWSTATEGENERATOR" id="__VIEWSTATEGENERATOR" value="CA0B0334" />
<input type="hidden" name="__EVENTVALIDATION" id="__EVENTVALIDATION" value="${eventValidation}" />
<div id="dnn_ctr384_ModuleContent">
<p>The list of excluded individuals and entities is available for download.</p>
<a id="dnn_ctr384_DownloadExclusionsFile_lb_DLoad_ExcFile_XLS" href="javascript:__doPostBack('${target}','')">Download the Exclusions File (XLS)</a>
<a id="dnn_ctr384_DownloadExclusionsFile_lb_DLoad_ExcFile_CSV" href="javascript:__doPostBack('dnn$ctr384$DownloadExclusionsFile$lb_DLoad_ExcFile_CSV','')">Download the Exclusions File (CSV)</a>
</div>
</form></body></html>
`;
}

const errorPage = `<!DOCTYPE html>
<html><head><title>Validation of viewstate MAC failed.</title></head>
<body><h1>Server Error in '/' Application.</h1>
<h2><i>Validation of viewstate MAC failed. If this application is hosted by a Web Farm or cluster, ensure that &lt;machineKey&gt; configuration specifies the same validationKey and validation algorithm.</i></h2>
</body></html>
`;

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

export class TxHhscPortal {
  private readonly file: ChangeAwareFile<Buffer>;
  /** Signs a session's view state and event validation: a postback must bring back what its session was given. */
  private readonly machineKey = randomBytes(32);

  constructor(dataDir: string) {
    this.file = new ChangeAwareFile(join(dataDir, txHhscSampleFile), (content) => txHhscWorkbook(csvTextRows(content.toString('utf8'))));
  }

  static handles(pathname: string): boolean {
    return pathname === txHhscPagePath;
  }

  private token(kind: string, session: string): string {
    return createHmac('sha256', this.machineKey).update(`${kind}:${session}`).digest('base64');
  }

  async serve(req: IncomingMessage, res: ServerResponse, malformed: boolean): Promise<void> {
    if (req.method !== 'POST') {
      const session = cookieOf(req, sessionCookie) ?? randomBytes(12).toString('hex');
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'private',
        'set-cookie': `${sessionCookie}=${session}; path=/; HttpOnly; SameSite=Lax`,
      });
      res.end(req.method === 'HEAD' ? undefined : page(this.token('viewstate', session), this.token('eventvalidation', session)));
      return;
    }
    const form = new URLSearchParams(await readBodyText(req));
    const session = cookieOf(req, sessionCookie);
    const valid =
      session !== undefined &&
      form.get('__VIEWSTATE') === this.token('viewstate', session) &&
      form.get('__EVENTVALIDATION') === this.token('eventvalidation', session);
    if (!valid) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' });
      res.end(errorPage);
      return;
    }
    if (form.get('__EVENTTARGET') !== txHhscEventTarget) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(this.token('viewstate', session), this.token('eventvalidation', session)));
      return;
    }
    const version = await this.file.current();
    if (!version) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(this.token('viewstate', session), this.token('eventvalidation', session)));
      return;
    }
    const body = malformed ? version.value.subarray(0, Math.floor(version.value.length / 2)) : version.value;
    res.writeHead(200, {
      'content-type': 'application/vnd.ms-excel',
      'content-disposition': 'attachment; filename=TexasExclusionsData.xls',
      'content-length': String(body.length),
    });
    res.end(body);
  }
}
