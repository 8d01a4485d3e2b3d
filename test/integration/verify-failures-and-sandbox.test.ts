/**
 * Source failures (spec: States and transitions, rules 1-4; Errors 503), the cache lifecycle with an
 * injected clock, the reserved test names, certificates, the quota, and bulk verification.
 */
import { DeleteCommand, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { execFileSync } from 'node:child_process';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '#shared/platform/clock.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { runVerification } from '#shared/features/verification/verification-engine.ts';
import { verificationServices } from '#shared/features/verification/verification-services.ts';
import { newContainer } from '#shared/platform/container.ts';
import { verificationRequestSchema } from '#shared/features/verification/verification-request.ts';
import { bulkResponseSchema } from '#shared/features/verification/bulk-verification.ts';
import { verificationResultSchema } from '#shared/features/verification/verification-result-schema.ts';
import { certificateSchema } from '#shared/features/certificates/certificate-schema.ts';
import { canonicalJson } from '#shared/platform/json/canonical.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { dynamoExclusionStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let data: SourceDataCopy;
let account: string;
let liveKey: string;
let testKey: string;

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  t = await startTestStack({ sourceDataDir: data.dir });
  await ingestLeie(dynamoExclusionStore());
  const live = await t.issue({ plan: 'production', mode: 'live' });
  account = live.account_id;
  liveKey = live.api_key;
  testKey = (await t.issue({ plan: 'production', mode: 'test', accountId: account })).api_key;
});
afterAll(async () => {
  await t.stop();
  await data.remove();
});

type Body = Record<string, unknown>;
/** POSTs JSON; a 200 is checked against the documented schema of its route. */
const post = async (path: string, body: unknown, key = liveKey) => {
  const res = await t.call(path, { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (res.status === 200) (path === '/v1/verify/bulk' ? bulkResponseSchema : verificationResultSchema).parse(res.body);
  return res;
};
const verify = (body: Body, key = liveKey) => post('/v1/verify', body, key);

describe('source failures', () => {
  it.each(['down', 'timeout', 'error', 'malformed'] as const)(
    'board %s, nothing cached: source_unavailable with the federal signals still computed (rules 2-4)',
    async (mode) => {
      await data.setFaults({ 'qxh8-f4bd': { mode } });
      try {
        const res = await verify({ first_name: 'Carla', last_name: 'Morris', state: 'WA', dob: '1971-07-23' });
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ status: 'source_unavailable', verified: false, source_live: false, cached: false, license_number: null });
        const board = res.body.sources.find((s: any) => s.name === 'Washington State Department of Health');
        expect(board).toEqual({
          name: 'Washington State Department of Health',
          status: 'unavailable',
          as_of: null,
          reason: { code: mode === 'malformed' ? 'format_changed' : 'unreachable', message: expect.any(String) },
        });
        expect(res.body.sources_checked).not.toContain('Washington State Department of Health');
        expect(res.body.sources_checked).toContain('OIG LEIE');
        // The federal exclusion signal stays valid: Carla Morris is on the list by DOB.
        expect(res.body.oig_excluded).toBe(true);
      } finally {
        await data.setFaults({});
      }
    },
  );

  it('rule 1: the most recent cached result is served when the board is down', async () => {
    const request = { first_name: 'Rebecca', last_name: 'Long', state: 'WA' };
    const live = await verify(request);
    expect(live.body.source_live).toBe(true);
    await data.setFaults({ 'qxh8-f4bd': { mode: 'down' } });
    try {
      const cached = await verify(request);
      expect(cached.body).toMatchObject({ status: live.body.status, license_number: 'PA00540981', cached: true, source_live: false });
    } finally {
      await data.setFaults({});
    }
  });

  it('503 sources_unavailable only when every source is unavailable and nothing is cached', async () => {
    const { api_key } = await t.issue({ plan: 'production', mode: 'live' });
    const request = { first_name: 'Ryan', last_name: 'Graham', state: 'IL' };
    // With the exclusion list still loaded, an outage of every remote source is a 200 source_unavailable.
    await data.setFaults({ soda: { mode: 'down' }, nppes: { mode: 'down' }, leie: { mode: 'down' } });
    try {
      expect((await verify(request, api_key)).body.status).toBe('source_unavailable');
      // Without an exclusion list either, nothing at all can be said.
      const pointer = await dynamo().send(new GetCommand({ TableName: tableName('sourceState'), Key: { source: 'leie' } }));
      await dynamo().send(new DeleteCommand({ TableName: tableName('sourceState'), Key: { source: 'leie' } }));
      newContainer();
      try {
        const res = await verify(request, api_key);
        expect(res.status).toBe(503);
        expect(errorOf(res.body)).toMatchObject({ code: 'sources_unavailable', retry_after: 30 });
        expect(res.headers.get('x-ratelimit-remaining')).toBe('4999');
      } finally {
        await dynamo().send(new PutCommand({ TableName: tableName('sourceState'), Item: pointer.Item }));
        newContainer();
      }
    } finally {
      await data.setFaults({});
    }
  });
});

