/**
 * The TypeScript client in clients/typescript/, end to end against `npm start` run as an integrator runs
 * it, with the keys it printed: verify (live and sandbox), bulk, certificates checked offline and
 * tampered copies refused, the PDF and the public record, a monitor whose loopback receiver verifies its
 * test deliveries with verifyWebhook (a secret rotation included), the history export polled to ready
 * and downloaded, pagination over pages of one, and errors. Then, against a local server that answers
 * what each case needs, the retries: 429/503 then success under one Idempotency-Key, and what is never
 * retried. Then the declarations type-check a consumer, and src/schema.d.ts is what the generator makes
 * of the served OpenAPI document.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Certificate,
  LicenseVerificationClient,
  LicenseVerificationError,
  verifyCertificate,
  verifyWebhook,
  WebhookVerificationError,
} from '../../clients/typescript/src/index.js';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { npmStart, repositoryRoot, type Started, shellEnv, stopNpmStart } from '../support/npm-start.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { independentHash } from '../support/independent-canonical.ts';

const sdkDir = join(repositoryRoot, 'clients', 'typescript');

let data: SourceDataCopy;
let stateDir: string;
let started: Started;
let live: LicenseVerificationClient;
let sandbox: LicenseVerificationClient;
/** The type check and the schema's regeneration, started beside the stack's tests and awaited by their own. */
let typeCheck: Promise<{ code: number | null; output: string }>;
let regeneration: Promise<{ code: number | null; output: string; fresh: string | undefined }>;
const schemaDir = mkdtemp(join(tmpdir(), 'sdk-schema-'));

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  stateDir = await mkdtemp(join(tmpdir(), 'lvs-sdk-state-'));
  // The export worker starts a few seconds after the request instead of half a minute.
  started = await npmStart({ stateDir, sourceDataDir: data.dir, env: { HISTORY_EXPORT_SETTLE_SECONDS: '2' } });
  live = new LicenseVerificationClient({ baseUrl: started.url, apiKey: /live key: (\S+)/.exec(started.output)![1]! });
  sandbox = new LicenseVerificationClient({ baseUrl: started.url, apiKey: /test key: (\S+)/.exec(started.output)![1]! });
  typeCheck = run(join(repositoryRoot, 'node_modules', '.bin', 'tsc'), ['-p', join(sdkDir, 'tsconfig.json')], repositoryRoot);
  const target = join(await schemaDir, 'schema.d.ts');
  regeneration = run('npm', ['run', '--silent', 'generate'], sdkDir, { OPENAPI_DOCUMENT: `${started.url}/v1/openapi.json`, SCHEMA_OUTPUT: target }).then(
    async (r) => ({ ...r, fresh: r.code === 0 ? await readFile(target, 'utf8') : undefined }),
  );
}, 360_000);
afterAll(async () => {
  await Promise.allSettled([typeCheck, regeneration]);
  if (started) await stopNpmStart(started);
  await data?.remove();
  if (stateDir) await rm(stateDir, { recursive: true, force: true });
  await rm(await schemaDir, { recursive: true, force: true });
});

/** Runs a command to its end, asynchronously, with a shell's environment. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...shellEnv, ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** The stack's tests may wait on a machine busy with other work: cold handlers load on first use. */
const slow = 120_000;

/** A changed certificate with its hash made again, so that only the signature can tell. */
function rehashed(certificate: Certificate, change: Record<string, unknown>): Certificate {
  const { certificate_hash: _hash, ...rest } = { ...certificate, ...change };
  return { ...rest, certificate_hash: independentHash(rest) } as Certificate;
}

async function rejection(promise: Promise<unknown>): Promise<LicenseVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LicenseVerificationError);
  return error as LicenseVerificationError;
}

function webhookRejection(verify: () => unknown): string {
  try {
    verify();
  } catch (e) {
    expect(e).toBeInstanceOf(WebhookVerificationError);
    return (e as WebhookVerificationError).reason;
  }
  throw new Error('verifyWebhook accepted the delivery');
}

const verificationIds: string[] = [];

