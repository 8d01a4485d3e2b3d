/**
 * The example programs of the API guide (docs/examples/), run as a reader would run them, against the
 * local stack: the certificate checkers in JavaScript and Python on a real test-key certificate and on
 * tampered copies, the quick-start script, and the webhook receivers in JavaScript and Python, each
 * registered as a test monitor's receiver and sent real deliveries. The guide shows each file as it is.
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverageTableMarkers } from '#shared/features/sources/boards/coverage-table.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { independentHash } from '../support/independent-canonical.ts';

const root = join(import.meta.dirname, '..', '..');
const examples = join(root, 'docs', 'examples');
const guide = join(root, 'docs', 'api-guide.md');

/** Whether python3 can import `cryptography`, which the Python certificate checker needs for the signature. */
const pythonCrypto = spawnSync('python3', ['-c', 'import cryptography'], { encoding: 'utf8' });
const pythonCryptoMissing =
  pythonCrypto.error !== undefined || pythonCrypto.status !== 0
    ? `python3 cannot import cryptography (${(pythonCrypto.error?.message ?? pythonCrypto.stderr).trim().split('\n').at(-1)}); pip install cryptography to run the Python checker`
    : undefined;

let t: TestStack;
let testKey: string;
let work: string;

beforeAll(async () => {
  t = await startTestStack();
  testKey = (await t.issue({ plan: 'enterprise', mode: 'test' })).api_key;
  work = mkdtempSync(join(tmpdir(), 'docs-examples-'));
}, 120_000);
afterAll(async () => {
  await t?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

const post = (path: string, body: unknown) =>
  t.call(path, { method: 'POST', key: testKey, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** Runs a program to its end (asynchronously, so the stack keeps answering meanwhile). */
function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd ?? work, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the API guide shows the example files', () => {
  it('each `<!-- example: name -->` block is that file, byte for byte, and every example is shown', () => {
    const text = readFileSync(guide, 'utf8');
    const shown = [...text.matchAll(/<!-- example: (\S+) -->\n```\w+\n([\s\S]*?)```\n/g)];
    expect(shown.map((m) => m[1]).sort()).toEqual(['check-certificate.mjs', 'check_certificate.py', 'quickstart.sh', 'receiver.mjs', 'receiver.py']);
    for (const [, name, body] of shown) expect(body, name).toBe(readFileSync(join(examples, name!), 'utf8'));
  });
});

describe('the README', () => {
  it('README stays a short introduction: at most 250 lines besides the coverage table, which grows a row a state source', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const table = readme.slice(readme.indexOf(coverageTableMarkers.begin), readme.indexOf(coverageTableMarkers.end));
    expect(table.length).toBeGreaterThan(0);
    expect(readme.split('\n').length - table.split('\n').length).toBeLessThanOrEqual(250);
  });
});

describe('the certificate checkers', () => {
  let genuine: Record<string, any>;

  beforeAll(async () => {
    const result = await post('/v1/verify', { first_name: 'Amelia', last_name: 'Brightwater', state: 'WA' });
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ status: 'active', verified: true, sandbox: true, mode: 'test' });
    const certificate = await t.call(`/v1/certificate/${result.body.verification_id}`, { key: testKey });
    expect(certificate.status, certificate.text).toBe(200);
    genuine = certificate.body;
    const keys = await t.call('/v1/signing-keys');
    expect(keys.status).toBe(200);
    writeFileSync(join(work, 'signing-keys.json'), keys.text);
    writeFileSync(join(work, 'certificate.json'), certificate.text);
    // A changed name: the hash no longer matches.
    writeFileSync(join(work, 'tampered.json'), JSON.stringify({ ...genuine, provider: { ...genuine.provider, name: `${genuine.provider.name}x` } }));
    // A changed outcome with its hash recomputed: only the signature can tell.
    const changed: Record<string, any> = { ...genuine, result: { ...genuine.result, status: 'revoked', verified: false } };
    const { certificate_hash: _hash, ...rest } = changed;
    const rehashed = { ...rest, certificate_hash: independentHash(rest) };
    writeFileSync(join(work, 'rehashed.json'), JSON.stringify(rehashed));
  });

  it('JavaScript: a genuine certificate prints two trues; a tampered one is refused', async () => {
    const checker = join(examples, 'check-certificate.mjs');
    const ok = await run('node', [checker, 'certificate.json', 'signing-keys.json']);
    expect(ok.stdout, ok.stderr).toContain("{ hashOk: true, signatureOk: true, mode: 'test' }");
    expect(ok.code).toBe(0);
    const tampered = await run('node', [checker, 'tampered.json', 'signing-keys.json']);
    expect(tampered.stdout, tampered.stderr).toContain('hashOk: false');
    expect(tampered.code).toBe(1);
    const rehashed = await run('node', [checker, 'rehashed.json', 'signing-keys.json']);
    expect(rehashed.stdout, rehashed.stderr).toContain('{ hashOk: true, signatureOk: false');
    expect(rehashed.code).toBe(1);
  });

  it.skipIf(pythonCryptoMissing !== undefined)(
    `Python: a genuine certificate prints two trues; a tampered one is refused${pythonCryptoMissing ? ` (skipped: ${pythonCryptoMissing})` : ''}`,
    async () => {
      const checker = join(examples, 'check_certificate.py');
      const ok = await run('python3', [checker, 'certificate.json', 'signing-keys.json']);
      expect(ok.stdout, ok.stderr).toContain("{'hash_ok': True, 'signature_ok': True, 'mode': 'test'}");
      expect(ok.code).toBe(0);
      const tampered = await run('python3', [checker, 'tampered.json', 'signing-keys.json']);
      expect(tampered.stdout, tampered.stderr).toContain("'hash_ok': False");
      expect(tampered.code).toBe(1);
      const rehashed = await run('python3', [checker, 'rehashed.json', 'signing-keys.json']);
      expect(rehashed.stdout, rehashed.stderr).toContain("{'hash_ok': True, 'signature_ok': False");
      expect(rehashed.code).toBe(1);
    },
  );
});