describe('cache lifecycle (injected clock)', () => {
  it('fresh for 24 h, then refetched; past that, the stale copy covers an outage for 30 days', async () => {
    const { ports } = verificationServices();
    const request = verificationRequestSchema.parse({ first_name: 'Jo', last_name: 'Solano', state: 'DE' });
    const clock = fixedClock('2027-01-10T12:00:00Z');
    const board = (o: Awaited<ReturnType<typeof runVerification>>) => o.sources.find((s) => s.name.startsWith('Delaware'))!;

    const run = async () => {
      const outcome = await runVerification(request, ports, clock.now());
      await ports.cache.flush();
      return outcome;
    };
    const first = await run();
    expect(board(first)).toMatchObject({ status: 'live', as_of: '2027-01-10T12:00:00.000Z' });
    expect(first.board).toEqual({ cached: false, freshUntil: '2027-01-11T12:00:00.000Z' });

    clock.advance(23 * 3_600_000);
    const hit = await run();
    expect(board(hit)).toMatchObject({ status: 'cached', as_of: '2027-01-10T12:00:00.000Z' });

    clock.advance(2 * 3_600_000);
    const refetched = await run();
    expect(board(refetched)).toMatchObject({ status: 'live', as_of: '2027-01-11T13:00:00.000Z' });

    await data.setFaults({ 'pjnv-eaih': { mode: 'down' } });
    try {
      clock.advance(5 * 24 * 3_600_000);
      const stale = await run();
      expect(board(stale)).toMatchObject({ status: 'cached', as_of: '2027-01-11T13:00:00.000Z' });
      expect(stale.status).toBe('active');
      clock.advance(40 * 24 * 3_600_000);
      const gone = await run();
      expect(gone.status).toBe('source_unavailable');
    } finally {
      await data.setFaults({});
    }
  });

  it('cache keys never hold a date of birth', async () => {
    await verify({ first_name: 'Jennifer', last_name: 'Taylor', state: 'WA', dob: '1982-03-03' });
    const scan = await dynamo().send(new ScanCommand({ TableName: tableName('cache') }));
    expect(scan.Items!.length).toBeGreaterThan(0);
    for (const item of scan.Items!) expect(item.cache_key).not.toMatch(/1982|\d{4}-\d{2}-\d{2}/);
  });
});