describe('the client against npm start', { timeout: slow }, () => {
  let liveId: string;
  let sandboxId: string;

  it('verify: a live key checks the board sample, a test key the sandbox; a replayed Idempotency-Key answers the same verification', async () => {
    const helen = await live.verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA', npi: '1662571706' });
    expect(helen).toMatchObject({ status: 'active', verified: true, mode: 'live', npi: '1662571706' });
    liveId = helen.verification_id;

    const amelia = await sandbox.verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'WA' }, { idempotencyKey: 'sdk-test-amelia-1' });
    expect(amelia).toMatchObject({ status: 'active', verified: true, sandbox: true, mode: 'test' });
    sandboxId = amelia.verification_id;
    const replayed = await sandbox.verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'WA' }, { idempotencyKey: 'sdk-test-amelia-1' });
    expect(replayed.verification_id).toBe(sandboxId);
    verificationIds.push(sandboxId);
  });

  it('verifyBulk: results in input order, a bad item an error entry, and the summary', async () => {
    const bulk = await sandbox.verifyBulk({
      providers: [
        { first_name: 'Amelia', last_name: 'Brightwater', state: 'TX' },
        { first_name: 'Pat', last_name: 'test-suspended', state: 'CO' },
        // @ts-expect-error an item the document does not allow, sent on purpose: it gets an item error, not a 400
        { first_name: 'Nobody' },
      ],
    });
    expect(bulk.summary).toMatchObject({ total: 3, succeeded: 2, failed: 1, verified: 1 });
    expect(bulk.results.map((r) => r.index)).toEqual([0, 1, 2]);
    const [first, second, third] = bulk.results;
    expect(first && 'result' in first && first.result.status).toBe('active');
    expect(second && 'result' in second && second.result.status).toBe('suspended');
    expect(third && 'error' in third && third.error.code).toBe('invalid_request');
    for (const r of bulk.results) if ('result' in r) verificationIds.push(r.result.verification_id);
  });

  it('certificates: verifyCertificate accepts both modes against the JWKS and refuses tampered copies; the PDF and the public record', async () => {
    const jwks = await live.getSigningKeys();
    const liveCertificate = await live.getCertificate({ verification_id: liveId });
    const testCertificate = await sandbox.getCertificate({ verification_id: sandboxId });
    expect(verifyCertificate(liveCertificate, jwks)).toMatchObject({ valid: true, reason: null, hashValid: true, signatureValid: true, mode: 'live' });
    expect(verifyCertificate(testCertificate, jwks)).toMatchObject({ valid: true, reason: null, mode: 'test' });

    const renamed = { ...testCertificate, provider: { ...testCertificate.provider, name: `${testCertificate.provider.name}x` } };
    expect(verifyCertificate(renamed, jwks)).toMatchObject({ valid: false, reason: 'hash_mismatch', hashValid: false });
    const revoked = rehashed(testCertificate, { result: { ...testCertificate.result, status: 'revoked', verified: false } });
    expect(verifyCertificate(revoked, jwks)).toMatchObject({ valid: false, reason: 'signature_mismatch', hashValid: true, signatureValid: false });
    // A test certificate claiming to be live: its test key may not sign a live certificate.
    expect(verifyCertificate(rehashed(testCertificate, { mode: 'live' }), jwks)).toMatchObject({ valid: false, reason: 'signing_key_mode_mismatch' });
    expect(verifyCertificate(testCertificate, { keys: [] })).toMatchObject({ valid: false, reason: 'unknown_signing_key' });

    // The convenience fetches the JWKS itself, and the certificate when given an id.
    expect(await live.verifyCertificate(liveId)).toMatchObject({ valid: true, mode: 'live' });
    expect(await sandbox.verifyCertificate(revoked)).toMatchObject({ valid: false, reason: 'signature_mismatch' });

    const pdf = await sandbox.getCertificatePdf({ verification_id: sandboxId });
    expect(pdf).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(10_000);

    const anonymous = new LicenseVerificationClient({ baseUrl: started.url });
    const html = await anonymous.getRecord({ verification_id: sandboxId });
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain('Signature valid');
    const record = await anonymous.getRecord({ verification_id: sandboxId }, { format: 'json' });
    expect(record).toMatchObject({ signature_valid: true, verification_id: sandboxId, mode: 'test' });
  });

  it('pagination: the iterators follow next_cursor over pages of one and yield what one big page holds', async () => {
    // A verification reaches the history within about a second.
    let page = await sandbox.listVerifications({ limit: 100 });
    for (let i = 0; i < 50 && !verificationIds.every((id) => page.data.some((v) => v.verification_id === id)); i++) {
      await new Promise((r) => setTimeout(r, 200));
      page = await sandbox.listVerifications({ limit: 100 });
    }
    expect(page.data.length).toBeGreaterThanOrEqual(3);
    const requests: string[] = [];
    const counting = new LicenseVerificationClient({
      baseUrl: started.url,
      apiKey: /test key: (\S+)/.exec(started.output)![1]!,
      fetch: (url, init) => (requests.push(String(url)), fetch(url, init)),
    });
    const walked: string[] = [];
    for await (const v of counting.paginate.listVerifications({ limit: 1 })) walked.push(v.verification_id);
    expect(walked).toEqual(page.data.map((v) => v.verification_id));
    expect(requests.length).toBeGreaterThanOrEqual(walked.length);
    expect(requests[1]).toContain(`starting_after=${walked[0]}`);

    // Both demo keys are admin keys: the test key sees the live one too.
    const keys: string[] = [];
    for await (const key of sandbox.paginate.listApiKeys({ limit: 1 })) keys.push(key.mode);
    expect(keys.sort()).toEqual(['live', 'test']);
    // Breaking out of the loop stops the requests.
    for await (const _ of sandbox.paginate.listVerifications({ limit: 1 })) break;
  });

  it('errors: a 4xx is a LicenseVerificationError with status, code, param, docs and request id, and is not retried', async () => {
    let attempts = 0;
    const counting = new LicenseVerificationClient({
      baseUrl: started.url,
      apiKey: /test key: (\S+)/.exec(started.output)![1]!,
      fetch: (url, init) => (attempts++, fetch(url, init)),
    });
    const invalid = await rejection(counting.verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'ZZ' as 'WA' }));
    expect(invalid).toMatchObject({ status: 400, code: 'invalid_request', param: 'state', attempts: 1 });
    expect(invalid.docs).toMatch(/#error-invalid-request$/);
    expect(invalid.requestId).toEqual(expect.any(String));
    expect(invalid.body).toMatchObject({ error: { code: 'invalid_request', param: 'state' } });
    expect(attempts).toBe(1);

    const unknown = await rejection(sandbox.getCertificate({ verification_id: 'vrf_000000000000000000000000' }));
    expect(unknown).toMatchObject({ status: 404, code: 'resource_not_found' });
    const refused = await rejection(new LicenseVerificationClient({ baseUrl: started.url, apiKey: `svc_test_${'0'.repeat(40)}` }).getAccount());
    expect(refused).toMatchObject({ status: 401, code: 'authentication_failed' });
    // The public record's 404 is an HTML page: the code comes from the status.
    const noRecord = await rejection(sandbox.getRecord({ verification_id: 'vrf_000000000000000000000000' }));
    expect(noRecord).toMatchObject({ status: 404, code: 'resource_not_found' });
    expect(noRecord.body).toEqual(expect.stringContaining('<'));
    expect(() => sandbox.getMonitor({ monitor_id: '' })).toThrow(/monitor_id/);
  });

  describe('a monitor with a loopback receiver', () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    const secret = 'sdk-webhook-secret-0123456789';
    const next = 'sdk-webhook-secret-next-9876543210';
    let monitorId: string;
    const deliveryOf = (eventId: string) => {
      const found = received.find((r) => r.headers['webhook-id'] === eventId);
      expect(found, `no delivery of ${eventId}`).toBeDefined();
      return found!;
    };

    beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve())));
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('a test delivery verifies with verifyWebhook; a wrong secret, a stale timestamp, a changed body and a missing header are refused', async () => {
      const monitor = await sandbox.createMonitor({
        first_name: 'Amelia',
        last_name: 'Brightwater',
        state: 'WA',
        webhook_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
        webhook_secret: secret,
        alert_days_before_expiry: 60,
      });
      expect(monitor).toMatchObject({ status: 'active', mode: 'test', alert_days_before_expiry: 60, secret_rotation: null });
      monitorId = monitor.monitor_id;
      expect(await sandbox.checkMonitor({ monitor_id: monitorId })).toMatchObject({ monitor: { monitor_id: monitorId }, events: [] });

      const sent = await sandbox.testMonitorWebhook({ monitor_id: monitorId });
      expect(sent).toMatchObject({ event: 'monitor.test', monitor_id: monitorId, ok: true, status: 200, error: null });
      const delivery = deliveryOf(sent.event_id);

      const event = verifyWebhook({ body: delivery.body, headers: delivery.headers, secret });
      expect(event).toMatchObject({ event: 'monitor.test', event_id: sent.event_id, monitor_id: monitorId });
      // The body as a string and the headers as a fetch Headers are taken too.
      const headers = new Headers(Object.entries(delivery.headers).map(([k, v]) => [k, String(v)]));
      expect(verifyWebhook({ body: delivery.body.toString('utf8'), headers, secrets: [secret] }).event_id).toBe(sent.event_id);

      expect(webhookRejection(() => verifyWebhook({ body: delivery.body, headers: delivery.headers, secret: 'not-the-secret-0123456789' }))).toBe(
        'invalid_service_signature',
      );
      const later = Date.now() + 6 * 60_000;
      expect(webhookRejection(() => verifyWebhook({ body: delivery.body, headers: delivery.headers, secret, now: later }))).toBe('timestamp_out_of_tolerance');
      expect(verifyWebhook({ body: delivery.body, headers: delivery.headers, secret, now: later, toleranceSeconds: 600 }).event_id).toBe(sent.event_id);
      const changed = Buffer.from(delivery.body.toString('utf8').replace('"monitor.test"', '"monitor.tesT"'));
      expect(webhookRejection(() => verifyWebhook({ body: changed, headers: delivery.headers, secret }))).toBe('invalid_service_signature');
      const { 'webhook-signature': _dropped, ...unsigned } = delivery.headers;
      expect(webhookRejection(() => verifyWebhook({ body: delivery.body, headers: unsigned, secret }))).toBe('missing_header');
      // A Service-Signature that holds, with a webhook-signature of another timestamp: the Standard Webhooks check refuses it.
      const replayed = { ...delivery.headers, 'webhook-timestamp': String(Number(delivery.headers['webhook-timestamp']) + 1) };
      expect(webhookRejection(() => verifyWebhook({ body: delivery.body, headers: replayed, secret }))).toBe('invalid_webhook_signature');
      expect(() => verifyWebhook({ body: JSON.parse(delivery.body.toString('utf8')), headers: delivery.headers, secret })).toThrow(TypeError);
    });

    it('during a secret rotation a receiver holding both secrets verifies every delivery; the events and deliveries paginate', async () => {
      const rotation = await sandbox.rotateMonitorSecret({ monitor_id: monitorId }, { webhook_secret: next, overlap_hours: 1 });
      expect(rotation.monitor_id).toBe(monitorId);
      expect((await sandbox.getMonitor({ monitor_id: monitorId })).secret_rotation).not.toBeNull();
      const sent = await sandbox.testMonitorWebhook({ monitor_id: monitorId });
      expect(sent.ok).toBe(true);
      const delivery = deliveryOf(sent.event_id);
      expect(String(delivery.headers['webhook-signature']).split(' ')).toHaveLength(2);
      expect(verifyWebhook({ body: delivery.body, headers: delivery.headers, secret: [secret, next] }).event_id).toBe(sent.event_id);
      // Service-Signature stays signed with the old secret during the overlap.
      expect(webhookRejection(() => verifyWebhook({ body: delivery.body, headers: delivery.headers, secret: next }))).toBe('invalid_service_signature');

      expect(await sandbox.getEvent({ event_id: sent.event_id })).toMatchObject({ event: 'monitor.test', delivery: { state: 'delivered' } });
      const events: string[] = [];
      for await (const e of sandbox.paginate.listEvents({ monitor_id: monitorId, limit: 1 })) events.push(e.event_id);
      expect(events).toHaveLength(2);
      expect(events[0]).toBe(sent.event_id);
      const deliveries: boolean[] = [];
      for await (const d of sandbox.paginate.listMonitorDeliveries({ monitor_id: monitorId }, { limit: 1 })) deliveries.push(d.ok);
      expect(deliveries).toEqual([true, true]);
      const monitors: string[] = [];
      for await (const m of sandbox.paginate.listMonitors({ limit: 1 })) monitors.push(m.monitor_id);
      expect(monitors).toContain(monitorId);

      expect(await sandbox.deleteMonitor({ monitor_id: monitorId })).toMatchObject({ status: 'deleted' });
      const refused = await rejection(sandbox.testMonitorWebhook({ monitor_id: monitorId }));
      expect(refused).toMatchObject({ status: 409, code: 'monitor_deleted', attempts: 1 });
    });
  });

  it('history export: created, replayed under its Idempotency-Key, polled to ready and downloaded', async () => {
    const created = await sandbox.createHistoryExport({ state: 'WA' }, { idempotencyKey: 'sdk-test-export-1' });
    expect(created).toMatchObject({ status: 'pending', row_count: null, download_url: null });
    const replay = await sandbox.createHistoryExport({ state: 'WA' }, { idempotencyKey: 'sdk-test-export-1' });
    expect(replay.export_id).toBe(created.export_id);
    const ready = await sandbox.waitForHistoryExport({ export_id: created.export_id }, { maxIntervalMs: 1_000, timeoutMs: 60_000 });
    expect(ready).toMatchObject({ export_id: created.export_id, status: 'ready' });
    expect(ready.row_count).toBeGreaterThanOrEqual(1);
    const csv = await sandbox.downloadHistoryExport(ready);
    const lines = csv.split('\r\n').filter((l) => l !== '');
    expect(lines[0]).toMatch(/^verification_id,created_at,mode,/);
    expect(lines).toHaveLength(ready.row_count! + 1);
    expect(csv).toContain(verificationIds[0]);
    expect((await sandbox.getHistoryExport({ export_id: created.export_id })).status).toBe('ready');
    // The stable route: a redirect to a link signed now, followed without the key, to the same file.
    expect(new URL(ready.file_url!).pathname).toBe(`/v1/verifications/exports/${created.export_id}/download`);
    expect(await sandbox.getHistoryExportDownload({ export_id: created.export_id })).toBe(csv);
    expect(await rejection(live.getHistoryExportDownload({ export_id: created.export_id }))).toMatchObject({ status: 404, code: 'resource_not_found' });
  });
});

