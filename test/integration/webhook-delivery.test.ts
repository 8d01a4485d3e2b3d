import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook, webhookUserAgent } from '#shared/webhooks/deliver-webhook.ts';
import { checkWebhookUrl } from '#shared/webhooks/webhook-url-guard.ts';

const secret = 'whsec_integration_0123456789';

/** Receiver-side check written independently of the library: HMAC over the raw bytes received. */
function receiverVerifies(raw: Buffer, header: string | string[] | undefined): boolean {
  if (typeof header !== 'string') return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  const received = Buffer.from(header, 'hex');
  return received.length === expected.length && header === header.toLowerCase() && timingSafeEqual(received, expected);
}

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  signatureValid: boolean;
}

type Behaviour = (req: IncomingMessage, res: ServerResponse) => void;

let behaviour: Behaviour = (_req, res) => res.writeHead(200).end('ok');
const received: Received[] = [];
const openSockets = new Set<Socket>();
const server = createHttpServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    received.push({ path: req.url ?? '', headers: req.headers, body, signatureValid: receiverVerifies(body, req.headers['service-signature']) });
    behaviour(req, res);
  });
});
server.on('connection', (socket) => {
  openSockets.add(socket);
  socket.on('close', () => openSockets.delete(socket));
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterEach(() => {
  received.length = 0;
  behaviour = (_req, res) => res.writeHead(200).end('ok');
});
afterAll(async () => {
  for (const socket of openSockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const body = JSON.stringify({
  event_id: 'evt_test_1',
  type: 'license.status_changed',
  provider: { name: 'Zoë Ångström', license_number: 'MD-12345' },
  change: { from: 'active', to: 'suspended' },
});
const timestamp = new Date('2026-03-01T12:00:00.000Z');

function attempt(overrides: Partial<Parameters<typeof deliverWebhook>[0]> = {}) {
  return deliverWebhook({ url: `http://127.0.0.1:${port}/hooks/in?x=1`, addresses: ['127.0.0.1'], body, secret, eventId: 'evt_test_1', timestamp, ...overrides });
}

describe('webhook delivery to a local receiver', () => {
  it('POSTs the signed raw body with the service headers; 2xx is success', async () => {
    const result = await attempt();
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe('/hooks/in?x=1');
    expect(request!.body.toString('utf8')).toBe(body);
    expect(request!.signatureValid).toBe(true);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'service-event-id': 'evt_test_1',
      'service-timestamp': '2026-03-01T12:00:00.000Z',
      'user-agent': webhookUserAgent,
    });
    expect(request!.headers['service-signature']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts any 2xx (202, 204)', async () => {
    behaviour = (_req, res) => res.writeHead(202).end();
    expect(await attempt()).toMatchObject({ ok: true, status: 202 });
    behaviour = (_req, res) => res.writeHead(204).end();
    expect(await attempt()).toMatchObject({ ok: true, status: 204 });
  });

  it('sends the same event id and body on every attempt', async () => {
    await attempt();
    await attempt();
    expect(received.map((r) => r.headers['service-event-id'])).toEqual(['evt_test_1', 'evt_test_1']);
    expect(received[0]!.body.equals(received[1]!.body)).toBe(true);
    expect(received[0]!.headers['service-signature']).toBe(received[1]!.headers['service-signature']);
  });

  it('connects only to the vetted address, whatever the host name resolves to (Host keeps the name)', async () => {
    const result = await attempt({ url: `http://receiver.invalid:${port}/pinned` });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(received[0]!.headers.host).toBe(`receiver.invalid:${port}`);
  });

  it('treats a 500 as a failure with its status', async () => {
    behaviour = (_req, res) => res.writeHead(500).end('boom');
    expect(await attempt()).toMatchObject({ ok: false, status: 500, error: 'HTTP 500' });
    behaviour = (_req, res) => res.writeHead(404).end();
    expect(await attempt()).toMatchObject({ ok: false, status: 404, error: 'HTTP 404' });
  });

  it('does not follow a redirect: 302 is a failure and the target is never requested', async () => {
    behaviour = (req, res) => {
      if (req.url === '/target') res.writeHead(200).end('reached');
      else res.writeHead(302, { Location: `http://127.0.0.1:${port}/target` }).end();
    };
    const result = await attempt();
    expect(result).toMatchObject({ ok: false, status: 302, error: expect.stringContaining('redirect') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((r) => r.path)).toEqual(['/hooks/in?x=1']);
  });

  it('gives up at the deadline when the receiver answers too late', async () => {
    behaviour = (_req, res) => {
      const timer = setTimeout(() => res.writeHead(200).end('late'), 2_000);
      res.on('close', () => clearTimeout(timer));
    };
    const result = await attempt({ timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, error: 'timed out after 300 ms' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(1_500);
  });

  it('reads only a bounded part of a large response and still reports its 2xx', async () => {
    behaviour = (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const chunk = 'x'.repeat(64 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 256 && res.write(chunk)) sent++;
        if (sent < 256 && !res.destroyed) res.once('drain', pump);
        else res.end();
      };
      pump();
    };
    const result = await attempt({ timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.durationMs).toBeLessThan(2_000);
  });

  it('reports a refused connection', async () => {
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await attempt({ url: `http://127.0.0.1:${closedPort}/` });
    expect(result).toMatchObject({ ok: false, status: null, error: 'connection failed (ECONNREFUSED)' });
  });
});

describe('whole-request deadline against a trickling receiver', () => {
  let tcp: Server;
  let tcpPort = 0;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // Sends a response head one header line every 100 ms and never finishes it: the socket is never
    // idle, so only a whole-request deadline stops the attempt.
    tcp = createTcpServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.write('HTTP/1.1 200 OK\r\n');
      const timer = setInterval(() => socket.write('X-Slow: 1\r\n'), 100);
      socket.on('close', () => {
        clearInterval(timer);
        sockets.delete(socket);
      });
    });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    tcpPort = (tcp.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => tcp.close(() => resolve()));
  });

  it('times out even though bytes keep arriving', async () => {
    const result = await attempt({ url: `http://127.0.0.1:${tcpPort}/`, timeoutMs: 400 });
    expect(result).toMatchObject({ ok: false, status: null, error: 'timed out after 400 ms' });
    expect(result.durationMs).toBeLessThan(1_500);
  });
});

describe('URL guard with the local receiver', () => {
  it('refuses 127.0.0.1 unless allowed by configuration, then the vetted address is delivered to', async () => {
    const url = `http://127.0.0.1:${port}/hooks/in`;
    expect(await checkWebhookUrl(url, { mode: 'test', allowedHosts: [] })).toMatchObject({ ok: false });
    expect(await checkWebhookUrl(`https://127.0.0.1:${port}/`, { mode: 'test', allowedHosts: [] })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('non-public address'),
    });
    expect(await checkWebhookUrl(url, { mode: 'live', allowedHosts: ['127.0.0.1'] })).toMatchObject({ ok: false });

    const check = await checkWebhookUrl(url, { mode: 'test', allowedHosts: ['127.0.0.1', 'localhost'] });
    expect(check).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
    if (!check.ok) return;
    const result = await deliverWebhook({ url: check.url.href, addresses: check.addresses, body, secret, eventId: 'evt_guarded', timestamp });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(received[0]).toMatchObject({ signatureValid: true, path: '/hooks/in' });
  });

  it('refuses localhost when it is not allowed, through a resolver answering loopback', async () => {
    const resolve = async () => ['127.0.0.1', '::1'];
    expect(await checkWebhookUrl(`https://localhost:${port}/`, { mode: 'test', allowedHosts: [], resolve })).toMatchObject({ ok: false });
  });
});
