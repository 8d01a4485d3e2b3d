/**
 * The state Medicaid lists published as workbooks, as the simulator serves them from `lists/` in the
 * data directory: each sheet stored as text, a CSV of its cells row by row (RFC 4180: a cell with line
 * breaks is quoted; a row of empty cells is a blank row), built into an XLSX when served the way the
 * state writes it: a date column's ISO dates become Excel date cells (`m/d/yy`), a number column's
 * all-digit cells number cells, every other cell text.
 *
 *   lists/wa-hca.csv               WA HCA Provider Termination and Exclusion List, preamble rows included
 *   lists/co-hcpf.csv              CO HCPF sheet `Termination List`
 *   lists/co-hcpf-reinstated.csv   CO HCPF sheet `Reinstated Providers` (optional)
 *   lists/ny-omig.csv              NY OMIG sheet `Exclusions`
 *   lists/<name>.xlsx              a workbook served byte for byte instead of the CSV (a real download,
 *                                  or a test's own workbook: a missing sheet, a changed header)
 *
 *   GET /billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list
 *       WA's landing page: several links, one "the HCA Medicaid providers listing" to the workbook
 *   GET /assets/billers-and-providers/provider-termination-and-exclusion-list.xlsx
 *   GET /provider-termination                         CO's landing page, a link "Terminated Provider List"
 *   GET /sites/hcpf/files/Terminated%20Provider%20List.xlsx
 *   GET /exclusions/exporttoexcel.aspx                NY's fixed download URL
 *
 * A workbook is answered with an ETag (of the files it is built from) and Last-Modified, and 304 to a
 * conditional GET that still holds; a landing page with no workbook behind it (no file) lists no link to
 * it. The fault key of each list is its id (`wa_hca`, `co_hcpf`, `ny_omig`): `malformed` serves the
 * workbook cut off halfway, and the landing page without its link.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import { ChangeAwareFile } from './change-aware-file.ts';
import { cutInHalf, sendFile } from './conditional-get.ts';

interface SheetSpec {
  readonly name: string;
  /** The CSV under `lists/`. */
  readonly file: string;
  /** Left out of the workbook when its file is absent. */
  readonly optional?: boolean;
  /** Columns (0-based) whose ISO dates are Excel date cells. */
  readonly dateColumns?: readonly number[];
  /** Columns whose all-digit cells are number cells (an NPI typed into Excel). */
  readonly numberColumns?: readonly number[];
}

interface LandingPage {
  readonly path: string;
  readonly title: string;
  /** The page's HTML around the link to the workbook (`href`, absent when there is no workbook). */
  readonly html: (href: string | null) => string;
}

interface MedicaidListSite {
  /** The list id: the fault key. */
  readonly id: MedicaidListSiteId;
  readonly filePath: string;
  /** A workbook served as it is, taking the place of the CSV sheets. */
  readonly workbookFile: string;
  readonly sheets: readonly SheetSpec[];
  readonly landing?: LandingPage;
}

const page = (title: string, body: string) =>
  `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body>\n` +
  `<header><nav><a href="/">Home</a> <a href="/about">About us</a> <a href="/contact">Contact</a></nav></header>\n` +
  `<main>\n<h1>${title}</h1>\n${body}\n</main>\n<footer><a href="/privacy">Privacy</a> <a href="/accessibility">Accessibility</a></footer>\n</body></html>\n`;

