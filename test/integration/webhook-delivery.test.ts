import { createHmac, generateKeyPairSync, timingSafeEqual } from 'node:crypto';
import { createServer as createHttpServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import forge from 'node-forge';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { deliverWebhook, webhookUserAgent } from '#shared/features/webhooks/deliver-webhook.ts';
import { verifyStandardWebhook } from '#shared/features/webhooks/webhook-signature.ts';
import { checkWebhookUrl } from '#shared/features/webhooks/webhook-url-guard.ts';
import { serviceSignatureValid, standardSignatureCheck } from '../support/webhook-receiver.ts';

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
  return deliverWebhook({
    url: `http://127.0.0.1:${port}/hooks/in?x=1`,
    addresses: ['127.0.0.1'],
    body,
    secret,
    eventId: 'evt_test_1',
    timestamp,
    ...overrides,
  });
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

  it('also signs id, timestamp and body the Standard Webhooks way; the receiver verifies both signatures', async () => {
    const sentAt = new Date();
    expect(await attempt({ timestamp: sentAt })).toMatchObject({ ok: true });
    const request = { headers: received[0]!.headers, body: received[0]!.body.toString('utf8') };
    expect(request.headers).toMatchObject({
      'webhook-id': 'evt_test_1',
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      'service-timestamp': sentAt.toISOString(),
    });
    expect(serviceSignatureValid(request, secret)).toBe(true);
    expect(standardSignatureCheck(request, secret)).toBe('valid');
    expect(standardSignatureCheck(request, `${secret}x`)).toBe('bad_signature');
    expect(standardSignatureCheck({ ...request, body: `${request.body} ` }, secret)).toBe('bad_signature');
  });

  it('a replayed request is detectable: its old timestamp is refused, and a fresh timestamp breaks the signature', async () => {
    const sentAt = new Date();
    await attempt({ timestamp: sentAt });
    const captured = { headers: received[0]!.headers, body: received[0]!.body.toString('utf8') };
    const later = new Date(sentAt.getTime() + 5 * 60_000 + 1_000);
    // The spec's signature alone cannot tell: it still verifies.
    expect(serviceSignatureValid(captured, secret)).toBe(true);
    expect(standardSignatureCheck(captured, secret, new Date(sentAt.getTime() + 4 * 60_000))).toBe('valid');
    expect(standardSignatureCheck(captured, secret, later)).toBe('stale');
    const refreshed = { ...captured, headers: { ...captured.headers, 'webhook-timestamp': String(Math.floor(later.getTime() / 1000)) } };
    expect(standardSignatureCheck(refreshed, secret, later)).toBe('bad_signature');
    // The service's own verifier (the API guide's checker, docs/examples, does the same) agrees.
    const headers = (h: IncomingHttpHeaders) => ({
      id: h['webhook-id'] as string,
      timestamp: h['webhook-timestamp'] as string,
      signature: h['webhook-signature'] as string,
    });
    expect(verifyStandardWebhook(captured.body, secret, headers(captured.headers), sentAt)).toEqual({ ok: true });
    expect(verifyStandardWebhook(captured.body, secret, headers(captured.headers), later)).toEqual({ ok: false, reason: 'too_old' });
    expect(verifyStandardWebhook(captured.body, secret, headers(refreshed.headers), later)).toEqual({ ok: false, reason: 'no_matching_signature' });
  });

  it('signs each attempt with its own timestamp: a retry is fresh, under the same webhook-id', async () => {
    await attempt({ timestamp: new Date('2026-03-01T12:00:00.000Z') });
    await attempt({ timestamp: new Date('2026-03-01T12:05:00.000Z') });
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(['evt_test_1', 'evt_test_1']);
    expect(received.map((r) => r.headers['webhook-timestamp'])).toEqual(['1772366400', '1772366700']);
    expect(received[0]!.headers['webhook-signature']).not.toBe(received[1]!.headers['webhook-signature']);
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
    expect(await attempt()).toMatchObject({ ok: false, status: 500, error: 'http_status', detail: 'HTTP 500' });
    behaviour = (_req, res) => res.writeHead(404).end();
    expect(await attempt()).toMatchObject({ ok: false, status: 404, error: 'http_status', detail: 'HTTP 404' });
  });

  it('does not follow a redirect: 302 is a failure and the target is never requested', async () => {
    behaviour = (req, res) => {
      if (req.url === '/target') res.writeHead(200).end('reached');
      else res.writeHead(302, { Location: `http://127.0.0.1:${port}/target` }).end();
    };
    const result = await attempt();
    expect(result).toMatchObject({ ok: false, status: 302, error: 'http_status', detail: expect.stringContaining('redirect') });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.map((r) => r.path)).toEqual(['/hooks/in?x=1']);
  });

  it('gives up at the deadline when the receiver answers too late', async () => {
    behaviour = (_req, res) => {
      const timer = setTimeout(() => res.writeHead(200).end('late'), 2_000);
      res.on('close', () => clearTimeout(timer));
    };
    const result = await attempt({ timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout', detail: 'timed out after 300 ms' });
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

  it('reports a refused connection as connection_failed; the system error is only in the detail (for logs)', async () => {
    const closed = createHttpServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await attempt({ url: `http://127.0.0.1:${closedPort}/` });
    expect(result).toMatchObject({ ok: false, status: null, error: 'connection_failed', detail: 'connection failed (ECONNREFUSED)' });
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
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout', detail: 'timed out after 400 ms' });
    expect(result.durationMs).toBeLessThan(1_500);
  });

  it('a TLS handshake that never completes is a failed connection, not a time-out (a silent port looks like a closed one)', async () => {
    const accepted: Socket[] = [];
    const silent = createTcpServer((socket) => {
      accepted.push(socket);
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const result = await attempt({ url: `https://127.0.0.1:${(silent.address() as AddressInfo).port}/`, timeoutMs: 400 });
      expect(result).toMatchObject({ ok: false, status: null, error: 'connection_failed', detail: 'not connected after 400 ms' });
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('TLS failures', () => {
  let tls: ReturnType<typeof createHttpsServer>;
  let tlsPort = 0;
  beforeAll(async () => {
    // A self-signed certificate: no public CA vouches for it.
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
    cert.serialNumber = '01';
    cert.validity.notBefore = new Date(Date.now() - 86_400_000);
    cert.validity.notAfter = new Date(Date.now() + 86_400_000);
    cert.setSubject([{ name: 'commonName', value: 'receiver.test' }]);
    cert.setIssuer([{ name: 'commonName', value: 'receiver.test' }]);
    const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    cert.sign(forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
    tls = createHttpsServer({ key: keyPem, cert: forge.pki.certificateToPem(cert) }, (_req, res) => res.writeHead(200).end());
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    tlsPort = (tls.address() as AddressInfo).port;
  });
  afterAll(async () => {
    tls.closeAllConnections();
    await new Promise<void>((resolve) => tls.close(() => resolve()));
  });

  it('an untrusted certificate is tls_error, its OpenSSL code only in the detail', async () => {
    const result = await attempt({ url: `https://receiver.test:${tlsPort}/`, timeoutMs: 3_000 });
    expect(result).toMatchObject({ ok: false, status: null, error: 'tls_error', detail: expect.stringMatching(/SELF_SIGNED|UNABLE_TO_VERIFY/) });
  });

  it('plain http on the port an https URL names is tls_error', async () => {
    const result = await attempt({ url: `https://127.0.0.1:${port}/`, timeoutMs: 3_000 });
    expect(result).toMatchObject({ ok: false, status: null, error: 'tls_error' });
  });
});

describe('URL guard with the local receiver', () => {
  it('refuses 127.0.0.1 unless loopback receivers are allowed (test keys), then the vetted address is delivered to', async () => {
    const url = `http://127.0.0.1:${port}/hooks/in`;
    expect(await checkWebhookUrl(url, { mode: 'test' })).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('https://127.0.0.1/', { mode: 'test' })).toMatchObject({
      ok: false,
      reason: expect.stringContaining('non-public address'),
    });
    expect(await checkWebhookUrl(url, { mode: 'live', allowLoopback: true })).toMatchObject({ ok: false });
    expect(await checkWebhookUrl('https://127.0.0.1/', { mode: 'live', allowLoopback: true })).toMatchObject({ ok: false, refusal: 'blocked_destination' });

    const check = await checkWebhookUrl(url, { mode: 'test', allowLoopback: true });
    expect(check).toMatchObject({ ok: true, addresses: ['127.0.0.1'] });
    if (!check.ok) return;
    const result = await deliverWebhook({ url: check.url.href, addresses: check.addresses, body, secret, eventId: 'evt_guarded', timestamp });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(received[0]).toMatchObject({ signatureValid: true, path: '/hooks/in' });
  });

  it('refuses localhost when it is not allowed, through a resolver answering loopback', async () => {
    const resolve = async () => ['127.0.0.1', '::1'];
    expect(await checkWebhookUrl(`https://localhost:${port}/`, { mode: 'test', resolve })).toMatchObject({ ok: false });
  });
});
