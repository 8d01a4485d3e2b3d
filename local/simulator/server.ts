/**
 * The local source simulator: one HTTP server on 127.0.0.1 that answers like the public sources the
 * service checks, in their real formats, from the files of a data directory (see source-data.ts):
 *
 *   GET /api/?version=2.1&…                      NPPES NPI Registry API v2.1 (nppes-search.ts)
 *   GET /resource/<dataset-id>.json?$where=…     Socrata SODA 2.0 for the state boards (soda-query.ts)
 *   GET /exclusions/downloadables/UPDATED.csv    the OIG LEIE full file, with ETag / Last-Modified
 *   GET /api/prod/fileextractservices/v1/api/…   SAM.gov's extract listing and download (sam-extract.ts),
 *   GET /file-store/Exclusions/Public%20V2/<file>  and the file store its download redirects to
 *   GET /data-api/v1/dataset/<uuid>/data?size=…  data.cms.gov's data API (cms-data-api.ts)
 *   GET /sanctions/, /_services/download-as-excel/…  the Illinois HFS OIG portal (il-hfs-portal.ts)
 *   GET|POST /oigportal2/Exclusions/ctl/DOW/mid/384 the Texas HHSC OIG page and its postback (tx-hhsc-portal.ts)
 *   GET /references/sandi, /dataset/…             the Medi-Cal Suspended and Ineligible list (ca-medi-cal-site.ts)
 *   GET /nppes/NPI_Files.html                    CMS's NPPES downloads page, and the Deactivated NPI
 *   GET /nppes/NPPES_Deactivated_NPI_Report_…zip  Report's ZIPs it links (nppes-files.ts)
 *   GET /rosters/<roster id>/<path>              state board roster files (roster-files.ts)
 *   GET <WA HCA's and CO HCPF's landing pages and  the Washington, Colorado and New York Medicaid lists'
 *        workbooks, NY OMIG's fixed download>     workbooks (medicaid-list-sites.ts)
 *   GET /health                                  {"status":"ok"}
 *
 * Point the connectors at it with NPPES_API_URL=<url>/api/, SODA_BASE_URL=<url> and
 * LEIE_CSV_URL=<url>/exclusions/downloadables/UPDATED.csv, SAM_BASE_URL=<url>, CMS_DATA_BASE_URL=<url>,
 * IL_HFS_BASE_URL=<url>, TX_HHSC_BASE_URL=<url>, CA_MEDI_CAL_BASE_URL=<url>, NPPES_FILES_BASE_URL=<url>,
 * WA_HCA_BASE_URL=<url>, CO_HCPF_BASE_URL=<url>, NY_OMIG_BASE_URL=<url>.
 * Failures are injected per source with faults.json (faults.ts).
 */
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pipeline } from 'node:stream';
import { cutInHalf, httpDate, isNotModified, sendFile } from './conditional-get.ts';
import { CaMediCalSite } from './ca-medi-cal-site.ts';
import { dataApiPage, dataApiPathPattern } from './cms-data-api.ts';
import { driftRows, faultFor, malformedLeieCsv, nppesErrorPage, truncatedJson, type Drift, type Fault } from './faults.ts';
import { IlHfsPortal } from './il-hfs-portal.ts';
import { type MedicaidListSiteId, MedicaidListSites } from './medicaid-list-sites.ts';
import { nppesFilesPagePath, nppesFilesPrefix } from './nppes-files.ts';
import { searchNppes } from './nppes-search.ts';
import { samDomain, samDownloadPrefix, samFileStorePrefix, samListing, samListingPath } from './sam-extract.ts';
import { rosterFile, rosterPathPattern, withRenamedHeader } from './roster-files.ts';
import { runSodaQuery, socrataError } from './soda-query.ts';
import { SourceData } from './source-data.ts';
import { TxHhscPortal } from './tx-hhsc-portal.ts';

export interface SourceSimulator {
  readonly url: string;
  close(): Promise<void>;
}

export interface SourceSimulatorOptions {
  readonly dataDir: string;
  readonly host?: string;
  /** 0 or omitted: an ephemeral port. */
  readonly port?: number;
  /**
   * Socrata throttles requests without an app token from a shared pool. When set, SODA requests
   * without `X-App-Token` (or `$$app_token`) beyond this many in any 60 seconds get HTTP 429.
   * Off by default.
   */
  readonly anonymousSodaRequestsPerMinute?: number;
  /**
   * Parse every NPPES and board file before listening, instead of on the first request that needs it
   * (full-size files take seconds to load). Off by default.
   */
  readonly preload?: boolean;
}

