/**
 * Abuse and bad input on every route: generated bodies, query strings and path ids (fast-check),
 * oversized bodies, deep JSON, invalid UTF-8, hostile headers, SoQL injection through names, path
 * traversal in ids. Never a 500, never a leaked stack trace, never a change of state. And hostile
 * sources: a landing page or a download that sends the ingest workers to another host, another port of
 * this machine or the cloud metadata address is refused before anything is asked there, and the refusal
 * is final (reported, the message acknowledged), never echoing what the source answered. Hostile source
 * files (a zip bomb, XLSX bombs of a huge part or many sheets, one very long CSV row, an archive member
 * named outside the archive) are refused by the ingests within the worker's memory and in linear time,
 * as a final IngestRefusal, and the current version stays.
 */
import { waitFor } from '../support/wait-for.ts';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { tableName } from '#shared/platform/config.ts';
import { routes, type RouteDefinition } from '#shared/platform/infra/routes.ts';
import { ownerKey } from '#shared/features/monitoring/checks/monitor-store.ts';
import { accentTolerantSurnameCondition, surnameCondition, upperEquals } from '#shared/features/sources/soda/soql.ts';
import { ingestLeie } from '#shared/features/sources/leie/leie-ingest.ts';
import { workers } from '#shared/platform/infra/routes.ts';
import type { SQSBatchResponse } from 'aws-lambda';
import { invoke } from '../../local/runtime/lambda-runtime.ts';
import { createHash, randomUUID } from 'node:crypto';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { reviewStateOf } from '#shared/features/sources/plausibility/load-review.ts';
import { ingestList } from '#shared/features/sources/lists/list-ingest.ts';
import { waHca } from '#shared/features/sources/lists/wa-hca.ts';
import { rejectionOf } from '../support/rejection.ts';
import { linksPage, type SourceServer, startSourceServer } from '../support/hostile-source.ts';
import { caMediCalColumns, caMediCalSuspended } from '#shared/features/sources/lists/ca-medi-cal.ts';
import type { ListDefinition } from '#shared/features/sources/lists/list-definition.ts';
import { nppesDeactivated } from '#shared/features/sources/lists/nppes-deactivated.ts';
import { nyOmig, nyOmigColumns } from '#shared/features/sources/lists/ny-omig.ts';
import { samExclusions } from '#shared/features/sources/lists/sam-exclusions.ts';
import { ingestRoster } from '#shared/features/sources/rosters/roster-ingest.ts';
import { flHeader, floridaMqa } from '#shared/features/sources/rosters/states/florida.ts';
import { parseWhere, type Expr } from '../../local/simulator/soql-parser.ts';
import { bombMember, member, peakRssMb, workbookMembers, zipArchive } from '../support/hostile-files.ts';
import { errorOf, startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoExclusionStore, dynamoRosterStore, dynamoSanctionsStore } from '#shared/features/sources/source-store-services.ts';

let t: TestStack;
let key: string;
let testKey: string;
let accountId: string;

beforeAll(async () => {
  t = await startTestStack();
  await ingestLeie(dynamoExclusionStore());
  const issued = await t.issue({ plan: 'enterprise', mode: 'live', minuteLimit: 1_000_000 });
  key = issued.api_key;
  accountId = issued.account_id;
  testKey = (await t.issue({ plan: 'enterprise', mode: 'test', accountId, minuteLimit: 1_000_000 })).api_key;
});

/** The key a route is exercised with: on-demand checks are for test keys. */
const keyFor = (path: string) => (path.endsWith('/check') ? testKey : key);
afterAll(() => t.stop());

type Reply = Awaited<ReturnType<TestStack['call']>>;

/** A stack frame (`at fn (file:line:col)`) or Node's internals: never in an answer. */
const stackFrame = /\bat [\w.<>]+ \([^()\s]+:\d+:\d+\)|node:internal/;
/** A stack frame, a source position or a JavaScript error name: what a leaked stack trace shows. */
const leakedInternals = new RegExp(`${stackFrame.source}|\\.ts:\\d+:\\d+|TypeError|ReferenceError`);

/** What every answer to bad input must be: a client error (or a sandbox/board answer) in the spec's shape. */
function expectSafe(res: Reply, what: string) {
  expect(res.status, what).not.toBe(500);
  expect(res.status, what).toBeLessThan(500);
  expect(res.text, what).not.toMatch(leakedInternals);
  if (res.status >= 400 && res.headers.get('content-type')?.includes('application/json')) errorOf(res.body);
}

/** The account's state that bad input must not touch: verifications charged and monitors created. */
async function stateOfAccount(): Promise<string> {
  const usage = (await t.call('/v1/account', { key })).body.usage;
  const monitors = await dynamo().send(
    new QueryCommand({
      TableName: tableName('monitors'),
      IndexName: 'by_owner',
      KeyConditionExpression: '#o = :o',
      ExpressionAttributeNames: { '#o': 'owner' },
      ExpressionAttributeValues: { ':o': ownerKey(accountId, 'live') },
      Select: 'COUNT',
    }),
  );
  return JSON.stringify({ verifications: usage.verifications, monitors: monitors.Count });
}