/** A server answering each request with the next of `answers` (a status, headers and a body, or a dropped connection). */
async function scriptedServer(answers: ((req: IncomingMessage, res: ServerResponse) => void)[]) {
  const seen: { method: string; url: string; key: string | undefined; body: string; at: number }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, key: req.headers['idempotency-key'] as string | undefined, body, at: Date.now() });
      const answer = answers.shift() ?? ((_, r) => r.writeHead(500).end());
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    seen,
    client: (options: { maxRetries?: number; timeoutMs?: number } = {}) =>
      new LicenseVerificationClient({ baseUrl: url, apiKey: 'svc_test_x', retryBaseDelayMs: 20, ...options }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  (_: IncomingMessage, res: ServerResponse) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const apiError = (status: number, code: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  json(status, { error: { code, message: `${code} here`, docs: `https://x.invalid/docs#error-${code}`, ...extra } }, headers);
const dropped = (req: IncomingMessage) => req.socket.destroy();

describe('retries', () => {
  it('a POST answered 503 then 429 (Retry-After 1) then 200 succeeds, sending the one Idempotency-Key it made on every attempt', async () => {
    const s = await scriptedServer([
      apiError(503, 'service_unavailable', {}, { 'retry-after': '0' }),
      apiError(429, 'rate_limit_exceeded', { retry_after: 1 }, { 'retry-after': '1' }),
      json(200, { verification_id: 'vrf_x', status: 'active' }),
    ]);
    try {
      const result = await s.client().verify({ first_name: 'Amelia', last_name: 'Brightwater', state: 'WA' });
      expect(result).toMatchObject({ verification_id: 'vrf_x' });
      expect(s.seen.map((r) => r.method)).toEqual(['POST', 'POST', 'POST']);
      const key = s.seen[0]!.key;
      expect(key).toMatch(/^[0-9a-f-]{36}$/);
      expect(s.seen.map((r) => r.key)).toEqual([key, key, key]);
      expect(new Set(s.seen.map((r) => r.body)).size).toBe(1);
      expect(s.seen[2]!.at - s.seen[1]!.at).toBeGreaterThanOrEqual(990); // Retry-After honoured
    } finally {
      await s.close();
    }
  });

  it("the caller's Idempotency-Key is the one sent; each call makes its own; a dropped connection and 409 idempotency_in_progress are retried", async () => {
    const s = await scriptedServer([dropped, apiError(409, 'idempotency_in_progress', { retry_after: 0 }), json(200, { ok: 1 }), json(200, { ok: 2 })]);
    try {
      const client = s.client();
      await client.verify({ first_name: 'A', last_name: 'B', state: 'WA' }, { idempotencyKey: 'order-7421-verify' });
      await client.verify({ first_name: 'A', last_name: 'B', state: 'WA' });
      expect(s.seen.map((r) => r.key).slice(0, 3)).toEqual(['order-7421-verify', 'order-7421-verify', 'order-7421-verify']);
      expect(s.seen[3]!.key).not.toBe('order-7421-verify');
    } finally {
      await s.close();
    }
  });

  it('GETs are retried freely and give up after maxRetries; a 500 is retried once only; a POST without a key is never retried', async () => {
    const s = await scriptedServer([
      apiError(503, 'service_unavailable'),
      dropped,
      apiError(502, 'service_unavailable'),
      apiError(500, 'internal_error', { request_id: 'req_1' }),
      apiError(500, 'internal_error', { request_id: 'req_2' }),
      apiError(503, 'service_unavailable'),
    ]);
    try {
      const gaveUp = await rejection(s.client().getAccount());
      expect(gaveUp).toMatchObject({ status: 502, attempts: 3 });
      const internal = await rejection(s.client({ maxRetries: 5 }).getAccount());
      expect(internal).toMatchObject({ status: 500, code: 'internal_error', requestId: 'req_2', attempts: 2 });
      const unkeyed = await rejection(s.client().verify({ first_name: 'A', last_name: 'B', state: 'WA' }, { idempotencyKey: null }));
      expect(unkeyed).toMatchObject({ status: 503, attempts: 1 });
      expect(s.seen.at(-1)!.key).toBeUndefined();
      expect(s.seen).toHaveLength(6);
    } finally {
      await s.close();
    }
  });

  it('other 4xx, a spent monthly quota and a Retry-After past the limit are not retried; a silent server is a timeout', async () => {
    const s = await scriptedServer([
      apiError(400, 'invalid_request', { param: 'state' }),
      apiError(429, 'rate_limit_exceeded', { reset_at: '2026-12-01T00:00:00.000Z' }),
      apiError(429, 'export_limit_reached', { retry_after: 3600, reset_at: '2026-12-01T00:00:00.000Z' }, { 'retry-after': '3600' }),
      () => undefined,
    ]);
    try {
      expect(await rejection(s.client().verify({ first_name: 'A', last_name: 'B', state: 'WA' }))).toMatchObject({ status: 400, param: 'state', attempts: 1 });
      expect(await rejection(s.client().getAccount())).toMatchObject({ status: 429, resetAt: '2026-12-01T00:00:00.000Z', retryAfter: null, attempts: 1 });
      expect(await rejection(s.client().createHistoryExport({}))).toMatchObject({ code: 'export_limit_reached', retryAfter: 3600, attempts: 1 });
      expect(await rejection(s.client({ maxRetries: 0, timeoutMs: 200 }).getAccount())).toMatchObject({ status: null, code: 'timeout' });
      expect(s.seen).toHaveLength(4);
    } finally {
      await s.close();
    }
  });

  it('an aborted signal stops the call, its backoff included', async () => {
    const s = await scriptedServer([apiError(503, 'service_unavailable', {}, { 'retry-after': '30' })]);
    try {
      const controller = new AbortController();
      const call = s.client().getAccount({ signal: controller.signal });
      setTimeout(() => controller.abort(new Error('stop')), 200);
      await expect(call).rejects.toThrow('stop');
      expect(s.seen).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});

describe('the declarations', () => {
  it(
    'type-check a consumer: methods take and answer the OpenAPI types (each @ts-expect-error must be an error)',
    async () => {
      const { code, output } = await typeCheck;
      expect(output).toBe('');
      expect(code).toBe(0);
    },
    slow,
  );

  it(
    'src/schema.d.ts is what `npm run generate` makes of the served OpenAPI document',
    async (ctx) => {
      const { code, output, fresh } = await regeneration;
      if (code !== 0 && /E404|EAI_AGAIN|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|network|registry/i.test(output)) {
        ctx.skip(`npx could not fetch openapi-typescript from the registry, so schema.d.ts was not regenerated:\n${output.slice(-800)}`);
      }
      expect(code, output).toBe(0);
      const committed = await readFile(join(sdkDir, 'src', 'schema.d.ts'), 'utf8');
      expect(fresh === committed, 'src/schema.d.ts is stale: run `npm run generate` in clients/typescript against a running stack').toBe(true);
    },
    slow,
  );
});