type Route =
  | { readonly kind: 'health' }
  | { readonly kind: 'nppes' }
  | { readonly kind: 'soda'; readonly dataset: string }
  | { readonly kind: 'leie' }
  | { readonly kind: 'sam_listing' }
  | { readonly kind: 'sam_download'; readonly file: string }
  | { readonly kind: 'sam_file'; readonly file: string }
  | { readonly kind: 'cms'; readonly dataset: string }
  | { readonly kind: 'il_hfs' }
  | { readonly kind: 'tx_hhsc' }
  | { readonly kind: 'ca_medi_cal' }
  | { readonly kind: 'nppes_page' }
  | { readonly kind: 'nppes_file'; readonly file: string }
  | { readonly kind: 'roster'; readonly roster: string; readonly path: string }
  | { readonly kind: MedicaidListSiteId }
  | { readonly kind: 'not_found' };

const leiePath = '/exclusions/downloadables/UPDATED.csv';

function routeOf(pathname: string): Route {
  if (pathname === '/health') return { kind: 'health' };
  if (pathname === '/api/' || pathname === '/api') return { kind: 'nppes' };
  if (pathname === leiePath) return { kind: 'leie' };
  if (pathname === samListingPath) return { kind: 'sam_listing' };
  if (IlHfsPortal.handles(pathname)) return { kind: 'il_hfs' };
  if (TxHhscPortal.handles(pathname)) return { kind: 'tx_hhsc' };
  if (CaMediCalSite.handles(pathname)) return { kind: 'ca_medi_cal' };
  const medicaidList = MedicaidListSites.siteOf(pathname);
  if (medicaidList) return { kind: medicaidList };
  if (pathname === nppesFilesPagePath) return { kind: 'nppes_page' };
  const cms = dataApiPathPattern.exec(pathname);
  if (cms) return { kind: 'cms', dataset: cms[1]! };
  const roster = rosterPathPattern.exec(pathname);
  if (roster) return { kind: 'roster', roster: roster[1]!, path: roster[2]! };
  for (const [prefix, kind] of [
    [samDownloadPrefix, 'sam_download'],
    [samFileStorePrefix, 'sam_file'],
    [nppesFilesPrefix, 'nppes_file'],
  ] as const) {
    if (!pathname.startsWith(prefix)) continue;
    try {
      return { kind, file: decodeURIComponent(pathname.slice(prefix.length)) };
    } catch {
      return { kind: 'not_found' };
    }
  }
  const soda = /^\/resource\/([^/]+)$/.exec(pathname);
  if (soda) {
    let segment: string;
    try {
      segment = decodeURIComponent(soda[1]!);
    } catch {
      return { kind: 'not_found' };
    }
    return { kind: 'soda', dataset: segment.replace(/\.json$/, '') };
  }
  return { kind: 'not_found' };
}

function send(res: ServerResponse, status: number, contentType: string, body: string, headers: Record<string, string> = {}): void {
  const bytes = Buffer.from(body, 'utf8');
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(bytes.length), ...headers });
  res.end(bytes);
}

const jsonType = 'application/json';
const sodaJsonType = 'application/json;charset=utf-8';

