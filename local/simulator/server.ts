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
 *   GET|POST /ssrv-ksbhada/search.html, GET …/details.html?id=  the Kansas Board of Healing Arts'
 *                                                profile search and profiles (ks-bha-search.ts)
 *   POST /api-public/search                      the Massachusetts BHPL's search API (ma-bhpl-search.ts)
 *   GET <WA HCA's and CO HCPF's landing pages and  the Washington, Colorado and New York Medicaid lists'
 *        workbooks, NY OMIG's fixed download>     workbooks (medicaid-list-sites.ts)
 *   GET /health                                  {"status":"ok"}
 *
 * Point the connectors at it with NPPES_API_URL=<url>/api/, SODA_BASE_URL=<url> and
 * LEIE_CSV_URL=<url>/exclusions/downloadables/UPDATED.csv, SAM_BASE_URL=<url>, CMS_DATA_BASE_URL=<url>,
 * IL_HFS_BASE_URL=<url>, TX_HHSC_BASE_URL=<url>, CA_MEDI_CAL_BASE_URL=<url>, NPPES_FILES_BASE_URL=<url>,
 * WA_HCA_BASE_URL=<url>, CO_HCPF_BASE_URL=<url>, NY_OMIG_BASE_URL=<url>, KS_BHA_BASE_URL=<url>, MA_BHPL_BASE_URL=<url>.
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
import { KsBhaSearch } from './ks-bha-search.ts';
import { MaBhplSearch } from './ma-bhpl-search.ts';
import { type MedicaidListSiteId, MedicaidListSites } from './medicaid-list-sites.ts';
import { nppesFilesPagePath, nppesFilesPrefix } from './nppes-files.ts';
import { searchNppes } from './nppes-search.ts';
import { samDomain, samDownloadPrefix, samFileStorePrefix, samListing, samListingPath } from './sam-extract.ts';
import { rosterContentType, rosterFile, rosterPathPattern, withRenamedHeader } from './roster-files.ts';
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

/** What a request carries to its route's handler. */
interface Call<P> {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly url: URL;
  /** What the route's path matcher read from the path. */
  readonly params: P;
  readonly sources: Sources;
  /** The source's `malformed` fault is on: answer a body its reader cannot parse. */
  readonly malformed: boolean;
  /** The source's drifted columns, from its fault entry. */
  readonly drift: Drift | undefined;
}

/**
 * One entry of the route table. `path` reads a request's path: the route's parameters when the path is
 * the route's, undefined otherwise. The table is walked in order and the first match answers.
 */
interface Route<P> {
  /** The methods it answers; any other gets 405. */
  readonly methods: readonly string[];
  readonly path: (pathname: string) => P | undefined;
  /** The faults.json entry that governs it, and the group entry that applies when it has none; none: never faulted. */
  source?(params: P): readonly [key: string, groupKey?: string];
  /** The answer to the `error` fault, when it is not a plain-text 500. */
  serverError?(res: ServerResponse): void;
  handler(call: Call<P>): Promise<void>;
}

/** What the handlers serve from: the data directory's files, the portals' sessions, Socrata's throttle. */
interface Sources {
  readonly dataDir: string;
  readonly data: SourceData;
  readonly ilHfs: IlHfsPortal;
  readonly txHhsc: TxHhscPortal;
  readonly caMediCal: CaMediCalSite;
  readonly medicaidLists: MedicaidListSites;
  readonly ksBha: KsBhaSearch;
  readonly maBhpl: MaBhplSearch;
  /** The seconds an anonymous SODA request is told to wait, or undefined when it is served. */
  readonly anonymousLimitReached: (req: IncomingMessage, url: URL) => number | undefined;
}

/** A table entry whose handler is checked against the parameters its path matcher reads. */
function route<P>(entry: Route<P>): Route<unknown> {
  return entry;
}

type NoParams = Record<never, never>;
const noParams: NoParams = {};

/** Matches these paths exactly. */
function exactly(...paths: string[]): (pathname: string) => NoParams | undefined {
  return (pathname) => (paths.includes(pathname) ? noParams : undefined);
}

/** Matches the paths `test` accepts. */
function pathsWhere(test: (pathname: string) => boolean): (pathname: string) => NoParams | undefined {
  return (pathname) => (test(pathname) ? noParams : undefined);
}