describe('reserved test names (test keys only)', () => {
  const expectations: [string, Record<string, unknown>][] = [
    ['test-active', { status: 'active', verified: true }],
    ['test-inactive', { status: 'inactive', verified: false }],
    ['test-suspended', { status: 'suspended', verified: false }],
    ['test-expired', { status: 'expired', verified: false }],
    ['test-revoked', { status: 'revoked', verified: false }],
    ['test-notfound', { status: 'not_found', verified: false, license_number: null }],
    ['test-unavailable', { status: 'source_unavailable', verified: false, oig_excluded: false }],
    ['test-unreadable', { status: 'source_unavailable', verified: false, license_number: null }],
    ['test-excluded', { status: 'active', oig_excluded: true, verified: false }],
    ['test-disciplined', { status: 'active', disciplinary_flags: true, verified: true }],
    ['test-unconfirmed', { status: 'active', profession: null, profession_confirmed: false, verified: true }],
  ];

  it.each(expectations)('%s forces its outcome, in any state and any case, and looks like a real result', async (name, expected) => {
    for (const [state, last] of [
      ['WA', name],
      ['NY', name.toUpperCase()],
    ]) {
      const res = await verify({ first_name: 'Pat', last_name: last, state }, testKey);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ ...expected, sandbox: true, mode: 'test' });
      expect(res.body.verification_id).toMatch(/^vrf_/);
      expect(res.body.certificate_hash).toMatch(/^sha256_[0-9a-f]{64}$/);
      const cert = await t.call(`/v1/certificate/${res.body.verification_id}`, { key: testKey });
      expect(cert.status).toBe(200);
      expect(cert.body.certificate_hash).toBe(res.body.certificate_hash);
      expectSignedFacts(certificateSchema.parse(cert.body), res.body);
    }
  });

  it('test-unreadable reports the board unavailable for a status it cannot read, naming the value', async () => {
    const res = await verify({ first_name: 'Pat', last_name: 'test-unreadable', state: 'WA' }, testKey);
    expect(res.body.sources.find((s: { status: string }) => s.status === 'unavailable')).toMatchObject({
      name: 'Washington State Department of Health',
      reason: { code: 'unreadable_value', field: 'status', raw_value: 'ACTIVE PENDING AUDIT' },
    });
  });

  it('test-expiring expires 30 days ahead', async () => {
    const res = await verify({ first_name: 'Pat', last_name: 'Test-Expiring', state: 'TX' }, testKey);
    const days = (Date.parse(res.body.expiry_date) - Date.now()) / 86_400_000;
    expect(res.body.status).toBe('active');
    expect(days).toBeGreaterThan(28);
    expect(days).toBeLessThan(31);
  });

  it('test-outage answers 503 sources_unavailable', async () => {
    const res = await verify({ first_name: 'Pat', last_name: 'test-outage', state: 'WA' }, testKey);
    expect(res.status).toBe(503);
    expect(errorOf(res.body).code).toBe('sources_unavailable');
  });

  it('on a live key they are ordinary names', async () => {
    const res = await verify({ first_name: 'Pat', last_name: 'test-active', state: 'WA' });
    expect(res.body).toMatchObject({ status: 'not_found', verified: false });
    expect(res.body.sandbox).toBeUndefined();
  });

  it('test keys never obtain real data: a real provider is not in the sandbox', async () => {
    const live = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    expect(live.body).toMatchObject({ status: 'active', license_number: 'RN00973025' });
    const test = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, testKey);
    expect(test.body).toMatchObject({ status: 'not_found', verified: false, license_number: null, name: null, mode: 'test', sandbox: true });
  });
});

/** The certificate signs the result's profession, license type, match and per-source freshness. */
function expectSignedFacts(cert: Record<string, any>, result: Record<string, any>): void {
  expect(cert.provider.profession).toBe(result.profession);
  expect(cert.provider.license_type).toBe(result.license_type);
  expect(cert.match).toEqual({ confidence: result.match_confidence, basis: result.match_basis });
  expect(cert.sources).toEqual(result.sources);
  expect(cert.sources_checked).toEqual(result.sources_checked);
}

