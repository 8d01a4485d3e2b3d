/**
 * The local API gateway: an HTTP server that routes each request through the route table, turns it into
 * an API Gateway HTTP API payload-2.0 event, and invokes the same handler module the CDK route deploys.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { errorBody, type ErrorCode } from '#shared/contract/error-catalogue.ts';
import { matchRoute, type RouteDefinition } from '#shared/platform/infra/routes.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { fromHandlerResult, splitUrl, toHttpApiEvent } from './http-event.ts';
import { invoke, InvocationTimeout } from './lambda-runtime.ts';

/** API Gateway's own payload limit; the handlers apply the API's smaller limit. */
export const gatewayMaxBodyBytes = 10 * 1024 * 1024;
const defaultTimeoutSeconds = 10;

export interface GatewayOptions {
  readonly routes: readonly RouteDefinition[];
  readonly fallback: { readonly id: string; readonly entry: string };
  readonly host?: string;
  readonly port?: number;
  /** Until this returns true every request gets 503 (the stack is still starting). */
  readonly isReady?: () => boolean;
}

export interface Gateway {
  readonly url: string;
  readonly server: Server;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, headers: Record<string, string | string[]>, body: Buffer): void {
  res.writeHead(status, { ...headers, 'content-length': String(body.length) });
  res.end(body);
}

function sendError(res: ServerResponse, status: number, code: ErrorCode, message: string, extra: Record<string, string> = {}): void {
  send(res, status, { 'content-type': 'application/json; charset=utf-8', ...extra }, Buffer.from(JSON.stringify(errorBody(code, message))));
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > gatewayMaxBodyBytes) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too_large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export function newRequestId(): string {
  return randomBytes(12).toString('base64url');
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      logger.error('Local gateway failure', { error: (error as Error).message });
      if (!res.headersSent) sendError(res, 500, 'internal_error', 'The gateway failed to process the request.');
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    if (body === 'too_large') {
      sendError(res, 413, 'request_too_large', `Request body exceeds the gateway limit of ${gatewayMaxBodyBytes} bytes.`);
      return;
    }
    if (options.isReady && !options.isReady()) {
      sendError(res, 503, 'service_unavailable', 'The service is starting. Retry in a moment.', { 'retry-after': '1' });
      return;
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const { path } = splitUrl(req.url ?? '/');
    const { match } = matchRoute(options.routes, method, path);
    const target = match ? match.route : options.fallback;
    const timeoutMs = ((match?.route.timeoutSeconds ?? defaultTimeoutSeconds) as number) * 1000;
    const event = toHttpApiEvent(
      { method, url: req.url ?? '/', headers: req.headers, body, sourceIp: req.socket.remoteAddress ?? '127.0.0.1' },
      {
        routeKey: match ? `${match.route.method} ${match.route.path}` : '$default',
        pathParameters: match?.pathParameters,
        requestId: newRequestId(),
        time: new Date(),
        domainName: req.headers.host ?? '127.0.0.1',
      },
    );
    let result: unknown;
    try {
      result = await invoke(target.entry, target.id, event, timeoutMs);
    } catch (error) {
      // What API Gateway answers when the function fails or runs out of time: a bare 500 in its own
      // shape, not the API's. A handler must answer before its time limit (pipeline-frame.ts).
      logger.error(error instanceof InvocationTimeout ? 'Handler timed out' : 'Handler failed', { function: target.id, error: (error as Error).message });
      send(res, 500, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify({ message: 'Internal Server Error' })));
      return;
    }
    const response = fromHandlerResult(result);
    send(res, response.statusCode, response.headers as Record<string, string | string[]>, response.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  server.keepAliveTimeout = 5_000;
  const address = server.address() as AddressInfo;
  return {
    url: `http://${address.address}:${address.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