/** Drops the connection as a failed host or a reset middlebox does: the client sees ECONNRESET. */
function resetConnection(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

export async function startSourceSimulator(options: SourceSimulatorOptions): Promise<SourceSimulator> {
  const data = new SourceData(options.dataDir);
  const ilHfs = new IlHfsPortal(options.dataDir);
  const txHhsc = new TxHhscPortal(options.dataDir);
  const caMediCal = new CaMediCalSite(options.dataDir);
  const medicaidLists = new MedicaidListSites(options.dataDir);
  if (options.preload) await data.preload();
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<ServerResponse>();
  const anonymousSodaRequests: number[] = [];
  let closed = false;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `source simulator failure: ${(error as Error).message}\n`);
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const route = routeOf(url.pathname);
    if (route.kind === 'not_found') {
      if (url.pathname.startsWith('/resource/')) {
        send(res, 404, sodaJsonType, JSON.stringify(socrataError('not_found', 'Not found')));
      } else {
        send(res, 404, 'text/plain; charset=utf-8', 'Not Found\n');
      }
      return;
    }
    const method = req.method ?? 'GET';
    // An ASP.NET page's download is a postback; the Dynamics portal's download service is posted to.
    const posts = route.kind === 'tx_hhsc' || route.kind === 'il_hfs';
    if (method !== 'GET' && method !== 'HEAD' && !(posts && method === 'POST')) {
      send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed\n', { allow: 'GET, HEAD' });
      return;
    }
    if (route.kind === 'health') {
      send(res, 200, jsonType, JSON.stringify({ status: 'ok' }));
      return;
    }

    const faults = await data.faults();
    const fault: Fault | undefined =
      route.kind === 'soda' || route.kind === 'cms'
        ? faultFor(faults, route.dataset, route.kind)
        : route.kind === 'roster'
          ? faultFor(faults, route.roster, 'rosters')
          : faultFor(faults, route.kind.startsWith('sam_') ? 'sam' : route.kind.startsWith('nppes_') ? 'nppes_deactivated' : route.kind);
    if (fault?.latencyMs) {
      await delay(fault.latencyMs);
      if (closed || res.destroyed || req.socket.destroyed) return;
    }
    switch (fault?.mode) {
      case 'down':
        resetConnection(req.socket);
        return;
      case 'timeout':
        // Accept and never answer; close() releases the connection.
        held.add(res);
        res.once('close', () => held.delete(res));
        return;
      case 'error':
        sendServerError(route, res);
        return;
      default:
        break;
    }
    const malformed = fault?.mode === 'malformed';
    switch (route.kind) {
      case 'nppes':
        await serveNppes(url, res, malformed);
        return;
      case 'soda':
        await serveSoda(route.dataset, req, url, res, malformed, fault?.drift);
        return;
      case 'leie':
        await serveLeie(req, res, malformed);
        return;
      case 'sam_listing':
        await serveSamListing(url, res);
        return;
      case 'sam_download':
        await serveSamDownload(route.file, res);
        return;
      case 'sam_file':
        await serveSamFile(route.file, req, res, malformed);
        return;
      case 'cms':
        await serveCms(route.dataset, url, res, malformed);
        return;
      case 'il_hfs':
        await ilHfs.serve(req, res, url.pathname, malformed);
        return;
      case 'tx_hhsc':
        await txHhsc.serve(req, res, malformed);
        return;
      case 'ca_medi_cal':
        await caMediCal.serve(req, res, url.pathname, malformed);
        return;
      case 'wa_hca':
      case 'co_hcpf':
      case 'ny_omig':
        await medicaidLists.serve(route.kind, req, res, url.pathname, malformed);
        return;
      case 'nppes_page':
        send(res, 200, 'text/html', await data.nppesReports.page(), { 'last-modified': httpDate(Date.UTC(2026, 9, 12, 14, 3)) });
        return;
      case 'nppes_file':
        await serveNppesFile(route.file, req, res, malformed);
        return;
      case 'roster':
        await serveRoster(route.roster, route.path, req, res, malformed);
        return;
    }
  }

  async function serveNppesFile(name: string, req: IncomingMessage, res: ServerResponse, malformed: boolean): Promise<void> {
    const file = await data.nppesReports.file(name);
    if (!file) {
      send(
        res,
        404,
        'text/html',
        '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><p>The requested URL was not found on this server.</p></body></html>\n',
      );
      return;
    }
    sendFile(req, res, file, malformed ? cutInHalf(file.body) : file.body, { 'content-type': 'application/x-zip-compressed' }, malformed);
  }

  async function serveRoster(roster: string, path: string, req: IncomingMessage, res: ServerResponse, malformed: boolean): Promise<void> {
    const file = await rosterFile(options.dataDir, roster, path);
    if (!file) {
      send(res, 404, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body><h1>404 - File or directory not found.</h1></body></html>\n');
      return;
    }
    sendFile(req, res, file, malformed ? withRenamedHeader(file.body, 'utf8') : file.body, { 'content-type': 'text/csv' }, malformed);
  }

  async function serveCms(dataset: string, url: URL, res: ServerResponse, malformed: boolean): Promise<void> {
    const rows = await data.cms.rows(dataset);
    const answer = rows ? dataApiPage(rows, url.searchParams) : { status: 404, body: { message: 'Not Found' } };
    const text = JSON.stringify(answer.body);
    if (malformed) send(res, 200, jsonType, truncatedJson(text));
    else send(res, answer.status, jsonType, text);
  }

  async function serveSamListing(url: URL, res: ServerResponse): Promise<void> {
    const names = url.searchParams.get('domain') === samDomain ? await data.sam.list() : [];
    const sizes = new Map<string, number>();
    for (const name of names) sizes.set(name, (await data.sam.file(name))?.body.length ?? 0);
    send(res, 200, jsonType, JSON.stringify(samListing(names, sizes)));
  }

  async function serveSamDownload(name: string, res: ServerResponse): Promise<void> {
    const file = await data.sam.file(name);
    if (!file || file.body.length === 0) {
      // sam.gov answers a name with no file behind it with 204, not 404.
      res.writeHead(204);
      res.end();
      return;
    }
    res.writeHead(303, { location: `${samFileStorePrefix}${encodeURIComponent(name)}`, 'content-length': '0' });
    res.end();
  }

  async function serveSamFile(name: string, req: IncomingMessage, res: ServerResponse, malformed: boolean): Promise<void> {
    const file = await data.sam.file(name);
    if (!file || file.body.length === 0) {
      send(
        res,
        404,
        'application/xml',
        '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
      );
      return;
    }
    sendFile(req, res, file, malformed ? cutInHalf(file.body) : file.body, { 'content-type': 'application/zip' }, malformed);
  }

  function sendServerError(route: Route, res: ServerResponse): void {
    if (route.kind === 'nppes') send(res, 500, 'text/html; charset=utf-8', nppesErrorPage);
    else if (route.kind === 'soda') send(res, 500, sodaJsonType, JSON.stringify(socrataError('internal_error', 'Internal error')));
    else send(res, 500, 'text/plain; charset=utf-8', 'Internal Server Error\n');
  }

  async function serveNppes(url: URL, res: ServerResponse, malformed: boolean): Promise<void> {
    const answer = searchNppes(await data.nppes(), url.searchParams);
    const text = JSON.stringify(answer.body, null, answer.pretty ? 2 : undefined);
    send(res, 200, jsonType, malformed ? truncatedJson(text) : text);
  }

  function anonymousLimitReached(req: IncomingMessage, url: URL): number | undefined {
    const limit = options.anonymousSodaRequestsPerMinute;
    if (limit === undefined) return undefined;
    const header = req.headers['x-app-token'];
    const token = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('$$app_token') ?? '';
    if (token.trim() !== '') return undefined;
    const now = Date.now();
    while (anonymousSodaRequests.length > 0 && anonymousSodaRequests[0]! <= now - 60_000) anonymousSodaRequests.shift();
    if (anonymousSodaRequests.length >= limit) return Math.max(1, Math.ceil((anonymousSodaRequests[0]! + 60_000 - now) / 1000));
    anonymousSodaRequests.push(now);
    return undefined;
  }

  async function serveSoda(dataset: string, req: IncomingMessage, url: URL, res: ServerResponse, malformed: boolean, drift?: Drift): Promise<void> {
    const retryAfter = anonymousLimitReached(req, url);
    if (retryAfter !== undefined) {
      // Socrata's throttling answer is a 429; its body here follows Socrata's error shape.
      const body = socrataError('too_many_requests', 'Too many requests without an app token; send X-App-Token');
      send(res, 429, sodaJsonType, JSON.stringify(body), { 'retry-after': String(retryAfter) });
      return;
    }
    const rows = await data.board(dataset);
    let status: number;
    let text: string;
    if (!rows) {
      status = 404;
      text = JSON.stringify({ code: 'not_found', error: true, message: `Dataset ${dataset} not found` });
    } else {
      const result = runSodaQuery(rows, url.searchParams);
      status = result.status;
      text = JSON.stringify(status === 200 ? driftRows(result.body, drift) : result.body);
    }
    if (malformed) send(res, 200, sodaJsonType, truncatedJson(text));
    else send(res, status, sodaJsonType, text);
  }

  async function serveLeie(req: IncomingMessage, res: ServerResponse, malformed: boolean): Promise<void> {
    if (malformed) {
      send(res, 200, 'text/csv', malformedLeieCsv);
      return;
    }
    const file = await data.leie();
    if (!file) {
      send(res, 404, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body><h1>Page Not Found</h1></body></html>\n');
      return;
    }
    const validators = { etag: file.etag, 'last-modified': httpDate(file.mtimeMs) };
    if (isNotModified(req.headers, file)) {
      res.writeHead(304, validators);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/csv', 'content-length': String(file.size), ...validators });
    if (req.method === 'HEAD' || file.size === 0) {
      res.end();
      return;
    }
    pipeline(createReadStream(file.path, { start: 0, end: file.size - 1 }), res, (error) => {
      if (error) res.destroy();
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const res of held) res.socket?.destroy();
        held.clear();
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