describe('certificates', () => {
  it('are returned to their owner only; another account or mode gets 404', async () => {
    const res = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' });
    const id = res.body.verification_id as string;
    const own = await t.call(`/v1/certificate/${id}`, { key: liveKey });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      verification_id: id,
      mode: 'live',
      provider: { name: 'Helen Jane Thomas', npi: '1662571706', license_number: 'RN00973025', state: 'Washington' },
      result: { verified: true, status: 'active', expiry_date: '2027-06-03', disciplinary_flags: false, oig_excluded: false },
      certificate_hash: res.body.certificate_hash,
    });
    expect(own.body.signature).toMatch(/^vrf_sig_[A-Za-z0-9_-]+$/);
    expectSignedFacts(certificateSchema.parse(own.body), res.body);
    expect(own.body.provider).toMatchObject({ profession: 'registered_nurse', license_type: expect.any(String) });
    expect(own.body.match.basis.length).toBeGreaterThan(0);
    const other = (await t.issue({ plan: 'production', mode: 'live' })).api_key;
    for (const key of [testKey, other]) {
      const denied = await t.call(`/v1/certificate/${id}`, { key });
      expect(denied.status).toBe(404);
      expect(errorOf(denied.body).code).toBe('resource_not_found');
    }
    for (const bad of ['vrf_nope', '..%2F..%2Fetc%2Fpasswd', `${id}x`]) expect((await t.call(`/v1/certificate/${bad}`, { key: liveKey })).status).toBe(404);
  });

  it('verify independently: the hash by Python, the signature with the published JWKS', async () => {
    const res = await verify({ first_name: 'Jose', last_name: 'Pena', state: 'CO' });
    const cert = (await t.call(`/v1/certificate/${res.body.verification_id}`, { key: liveKey })).body;
    const python = execFileSync(
      'python3',
      [
        '-c',
        'import json,sys,hashlib; c=json.load(sys.stdin); del c["certificate_hash"]; print("sha256_"+hashlib.sha256(json.dumps(c,sort_keys=True,separators=(",",":"),ensure_ascii=False).encode("utf-8")).hexdigest())',
      ],
      { input: JSON.stringify(cert) },
    )
      .toString()
      .trim();
    expect(python).toBe(cert.certificate_hash);

    const jwks = await t.call('/v1/signing-keys');
    expect(jwks.status).toBe(200);
    const jwk = jwks.body.keys.find((k: any) => k.kid === cert.signing_key_id);
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', mode: cert.mode });
    const key = await crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    const { certificate_hash: _h, signature, ...body } = cert;
    const sig = Buffer.from(String(signature).slice('vrf_sig_'.length), 'base64url');
    const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, sig, new TextEncoder().encode(canonicalJson(body)));
    expect(valid).toBe(true);
    const tampered = await crypto.subtle.verify(
      { name: 'ECDSA', hash: 'SHA-256' },
      key,
      sig,
      new TextEncoder().encode(canonicalJson({ ...body, result: { ...body.result, verified: !body.result.verified } })),
    );
    expect(tampered).toBe(false);
  });
});

describe('quota', () => {
  it('a live verification counts once; a test one never does; an idempotent retry is not charged again', async () => {
    const live = await t.issue({ plan: 'production', mode: 'live' });
    const test = await t.issue({ plan: 'production', mode: 'test', accountId: live.account_id });
    const a = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, live.api_key);
    expect(a.headers.get('x-ratelimit-remaining')).toBe('4999');
    const b = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, test.api_key);
    expect(b.headers.get('x-ratelimit-remaining')).toBe('4999');
    const headers = { 'content-type': 'application/json', 'idempotency-key': 'verify-1' };
    const body = JSON.stringify({ first_name: 'Jo', last_name: 'Solano', state: 'DE' });
    const first = await t.call('/v1/verify', { method: 'POST', key: live.api_key, body, headers });
    const again = await t.call('/v1/verify', { method: 'POST', key: live.api_key, body, headers });
    expect(again.body.verification_id).toBe(first.body.verification_id);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('4998');
  });

  it('a Developer account at its quota is refused before any work', async () => {
    const dev = await t.issue({ plan: 'developer', mode: 'live' });
    const { DynamoUsageStore } = await import('#shared/features/limits/adapters/usage-store.ts');
    const { monthWindow } = await import('#shared/features/limits/windows.ts');
    await new DynamoUsageStore().chargeMonth(dev.account_id, monthWindow(new Date()), 500, 500, true);
    const res = await verify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }, dev.api_key);
    expect(res.status).toBe(429);
    expect(errorOf(res.body).reset_at).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
  });
});