/** Matches the paths under `prefix`; the rest, decoded, names the file (a name that does not decode matches nothing). */
function fileUnder(prefix: string): (pathname: string) => { readonly file: string } | undefined {
  return (pathname) => {
    if (!pathname.startsWith(prefix)) return undefined;
    try {
      return { file: decodeURIComponent(pathname.slice(prefix.length)) };
    } catch {
      return undefined;
    }
  };
}

function medicaidListPath(pathname: string): { readonly site: MedicaidListSiteId } | undefined {
  const site = MedicaidListSites.siteOf(pathname);
  return site ? { site } : undefined;
}

function cmsDatasetPath(pathname: string): { readonly dataset: string } | undefined {
  const match = dataApiPathPattern.exec(pathname);
  return match ? { dataset: match[1]! } : undefined;
}

function rosterPath(pathname: string): { readonly roster: string; readonly path: string } | undefined {
  const match = rosterPathPattern.exec(pathname);
  return match ? { roster: match[1]!, path: match[2]! } : undefined;
}

/** `/resource/<dataset id>.json` (the `.json` is optional); a segment that does not decode matches nothing. */
function sodaDatasetPath(pathname: string): { readonly dataset: string } | undefined {
  const match = /^\/resource\/([^/]+)$/.exec(pathname);
  if (!match) return undefined;
  try {
    return { dataset: decodeURIComponent(match[1]!).replace(/\.json$/, '') };
  } catch {
    return undefined;
  }
}

const leiePath = '/exclusions/downloadables/UPDATED.csv';

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

async function serveHealth({ res }: Call<NoParams>): Promise<void> {
  send(res, 200, jsonType, JSON.stringify({ status: 'ok' }));
}

async function serveNppes({ res, url, sources, malformed }: Call<NoParams>): Promise<void> {
  const answer = searchNppes(await sources.data.nppes(), url.searchParams);
  const text = JSON.stringify(answer.body, null, answer.pretty ? 2 : undefined);
  send(res, 200, jsonType, malformed ? truncatedJson(text) : text);
}

function sendNppesServerError(res: ServerResponse): void {
  send(res, 500, 'text/html; charset=utf-8', nppesErrorPage);
}

