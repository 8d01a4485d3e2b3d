/**
 * What a live lookup (a state board's Socrata query, the NPPES API) may connect to: the configured host's
 * addresses, checked by the rules source downloads follow (public only; loopback where the local stack
 * allows it), the connection made to the checked address, and kept alive across lookups. Real HTTP
 * servers on loopback play the source; each refusal is proven by the server having received nothing.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SourceError, unavailableReasonOf } from '#shared/features/sources/errors.ts';
import { fetchSource } from '#shared/features/sources/http-fetch.ts';
import { NppesClient } from '#shared/features/sources/nppes/nppes-client.ts';
import { SodaClient } from '#shared/features/sources/soda/soda-client.ts';
import { logger } from '#shared/platform/observability/logger.ts';
import { resolving, type SourceServer, startSourceServer } from '../support/hostile-source.ts';
import { rejectionOf } from '../support/rejection.ts';

const policy = { timeoutMs: 2_000, retries: 2, backoffMs: 10 };
const nppesAnswer = JSON.stringify({ result_count: 0, results: [] });

const servers: SourceServer[] = [];
async function server(...args: Parameters<typeof startSourceServer>): Promise<SourceServer> {
  const started = await startSourceServer(...args);
  servers.push(started);
  return started;
}

let savedLoopback: string | undefined;
beforeEach(() => {
  savedLoopback = process.env.SOURCE_ALLOW_LOOPBACK;
  delete process.env.SOURCE_ALLOW_LOOPBACK;
});
afterEach(async () => {
  if (savedLoopback === undefined) delete process.env.SOURCE_ALLOW_LOOPBACK;
  else process.env.SOURCE_ALLOW_LOOPBACK = savedLoopback;
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const json = (body: string) => (_req: unknown, res: import('node:http').ServerResponse) => res.writeHead(200, { 'content-type': 'application/json' }).end(body);

describe('a configured host on loopback', () => {
  it('is refused for NPPES and a board without the local-stack setting: unreachable, asked once, nothing sent', async () => {
    const source = await server(json(nppesAnswer));
    const warn = vi.spyOn(logger, 'warn');
    for (const base of [source.url, `http://localhost:${source.port}`]) {
      const started = Date.now();
      const error = await rejectionOf(new NppesClient(`${base}/api/`, policy).lookup('1457485542'), SourceError);
      expect(error.failure, base).toBe('connection');
      expect(error.message, base).toMatch(
        /^NPPES NPI Registry: refused http:\/\/(127\.0\.0\.1|localhost):\d+: \S+ resolves to a non-public address \((127\.0\.0\.1|::1), (127\.0\.0\.0\/8|::1\/128) loopback\)$/,
      );
      expect(unavailableReasonOf(error).code).toBe('unreachable');
      // Not retried: refused at once, without the backoff a retry would wait.
      expect(Date.now() - started, base).toBeLessThan(1_000);
    }
    const board = { baseUrl: source.url, id: 'abcd-1234', source: 'Test board' };
    const error = await rejectionOf(new SodaClient({ policy, appToken: '' }).query(board, { order: ':id' }), SourceError);
    expect(error.failure).toBe('connection');
    expect(error.message).toMatch(/^Test board: refused http:\/\/127\.0\.0\.1:\d+: 127\.0\.0\.1 resolves to a non-public address/);
    expect(source.received).toEqual([]);
    expect(source.connections).toBe(0);
    // Counted and logged like every other source failure: by kind, never with bytes.
    const failures = warn.mock.calls.filter(([message]) => message === 'Source unavailable');
    expect(failures.map(([, fields]) => fields)).toEqual([
      { source: 'NPPES NPI Registry', failure: 'connection', http_status: undefined },
      { source: 'NPPES NPI Registry', failure: 'connection', http_status: undefined },
      { source: 'Test board', failure: 'connection', http_status: undefined },
    ]);
  });

  it('is reached where the local stack allows loopback (SOURCE_ALLOW_LOOPBACK=true)', async () => {
    const source = await server((req, res) => (req.path.startsWith('/api/') ? json(nppesAnswer)(req, res) : json('[{"license_number":"RN1"}]')(req, res)));
    process.env.SOURCE_ALLOW_LOOPBACK = 'true';
    expect(await new NppesClient(`${source.url}/api/`, policy).lookup('1457485542')).toBeNull();
    const board = { baseUrl: `http://localhost:${source.port}`, id: 'abcd-1234', source: 'Test board' };
    expect(await new SodaClient({ policy, appToken: '' }).query(board, { order: ':id' })).toEqual([{ license_number: 'RN1' }]);
    expect(source.received.map((r) => r.path.split('?')[0])).toEqual(['/api/', '/api/', '/resource/abcd-1234.json']);
  });
});

describe('a configured host name resolving to a non-public address', () => {
  const answers = {
    'metadata.source.test': ['169.254.169.254'],
    'private.source.test': ['10.20.30.40'],
    'mapped.source.test': ['::ffff:10.0.0.1'],
    // One loopback address does not waive another that is private.
    'mixed.source.test': ['127.0.0.1', '192.168.1.10'],
  };

  it('is refused, loopback allowed or not, without a connection', async () => {
    const source = await server(json('[]'));
    for (const host of Object.keys(answers)) {
      for (const allowLoopback of [false, true]) {
        const url = `http://${host}:${source.port}/resource/abcd-1234.json`;
        const error = await rejectionOf(fetchSource('Test board', url, { addresses: { allowLoopback, resolve: resolving(answers) } }, policy), SourceError);
        expect(error.failure, host).toBe('connection');
        expect(error.message, host).toContain(`refused http://${host}:${source.port}: ${host} resolves to a non-public address`);
      }
    }
    const metadata = await rejectionOf(
      fetchSource('Test board', 'http://169.254.169.254/latest/meta-data/', { addresses: { allowLoopback: true } }, policy),
      SourceError,
    );
    expect(metadata.message).toBe(
      'Test board: refused http://169.254.169.254: 169.254.169.254 resolves to a non-public address (169.254.169.254, 169.254.0.0/16 link-local (cloud metadata))',
    );
    expect(source.received).toEqual([]);
  });

  it('that resolves to loopback where allowed is connected to at the checked address, never to a second answer of the resolver', async () => {
    const source = await server((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(`host ${req.headers.host}`));
    const asked: string[] = [];
    // The system resolver does not know this name: the request can only reach the server through the checked address.
    const url = `http://board.example.test:${source.port}/resource/abcd-1234.json`;
    const response = await fetchSource(
      'Test board',
      url,
      { addresses: { allowLoopback: true, resolve: resolving({ 'board.example.test': ['127.0.0.1'] }, asked) } },
      policy,
    );
    expect(response.text).toBe(`host board.example.test:${source.port}`);
    expect(asked).toEqual(['board.example.test']);
  });

  it('that does not resolve is a connection failure, retried', async () => {
    const asked: string[] = [];
    const error = await rejectionOf(
      fetchSource('Test board', 'http://nowhere.source.test:8080/x', { addresses: { allowLoopback: true, resolve: resolving({}, asked) } }, policy),
      SourceError,
    );
    expect(error.failure).toBe('connection');
    expect(error.message).toMatch(/connection failed \(ENOTFOUND\)/);
    expect(asked).toHaveLength(policy.retries + 1);
  });
});

describe('keep-alive', () => {
  it('consecutive lookups to one origin reuse one connection', async () => {
    const source = await server((req, res) => json(req.path.startsWith('/api/') ? nppesAnswer : '[]')(req, res));
    process.env.SOURCE_ALLOW_LOOPBACK = 'true';
    const client = new NppesClient(`${source.url}/api/`, policy);
    const board = { baseUrl: source.url, id: 'abcd-1234', source: 'Test board' };
    const soda = new SodaClient({ policy, appToken: '' });
    // undici hands a connection back to its pool one event-loop turn after its answer ends (so a server
    // that closes it despite keep-alive is noticed first); lookups of separate verifications come later still.
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    await soda.query(board, { order: ':id' });
    await nextTurn();
    await soda.query(board, { order: ':id' });
    await nextTurn();
    expect(await client.searchIndividuals({ lastName: 'OKAFOR', state: 'WA' })).toEqual([]);
    expect(source.received).toHaveLength(3);
    expect(source.connections).toBe(1);
  });
});