describe('POST /v1/verify/bulk', () => {
  it('answers one entry per provider, in input order, bad items as errors without failing the batch', async () => {
    const providers = [
      { first_name: 'Helen', last_name: 'Thomas', state: 'WA' },
      { first_name: 'Helen', last_name: 'Thomas', state: 'ZZ' },
      { first_name: 'David', last_name: 'Nguyen', state: 'WA' },
      { first_name: 'Pat', last_name: 'test-active', state: 'WA' },
      'not an object',
      { first_name: 'Helen', last_name: 'Thomas', state: 'WA' },
      { first_name: 'Mary', last_name: 'Bright', state: 'TX', profession: 'wizard' },
    ];
    const before = Number((await t.call('/v1/account', { key: liveKey })).headers.get('x-ratelimit-remaining'));
    const res = await post('/v1/verify/bulk', { providers });
    expect(res.status).toBe(200);
    const results = res.body.results as any[];
    expect(results.map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results[0].result).toMatchObject({ status: 'active', license_number: 'RN00973025' });
    expect(results[1].error).toMatchObject({ code: 'invalid_request', param: 'providers[1].state' });
    expect(results[1].error.message).toMatch(/^Invalid providers\[1\]\.state: /);
    expect(results[2].result.status).toBe('not_found');
    expect(results[3].result).toMatchObject({ status: 'not_found' });
    expect(results[4].error).toMatchObject({ code: 'invalid_request', param: 'providers[4]' });
    expect(results[5].result.license_number).toBe('RN00973025');
    expect(results[5].result.verification_id).not.toBe(results[0].result.verification_id);
    expect(results[6].error).toMatchObject({ code: 'invalid_profession', param: 'providers[6].profession' });
    expect(res.body.summary).toEqual({ total: 7, succeeded: 4, failed: 3, verified: 2, by_status: { active: 2, not_found: 2 } });
    // Each valid item counts like one verify call.
    expect(Number(res.headers.get('x-ratelimit-remaining'))).toBe(before - 4);
  });

  it('refuses an empty list, more than 100 providers, and the Developer plan', async () => {
    expect(errorOf((await post('/v1/verify/bulk', { providers: [] })).body)).toMatchObject({ code: 'invalid_request', param: 'providers' });
    const many = Array.from({ length: 101 }, () => ({ first_name: 'A', last_name: 'B', state: 'WA' }));
    expect(errorOf((await post('/v1/verify/bulk', { providers: many })).body)).toMatchObject({ code: 'invalid_request', param: 'providers' });
    const dev = await t.issue({ plan: 'developer', mode: 'live' });
    const res = await post('/v1/verify/bulk', { providers: [{ first_name: 'A', last_name: 'B', state: 'WA' }] }, dev.api_key);
    expect(res.status).toBe(403);
    expect(errorOf(res.body).code).toBe('plan_upgrade_required');
  });

  it('runs 100 providers, one failing source affecting only its own items', async () => {
    await data.setFaults({ 'pjnv-eaih': { mode: 'down' } });
    try {
      const providers = Array.from({ length: 100 }, (_, i) =>
        i % 2 ? { first_name: 'Vanessa', last_name: 'Cruz', state: 'DE', npi: undefined } : { first_name: 'Angela', last_name: 'Washington', state: 'IL' },
      ).map((p) => JSON.parse(JSON.stringify(p)));
      const res = await post('/v1/verify/bulk', { providers });
      expect(res.status).toBe(200);
      const statuses = (res.body.results as any[]).map((r) => r.result.status);
      expect(statuses.filter((_s, i) => i % 2 === 0).every((s) => s === 'active')).toBe(true);
      expect(statuses.filter((_s, i) => i % 2 === 1).every((s) => s === 'source_unavailable' || s === 'active')).toBe(true);
    } finally {
      await data.setFaults({});
    }
  });
});