async function serveLeie({ req, res, sources, malformed }: Call<NoParams>): Promise<void> {
  if (malformed) {
    send(res, 200, 'text/csv', malformedLeieCsv);
    return;
  }
  const file = await sources.data.leie();
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

async function serveSamListing({ res, url, sources }: Call<NoParams>): Promise<void> {
  const names = url.searchParams.get('domain') === samDomain ? await sources.data.sam.list() : [];
  const sizes = new Map<string, number>();
  for (const name of names) sizes.set(name, (await sources.data.sam.file(name))?.body.length ?? 0);
  send(res, 200, jsonType, JSON.stringify(samListing(names, sizes)));
}

async function serveSamDownload({ res, params, sources }: Call<{ readonly file: string }>): Promise<void> {
  const file = await sources.data.sam.file(params.file);
  if (!file || file.body.length === 0) {
    // sam.gov answers a name with no file behind it with 204, not 404.
    res.writeHead(204);
    res.end();
    return;
  }
  res.writeHead(303, { location: `${samFileStorePrefix}${encodeURIComponent(params.file)}`, 'content-length': '0' });
  res.end();
}

async function serveSamFile({ req, res, params, sources, malformed }: Call<{ readonly file: string }>): Promise<void> {
  const file = await sources.data.sam.file(params.file);
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

async function serveIlHfs({ req, res, url, sources, malformed }: Call<NoParams>): Promise<void> {
  await sources.ilHfs.serve(req, res, url.pathname, malformed);
}

async function serveTxHhsc({ req, res, sources, malformed }: Call<NoParams>): Promise<void> {
  await sources.txHhsc.serve(req, res, malformed);
}

async function serveCaMediCal({ req, res, url, sources, malformed }: Call<NoParams>): Promise<void> {
  await sources.caMediCal.serve(req, res, url.pathname, malformed);
}

async function serveKsBha({ req, res, url, sources, malformed }: Call<NoParams>): Promise<void> {
  await sources.ksBha.serve(req, res, url, malformed);
}

async function serveMaBhpl({ req, res, sources, malformed }: Call<NoParams>): Promise<void> {
  await sources.maBhpl.serve(req, res, malformed);
}

async function serveMedicaidList({ req, res, url, params, sources, malformed }: Call<{ readonly site: MedicaidListSiteId }>): Promise<void> {
  await sources.medicaidLists.serve(params.site, req, res, url.pathname, malformed);
}

async function serveNppesFilesPage({ res, sources }: Call<NoParams>): Promise<void> {
  send(res, 200, 'text/html', await sources.data.nppesReports.page(), { 'last-modified': httpDate(Date.UTC(2026, 9, 12, 14, 3)) });
}

async function serveCms({ res, url, params, sources, malformed }: Call<{ readonly dataset: string }>): Promise<void> {
  const rows = await sources.data.cms.rows(params.dataset);
  const answer = rows ? dataApiPage(rows, url.searchParams) : { status: 404, body: { message: 'Not Found' } };
  const text = JSON.stringify(answer.body);
  if (malformed) send(res, 200, jsonType, truncatedJson(text));
  else send(res, answer.status, jsonType, text);
}

async function serveRoster({ req, res, params, sources, malformed }: Call<{ readonly roster: string; readonly path: string }>): Promise<void> {
  const file = await rosterFile(sources.dataDir, params.roster, params.path);
  if (!file) {
    send(res, 404, 'text/html; charset=utf-8', '<!DOCTYPE html><html><body><h1>404 - File or directory not found.</h1></body></html>\n');
    return;
  }
  sendFile(req, res, file, malformed ? withRenamedHeader(file.body, 'utf8') : file.body, { 'content-type': rosterContentType(params.path) }, malformed);
}

async function serveNppesFile({ req, res, params, sources, malformed }: Call<{ readonly file: string }>): Promise<void> {
  const file = await sources.data.nppesReports.file(params.file);
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

async function serveSoda({ req, res, url, params, sources, malformed, drift }: Call<{ readonly dataset: string }>): Promise<void> {
  const retryAfter = sources.anonymousLimitReached(req, url);
  if (retryAfter !== undefined) {
    // Socrata's throttling answer is a 429; its body here follows Socrata's error shape.
    const body = socrataError('too_many_requests', 'Too many requests without an app token; send X-App-Token');
    send(res, 429, sodaJsonType, JSON.stringify(body), { 'retry-after': String(retryAfter) });
    return;
  }
  const rows = await sources.data.board(params.dataset);
  let status: number;
  let text: string;
  if (!rows) {
    status = 404;
    text = JSON.stringify({ code: 'not_found', error: true, message: `Dataset ${params.dataset} not found` });
  } else {
    const result = runSodaQuery(rows, url.searchParams);
    status = result.status;
    text = JSON.stringify(status === 200 ? driftRows(result.body, drift) : result.body);
  }
  if (malformed) send(res, 200, sodaJsonType, truncatedJson(text));
  else send(res, status, sodaJsonType, text);
}

function sendSodaServerError(res: ServerResponse): void {
  send(res, 500, sodaJsonType, JSON.stringify(socrataError('internal_error', 'Internal error')));
}

/** A path no route matches: Socrata's error shape under `/resource/`, plain text elsewhere. */
function sendNotFound(pathname: string, res: ServerResponse): void {
  if (pathname.startsWith('/resource/')) send(res, 404, sodaJsonType, JSON.stringify(socrataError('not_found', 'Not found')));
  else send(res, 404, 'text/plain; charset=utf-8', 'Not Found\n');
}

const read = ['GET', 'HEAD'];
// An ASP.NET page's download is a postback; the Dynamics portal's download service is posted to.
const readOrPost = ['GET', 'HEAD', 'POST'];

/** The simulator's routes, in the order they are tried. */
const routes: readonly Route<unknown>[] = [
  route({ methods: read, path: exactly('/health'), handler: serveHealth }),
  route({ methods: read, path: exactly('/api/', '/api'), source: () => ['nppes'], serverError: sendNppesServerError, handler: serveNppes }),
  route({ methods: read, path: exactly(leiePath), source: () => ['leie'], handler: serveLeie }),
  route({ methods: read, path: exactly(samListingPath), source: () => ['sam'], handler: serveSamListing }),
  route({ methods: readOrPost, path: pathsWhere((p) => IlHfsPortal.handles(p)), source: () => ['il_hfs'], handler: serveIlHfs }),
  route({ methods: readOrPost, path: pathsWhere((p) => TxHhscPortal.handles(p)), source: () => ['tx_hhsc'], handler: serveTxHhsc }),
  route({ methods: read, path: pathsWhere((p) => CaMediCalSite.handles(p)), source: () => ['ca_medi_cal'], handler: serveCaMediCal }),
  route({ methods: readOrPost, path: pathsWhere((p) => KsBhaSearch.handles(p)), source: () => ['ks_bha'], handler: serveKsBha }),
  route({ methods: readOrPost, path: pathsWhere((p) => MaBhplSearch.handles(p)), source: () => ['ma_bhpl'], handler: serveMaBhpl }),
  route({ methods: read, path: medicaidListPath, source: ({ site }) => [site], handler: serveMedicaidList }),
  route({ methods: read, path: exactly(nppesFilesPagePath), source: () => ['nppes_deactivated'], handler: serveNppesFilesPage }),
  route({ methods: read, path: cmsDatasetPath, source: ({ dataset }) => [dataset, 'cms'], handler: serveCms }),
  route({ methods: read, path: rosterPath, source: ({ roster }) => [roster, 'rosters'], handler: serveRoster }),
  route({ methods: read, path: fileUnder(samDownloadPrefix), source: () => ['sam'], handler: serveSamDownload }),
  route({ methods: read, path: fileUnder(samFileStorePrefix), source: () => ['sam'], handler: serveSamFile }),
  route({ methods: read, path: fileUnder(nppesFilesPrefix), source: () => ['nppes_deactivated'], handler: serveNppesFile }),
  route({ methods: read, path: sodaDatasetPath, source: ({ dataset }) => [dataset, 'soda'], serverError: sendSodaServerError, handler: serveSoda }),
];

/** The first route whose path matcher accepts the path, with what it read. */
function routeOf(pathname: string): { readonly route: Route<unknown>; readonly params: unknown } | undefined {
  for (const candidate of routes) {
    const params = candidate.path(pathname);
    if (params !== undefined) return { route: candidate, params };
  }
  return undefined;
}

/**
 * Socrata's shared pool for requests without an app token: with `limit` set, the seconds an anonymous
 * request is told to wait once `limit` of them came in the last 60 seconds; undefined when it is served.
 */
function anonymousSodaLimit(limit: number | undefined): (req: IncomingMessage, url: URL) => number | undefined {
  const anonymousSodaRequests: number[] = [];
  return (req, url) => {
    if (limit === undefined) return undefined;
    const header = req.headers['x-app-token'];
    const token = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('$$app_token') ?? '';
    if (token.trim() !== '') return undefined;
    const now = Date.now();
    while (anonymousSodaRequests.length > 0 && anonymousSodaRequests[0]! <= now - 60_000) anonymousSodaRequests.shift();
    if (anonymousSodaRequests.length >= limit) return Math.max(1, Math.ceil((anonymousSodaRequests[0]! + 60_000 - now) / 1000));
    anonymousSodaRequests.push(now);
    return undefined;
  };
}

export async function startSourceSimulator(options: SourceSimulatorOptions): Promise<SourceSimulator> {
  const sources: Sources = {
    dataDir: options.dataDir,
    data: new SourceData(options.dataDir),
    ilHfs: new IlHfsPortal(options.dataDir),
    txHhsc: new TxHhscPortal(options.dataDir),
    caMediCal: new CaMediCalSite(options.dataDir),
    medicaidLists: new MedicaidListSites(options.dataDir),
    ksBha: new KsBhaSearch(options.dataDir),
    maBhpl: new MaBhplSearch(options.dataDir),
    anonymousLimitReached: anonymousSodaLimit(options.anonymousSodaRequestsPerMinute),
  };
  if (options.preload) await sources.data.preload();
  const timers = new Set<NodeJS.Timeout>();
  const held = new Set<ServerResponse>();
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

  /** Walks the route table, then applies the route's source's fault (latency, down, timeout, error) before its handler answers. */
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://simulator.invalid');
    const found = routeOf(url.pathname);
    if (!found) {
      sendNotFound(url.pathname, res);
      return;
    }
    const { route: matched, params } = found;
    if (!matched.methods.includes(req.method ?? 'GET')) {
      send(res, 405, 'text/plain; charset=utf-8', 'Method Not Allowed\n', { allow: 'GET, HEAD' });
      return;
    }
    const fault: Fault | undefined = matched.source ? faultFor(await sources.data.faults(), ...matched.source(params)) : undefined;
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
        if (matched.serverError) matched.serverError(res);
        else send(res, 500, 'text/plain; charset=utf-8', 'Internal Server Error\n');
        return;
      default:
        break;
    }
    await matched.handler({ req, res, url, params, sources, malformed: fault?.mode === 'malformed', drift: fault?.drift });
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
