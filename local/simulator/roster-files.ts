/**
 * State board roster files, served as their publishers serve them: `GET /rosters/<roster id>/<path>`
 * answers `rosters/<roster id>/<path>` of the data directory byte for byte (Texas BHEC's
 * `csv/LPC.csv`, Maryland's `forms/doctor_list_revised.csv`, West Virginia's `Rosters.asp` page and the
 * workbooks it links, Arkansas's podiatry board page, a folder address served from its `index.html`,
 * and the PDF it links, …), with an ETag and Last-Modified and
 * conditional GET. A connector is pointed here with `<ROSTER>_BASE_URL=<simulator>/rosters/<roster id>`.
 *
 * Faults (faults.ts) are keyed by the roster id, or `rosters` for every roster; `malformed` serves the
 * file with its header renamed (`FIELD1,FIELD2,…`), a publisher's format change the ingest must refuse.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

export const rosterPathPattern = /^\/rosters\/([a-z][a-z0-9_]{0,31})\/((?:[A-Za-z0-9_-][A-Za-z0-9_.-]*\/)*(?:[A-Za-z0-9_-][A-Za-z0-9_.-]*)?)$/;

export interface RosterFileContent {
  readonly body: Buffer;
  readonly etag: string;
  readonly mtimeMs: number;
}

/** The content type a publisher answers a roster path with: a workbook, a PDF, a page (WV's `Rosters.asp`, a folder's address), else CSV text. */
export function rosterContentType(path: string): string {
  if (/\.xlsx$/i.test(path)) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  if (/\.pdf$/i.test(path)) return 'application/pdf';
  if (/\.(asp|html?)$/i.test(path) || path === '' || path.endsWith('/')) return 'text/html; charset=utf-8';
  return 'text/csv';
}

/** The file at `path` under the roster's folder (a folder's address: its `index.html`), or undefined when there is none. */
export async function rosterFile(dataDir: string, roster: string, path: string): Promise<RosterFileContent | undefined> {
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  const file = join(dataDir, 'rosters', roster, path === '' || path.endsWith('/') ? `${path}index.html` : path);
  try {
    const [body, info] = await Promise.all([readFile(file), stat(file)]);
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url')}"`, mtimeMs: info.mtimeMs };
  } catch {
    return undefined;
  }
}

/** The file with its header line (the first delimited line of the first 12) renamed `FIELD1,FIELD2,…`. */
export function withRenamedHeader(body: Buffer, encoding: BufferEncoding): Buffer {
  const text = body.toString(encoding);
  const lines = text.split('\n');
  const at = lines.slice(0, 12).findIndex((line) => (line.match(/[,|]/g) ?? []).length >= 3);
  if (at < 0) return body;
  const delimiter = lines[at]!.includes('|') ? '|' : ',';
  lines[at] = lines[at]!.replace(/\r$/, '')
    .split(delimiter)
    .map((_, i) => `FIELD${i + 1}`)
    .join(delimiter);
  return Buffer.from(lines.join('\n'), encoding);
}