describe('the quick-start script', () => {
  it('verifies, fetches and checks a certificate, and forces an outcome', async () => {
    const dir = mkdtempSync(join(work, 'quickstart-'));
    const out = await run('bash', [join(examples, 'quickstart.sh')], { cwd: dir, env: { BASE: t.url, KEY: testKey } });
    expect(out.code, `${out.stdout}\n${out.stderr}`).toBe(0);
    expect(out.stdout).toContain('"license_number": "SB1000001"');
    expect(out.stdout).toContain("{ hashOk: true, signatureOk: true, mode: 'test' }");
    expect(out.stdout).toContain('{"status":"suspended","verified":false,"sandbox":true}');
    expect(out.stdout).toContain('{"state":"WA","uncovered_profession":"rejected_before_lookup"}');
  }, 60_000);
});

/** A receiver example running as a child process, with the JSON lines it printed. */
interface RunningReceiver {
  readonly port: number;
  readonly lines: Record<string, any>[];
  readonly stderr: () => string;
  stop(): void;
}

async function startReceiver(command: string, file: string, secret: string, nextSecret?: string): Promise<RunningReceiver> {
  const child: ChildProcessWithoutNullStreams = spawn(command, [join(examples, file)], {
    env: { ...process.env, WEBHOOK_SECRET: secret, ...(nextSecret ? { WEBHOOK_SECRET_NEXT: nextSecret } : {}), PORT: '0' },
  });
  const lines: Record<string, any>[] = [];
  let stderr = '';
  let pending = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const complete = pending.split('\n');
    pending = complete.pop()!;
    for (const line of complete) if (line.trim()) lines.push(JSON.parse(line) as Record<string, any>);
  });
  const port = await waitFor(
    `${file} to listen`,
    () => lines.find((l) => typeof l.listening === 'number')?.listening as number | undefined,
    15_000,
    () => stderr,
  );
  return { port, lines, stderr: () => stderr, stop: () => void child.kill() };
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms: number, detail: () => string = () => ''): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}. ${detail()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A delivery signed with `secret` both ways, as the service signs it, at `timestamp` (unix seconds). */
function signedDelivery(secret: string, body: string, id: string, timestamp: number): Record<string, string> {
  return {
    'content-type': 'application/json',
    'service-signature': createHmac('sha256', secret).update(body).digest('hex'),
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`,
  };
}

describe.each([
  ['JavaScript', 'node', 'receiver.mjs'],
  ['Python', 'python3', 'receiver.py'],
])('the %s webhook receiver', (_language, command, file) => {
  const secret = `docs-example-secret-${file}`;
  let receiver: RunningReceiver;

  beforeAll(async () => {
    receiver = await startReceiver(command, file, secret);
  });
  afterAll(() => receiver?.stop());

  it('reports each delivery of a test monitor check as valid', async () => {
    const monitor = await post('/v1/monitor', {
      first_name: 'Pat',
      last_name: 'test-flapping',
      state: 'WA',
      webhook_url: `http://127.0.0.1:${receiver.port}/hooks`,
      webhook_secret: secret,
    });
    expect(monitor.status, monitor.text).toBe(200);
    const check = await post(`/v1/monitor/${monitor.body.monitor_id}/check`, {});
    expect(check.status, check.text).toBe(200);
    const events = check.body.events as { event_id: string; event: string }[];
    expect(events.map((e) => e.event)).toContain('license.status_changed');
    for (const event of events) {
      const line = await waitFor(`${event.event} at ${file}`, () => receiver.lines.find((l) => l.event_id === event.event_id), 60_000, receiver.stderr);
      expect(line.received).toBe(event.event);
    }
    expect(receiver.lines.find((l) => l.received === 'license.status_changed')?.change).toEqual({ from: 'active', to: 'suspended' });
    // The service recorded each attempt as delivered: the receiver answered 2xx.
    await waitFor(
      'the deliveries to be recorded delivered',
      async () => {
        const listed = await t.call(`/v1/events?monitor_id=${monitor.body.monitor_id}`, { key: testKey });
        const states = (listed.body?.data ?? []).map((e: { delivery: { state: string } }) => e.delivery.state);
        return states.length === events.length && states.every((s: string) => s === 'delivered') ? true : undefined;
      },
      30_000,
    );
  }, 90_000);

  it('refuses a wrong signature and a stale timestamp with 401, and prints nothing for them', async () => {
    const before = receiver.lines.length;
    const body = JSON.stringify({ event: 'license.status_changed', event_id: 'evt_forged' });
    const now = Math.floor(Date.now() / 1000);
    const url = `http://127.0.0.1:${receiver.port}/hooks`;
    const forged = await fetch(url, { method: 'POST', body, headers: signedDelivery('not-the-secret-at-all', body, 'evt_forged', now) });
    expect(forged.status).toBe(401);
    const stale = await fetch(url, { method: 'POST', body, headers: signedDelivery(secret, body, 'evt_forged', now - 10 * 60) });
    expect(stale.status).toBe(401);
    const fresh = await fetch(url, { method: 'POST', body, headers: signedDelivery(secret, body, 'evt_forged', now) });
    expect(fresh.status).toBe(200);
    await waitFor('the fresh delivery to be printed', () => receiver.lines.slice(before).find((l) => l.event_id === 'evt_forged'), 10_000, receiver.stderr);
    expect(receiver.lines.slice(before).filter((l) => l.event_id === 'evt_forged')).toHaveLength(1);
  });

  it("during a secret rotation accepts a signature by either secret, and the overlap's deliveries with the old secret alone", async () => {
    const nextSecret = `${secret}-next`;
    const rotating = await startReceiver(command, file, secret, nextSecret);
    try {
      const body = JSON.stringify({ event: 'license.status_changed', event_id: 'evt_rotating' });
      const now = Math.floor(Date.now() / 1000);
      const url = `http://127.0.0.1:${rotating.port}/hooks`;
      // As the service signs during the overlap: Service-Signature by the old secret, webhook-signature by both, the new one first.
      const fresh = signedDelivery(nextSecret, body, 'evt_rotating', now);
      const old = signedDelivery(secret, body, 'evt_rotating', now);
      const overlap = { ...old, 'webhook-signature': `${fresh['webhook-signature']} ${old['webhook-signature']}` };
      for (const headers of [overlap, old, fresh]) {
        expect((await fetch(url, { method: 'POST', body, headers })).status).toBe(200);
      }
      expect((await fetch(url, { method: 'POST', body, headers: signedDelivery('neither-of-the-two', body, 'evt_rotating', now) })).status).toBe(401);
      // Service-Signature is one value: a list is not a signature, even holding a valid one.
      const listed = { ...overlap, 'service-signature': `${fresh['service-signature']},${old['service-signature']}` };
      expect((await fetch(url, { method: 'POST', body, headers: listed })).status).toBe(401);
      // A receiver holding only the old secret accepts the overlap's deliveries too.
      expect((await fetch(`http://127.0.0.1:${receiver.port}/hooks`, { method: 'POST', body, headers: overlap })).status).toBe(200);
    } finally {
      rotating.stop();
    }
  });
});
