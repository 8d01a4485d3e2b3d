/**
 * What a source fetch may reach: the source's own origins only, each redirect checked before it is
 * requested, public addresses only (loopback where a local stack allows it), and the connection made to
 * the address that was checked. Real HTTP servers on loopback play the source and the hosts it must not
 * reach; each test proves the refused one received nothing. Error texts never quote fetched bytes.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SourceError } from '#shared/features/sources/errors.ts';
import { fetchSource } from '#shared/features/sources/http-fetch.ts';
import { guardedFetch, maxRedirects, sourceHosts, type SourceHosts } from '#shared/features/sources/guarded-fetch.ts';
import { sourceLoopbackAllowedFromEnv } from '#shared/platform/config.ts';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { checkHeader } from '#shared/features/sources/leie/leie-record.ts';
import { downloadSourceFile, maxPageBytes, saveResponseBody } from '#shared/features/sources/lists/download.ts';
import type { ListDefinition } from '#shared/features/sources/lists/list-definition.ts';
import { eachEntry } from '#shared/features/sources/lists/list-ingest.ts';
import { caMediCalSuspended as caMediCal } from '#shared/features/sources/lists/ca-medi-cal.ts';
import { locateNewest } from '#shared/features/sources/lists/locate.ts';
import { sheetRows } from '#shared/features/sources/lists/sheet-reader.ts';
import { waHca } from '#shared/features/sources/lists/wa-hca.ts';
import { linksPage, resolving, type SourceServer, startSourceServer } from '../support/hostile-source.ts';
import { rejectionOf } from '../support/rejection.ts';

const local = { SOURCE_ALLOW_LOOPBACK: 'true' };
const timeouts = { responseMs: 5_000, totalMs: 10_000 };

const servers: SourceServer[] = [];
async function server(...args: Parameters<typeof startSourceServer>): Promise<SourceServer> {
  const started = await startSourceServer(...args);
  servers.push(started);
  return started;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server that receives nothing it should: any request to it is a failure of the guard. */