const concretePath = (route: RouteDefinition, id: string) => route.path.replace(/\{[^}]+\}/g, encodeURIComponent(id));
const apiRoutes = routes.filter((r) => r.auth === 'api_key');
const bodyRoutes = apiRoutes.filter((r) => r.method === 'POST');
const queryRoutes = routes.filter((r) => r.method === 'GET' && !r.path.includes('{'));
const idRoutes = routes.filter((r) => r.path.includes('{'));

const knownFields = ['first_name', 'last_name', 'state', 'npi', 'dob', 'profession', 'providers', 'webhook_url', 'webhook_secret', 'alert_days_before_expiry'];
/** Bodies near the real shapes: known field names with any JSON values, plus arbitrary JSON text. */
const hostileBody = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc.dictionary(fc.constantFrom(...knownFields), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  fc.record({ first_name: fc.string(), last_name: fc.string(), state: fc.string({ maxLength: 3 }) }).map((o) => JSON.stringify(o)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

describe('what counts as a leaked stack trace', () => {
  it('a frame with its file, line and column, or an error name; not prose with words before a parenthesis', () => {
    expect('    at parseBody (/var/task/index.mjs:12:7)').toMatch(stackFrame);
    expect('    at async Promise.all (index 0)').not.toMatch(stackFrame);
    expect('TypeError: x is not a function').toMatch(leakedInternals);
    expect('at once (within 60 seconds) and without your key').not.toMatch(leakedInternals);
    expect('Redirects at least (never more than) once').not.toMatch(leakedInternals);
  });
});

describe('generated input (fast-check)', () => {
  for (const route of bodyRoutes) {
    it(`${route.method} ${route.path}: any body is answered safely; a refused one changes nothing`, async () => {
      const path = concretePath(route, 'mon_000000000000000000000000');
      await fc.assert(
        fc.asyncProperty(hostileBody, async (body) => {
          const before = await stateOfAccount();
          const res = await t.call(path, { method: 'POST', key: keyFor(path), body, headers: { 'content-type': 'application/json' } });
          expectSafe(res, body);
          if (res.status >= 400) expect(await stateOfAccount(), body).toBe(before);
        }),
        { numRuns: 40 },
      );
    });
  }

  for (const route of queryRoutes) {
    it(`GET ${route.path}: any query string is answered safely`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 20 }), fc.string({ maxLength: 40 }), { maxKeys: 4 }), async (query) => {
          const qs = new URLSearchParams(query).toString();
          const res = await t.call(`${route.path}${qs ? `?${qs}` : ''}`, route.auth === 'api_key' ? { key } : {});
          expectSafe(res, qs);
        }),
        { numRuns: 25 },
      );
    });
  }

  for (const route of idRoutes) {
    it(`${route.method} ${route.path}: any id is answered safely, never found`, async () => {
      await fc.assert(
        // A path segment of `.` or `..` is a dot-segment that every HTTP client resolves away before sending
        // (the request names another path), so it cannot carry an id.
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 60 }).filter((id) => id !== '.' && id !== '..'),
          async (id) => {
            const before = await stateOfAccount();
            const res = await t.call(concretePath(route, id), { method: route.method, key: keyFor(route.path) });
            expectSafe(res, id);
            expect([400, 404], id).toContain(res.status);
            expect(await stateOfAccount(), id).toBe(before);
          },
        ),
        { numRuns: 25 },
      );
    });
  }
});

