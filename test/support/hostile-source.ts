/**
 * A source server for tests of what the service fetches: a plain HTTP server on loopback whose answer a
 * test chooses per request (a page with links, a redirect, a file), recording every request it gets, so
 * a test can prove that a refused destination was never asked.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface SourceServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly received: ReceivedRequest[];
  /** TCP connections accepted so far (a kept-alive connection carries several requests). */
  readonly connections: number;
  close(): Promise<void>;
}

export type Answer = (request: ReceivedRequest, res: ServerResponse) => void;

/** Answers 404 to everything unless `answer` says otherwise. */
export async function startSourceServer(answer: Answer = (_req, res) => res.writeHead(404).end()): Promise<SourceServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const request = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      received.push(request);
      answer(request, res);
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    received,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An HTML page of links. */
export function linksPage(links: readonly { href: string; text: string }[]): string {
  return `<!DOCTYPE html><html><body><ul>${links.map((l) => `<li><a href="${l.href}">${l.text}</a></li>`).join('')}</ul></body></html>`;
}

/**
 * A resolver answering `answers` by host name (ENOTFOUND for any other), noting each host asked in `asked`:
 * what a test gives the service's DNS lookup in place of the system's.
 */
export const resolving =
  (answers: Record<string, string[]>, asked: string[] = []) =>
  async (host: string): Promise<string[]> => {
    asked.push(host);
    const found = answers[host];
    if (!found) throw Object.assign(new Error(`no ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