const sites: readonly MedicaidListSite[] = [
  {
    id: 'wa_hca',
    filePath: '/assets/billers-and-providers/provider-termination-and-exclusion-list.xlsx',
    workbookFile: 'wa-hca.xlsx',
    sheets: [{ name: 'Termination and exclusion list', file: 'wa-hca.csv', dateColumns: [3], numberColumns: [2] }],
    landing: {
      path: '/billers-providers-partners/become-apple-health-provider/provider-termination-and-exclusion-list',
      title: 'Provider termination and exclusion list',
      html: (href) =>
        `<p>Washington Apple Health (Medicaid) does not pay for services by providers whose participation HCA has terminated for cause or who are excluded (<a href="https://exclusions.oig.hhs.gov/">OIG exclusions database</a>).</p>\n` +
        (href ? `<p>Before enrolling or hiring, check <a href='${href}'><span>the HCA Medicaid providers listing</span></a> (XLSX).</p>\n` : '') +
        `<ul><li><a href="/assets/billers-and-providers/termination-policy.pdf">Termination policy (PDF)</a></li>` +
        `<li><a href="/billers-providers-partners/become-apple-health-provider">Become an Apple Health provider</a></li></ul>`,
    },
  },
  {
    id: 'co_hcpf',
    filePath: '/sites/hcpf/files/Terminated%20Provider%20List.xlsx',
    workbookFile: 'co-hcpf.xlsx',
    sheets: [
      { name: 'Termination List', file: 'co-hcpf.csv', dateColumns: [4] },
      { name: 'Reinstated Providers', file: 'co-hcpf-reinstated.csv', dateColumns: [4, 5], optional: true },
    ],
    landing: {
      path: '/provider-termination',
      title: 'Provider Termination',
      html: (href) =>
        `<div about="/provider-termination"><p>Providers terminated from Health First Colorado under 10 CCR 2505-10, Section 8.076, and 42 CFR 455.416.</p>\n` +
        (href ? `<p><a href="${href}" type="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">Terminated Provider List</a></p>\n` : '') +
        `<p><a href="/provider-enrollment">Provider enrollment</a> | <a href="/sites/hcpf/files/Provider%20Termination%20FAQ.pdf">Termination FAQ</a></p></div>`,
    },
  },
  {
    id: 'ny_omig',
    filePath: '/exclusions/exporttoexcel.aspx',
    workbookFile: 'ny-omig.xlsx',
    sheets: [{ name: 'Exclusions', file: 'ny-omig.csv' }],
  },
];

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

function cellOf(text: string, column: number, sheet: SheetSpec): XLSX.CellObject | undefined {
  if (text === '') return undefined;
  const date = sheet.dateColumns?.includes(column) ? isoDate.exec(text) : null;
  if (date) {
    const serial = (Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3])) - Date.UTC(1899, 11, 30)) / 86_400_000;
    return { t: 'n', v: serial, z: 'm/d/yy' };
  }
  if (sheet.numberColumns?.includes(column) && /^\d{1,15}$/.test(text)) return { t: 'n', v: Number(text) };
  return { t: 's', v: text };
}

/**
 * The rows of a CSV text as the sample data writes it (RFC 4180: fields in double quotes where they hold
 * a comma, quote or line break, a quote doubled inside; CRLF or LF): a leading BOM dropped, a blank line
 * no row, a row of empty fields kept (a sheet's blank preamble row).
 */