describe('malformed bodies on every POST route', () => {
  const send = (route: RouteDefinition, body: string | Buffer, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    t.call(concretePath(route, 'mon_000000000000000000000000'), { method: 'POST', key: keyFor(route.path), body, headers });

  it.each(bodyRoutes.map((r) => [r.id, r] as const))('%s: oversized 413, deep JSON 400, invalid UTF-8 400, wrong media type 415', async (_id, route) => {
    const before = await stateOfAccount();
    const oversized = await send(route, JSON.stringify({ first_name: 'x'.repeat(300 * 1024) }));
    expectSafe(oversized, 'oversized');
    expect(errorOf(oversized.body).code).toBe('request_too_large');

    const deep = await send(route, `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`);
    expectSafe(deep, 'deep');
    expect(deep.status).toBe(400);

    const deepArray = await send(route, `${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    expectSafe(deepArray, 'deep array');
    expect(deepArray.status).toBe(400);

    const badUtf8 = await send(route, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]));
    expectSafe(badUtf8, 'utf8');
    expect(errorOf(badUtf8.body)).toMatchObject({ code: 'invalid_request', param: 'body' });

    const textPlain = await send(route, '{"first_name":"A"}', { 'content-type': 'text/plain' });
    expectSafe(textPlain, 'media type');
    expect(errorOf(textPlain.body).code).toBe('unsupported_media_type');
    expect(await stateOfAccount()).toBe(before);
  });
});

describe('hostile headers', () => {
  it('an id carrying CR/LF is not reflected into response headers', async () => {
    for (const path of ['/v1/certificate/vrf_%0D%0ASet-Cookie:%20stolen=1', '/v1/monitor/mon_%0D%0AX-Injected:%201/check']) {
      const res = await t.call(path, { method: path.endsWith('/check') ? 'POST' : 'GET', key: keyFor(path) });
      expectSafe(res, path);
      expect(res.status).toBe(404);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect(res.headers.get('x-injected')).toBeNull();
    }
  });

  it('an oversized or malformed Idempotency-Key is a 400 naming the header, with nothing done', async () => {
    const before = await stateOfAccount();
    for (const value of ['k'.repeat(10_000), `${'has spaces and ümlauts'.normalize('NFC').replace('ü', 'u')} \t`, '']) {
      const res = await t.call('/v1/verify', {
        method: 'POST',
        key,
        body: JSON.stringify({ first_name: 'Helen', last_name: 'Thomas', state: 'WA' }),
        headers: { 'content-type': 'application/json', 'idempotency-key': value },
      });
      expectSafe(res, value.slice(0, 20));
      expect(res.status, value.slice(0, 20)).toBe(400);
      expect(errorOf(res.body).param).toBe('Idempotency-Key');
    }
    expect(await stateOfAccount()).toBe(before);
  });

  it('a key with injected text, or under another scheme, is a 401', async () => {
    for (const authorization of [`Bearer ${key}\tX-Admin: 1`, `Basic ${Buffer.from(`${key}:`).toString('base64')}`, `Bearer ${key} ${key}`, `bearer${key}`]) {
      const res = await t.call('/v1/account', { headers: { authorization } });
      expect(res.status, authorization.slice(0, 12)).toBe(401);
      expect(errorOf(res.body).code).toBe('authentication_failed');
    }
  });
});

describe('SoQL injection through names', () => {
  /** Every field the condition reads, and every literal in it; throws on any other kind of node. */
  function walk(expr: Expr, fields: Set<string>, literals: unknown[]): void {
    switch (expr.kind) {
      case 'or':
      case 'and':
        walk(expr.left, fields, literals);
        walk(expr.right, fields, literals);
        return;
      case 'compare':
        expect(expr.op).toBe('=');
        walk(expr.left, fields, literals);
        walk(expr.right, fields, literals);
        return;
      case 'like':
        expect(expr.negated).toBe(false);
        walk(expr.subject, fields, literals);
        walk(expr.pattern, fields, literals);
        return;
      case 'call':
        expect(expr.name).toBe('upper');
        for (const arg of expr.args) walk(arg, fields, literals);
        return;
      case 'field':
        fields.add(expr.name);
        return;
      case 'literal':
        literals.push(expr.value);
        return;
      default:
        throw new Error(`unexpected ${expr.kind} in a name condition`);
    }
  }

  it('any name stays one string literal: the query keeps its shape', () => {
    const nameLike = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.constantFrom("O'Brien'); DROP TABLE licenses; --", "x' OR '1'='1", "' OR upper(last_name) like '%", "\\' OR 1=1 --", "O''Brien", '%_\\'),
    );
    fc.assert(
      fc.property(nameLike, (name) => {
        const exact = parseWhere(upperEquals('last_name', name));
        expect(exact).toEqual({
          kind: 'compare',
          op: '=',
          left: { kind: 'call', name: 'upper', args: [{ kind: 'field', name: 'last_name' }] },
          right: { kind: 'literal', value: name.toUpperCase() },
        });
        for (const condition of [surnameCondition('last_name', name), accentTolerantSurnameCondition('last_name', name)]) {
          const fields = new Set<string>();
          const literals: unknown[] = [];
          walk(parseWhere(condition), fields, literals);
          expect([...fields]).toEqual(['last_name']);
          expect([1, 5]).toContain(literals.length);
          for (const literal of literals) expect(typeof literal).toBe('string');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('through the API: a name with SQL in it is refused; an apostrophe name reaches the board intact', async () => {
    const kathleen = (lastName: string) =>
      t.call('/v1/verify', {
        method: 'POST',
        key,
        body: JSON.stringify({ first_name: 'Kathleen', last_name: lastName, state: 'WA' }),
        headers: { 'content-type': 'application/json' },
      });
    const injected = await kathleen("O'Brien'); DROP TABLE licenses; --");
    expect(injected.status).toBe(400);
    expect(errorOf(injected.body).param).toBe('last_name');
    const real = await kathleen("O'Brien");
    expect(real.status).toBe(200);
    expect(real.body).toMatchObject({ status: 'active', name: "Kathleen Anne O'Brien" });
    const doubled = await kathleen("O''Brien");
    expectSafe(doubled, 'doubled');
    // Punctuation is normalised away in name matching: the doubled quote names the same person.
    expect(doubled.body).toMatchObject({ status: 'active', name: "Kathleen Anne O'Brien" });
  });
});

describe('path traversal in ids', () => {
  it('is never found, and never reaches a file or another resource', async () => {
    const attempts: [string, string][] = [
      ['GET', '/v1/certificate/..%2F..%2Fetc%2Fpasswd'],
      ['GET', '/v1/certificate/..%2F..%2Fetc%2Fpasswd/pdf'],
      ['GET', '/v1/certificate/%2e%2e%2f%2e%2e%2fv1%2faccount'],
      ['POST', '/v1/monitor/..%2Fmonitors/check'],
      ['DELETE', '/v1/monitor/..%2F..%2Fv1%2Fmonitors'],
      ['GET', '/v1/monitor/..%2F..%2Fv1%2Fmonitors'],
      ['GET', '/v1/events/..%2F..%2Fv1%2Fevents'],
      ['GET', '/v1/keys/..%2F..%2Fv1%2Fkeys'],
      ['GET', '/v1/verifications/exports/..%2F..%2Fetc%2Fpasswd'],
      ['GET', '/records/..%2F..%2Fetc%2Fpasswd'],
      ['GET', '/records/%2e%2e%5c%2e%2e%5cwindows%5cwin.ini'],
    ];
    for (const [method, path] of attempts) {
      const res = await t.call(path, { method, key: keyFor(path) });
      expectSafe(res, path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toMatch(/root:|\[fonts\]/);
    }
  });
});

describe('GET /v1/usage', () => {
  it('refuses hostile `months` with a 400 naming it, and reading usage never charges anything', async () => {
    const before = await stateOfAccount();
    const attempts = [
      'months=99999999999999999999999',
      'months=1e3',
      'months=0x0c',
      'months=%2012',
      'months=12%00',
      'months=-0',
      'months[]=1',
      'months=1&months=2',
      'months=__proto__',
      'constructor=1',
      `months=${'9'.repeat(2000)}`,
    ];
    for (const query of attempts) {
      const res = await t.call(`/v1/usage?${query}`, { key });
      expectSafe(res, query);
      expect(res.status, query).toBe(400);
    }
    const reads = await Promise.all(Array.from({ length: 20 }, () => t.call('/v1/usage?months=12', { key })));
    expect(reads.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await stateOfAccount()).toBe(before);
  });
});

describe('webhook self-service', () => {
  let monitorId = '';
  let eventId = '';
  const json = { 'content-type': 'application/json' };
  const storedMonitor = async () =>
    JSON.stringify((await dynamo().send(new GetCommand({ TableName: tableName('monitors'), Key: { monitor_id: monitorId } }))).Item);
  const storedEvent = async () => JSON.stringify((await dynamo().send(new GetCommand({ TableName: tableName('events'), Key: { event_id: eventId } }))).Item);

  beforeAll(async () => {
    monitorId = await webhookMonitor();
    eventId = await monitorEvent(monitorId);
    // The event's first delivery (to a port nobody listens on) is recorded by the delivery worker on its
    // own time: the tests compare the stored event before and after, so they start once it is recorded
    // (the next retry is minutes away).
    await waitFor(async () => {
      const item = (await dynamo().send(new GetCommand({ TableName: tableName('events'), Key: { event_id: eventId }, ConsistentRead: true }))).Item;
      return (item?.delivery?.attempts?.length ?? 0) > 0 ? true : undefined;
    }, 30_000);
  });

  it('hostile rotate-secret bodies are 400s naming the field, and the secret stays as it was', async () => {
    const before = await storedMonitor();
    const bodies: [unknown, string][] = [
      ['{"webhook_secret":"xxxxxxxxxxxxxxxx","overlap_hours":1e309}', 'overlap_hours'],
      [{ webhook_secret: 'x'.repeat(16), overlap_hours: null }, 'overlap_hours'],
      [{ webhook_secret: 'x'.repeat(16), overlap_hours: [24] }, 'overlap_hours'],
      [{ webhook_secret: 'x'.repeat(16), overlap_hours: 99999999999 }, 'overlap_hours'],
      [{ webhook_secret: { $ne: '' } }, 'webhook_secret'],
      [{ webhook_secret: 1234567890123456 }, 'webhook_secret'],
      ['{"webhook_secret":"xxxxxxxxxxxxxxxx","__proto__":{"admin":true}}', '__proto__'],
      [{ webhook_secret: 'x'.repeat(16), old_secret: 'x' }, 'old_secret'],
    ];
    for (const [body, param] of bodies) {
      const res = await t.call(`/v1/monitor/${monitorId}/rotate-secret`, {
        method: 'POST',
        key: testKey,
        headers: json,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expectSafe(res, JSON.stringify(body));
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (param !== '__proto__') expect(errorOf(res.body).param, JSON.stringify(body)).toBe(param);
    }
    expect(await storedMonitor()).toBe(before);
  });

  it('hostile redeliver and test-webhook bodies and ids are refused, and nothing is queued or recorded', async () => {
    const before = await storedEvent();
    const eventsBefore = (await t.call(`/v1/events?monitor_id=${monitorId}`, { key: testKey })).body.data.length as number;
    for (const path of [`/v1/events/${eventId}/redeliver`, `/v1/monitor/${monitorId}/test-webhook`]) {
      for (const body of ['{"force":true}', '[]', '"x"', '{"a":', 'null']) {
        const res = await t.call(path, { method: 'POST', key: testKey, headers: json, body });
        expectSafe(res, `${path} ${body}`);
        expect(res.status, `${path} ${body}`).toBe(400);
      }
    }
    for (const id of ['..%2F..%2Fevents', `${eventId}%00`, `${eventId}.1`, `evt_${'A'.repeat(5000)}`, '%F0%9F%92%A9']) {
      const res = await t.call(`/v1/events/${id}/redeliver`, { method: 'POST', key: testKey });
      expectSafe(res, id);
      expect([400, 404, 414], id).toContain(res.status);
    }
    expect(await storedEvent()).toBe(before);
    expect((await t.call(`/v1/events?monitor_id=${monitorId}`, { key: testKey })).body.data).toHaveLength(eventsBefore);
  });

  it('hostile ids on the single-resource GETs never find the resource they resemble, never a 500, and change nothing', async () => {
    // The event's first attempt (to a closed port) and its retry's message are recorded first, so nothing else moves it meanwhile.
    for (let tries = 0; tries < 100; tries++) {
      const stored = JSON.parse(await storedEvent()) as { delivery: { attempts: unknown[] }; queued_attempt?: number };
      if (stored.delivery.attempts.length > 0 && (stored.queued_attempt ?? 0) >= 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const monitorBefore = await storedMonitor();
    const eventBefore = await storedEvent();
    const keyId = ((await t.call('/v1/keys', { key: testKey })).body.data as { key_id: string }[])[0]!.key_id;
    const variants = (id: string) => [
      `${id}%00`,
      `${id}.1`,
      `%20${id}`,
      encodeURIComponent(`${id}\r\nX-Injected: 1`),
      id.toUpperCase(),
      id.slice(0, -1),
      `${id}${'A'.repeat(5000)}`,
      `${id.slice(0, 4)}..%2F${id.slice(4)}`,
      encodeURIComponent(JSON.stringify({ $ne: id })),
      '%F0%9F%92%A9',
    ];
    for (const [path, id] of [
      ['/v1/monitor/', monitorId],
      ['/v1/events/', eventId],
      ['/v1/keys/', keyId],
    ] as const) {
      // The id itself is found, so each variant below would be found too if it reached the resource.
      expect((await t.call(`${path}${id}`, { key: testKey })).status, id).toBe(200);
      for (const variant of variants(id)) {
        const res = await t.call(`${path}${variant}`, { key: testKey });
        expectSafe(res, `${path}${variant}`);
        expect([400, 404, 414], `${path}${variant}`).toContain(res.status);
        expect(res.headers.get('x-injected'), variant).toBeNull();
        expect(res.text, variant).not.toContain('"secret_rotation"');
      }
    }
    // The key itself, sent as an id, is not found and never echoed.
    const asId = await t.call(`/v1/keys/${encodeURIComponent(testKey)}`, { key: testKey });
    expect(asId.status).toBe(404);
    expect(asId.text).not.toContain(testKey);
    expect(await storedMonitor()).toBe(monitorBefore);
    expect(await storedEvent()).toBe(eventBefore);
  });

  it('hostile delivery_state and deliveries cursors are 400s naming the parameter', async () => {
    for (const query of [
      'delivery_state=FAILED',
      'delivery_state=failed%00',
      'delivery_state=failed&delivery_state=pending',
      'delivery_state[]=failed',
      `delivery_state=${'f'.repeat(5000)}`,
      'delivery_state=__proto__',
    ]) {
      const res = await t.call(`/v1/events?${query}`, { key: testKey });
      expectSafe(res, query);
      expect(res.status, query).toBe(400);
    }
    for (const query of [
      'starting_after=evt_x.1',
      `starting_after=${eventId}`,
      `starting_after=${eventId}.-1`,
      `starting_after=${eventId}.99999`,
      'limit=0',
      'limit=101',
    ]) {
      const res = await t.call(`/v1/monitor/${monitorId}/deliveries?${query}`, { key: testKey });
      expectSafe(res, query);
      expect(res.status, query).toBe(400);
    }
    // A well-formed cursor past the event's attempts is not one of this monitor's deliveries.
    const res = await t.call(`/v1/monitor/${monitorId}/deliveries?starting_after=${eventId}.9`, { key: testKey });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).param).toBe('starting_after');
  });
});

describe('API keys', () => {
  /** The caller's keys as it sees them: what a refused request must leave as it was. */
  const keysState = async () => JSON.stringify((await t.call('/v1/keys?limit=100', { key })).body.data);
  const post = (path: string, body: string) => t.call(path, { method: 'POST', key, body, headers: { 'content-type': 'application/json' } });

  it('POST /v1/keys refuses hostile bodies with a 400 naming the field, and makes no key', async () => {
    const before = await keysState();
    const attempts: [string, string][] = [
      [JSON.stringify({ name: 'x'.repeat(101) }), 'name'],
      [JSON.stringify({ name: '' }), 'name'],
      [JSON.stringify({ name: '   ' }), 'name'],
      [JSON.stringify({ name: 'line\nbreak' }), 'name'],
      [JSON.stringify({ name: 42 }), 'name'],
      [JSON.stringify({ mode: 'prod' }), 'mode'],
      [JSON.stringify({ mode: ['live'] }), 'mode'],
      [JSON.stringify({ admin: 'yes' }), 'admin'],
      [JSON.stringify({ role: 'admin' }), 'role'],
      [JSON.stringify({ key_hash: '0'.repeat(64) }), 'key_hash'],
      ['{"__proto__": {"admin": true}}', '__proto__'],
    ];
    for (const [body, param] of attempts) {
      const res = await post('/v1/keys', body);
      expectSafe(res, body);
      expect(res.status, body).toBe(400);
      expect(errorOf(res.body).param, body).toBe(param);
    }
    expect(await keysState()).toBe(before);
  });

  it('POST /v1/keys/{key_id}/roll refuses hostile grace periods with a 400, and the key is not rolled', async () => {
    const own = (await t.call('/v1/keys', { key })).body.data as { key_id: string }[];
    const id = own[own.length - 1]!.key_id;
    const before = await keysState();
    for (const body of [
      '{"grace_period_hours": -1}',
      '{"grace_period_hours": 168.5}',
      '{"grace_period_hours": 1e400}',
      '{"grace_period_hours": "24"}',
      '{"grace_period_hours": null}',
      '{"grace_period_hours": [1]}',
      '{"grace_hours": 1}',
    ]) {
      const res = await post(`/v1/keys/${id}/roll`, body);
      expectSafe(res, body);
      expect(res.status, body).toBe(400);
      expect(errorOf(res.body).param, body).toMatch(/grace/);
    }
    expect(await keysState()).toBe(before);
  });

  it('GET /v1/keys refuses hostile page sizes and cursors with a 400 naming them', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=1e2',
      'limit=abc',
      'starting_after=key_',
      'starting_after=../../etc',
      `starting_after=${'k'.repeat(500)}`,
    ]) {
      const res = await t.call(`/v1/keys?${query}`, { key });
      expectSafe(res, query);
      expect(res.status, query).toBe(400);
      expect(errorOf(res.body).param, query).toBe(query.split('=')[0]);
    }
  });
});

describe('verification history and exports', () => {
  /** Export records of any account: a refused request adds none. */
  const exportCount = async () => (await dynamo().send(new ScanCommand({ TableName: tableName('exports'), Select: 'COUNT' }))).Count ?? 0;

  it('GET /v1/verifications refuses hostile filters with a 400 naming them, never a 500', async () => {
    const attempts: [string, string][] = [
      ['created_from=2026-10-01T00:00:00', 'created_from'],
      ['created_from=2026-10-01%00', 'created_from'],
      [`created_from=${'9'.repeat(500)}`, 'created_from'],
      ['created_to=0001-01-01', 'created_to'],
      ['created_from=2026-12-01&created_to=2026-01-01', 'created_to'],
      ['state=W%00A', 'state'],
      ['state[]=WA', 'state[]'],
      ['status=active&status=expired', 'status'],
      ['status=__proto__', 'status'],
      ['verified=1', 'verified'],
      ['npi=1662571706%20OR%201=1', 'npi'],
      ['last_name=%3D1%2B1', 'last_name'],
      [`last_name=${'a'.repeat(101)}`, 'last_name'],
      ['last_name=%E2%80%AE', 'last_name'],
      ['starting_after=vrf_000000000000000000000000', 'starting_after'],
      ['starting_after=..%2F..%2F', 'starting_after'],
      ['limit=1e2', 'limit'],
      ['owner=acct_x%23live', 'owner'],
    ];
    for (const [query, param] of attempts) {
      const res = await t.call(`/v1/verifications?${query}`, { key });
      expectSafe(res, query);
      expect(res.status, query).toBe(400);
      expect(errorOf(res.body).param, query).toBe(param);
    }
  });

  it('POST /v1/verifications/exports refuses hostile bodies with a 400, creating no export and queueing nothing', async () => {
    const before = await exportCount();
    const bodies = [
      '[]',
      '"export"',
      '{"created_from": {"$gt": ""}}',
      '{"verified": "true"}',
      '{"state": ["WA"]}',
      '{"owner": "acct_other#live"}',
      '{"__proto__": {"status": "ready"}}',
      '{"created_from": "2026-11-01", "created_to": "2026-11-01"}',
      `{"last_name": "${'x'.repeat(10_000)}"}`,
      '{"npi": "0000000000"}',
    ];
    for (const body of bodies) {
      const res = await t.call('/v1/verifications/exports', { method: 'POST', key, body, headers: { 'content-type': 'application/json' } });
      expectSafe(res, body);
      expect(res.status, body).toBe(400);
    }
    expect(await exportCount()).toBe(before);
  });
});

describe('webhook list cursors of another monitor', () => {
  it("a cursor of another of the caller's monitors is a 400 naming starting_after on both lists, never a 500", async () => {
    const [a, b] = [await webhookMonitor(), await webhookMonitor()];
    const ofB = await monitorEvent(b);
    for (const path of [
      `/v1/events?monitor_id=${a}&starting_after=${ofB}`,
      `/v1/events?monitor_id=${a}&delivery_state=pending&starting_after=${ofB}`,
      `/v1/monitor/${a}/deliveries?starting_after=${ofB}.0`,
    ]) {
      const res = await t.call(path, { key: testKey });
      expectSafe(res, path);
      expect(res.status, path).toBe(400);
      expect(errorOf(res.body).param, path).toBe('starting_after');
    }
  });
});

describe('hostile source files', () => {
  const MiB = 1024 * 1024;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hostile-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** Ingests `bytes` as an operator's file of the list: it must be refused, as `kind`, the list's current version untouched. */
  async function refusedList(definition: ListDefinition, name: string, bytes: Buffer, kind: IngestRefusal['kind']): Promise<IngestRefusal> {
    const file = join(dir, name);
    await writeFile(file, bytes);
    const store = dynamoSanctionsStore();
    const before = await store.current(definition.id);
    const error = await ingestList(definition, store, { file, force: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(IngestRefusal);
    expect(error).toMatchObject({ source: definition.displayName, kind });
    expect((error as Error).message).not.toMatch(stackFrame);
    expect(await store.current(definition.id)).toEqual(before);
    // The refused load is recorded as every load is: trigger, the file's hash and its archived copy, the decision.
    const recorded = (await reviewStateOf(store.loads, definition.id))?.last_load;
    expect(recorded).toMatchObject({
      source: definition.id,
      trigger: 'operator',
      decision: 'refused',
      basis: kind,
      reasons: [(error as Error).message],
      files: [{ name, sha256: createHash('sha256').update(bytes).digest('hex'), archive_key: expect.stringMatching(new RegExp(`^lists/${definition.id}/`)) }],
    });
    return error as IngestRefusal;
  }

  it('a zip bomb (the SAM extract: 512 MiB of one CSV member in under a megabyte) is refused before it is inflated', async () => {
    const bomb = await bombMember('SAM_Exclusions_Public_Extract_V2_26279.CSV', 512 * MiB, '0', '"Classification","Name"\r\n');
    const before = peakRssMb();
    const refusal = await refusedList(samExclusions, 'SAM_Exclusions_Public_Extract_V2_26279.ZIP', zipArchive([bomb]), 'limit');
    expect(refusal.message).toMatch(/times its compressed size/);
    expect(peakRssMb() - before).toBeLessThan(100);
  });

  it('an XLSX bomb, a huge sheet beside the list inside the zipped report, is refused within memory', async () => {
    const huge = await bombMember('x', 512 * MiB, ' ', '<?xml version="1.0"?><worksheet><sheetData>');
    const xlsx = zipArchive(
      workbookMembers([
        { name: 'DeactivatedNPIs', part: [['NPPES Deactivated Records as of Oct 12 2026'], ['NPI', 'NPPES Deactivation Date'], ['1457485542', '03/04/2020']] },
        { name: 'Notes', part: huge },
      ]),
    );
    const report = zipArchive([member('NPPES Deactivated NPI Report 20261012.xlsx', xlsx)]);
    expect(report.length).toBeLessThan(2 * MiB);
    const before = peakRssMb();
    await refusedList(nppesDeactivated, 'NPPES_Deactivated_NPI_Report_101226_V2.zip', report, 'limit');
    expect(peakRssMb() - before).toBeLessThan(100);
  });

  it('an XLSX bomb of many sheets is refused by their number, before any is parsed', async () => {
    const sheets = [
      { name: 'Exclusions', part: [[...nyOmigColumns]] },
      ...Array.from({ length: 200 }, (_, i) => ({
        name: `Copy ${i}`,
        part: [[...nyOmigColumns], ...Array.from({ length: 50 }, () => ['X', '1', '', 'MD', '2026-01-01'])],
      })),
    ];
    const refusal = await refusedList(nyOmig, 'NewYork.xlsx', zipArchive(workbookMembers(sheets)), 'limit');
    expect(refusal.message).toMatch(/201 sheets, over the limit of 32/);
  });

  it('one very long CSV row (24 MB) is refused at the row limit, in linear time', async () => {
    const header = caMediCalColumns.map((c) => `"${c.replaceAll('"', '""')}"`).join(',');
    const started = performance.now();
    const refusal = await refusedList(caMediCalSuspended, 'California.csv', Buffer.from(`${header}\r\n"${'A'.repeat(24 * MiB)}"\r\n`), 'limit');
    expect(refusal.message).toMatch(/longer than \d+ characters/);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('one very long line of a pipe-delimited roster is refused at the row limit', async () => {
    const file = join(dir, 'LIC_ALL.txt');
    await writeFile(file, `${flHeader.join('|')}|\r\n${'B|'.repeat(8 * MiB)}\r\n`, 'latin1');
    const store = dynamoRosterStore();
    const before = await store.current(floridaMqa.id);
    await expect(ingestRoster(floridaMqa, store, { files: [file], force: true })).rejects.toMatchObject({ name: 'IngestRefusal', kind: 'limit' });
    expect(await store.current(floridaMqa.id)).toEqual(before);
  });

  it('a ZIP member named outside the archive (../) is a malformed archive, refused before anything is read', async () => {
    const refusal = await refusedList(
      samExclusions,
      'SAM_Exclusions_Public_Extract_V2_26280.ZIP',
      zipArchive([member('../../SAM_Exclusions_Public_Extract_V2_26280.CSV', '"Classification","Name"\r\n')]),
      'malformed_archive',
    );
    expect(refusal.message).toMatch(/outside/);
  });
});

/** A test monitor (of `testKey`) posting to a closed local port, flapping so each check makes an event. */
async function webhookMonitor(): Promise<string> {
  const created = await t.call('/v1/monitor', {
    method: 'POST',
    key: testKey,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      first_name: 'Abe',
      last_name: 'test-flapping',
      state: 'WA',
      webhook_url: 'http://127.0.0.1:9/hook',
      webhook_secret: 'abuse-secret-0123456789',
    }),
  });
  return created.body.monitor_id as string;
}

/** The first event of a check of the monitor. */
async function monitorEvent(monitorId: string): Promise<string> {
  return (await t.call(`/v1/monitor/${monitorId}/check`, { method: 'POST', key: testKey })).body.events[0].event_id as string;
}

describe('hostile sources (off-host links and redirects)', () => {
  /** Text a hostile source answers with: it must never reach an error or a log line. */
  const marker = 'HOSTILE-SOURCE-BYTES-7f3a';

  /** Runs `fn` with `env` pointing a source elsewhere. */
  async function withEnv<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
    const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    try {
      return await fn();
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }

  /** The worker's answer to one message: a refusal is acknowledged (no batch item failure), never retried. */
  async function runWorker(workerId: 'ListIngest' | 'LeieIngest', message: object): Promise<SQSBatchResponse> {
    const worker = workers.find((w) => w.id === workerId)!;
    const id = `${workerId}-hostile-${randomUUID()}`;
    const event = { Records: [{ messageId: id, receiptHandle: id, body: JSON.stringify(message) }] };
    return (await invoke(worker.entry, worker.id, event, 60_000)) as SQSBatchResponse;
  }

  const servers: SourceServer[] = [];
  afterAll(() => Promise.all(servers.map((s) => s.close())));
  async function serve(...args: Parameters<typeof startSourceServer>): Promise<SourceServer> {
    const started = await startSourceServer(...args);
    servers.push(started);
    return started;
  }
  /** A host the sources must never reach: it records what it is asked. */
  const elsewhere = () => serve((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(marker));

  it('a landing page linking to another host: refused before that host is asked, the message acknowledged, nothing stored', async () => {
    const other = await elsewhere();
    const landing = await serve((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`${marker}${linksPage([{ href: `${other.url}/assets/termination-list.xlsx`, text: 'the HCA Medicaid providers listing' }])}`),
    );
    const before = await dynamoSanctionsStore().current('wa_hca');
    await withEnv({ WA_HCA_BASE_URL: landing.url }, async () => {
      const refusal = await rejectionOf(ingestList(waHca, dynamoSanctionsStore(), { force: true }), IngestRefusal);
      expect(refusal.kind).toBe('off_host');
      expect(refusal.message).toContain(other.url);
      expect(refusal.message).not.toContain(marker);
      expect(refusal.message).not.toContain('termination-list');
      expect((await runWorker('ListIngest', { kind: 'list_ingest', list: 'wa_hca', force: true })).batchItemFailures).toEqual([]);
    });
    expect(landing.received).toHaveLength(2);
    expect(other.received).toEqual([]);
    expect(await dynamoSanctionsStore().current('wa_hca')).toEqual(before);
  });

  it('a download redirected to another host, or to another service of this machine: refused unrequested, not retried', async () => {
    const other = await elsewhere();
    for (const location of [`${other.url}/exclusions.xlsx`, `${process.env.AWS_ENDPOINT_URL_DYNAMODB}/`]) {
      const download = await serve((_req, res) => res.writeHead(302, { location, 'content-type': 'text/plain' }).end(marker));
      await withEnv({ NY_OMIG_BASE_URL: download.url }, async () => {
        const refusal = await rejectionOf(ingestList(nyOmig, dynamoSanctionsStore(), { force: true }), IngestRefusal);
        expect(refusal.kind, location).toBe('off_host');
        expect(refusal.message, location).toContain(new URL(location).origin);
        expect(refusal.message, location).not.toContain(marker);
        // One request: a refusal is not retried as a failed download would be.
        expect(download.received, location).toHaveLength(1);
        expect((await runWorker('ListIngest', { kind: 'list_ingest', list: 'ny_omig', force: true })).batchItemFailures, location).toEqual([]);
        expect(download.received, location).toHaveLength(2);
      });
    }
    expect(other.received).toEqual([]);
  });

  it('the LEIE download redirected to the cloud metadata address: refused at once, the current list kept', async () => {
    const before = await dynamoExclusionStore().current();
    const download = await serve((_req, res) =>
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/iam/security-credentials/', 'content-type': 'text/plain' }).end(marker),
    );
    await withEnv({ LEIE_CSV_URL: `${download.url}/exclusions/downloadables/UPDATED.csv` }, async () => {
      const started = Date.now();
      const refusal = await rejectionOf(ingestLeie(dynamoExclusionStore(), { force: true }), IngestRefusal);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(refusal.message).toContain('http://169.254.169.254');
      expect(refusal.message).not.toContain('security-credentials');
      expect((await runWorker('LeieIngest', { kind: 'leie_ingest', force: true })).batchItemFailures).toEqual([]);
    });
    expect(download.received).toHaveLength(2);
    expect((await dynamoExclusionStore().current())?.version).toBe(before?.version);
  });
});