const elsewhere = () => server((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('reached'));

const redirectTo =
  (location: string, status = 302) =>
  (_req: unknown, res: import('node:http').ServerResponse) =>
    res.writeHead(status, { location, 'content-length': '0' }).end();

describe('redirects', () => {
  it('are followed within the source’s origin, a 303 answering a POST continuing as a GET; the answer names the URL that answered', async () => {
    const source = await server((req, res) => {
      if (req.path === '/download') return redirectTo('/store/file.csv', 303)(req, res);
      res.writeHead(200, { 'content-type': 'text/csv' }).end('a,b\n1,2\n');
    });
    const response = await guardedFetch('Test source', `${source.url}/download`, sourceHosts([source.url], [], local), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('a,b\n1,2\n');
    expect(response.url).toBe(`${source.url}/store/file.csv`);
    expect(source.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /download', 'GET /store/file.csv']);
    expect(source.received[1]!.headers['content-type']).toBeUndefined();
  });

  it('answer bodies with their content coding undone, as fetch does', async () => {
    const csv = 'a,b\n1,2\n'.repeat(100);
    const source = await server((_req, res) => res.writeHead(200, { 'content-type': 'text/csv', 'content-encoding': 'gzip' }).end(gzipSync(csv)));
    const response = await guardedFetch('Test source', `${source.url}/file.csv`, sourceHosts([source.url], [], local));
    expect(await response.text()).toBe(csv);
    expect(source.received[0]!.headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('to another host, or another port of the same host, are refused before anything is sent there', async () => {
    const other = await elsewhere();
    for (const location of [`${other.url}/file.csv`, `http://localhost:${other.port}/file.csv`]) {
      const source = await server(redirectTo(location));
      const refusal = await rejectionOf(guardedFetch('Test source', `${source.url}/file.csv`, sourceHosts([source.url], [], local)), IngestRefusal);
      expect(refusal.kind).toBe('off_host');
      expect(refusal.message).toContain(new URL(location).origin);
      expect(refusal.message).not.toContain('/file.csv');
    }
    expect(other.received).toEqual([]);
  });

  it('to the cloud metadata address, a private address, a file: URL or a URL with credentials are refused', async () => {
    for (const location of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://10.0.0.7/internal',
      'http://[::ffff:127.0.0.1]:80/',
      'file:///etc/passwd',
    ]) {
      const source = await server(redirectTo(location));
      const started = Date.now();
      const refusal = await rejectionOf(guardedFetch('Test source', `${source.url}/file`, sourceHosts([source.url], [], local)), IngestRefusal);
      expect(refusal.kind, location).toBe('off_host');
      // Refused at once, without a connection attempt that would wait for a time-out.
      expect(Date.now() - started, location).toBeLessThan(2_000);
    }
    const source: SourceServer = await server((req, res) =>
      req.path === '/file' ? redirectTo(`http://user:secret@127.0.0.1:${source.port}/other`)(req, res) : res.writeHead(200).end('reached'),
    );
    const refusal = await rejectionOf(guardedFetch('Test source', `${source.url}/file`, sourceHosts([source.url], [], local)), IngestRefusal);
    expect(refusal.message).toMatch(/credentials/);
    expect(refusal.message).not.toContain('secret');
    expect(source.received.map((r) => r.path)).toEqual(['/file']);
  });

  it(`are followed at most ${maxRedirects} times`, async () => {
    const source = await server(redirectTo('/again'));
    const error = await rejectionOf(guardedFetch('Test source', `${source.url}/start`, sourceHosts([source.url], [], local)), SourceError);
    expect(error.failure).toBe('malformed');
    expect(error.message).toMatch(/more than 5 redirects/);
    expect(source.received).toHaveLength(maxRedirects + 1);
  });

  it('refused by a download are final: not retried, and no request reaches the other host', async () => {
    const other = await elsewhere();
    const source = await server(redirectTo(`${other.url}/UPDATED.csv`));
    const refusal = await rejectionOf(
      downloadSourceFile('Test source', sourceHosts([source.url], [], local), `${source.url}/UPDATED.csv`, {}, timeouts),
      IngestRefusal,
    );
    expect(refusal.kind).toBe('off_host');
    expect(source.received).toHaveLength(1);
    expect(other.received).toEqual([]);
  });
});

describe('live lookups (boards, registry)', () => {
  const policy = { timeoutMs: 2_000, retries: 2, backoffMs: 10 };
  // Their addresses are checked as downloads' are (live-lookup-guard.test.ts): these sources are on loopback.
  const loopback = process.env.SOURCE_ALLOW_LOOPBACK;
  beforeAll(() => {
    process.env.SOURCE_ALLOW_LOOPBACK = 'true';
  });
  afterAll(() => {
    if (loopback === undefined) delete process.env.SOURCE_ALLOW_LOOPBACK;
    else process.env.SOURCE_ALLOW_LOOPBACK = loopback;
  });

  it('follow a redirect within the configured origin', async () => {
    const source = await server((req, res) =>
      req.path === '/api/' ? redirectTo('/api/v2/?number=1', 301)(req, res) : res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    );
    const response = await fetchSource('Test registry', `${source.url}/api/`, {}, policy);
    expect(response.text).toBe('{"ok":true}');
    expect(source.received.map((r) => r.path)).toEqual(['/api/', '/api/v2/?number=1']);
  });

  it('never follow one to another host or port: the source is unreachable for the call, asked once', async () => {
    const other = await elsewhere();
    const source = await server(redirectTo(`${other.url}/resource/abcd-1234.json`, 302));
    const error = await rejectionOf(fetchSource('Test board', `${source.url}/resource/abcd-1234.json`, {}, policy), SourceError);
    expect(error.failure).toBe('connection');
    expect(error.message).toBe(`Test board: redirected off its host (HTTP 302 to ${other.url}): not followed`);
    expect(source.received).toHaveLength(1);
    expect(other.received).toEqual([]);
  });
});

describe('addresses', () => {
  it('loopback is refused unless the local stack allows it; only in its setting, and never on AWS Lambda', async () => {
    const source = await server((_req, res) => res.writeHead(200).end('file'));
    const refusal = await rejectionOf(guardedFetch('Test source', `${source.url}/file`, sourceHosts([source.url], [], {})), IngestRefusal);
    expect(refusal.message).toMatch(/non-public address \(127\.0\.0\.1, 127\.0\.0\.0\/8 loopback\)/);
    expect(source.received).toEqual([]);
    expect(sourceLoopbackAllowedFromEnv({})).toBe(false);
    expect(sourceLoopbackAllowedFromEnv({ SOURCE_ALLOW_LOOPBACK: 'false' })).toBe(false);
    expect(sourceLoopbackAllowedFromEnv(local)).toBe(true);
    expect(() => sourceLoopbackAllowedFromEnv({ SOURCE_ALLOW_LOOPBACK: 'yes' })).toThrow(/must be true or false/);
    expect(() => sourceLoopbackAllowedFromEnv({ ...local, AWS_LAMBDA_FUNCTION_NAME: 'ListIngest' })).toThrow(/refused on AWS Lambda/);
  });

  it('a source host that resolves to a private, metadata or partly non-loopback address is refused without a connection', async () => {
    const source = await server((_req, res) => res.writeHead(200).end('file'));
    const answers = {
      'private.source.test': ['10.20.30.40'],
      'metadata.source.test': ['169.254.169.254'],
      // One loopback address does not waive another that is private.
      'mixed.source.test': ['127.0.0.1', '192.168.1.10'],
    };
    for (const host of Object.keys(answers)) {
      const url = `http://${host}:${source.port}/file`;
      const hosts: SourceHosts = { ...sourceHosts([url], [], local), resolve: resolving(answers) };
      const refusal = await rejectionOf(guardedFetch('Test source', url, hosts), IngestRefusal);
      expect(refusal.kind, host).toBe('off_host');
      expect(refusal.message, host).toMatch(/non-public address/);
    }
    expect(source.received).toEqual([]);
  });

  it('the connection goes to the address that was checked, never to a second answer of the resolver', async () => {
    const source = await server((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`host ${req.headers.host}`));
    const asked: string[] = [];
    const url = `http://source.example.test:${source.port}/file`;
    // The system resolver does not know this name: the request can only reach the server through the checked address.
    const hosts: SourceHosts = { ...sourceHosts([url], [], local), resolve: resolving({ 'source.example.test': ['127.0.0.1'] }, asked) };
    const response = await guardedFetch('Test source', url, hosts);
    expect(await response.text()).toBe(`host source.example.test:${source.port}`);
    expect(asked).toEqual(['source.example.test']);
  });

  it('a host that does not resolve is a connection failure (retried), not a refusal', async () => {
    const url = 'http://nowhere.source.test:8080/file';
    const hosts: SourceHosts = { ...sourceHosts([url], [], local), resolve: resolving({}) };
    const error = await rejectionOf(guardedFetch('Test source', url, hosts), SourceError);
    expect(error.failure).toBe('connection');
    expect(error.message).toMatch(/nowhere\.source\.test could not be resolved \(ENOTFOUND\)/);
  });
});

describe('the hosts a source names', () => {
  it('are its base URL’s origin, and its further hosts over https only', () => {
    const hosts = sourceHosts(['https://mcweb.example.gov/references'], ['data.example.gov'], {});
    expect([...hosts.origins]).toEqual(['https://mcweb.example.gov', 'https://data.example.gov']);
    expect(hosts.allowLoopback).toBe(false);
  });

  it('a landing page’s link to another host is refused before that host is asked for its page', async () => {
    const other = await elsewhere();
    const landing = await server((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end(linksPage([{ href: `${other.url}/files/list.html`, text: 'Provider list' }])),
    );
    const definition: ListDefinition = {
      ...waHca,
      id: 'guard_test',
      baseUrlEnv: 'GUARD_TEST_BASE_URL',
      locate: { kind: 'page_links', pageUrl: (base) => `${base}/landing`, hops: [{ text: /Provider list/ }, { href: /\.xlsx$/ }] },
    };
    process.env.GUARD_TEST_BASE_URL = landing.url;
    const loopback = process.env.SOURCE_ALLOW_LOOPBACK;
    process.env.SOURCE_ALLOW_LOOPBACK = 'true';
    try {
      const refusal = await rejectionOf(locateNewest(definition, timeouts), IngestRefusal);
      expect(refusal.kind).toBe('off_host');
      expect(refusal.source).toBe(waHca.displayName);
    } finally {
      delete process.env.GUARD_TEST_BASE_URL;
      if (loopback === undefined) delete process.env.SOURCE_ALLOW_LOOPBACK;
      else process.env.SOURCE_ALLOW_LOOPBACK = loopback;
    }
    expect(landing.received.map((r) => r.path)).toEqual(['/landing']);
    expect(other.received).toEqual([]);
  });
});

describe('error texts', () => {
  const marker = 'SECRET-TOKEN-f00d';
  const page = `<!DOCTYPE html><html><body>${marker} session=abc; internal error at db01</body></html>`;

  it('a file that is no workbook is described by its size, never by its first bytes', async () => {
    let message = '';
    try {
      await sheetRows(Buffer.from(page), undefined);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/not a workbook/);
    expect(message).toContain(`${Buffer.byteLength(page)} bytes`);
    expect(message).not.toContain(marker);
    expect(message).not.toContain('DOCTYPE');
  });

  it('an LEIE file with another header (an error page answered instead) is not quoted', () => {
    let message = '';
    try {
      checkHeader([page, 'x']);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/Unexpected LEIE header \(2 columns, expected 18; column 1 is not "LASTNAME"\)/);
    expect(message).not.toContain(marker);
  });

  it('a list file whose header is an error page names the column that differs, never quoting the page', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'error-text-'));
    try {
      const file = join(dir, 'list.csv');
      await writeFile(file, `${page}\n1,2,3\n`);
      const error = await rejectionOf(
        eachEntry(caMediCal, file, async () => {}),
        Error,
      );
      expect(error.message).toMatch(/unexpected header \(\d+ columns, expected \d+; column 1 is no column name \(\d+ characters, not quoted\), expected "/);
      expect(error.message).not.toContain(marker);
      expect(error.message).not.toContain('DOCTYPE');
      // A renamed column is still named: it reads as a column name.
      await writeFile(file, `${['Renamed Column', ...caMediCal.header.slice(1)].join(',')}\n`);
      const renamed = await rejectionOf(
        eachEntry(caMediCal, file, async () => {}),
        Error,
      );
      expect(renamed.message).toMatch(/column 1 is "Renamed Column", expected /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a download answered with an error page says its status, not its body', async () => {
    const source = await server((_req, res) => res.writeHead(403, { 'content-type': 'text/html' }).end(page));
    const error = await rejectionOf(downloadSourceFile('Test source', sourceHosts([source.url], [], local), `${source.url}/file`, {}, timeouts), SourceError);
    expect(error.message).toBe('Test source: HTTP 403');
  });
});

describe('answers larger than their limit', () => {
  const MiB = 1024 * 1024;
  /** Answers `total` bytes in 64 KiB chunks, noting how many it could send before the reader hung up. */
  const endless =
    (total: number, sent: { bytes: number }, contentType = 'application/octet-stream') =>
    (_req: unknown, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': contentType });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      const more = () => {
        while (sent.bytes < total) {
          sent.bytes += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', more);
            return;
          }
        }
        res.end();
      };
      more();
    };

  it('a download past its file limit is cancelled and refused (limit), before it fills the disk', async () => {
    const sent = { bytes: 0 };
    const source = await server(endless(256 * MiB, sent));
    const dir = await mkdtemp(join(tmpdir(), 'bounded-download-'));
    try {
      const response = await downloadSourceFile('Test source', sourceHosts([source.url], [], local), `${source.url}/file.zip`, {}, timeouts);
      const file = join(dir, 'download');
      const refusal = await rejectionOf(saveResponseBody('Test source', response, file, 2 * MiB), IngestRefusal);
      expect(refusal.kind).toBe('limit');
      expect(refusal.message).toBe('Test source: the download is larger than 2.0 MiB, the limit of its file');
      expect((await stat(file)).size).toBeLessThanOrEqual(2 * MiB);
      // The transfer stopped: far less than the whole answer was sent.
      expect(sent.bytes).toBeLessThan(64 * MiB);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a download within its limit is saved whole, hashed', async () => {
    const source = await server((_req, res) => res.writeHead(200).end('a,b\n1,2\n'));
    const dir = await mkdtemp(join(tmpdir(), 'bounded-download-'));
    try {
      const response = await downloadSourceFile('Test source', sourceHosts([source.url], [], local), `${source.url}/file.csv`, {}, timeouts);
      const sha256 = await saveResponseBody('Test source', response, join(dir, 'download'), 2 * MiB);
      expect(sha256).toBe(createHash('sha256').update('a,b\n1,2\n').digest('hex'));
      expect((await stat(join(dir, 'download'))).size).toBe(8);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it(`a landing page past ${maxPageBytes / MiB} MiB is refused (limit) before its links are read`, async () => {
    const sent = { bytes: 0 };
    const landing = await server(endless(256 * MiB, sent, 'text/html'));
    const definition: ListDefinition = {
      ...waHca,
      id: 'guard_test',
      baseUrlEnv: 'GUARD_TEST_BASE_URL',
      locate: { kind: 'page_links', pageUrl: (base) => `${base}/landing`, hops: [{ href: /\.xlsx$/ }] },
    };
    process.env.GUARD_TEST_BASE_URL = landing.url;
    const loopback = process.env.SOURCE_ALLOW_LOOPBACK;
    process.env.SOURCE_ALLOW_LOOPBACK = 'true';
    try {
      const refusal = await rejectionOf(locateNewest(definition, timeouts), IngestRefusal);
      expect(refusal.kind).toBe('limit');
      expect(refusal.message).toMatch(/the page is larger than 8\.0 MiB, the limit/);
    } finally {
      delete process.env.GUARD_TEST_BASE_URL;
      if (loopback === undefined) delete process.env.SOURCE_ALLOW_LOOPBACK;
      else process.env.SOURCE_ALLOW_LOOPBACK = loopback;
    }
    expect(sent.bytes).toBeLessThan(64 * MiB);
  });
});