export function csvRows(text: string): string[][] {
  const s = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  const endRow = () => {
    row.push(field);
    if (!(row.length === 1 && row[0] === '')) rows.push(row);
    row = [];
    field = '';
  };
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"') {
      // A quoted field: up to the quote that is not doubled.
      for (i++; i < s.length; i++) {
        if (s[i] !== '"') field += s[i];
        else if (s[i + 1] === '"') field += s[i++];
        else break;
      }
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      endRow();
      i += c === '\r' && s[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

function worksheet(rows: readonly (readonly string[])[], sheet: SheetSpec): XLSX.WorkSheet {
  const ws: XLSX.WorkSheet = {};
  let width = 1;
  rows.forEach((row, r) => {
    row.forEach((text, c) => {
      const cell = cellOf(text, c, sheet);
      if (cell) ws[XLSX.utils.encode_cell({ r, c })] = cell;
    });
    width = Math.max(width, row.length);
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(0, rows.length - 1), c: width - 1 } });
  return ws;
}

/** The XLSX of the sheets given (name → rows), in order. */
export function buildWorkbook(sheets: readonly { readonly spec: SheetSpec; readonly rows: readonly (readonly string[])[] }[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const { spec, rows } of sheets) XLSX.utils.book_append_sheet(book, worksheet(rows, spec), spec.name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

interface SiteWorkbook {
  readonly body: Buffer;
  readonly etag: string;
  readonly mtimeMs: number;
}

export type MedicaidListSiteId = 'wa_hca' | 'co_hcpf' | 'ny_omig';

const notFoundPage = '<!DOCTYPE html><html><body><h1>Page not found</h1></body></html>\n';

/** The sites of the WA, CO and NY lists: their landing pages, and the workbooks built from `lists/`. */
export class MedicaidListSites {
  private readonly dir: string;
  private readonly csv = new Map<string, ChangeAwareFile<string[][]>>();
  private readonly raw = new Map<string, ChangeAwareFile<Buffer>>();
  private readonly built = new Map<string, { key: string; body: Buffer }>();

  constructor(dataDir: string) {
    this.dir = join(dataDir, 'lists');
  }

  /** The list whose page or workbook the path is, if any (its id is its fault key). */
  static siteOf(pathname: string): MedicaidListSiteId | undefined {
    for (const spec of sites) {
      // The workbook's path as a browser sends it (`%20`) or decoded.
      if (spec.landing?.path === pathname || spec.filePath === pathname || decodeURIComponent(spec.filePath) === pathname) return spec.id;
    }
    return undefined;
  }

  private csvFile(name: string): ChangeAwareFile<string[][]> {
    let file = this.csv.get(name);
    if (!file) {
      file = new ChangeAwareFile(join(this.dir, name), (content) => csvRows(content.toString('utf8')));
      this.csv.set(name, file);
    }
    return file;
  }

  /** The list's workbook, or undefined when there is none (no file). */
  async workbook(spec: MedicaidListSite): Promise<SiteWorkbook | undefined> {
    let raw = this.raw.get(spec.workbookFile);
    if (!raw) {
      raw = new ChangeAwareFile(join(this.dir, spec.workbookFile), (content) => content);
      this.raw.set(spec.workbookFile, raw);
    }
    const given = await raw.current();
    if (given) return { body: given.value, etag: `"${given.hash}"`, mtimeMs: given.mtimeMs };
    const sheets: { spec: SheetSpec; rows: string[][]; hash: string; mtimeMs: number }[] = [];
    for (const sheet of spec.sheets) {
      const version = await this.csvFile(sheet.file).current();
      if (!version) {
        if (sheet.optional) continue;
        return undefined;
      }
      sheets.push({ spec: sheet, rows: version.value, hash: version.hash, mtimeMs: version.mtimeMs });
    }
    const key = createHash('sha256')
      .update(sheets.map((s) => `${s.spec.name}:${s.hash}`).join('|'))
      .digest('base64url');
    let built = this.built.get(spec.id);
    if (!built || built.key !== key) {
      built = { key, body: buildWorkbook(sheets) };
      this.built.set(spec.id, built);
    }
    return { body: built.body, etag: `"${key}"`, mtimeMs: Math.max(...sheets.map((s) => s.mtimeMs)) };
  }

  /** Answers a request for the list's page or workbook; `malformed`: the page without its link, the workbook cut off halfway. */
  async serve(id: MedicaidListSiteId, req: IncomingMessage, res: ServerResponse, pathname: string, malformed: boolean): Promise<void> {
    const spec = sites.find((s) => s.id === id)!;
    if (spec.landing?.path === pathname) {
      // A page that changed: the link to the list is gone.
      const workbook = malformed ? undefined : await this.workbook(spec);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page(spec.landing.title, spec.landing.html(workbook ? spec.filePath : null)));
      return;
    }
    const file = await this.workbook(spec);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end(notFoundPage);
      return;
    }
    const body = malformed ? cutInHalf(file.body) : file.body;
    sendFile(req, res, file, body, { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, malformed);
  }
}
