import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import { cp, mkdtemp, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ChangeAwareFile } from '../../local/simulator/change-aware-file.ts';
import type { NppesRecord } from '../../local/simulator/nppes-index.ts';
import { startSourceSimulator, type SourceSimulator } from '../../local/simulator/server.ts';

const fixtures = fileURLToPath(new URL('../fixtures/simulator/', import.meta.url));
const leiePath = '/exclusions/downloadables/UPDATED.csv';
const wa = 'qxh8-f4bd';
const co = '7s5z-vewr';

const tempDirs: string[] = [];
async function copyOfFixtures(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'source-simulator-'));
  tempDirs.push(dir);
  await cp(fixtures, dir, { recursive: true });
  return dir;
}
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: any;
}

async function get(sim: SourceSimulator, path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${sim.url}${path}`, init);
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

const nppes = (sim: SourceSimulator, params: Record<string, string>) => get(sim, `/api/?${new URLSearchParams(params)}`);
const soda = (sim: SourceSimulator, dataset: string, params: Record<string, string> = {}, init: RequestInit = {}) =>
  get(sim, `/resource/${dataset}.json?${new URLSearchParams(params)}`, init);
const numbers = (answer: Answer) => (answer.json.results as { number: unknown }[]).map((r) => String(r.number));
const column = (answer: Answer, field: string) => (answer.json as Record<string, unknown>[]).map((row) => row[field]);

/** Strict RFC 4180 reader (CRLF, quoted fields): throws on broken quoting. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  let fieldStarted = false;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i++;
        const next = text[i];
        if (next !== ',' && next !== '\r' && next !== undefined) throw new Error(`character after closing quote at ${i}`);
      } else {
        field += c;
        i++;
      }
      continue;
    }
    if (c === '"') {
      if (fieldStarted) throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      fieldStarted = true;
      i++;
    } else if (c === ',') {
      record.push(field);
      field = '';
      fieldStarted = false;
      i++;
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
      i += 2;
    } else {
      field += c;
      fieldStarted = true;
      i++;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (fieldStarted || record.length > 0) throw new Error('last record does not end with CRLF');
  return records;
}

describe('source simulator: routing', () => {
  let sim: SourceSimulator;
  beforeAll(async () => {
    sim = await startSourceSimulator({ dataDir: fixtures });
  });
  afterAll(() => sim.close());

  it('listens on 127.0.0.1 with an ephemeral port and answers /health', async () => {
    expect(sim.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sim.url).not.toMatch(/:0$/);
    const health = await get(sim, '/health');
    expect(health.status).toBe(200);
    expect(health.json).toEqual({ status: 'ok' });
  });

  it('answers 404 to anything else and 405 to other methods', async () => {
    expect((await get(sim, '/')).status).toBe(404);
    expect((await get(sim, '/api/v3/views/qxh8-f4bd/query.json')).status).toBe(404);
    expect((await get(sim, '/exclusions/downloadables/2026/2601excl.csv')).status).toBe(404);
    const post = await get(sim, '/api/?version=2.1&number=1450000017', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('checks the path before the method', async () => {
    expect((await get(sim, '/nowhere', { method: 'POST' })).status).toBe(404);
    expect((await get(sim, '/health', { method: 'DELETE' })).status).toBe(405);
    const put = await get(sim, '/oigportal2/Exclusions/ctl/DOW/mid/384', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, HEAD');
  });

  it("answers an unknown path under /resource/ in Socrata's error shape, and a file name that does not decode with a plain 404", async () => {
    const nested = await get(sim, '/resource/a/b.json');
    expect(nested.status).toBe(404);
    expect(nested.headers.get('content-type')).toBe('application/json;charset=utf-8');
    expect(nested.json).toEqual({ code: 'not_found', error: true, message: 'Not found', data: {} });
    expect((await get(sim, '/resource/%E0.json')).json).toEqual(nested.json);
    const undecodable = await get(sim, '/file-store/Exclusions/Public%20V2/%E0.ZIP');
    expect(undecodable.status).toBe(404);
    expect(undecodable.text).toBe('Not Found\n');
  });
});

describe('source simulator: NPPES API v2.1', () => {
  let sim: SourceSimulator;
  let dir: string;
  const bulk: NppesRecord[] = Array.from({ length: 1205 }, (_, i) => ({
    number: String(1_900_000_000 + i),
    enumeration_type: 'NPI-1',
    basic: { first_name: 'PAT', last_name: 'BULKTEST', status: 'A' },
    addresses: [{ address_purpose: 'LOCATION', city: 'OLYMPIA', state: 'WA', postal_code: '985010000' }],
    taxonomies: [],
    other_names: [],
  }));
  beforeAll(async () => {
    dir = await copyOfFixtures();
    await writeFile(join(dir, 'nppes', 'bulk.json'), JSON.stringify(bulk));
    sim = await startSourceSimulator({ dataDir: dir });
  });
  afterAll(() => sim.close());

  it('looks up an NPI and returns the newer form as stored (string number and epochs, sex)', async () => {
    const answer = await nppes(sim, { version: '2.1', number: '1450000017' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.json.result_count).toBe(1);
    const [record] = answer.json.results;
    expect(record.number).toBe('1450000017');
    expect(record.created_epoch).toBe('1389230978000');
    expect(record.basic).toMatchObject({ first_name: 'JANE', last_name: 'TESTWORTH', sex: 'F', certification_date: '2024-04-05' });
    const stored = JSON.parse(await readFile(join(fixtures, 'nppes', 'individuals.json'), 'utf8'))[0];
    expect(record).toEqual(stored);
  });

  it('returns the older form untouched (integer number and epochs, gender, basic.name)', async () => {
    const answer = await nppes(sim, { version: '2.1', number: '1680000043' });
    expect(answer.json.result_count).toBe(1);
    const [record] = answer.json.results;
    expect(record.number).toBe(1680000043);
    expect(record.created_epoch).toBe(1183680000);
    expect(record.basic).toMatchObject({ gender: 'M', name: 'QUIMBYTEST ALDO' });
    expect(record.basic.sex).toBeUndefined();
    expect(answer.text).toContain('"number":1680000043');
    expect(answer.text).not.toContain('"number":"1680000043"');
  });

  it('answers an unknown NPI with zero results', async () => {
    const answer = await nppes(sim, { version: '2.1', number: '1234567893' });
    expect(answer.json).toEqual({ result_count: 0, results: [] });
  });

  it('searches by last name and state, case-insensitively, on any address of the provider', async () => {
    const individual = { version: '2.1', enumeration_type: 'NPI-1' };
    expect(numbers(await nppes(sim, { ...individual, last_name: 'Testworth', state: 'WA' }))).toEqual(['1450000017']);
    expect(numbers(await nppes(sim, { ...individual, last_name: 'testworth', state: 'ny' }))).toEqual(['1450000025']);
    // 1450000017 practises in WA but its mailing address is in OR.
    expect(numbers(await nppes(sim, { ...individual, last_name: 'TESTWORTH', state: 'OR' }))).toEqual(['1450000017']);
    expect(numbers(await nppes(sim, { ...individual, last_name: 'TESTWORTH', state: 'TX' }))).toEqual([]);
  });

  it('reaches former names and authorized officials, as the real last-name search does', async () => {
    expect(numbers(await nppes(sim, { version: '2.1', last_name: 'SAMPLEFORD' }))).toEqual(['1450000025']);
    expect(numbers(await nppes(sim, { version: '2.1', last_name: 'TESTWORTH', state: 'WA' }))).toEqual(['1450000017', '1750000055']);
    expect(numbers(await nppes(sim, { version: '2.1', last_name: 'TESTWORTH', state: 'WA', name_purpose: 'PROVIDER' }))).toEqual(['1450000017']);
  });

  it('matches a trailing wildcard by prefix and widens first names to their aliases unless told not to', async () => {
    expect(numbers(await nppes(sim, { version: '2.1', last_name: 'TESTW*', enumeration_type: 'NPI-1' }))).toEqual(['1450000017', '1450000025']);
    expect(numbers(await nppes(sim, { version: '2.1', first_name: 'ja*', last_name: 'TESTWORTH' }))).toEqual(['1450000017']);
    expect(numbers(await nppes(sim, { version: '2.1', first_name: 'Robert', last_name: 'EXAMPLAR' }))).toEqual(['1450000033']);
    expect(numbers(await nppes(sim, { version: '2.1', first_name: 'Robert', last_name: 'EXAMPLAR', use_first_name_alias: 'false' }))).toEqual([]);
  });

  it('matches organizations, taxonomy descriptions and 5-digit postal codes', async () => {
    expect(numbers(await nppes(sim, { version: '2.1', organization_name: 'sample care*' }))).toEqual(['1750000055']);
    expect(numbers(await nppes(sim, { version: '2.1', taxonomy_description: 'Registered Nurse' }))).toEqual(['1450000017']);
    expect(numbers(await nppes(sim, { version: '2.1', postal_code: '98101', state: 'WA' }))).toEqual(['1450000017']);
  });

  it('refuses state alone, enumeration_type alone and both together with HTTP 200 Errors', async () => {
    const stateOnly = await nppes(sim, { version: '2.1', state: 'OH' });
    expect(stateOnly.status).toBe(200);
    expect(stateOnly.json).toEqual({ Errors: [{ description: 'Field state requires additional search criteria', field: 'state', number: '07' }] });

    const typeOnly = await nppes(sim, { version: '2.1', enumeration_type: 'NPI-2' });
    expect(typeOnly.status).toBe(200);
    expect(typeOnly.json).toEqual({
      Errors: [{ description: 'Enumeration_type requires additional search criteria', field: 'enumeration_type', number: '09' }],
    });

    const both = await nppes(sim, { version: '2.1', state: 'OH', enumeration_type: 'NPI-2', limit: '20' });
    expect(both.json.Errors.map((e: { number: string }) => e.number)).toEqual(['07', '09']);
    expect(both.json.results).toBeUndefined();
  });

  it('refuses a query without criteria, treating blank parameters as absent', async () => {
    const queries: Record<string, string>[] = [{ version: '2.1' }, { version: '2.1', first_name: '', last_name: ' ', limit: '5' }];
    for (const params of queries) {
      const answer = await nppes(sim, params);
      expect(answer.status).toBe(200);
      expect(answer.json.Errors).toHaveLength(1);
      expect(answer.json.Errors[0]).toMatchObject({ description: 'No valid search criteria provided' });
    }
    const blankCompanions = await nppes(sim, { version: '2.1', state: 'WA', first_name: '', last_name: '' });
    expect(blankCompanions.json.Errors[0].number).toBe('07');
  });

  it('refuses a wildcard with fewer than two leading characters', async () => {
    for (const [field, value] of [
      ['first_name', 'n*'],
      ['last_name', '*'],
      ['organization_name', 'a*'],
      ['last_name', 'te*st'],
    ] as const) {
      const answer = await nppes(sim, { version: '2.1', [field]: value, state: 'WA' });
      expect(answer.status).toBe(200);
      expect(answer.json.Errors).toEqual([expect.objectContaining({ description: 'Wildcards require at least two leading characters', field })]);
    }
    expect((await nppes(sim, { version: '2.1', first_name: 'ja*', state: 'WA' })).json.Errors).toBeUndefined();
  });

  it('refuses a request without version=2.1', async () => {
    const queries: Record<string, string>[] = [{ number: '1450000017' }, { version: '1.0', number: '1450000017' }];
    for (const params of queries) {
      const answer = await nppes(sim, params);
      expect(answer.status).toBe(200);
      expect(answer.json.Errors[0]).toMatchObject({ field: 'version' });
    }
  });

  it('defaults limit to 10, clamps it to 200, and treats 0 as 10; result_count counts the page', async () => {
    const page = async (params: Record<string, string>) => (await nppes(sim, { version: '2.1', last_name: 'BULKTEST', ...params })).json;
    expect((await page({})).result_count).toBe(10);
    expect((await page({ limit: '0' })).result_count).toBe(10);
    expect((await page({ limit: '3' })).results).toHaveLength(3);
    const clamped = await page({ limit: '500' });
    expect(clamped.result_count).toBe(200);
    expect(clamped.results).toHaveLength(200);
  });

  it('pages with skip and clamps skip to 1000 (skip=20000 returns the skip=1000 page)', async () => {
    const page = async (skip: string) => numbers(await nppes(sim, { version: '2.1', last_name: 'BULKTEST', limit: '200', skip }));
    expect((await page('5'))[0]).toBe(String(1_900_000_005));
    const at1000 = await page('1000');
    expect(at1000).toHaveLength(200);
    expect(at1000[0]).toBe(String(1_900_001_000));
    expect(await page('20000')).toEqual(at1000);
  });

  it('indents the JSON when pretty=on', async () => {
    const answer = await nppes(sim, { version: '2.1', number: '1450000017', pretty: 'on' });
    expect(answer.text).toMatch(/^\{\n {2}"result_count": 1,/);
  });
});

describe('source simulator: SODA', () => {
  let sim: SourceSimulator;
  let storedWa: Record<string, unknown>[];
  beforeAll(async () => {
    sim = await startSourceSimulator({ dataDir: fixtures });
    storedWa = JSON.parse(await readFile(join(fixtures, 'boards', `${wa}.json`), 'utf8'));
  });
  afterAll(() => sim.close());

  const where = (condition: string, extra: Record<string, string> = {}) => soda(sim, wa, { $where: condition, $order: ':id', ...extra });

  it('returns every row exactly as stored in file order, objects included', async () => {
    const all = await soda(sim, wa);
    expect(all.status).toBe(200);
    expect(all.headers.get('content-type')).toMatch(/^application\/json/);
    expect(all.json).toEqual(storedWa);
    const colorado = await soda(sim, co, { $where: "licensenumber = '000012345'" });
    expect(colorado.json).toHaveLength(2);
    expect(colorado.json[0].linktoverifylicense).toEqual({ url: 'https://apps.colorado.gov/dora/licensing/Lookup/LicenseLookup.aspx?example=1' });
  });

  it('compares case-sensitively with =, and case-insensitively through upper()', async () => {
    expect(column(await where("lastname = 'TESTWORTH'"), 'credentialnumber')).toEqual(['RN00012345', 'MD60000001']);
    expect(column(await where("upper(lastname) = 'TESTWORTH'"), 'credentialnumber')).toEqual(['RN00012345', 'AP60000001', 'MD60000001']);
    expect(column(await where("UPPER(lastname)='TESTWORTH' AND upper(firstname) != 'JANE'"), 'credentialnumber')).toEqual(['MD60000001']);
  });

  it('matches like with % and _, and a backslash-escaped _ literally', async () => {
    expect(column(await where("upper(lastname) like 'GARCIA-%'"), 'lastname')).toEqual(['GARCIA-TESTLOPEZ']);
    expect(column(await where("upper(lastname) like '%-TESTLOPEZ'"), 'lastname')).toEqual(['GARCIA-TESTLOPEZ']);
    expect(column(await where("lastname like 'SAMPLE_MAN'"), 'lastname')).toEqual(['SAMPLE_MAN', 'SAMPLEXMAN']);
    expect(column(await where("lastname like 'SAMPLE\\_MAN'"), 'lastname')).toEqual(['SAMPLE_MAN']);
    expect(column(await where("upper(credentialtype) like '%PHYSICIAN AND SURGEON%'"), 'credentialnumber')).toEqual(['MD60000001']);
  });

  it('applies AND before OR, and parentheses override it', async () => {
    const grouped = await where("upper(lastname) = 'TESTWORTH' AND (status = 'ACTIVE' OR actiontaken = 'Yes')");
    expect(column(grouped, 'credentialnumber')).toEqual(['RN00012345', 'AP60000001', 'MD60000001']);
    const ungrouped = await where("upper(lastname) = 'TESTWORTH' AND status = 'ACTIVE' OR actiontaken = 'Yes'");
    expect(column(ungrouped, 'credentialnumber')).toEqual(['RN00012345', 'AP60000001', 'MD60000001', 'RN00099999']);
    const negated = await where("NOT (status = 'ACTIVE' OR status = 'EXPIRED') and middlename is not null");
    expect(column(negated, 'credentialnumber')).toEqual(['RN00099999']);
    expect(column(await where('middlename IS NULL'), 'credentialnumber')).toHaveLength(6);
  });

  it('reads doubled single quotes as one quote', async () => {
    expect(column(await where("upper(lastname) = 'O''TESTER'"), 'credentialnumber')).toEqual(['RN00099999']);
    const escapedAttempt = await where("upper(lastname) = 'O''TESTER''); DROP'");
    expect(escapedAttempt.status).toBe(200);
    expect(escapedAttempt.json).toEqual([]);
  });

  it('refuses injection attempts and other malformed queries with 400 query.compiler.malformed', async () => {
    for (const condition of [
      "upper(lastname) = 'O'TESTER'); DROP'",
      "lastname = 'X'; DROP TABLE rows",
      "lastname = 'X' OR 1=1 --",
      "lastname = 'unterminated",
      "lastname = 'A' lastname = 'B'",
      '(lastname = "A")',
      'upper(lastname)',
      "evil(lastname) = 'A'",
    ]) {
      const answer = await where(condition);
      expect(answer.status, condition).toBe(400);
      expect(answer.json, condition).toEqual({ code: 'query.compiler.malformed', error: true, message: expect.any(String), data: {} });
    }
  });

  it('selects the listed fields in order and leaves out null ones', async () => {
    const answer = await soda(sim, wa, { $select: 'credentialnumber, middlename, status', $order: ':id', $limit: '2' });
    expect(answer.json).toEqual([
      { credentialnumber: 'RN00012345', middlename: 'Q', status: 'ACTIVE' },
      { credentialnumber: 'AP60000001', status: 'EXPIRED' },
    ]);
    expect(Object.keys(answer.json[0])).toEqual(['credentialnumber', 'middlename', 'status']);
    const aliased = await soda(sim, wa, { $select: 'credentialnumber AS id', $where: "status = 'CLOSED'" });
    expect(aliased.json).toEqual([{ id: 'N2000777' }]);
  });

  it('orders by one or more fields, ASC or DESC, and by :id for file order', async () => {
    const desc = await soda(sim, wa, { $order: 'credentialnumber DESC', $select: 'credentialnumber' });
    const sorted = storedWa
      .map((r) => r.credentialnumber as string)
      .sort()
      .reverse();
    expect(column(desc, 'credentialnumber')).toEqual(sorted);
    const multi = await soda(sim, wa, { $order: 'status ASC, credentialnumber DESC', $where: "status in ('ACTIVE', 'EXPIRED')" });
    expect(column(multi, 'credentialnumber')).toEqual(['RN00055555', 'RN00012345', 'PH00010101', 'MD60000001', 'AP60000001']);
    const byId = await soda(sim, wa, { $order: ':id' });
    expect(column(byId, 'credentialnumber')).toEqual(storedWa.map((r) => r.credentialnumber));
  });

  it('pages with $limit and $offset', async () => {
    const pages: unknown[] = [];
    for (let offset = 0; offset < 12; offset += 3) {
      const page = await soda(sim, wa, { $order: ':id', $limit: '3', $offset: String(offset) });
      expect(page.json.length).toBe(offset === 6 ? 2 : offset > 6 ? 0 : 3);
      pages.push(...page.json);
    }
    expect(pages).toEqual(storedWa);
    expect((await soda(sim, wa, { $limit: '-1' })).status).toBe(400);
    expect((await soda(sim, wa, { $offset: 'ten' })).status).toBe(400);
  });

  it('answers count(*) as Socrata does: one row, the count as a string, named by its alias or `count`', async () => {
    expect((await soda(sim, wa, { $select: 'count(*) AS n', $where: "upper(lastname) = 'TESTWORTH'" })).json).toEqual([{ n: '3' }]);
    expect((await soda(sim, wa, { $select: 'count(*)' })).json).toEqual([{ count: String(storedWa.length) }]);
    expect((await soda(sim, wa, { $select: 'count(middlename) AS with_middle' })).json).toEqual([
      { with_middle: String(storedWa.filter((r) => r.middlename !== undefined).length) },
    ]);
    const mixed = await soda(sim, wa, { $select: 'lastname, count(*)' });
    expect(mixed.status).toBe(400);
    expect(mixed.json).toMatchObject({ code: 'query.compiler.malformed', error: true });
  });

  it('applies simple field filters as exact matches', async () => {
    expect(column(await soda(sim, wa, { status: 'ACTIVE', lastname: 'TESTWORTH' }), 'credentialnumber')).toEqual(['RN00012345', 'MD60000001']);
  });

  it('answers an unknown dataset with 404 not_found', async () => {
    for (const dataset of ['zzzz-zzzz', '..%2Fnppes%2Findividuals']) {
      const answer = await get(sim, `/resource/${dataset}.json`);
      expect(answer.status).toBe(404);
      expect(answer.json).toMatchObject({ code: 'not_found', error: true, message: expect.any(String) });
    }
  });

  it('accepts any X-App-Token', async () => {
    const answer = await soda(sim, wa, { $limit: '1' }, { headers: { 'X-App-Token': 'anything-goes' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toHaveLength(1);
  });
});

describe('source simulator: preloading', () => {
  it('parses every data file before listening when asked to, and serves the same answers', async () => {
    const dir = await copyOfFixtures();
    const sim = await startSourceSimulator({ dataDir: dir, preload: true });
    try {
      expect((await soda(sim, wa, { $select: 'count(*)' })).json).toEqual([{ count: '8' }]);
      expect((await nppes(sim, { version: '2.1', last_name: 'TESTWORTH' })).json.result_count).toBeGreaterThan(0);
    } finally {
      await sim.close();
    }
  });
});

describe('source simulator: SODA throttling without an app token', () => {
  let sim: SourceSimulator;
  beforeAll(async () => {
    sim = await startSourceSimulator({ dataDir: fixtures, anonymousSodaRequestsPerMinute: 2 });
  });
  afterAll(() => sim.close());

  it('answers 429 past the anonymous limit but keeps serving requests with a token', async () => {
    expect((await soda(sim, wa, { $limit: '1' })).status).toBe(200);
    expect((await soda(sim, wa, { $limit: '1' })).status).toBe(200);
    const throttled = await soda(sim, wa, { $limit: '1' });
    expect(throttled.status).toBe(429);
    expect(throttled.json).toMatchObject({ error: true });
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await soda(sim, wa, { $limit: '1' }, { headers: { 'X-App-Token': 't0ken' } })).status).toBe(200);
    expect((await soda(sim, wa, { $limit: '1', $$app_token: 't0ken' })).status).toBe(200);
    expect((await get(sim, '/api/?version=2.1&number=1450000017')).status).toBe(200);
  });
});

describe('source simulator: LEIE download', () => {
  let sim: SourceSimulator;
  let dir: string;
  let bytes: Buffer;
  let etag: string;
  let lastModified: string;
  beforeAll(async () => {
    dir = await copyOfFixtures();
    sim = await startSourceSimulator({ dataDir: dir });
    bytes = await readFile(join(dir, 'leie', 'UPDATED.csv'));
  });
  afterAll(() => sim.close());

  it('serves the file byte for byte as text/csv with a strong ETag and Last-Modified', async () => {
    const res = await fetch(`${sim.url}${leiePath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(bytes)).toBe(true);
    expect(body.toString('latin1')).toContain('\r\n');
    etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    lastModified = res.headers.get('last-modified')!;
    const { mtimeMs } = await stat(join(dir, 'leie', 'UPDATED.csv'));
    expect(lastModified).toBe(new Date(mtimeMs).toUTCString());
    const rows = csvRecords(body.toString('latin1'));
    expect(rows[0]).toHaveLength(18);
    expect(rows.every((row) => row.length === 18)).toBe(true);
    expect(rows[0]![17]).toBe('WVRSTATE');
  });

  it('answers 304 to a matching If-None-Match (weak comparison) and 200 otherwise', async () => {
    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await fetch(`${sim.url}${leiePath}`, { headers: { 'if-none-match': tag } });
      expect(res.status, tag).toBe(304);
      expect(res.headers.get('etag')).toBe(etag);
      expect(await res.text()).toBe('');
    }
    const changed = await fetch(`${sim.url}${leiePath}`, { headers: { 'if-none-match': '"stale"' } });
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('answers 304 to If-Modified-Since at or after Last-Modified, and lets If-None-Match win', async () => {
    expect((await fetch(`${sim.url}${leiePath}`, { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    const later = new Date(Date.parse(lastModified) + 86_400_000).toUTCString();
    expect((await fetch(`${sim.url}${leiePath}`, { headers: { 'if-modified-since': later } })).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
    const stale = await fetch(`${sim.url}${leiePath}`, { headers: { 'if-modified-since': earlier } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const both = await fetch(`${sim.url}${leiePath}`, { headers: { 'if-none-match': '"stale"', 'if-modified-since': lastModified } });
    expect(both.status).toBe(200);
    await both.arrayBuffer();
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${sim.url}${leiePath}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    expect(res.headers.get('etag')).toBe(etag);
    expect(await res.text()).toBe('');
  });

  it('streams a large replacement file and changes the ETag with the content', async () => {
    const row =
      '"SAMPLE","ROW","","","IND- LIC HC SERV PRO","NURSE/NURSES AIDE","","0000000000","19700101","1 MAIN ST","SPRINGFIELD","IL","62701","1128b4","20230101","00000000","00000000",""\r\n';
    const large = Buffer.from(`${bytes.toString('latin1').split('\r\n')[0]}\r\n${row.repeat(60_000)}`, 'latin1');
    await writeFile(join(dir, 'leie', 'UPDATED.csv'), large);
    const res = await fetch(`${sim.url}${leiePath}`, { headers: { 'if-none-match': etag } });
    expect(res.status).toBe(200);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeGreaterThan(10_000_000);
    expect(createHash('sha256').update(body).digest('hex')).toBe(createHash('sha256').update(large).digest('hex'));
    expect(res.headers.get('etag')).not.toBe(etag);
    expect(res.headers.get('etag')).toBe(`"${createHash('sha256').update(large).digest('base64url')}"`);
  });

  it('answers 404 when there is no LEIE file', async () => {
    await unlink(join(dir, 'leie', 'UPDATED.csv'));
    expect((await fetch(`${sim.url}${leiePath}`)).status).toBe(404);
  });
});

describe('source simulator: faults', () => {
  let sim: SourceSimulator;
  let dir: string;
  beforeAll(async () => {
    dir = await copyOfFixtures();
    sim = await startSourceSimulator({ dataDir: dir });
  });
  afterAll(() => sim.close());
  afterEach(() => rm(join(dir, 'faults.json'), { force: true }));

  const setFaults = (faults: unknown) => writeFile(join(dir, 'faults.json'), JSON.stringify(faults));
  const sources = [
    { key: 'nppes', path: '/api/?version=2.1&number=1450000017' },
    { key: wa, path: `/resource/${wa}.json?$order=:id` },
    { key: 'leie', path: leiePath },
  ] as const;

  it.each(sources)('down: $key resets the connection without a response', async ({ key, path }) => {
    await setFaults({ [key]: { mode: 'down' } });
    const error = await fetch(`${sim.url}${path}`).then(
      () => undefined,
      (e: unknown) => e as Error & { cause?: { code?: string } },
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.cause).toBeDefined();
  });

  it.each(sources)('timeout: $key holds the request until the client gives up', async ({ key, path }) => {
    await setFaults({ [key]: { mode: 'timeout' } });
    const started = Date.now();
    const error = await fetch(`${sim.url}${path}`, { signal: AbortSignal.timeout(300) }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe('TimeoutError');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
  });

  it('error: each source answers 500 in its own style', async () => {
    await setFaults({ nppes: { mode: 'error' }, [wa]: { mode: 'error' }, leie: { mode: 'error' } });
    const registry = await get(sim, sources[0].path);
    expect(registry.status).toBe(500);
    expect(registry.headers.get('content-type')).toMatch(/^text\/html/);
    expect(registry.json).toBeUndefined();
    const board = await get(sim, sources[1].path);
    expect(board.status).toBe(500);
    expect(board.json).toMatchObject({ error: true, code: expect.any(String), message: expect.any(String) });
    const leie = await get(sim, leiePath);
    expect(leie.status).toBe(500);
    expect(leie.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  it('malformed: NPPES and SODA answer 200 with JSON that does not parse', async () => {
    await setFaults({ nppes: { mode: 'malformed' }, [wa]: { mode: 'malformed' } });
    for (const path of [sources[0].path, sources[1].path]) {
      const res = await fetch(`${sim.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      await expect(res.json()).rejects.toThrow(SyntaxError);
    }
  });

  it('malformed: LEIE answers 200 with a CSV a strict reader rejects', async () => {
    await setFaults({ leie: { mode: 'malformed' } });
    const res = await fetch(`${sim.url}${leiePath}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv');
    const text = await res.text();
    expect(text.startsWith('LASTNAME,FIRSTNAME,')).toBe(true);
    let rows: string[][] | undefined;
    try {
      rows = csvRecords(text);
    } catch {
      rows = undefined;
    }
    expect(rows === undefined || rows.some((row) => row.length !== 18)).toBe(true);
  });

  it('latency_ms alone delays a normal answer; with a mode it delays the fault', async () => {
    await setFaults({ nppes: { latency_ms: 300 }, [wa]: { mode: 'error', latency_ms: 300 } });
    let started = Date.now();
    const slow = await get(sim, sources[0].path);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(slow.json.result_count).toBe(1);
    started = Date.now();
    const slowError = await get(sim, sources[1].path);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
    expect(slowError.status).toBe(500);
    started = Date.now();
    expect((await get(sim, leiePath)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it('a dataset fault touches only that dataset; "soda" covers the others', async () => {
    await setFaults({ [wa]: { mode: 'error' } });
    expect((await get(sim, sources[1].path)).status).toBe(500);
    expect((await soda(sim, co)).status).toBe(200);
    await setFaults({ soda: { mode: 'error' }, [wa]: { latency_ms: 1 } });
    expect((await soda(sim, co)).status).toBe(500);
    expect((await get(sim, sources[1].path)).status).toBe(200);
  });

  it('an unusable faults.json is ignored', async () => {
    await writeFile(join(dir, 'faults.json'), '{"nppes": {"mode": "explode"}}');
    expect((await get(sim, sources[0].path)).status).toBe(200);
    await writeFile(join(dir, 'faults.json'), '{not json');
    expect((await get(sim, sources[0].path)).status).toBe(200);
  });

  it('close() releases held requests and returns promptly', async () => {
    const own = await startSourceSimulator({ dataDir: dir });
    await setFaults({ nppes: { mode: 'timeout' }, leie: { latency_ms: 60_000 } });
    const held = fetch(`${own.url}${sources[0].path}`).then(
      () => 'answered',
      () => 'connection closed',
    );
    const delayed = fetch(`${own.url}${leiePath}`).then(
      () => 'answered',
      () => 'connection closed',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await own.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await held).toBe('connection closed');
    expect(await delayed).toBe('connection closed');
  });
});

describe('source simulator: data files are re-read when they change', () => {
  let sim: SourceSimulator;
  let dir: string;
  beforeAll(async () => {
    dir = await copyOfFixtures();
    sim = await startSourceSimulator({ dataDir: dir });
  });
  afterAll(() => sim.close());

  it('sees a same-size edit of a board file made right after a request', async () => {
    const file = join(dir, 'boards', `${wa}.json`);
    expect(column(await soda(sim, wa, { credentialnumber: 'N2000777' }), 'status')).toEqual(['CLOSED']);
    const original = await readFile(file, 'utf8');
    const edited = original.replace('"status":"CLOSED"', '"status":"ACTIVE"');
    expect(edited.length).toBe(original.length);
    await writeFile(file, edited);
    expect(column(await soda(sim, wa, { credentialnumber: 'N2000777' }), 'status')).toEqual(['ACTIVE']);
    await writeFile(file, original);
    expect(column(await soda(sim, wa, { credentialnumber: 'N2000777' }), 'status')).toEqual(['CLOSED']);
  });

  it('sees board files appear and disappear', async () => {
    const file = join(dir, 'boards', 'abcd-1234.json');
    expect((await soda(sim, 'abcd-1234')).status).toBe(404);
    await writeFile(file, JSON.stringify([{ license_number: '036123456', license_status: 'ACTIVE' }]));
    expect((await soda(sim, 'abcd-1234')).json).toEqual([{ license_number: '036123456', license_status: 'ACTIVE' }]);
    await unlink(file);
    expect((await soda(sim, 'abcd-1234')).status).toBe(404);
  });

  it('sees faults.json created, changed and removed', async () => {
    const file = join(dir, 'faults.json');
    expect((await soda(sim, wa)).status).toBe(200);
    await writeFile(file, JSON.stringify({ [wa]: { mode: 'error' } }));
    expect((await soda(sim, wa)).status).toBe(500);
    await writeFile(file, JSON.stringify({ [wa]: { mode: 'malformed' } }));
    const malformed = await soda(sim, wa);
    expect(malformed.status).toBe(200);
    expect(malformed.json).toBeUndefined();
    await unlink(file);
    expect((await soda(sim, wa)).json).toHaveLength(8);
  });

  it('sees NPPES files added and edited', async () => {
    const file = join(dir, 'nppes', 'added.json');
    expect((await nppes(sim, { version: '2.1', number: '1990000063' })).json.result_count).toBe(0);
    const record = { number: '1990000063', enumeration_type: 'NPI-1', basic: { first_name: 'NEW', last_name: 'ADDEDTEST' }, addresses: [] };
    await writeFile(file, JSON.stringify(record));
    expect(numbers(await nppes(sim, { version: '2.1', last_name: 'ADDEDTEST' }))).toEqual(['1990000063']);
    await writeFile(file, JSON.stringify({ ...record, basic: { first_name: 'NEW', last_name: 'RENAMEDTEST' } }));
    expect(numbers(await nppes(sim, { version: '2.1', last_name: 'ADDEDTEST' }))).toEqual([]);
    expect(numbers(await nppes(sim, { version: '2.1', last_name: 'RENAMEDTEST' }))).toEqual(['1990000063']);
  });

  it('re-reads a file whose unchanged stat is recent, as on file systems with coarse timestamps', async () => {
    const path = join(dir, 'racy.txt');
    await writeFile(path, 'one');
    // A stat that never changes, as when two same-size writes land in the same clock tick.
    const frozenStat = (mtimeMs: number) => async () =>
      ({ isFile: () => true, ino: 7n, size: 3n, mtimeNs: BigInt(mtimeMs) * 1_000_000n, ctimeNs: BigInt(mtimeMs) * 1_000_000n }) as unknown as BigIntStats;
    let parses = 0;
    const parse = (content: Buffer) => {
      parses++;
      return content.toString();
    };
    const recent = new ChangeAwareFile(path, parse, frozenStat(Date.now()));
    expect((await recent.current())?.value).toBe('one');
    expect((await recent.current())?.value).toBe('one');
    expect(parses).toBe(1);
    await writeFile(path, 'two');
    expect((await recent.current())?.value).toBe('two');
    expect(parses).toBe(2);

    // Long after the last change the stat alone is trusted: no read, so the cheap path really is cheap.
    const settled = new ChangeAwareFile(path, parse, frozenStat(Date.now() - 60_000));
    expect((await settled.current())?.value).toBe('two');
    await writeFile(path, 'six');
    expect((await settled.current())?.value).toBe('two');
  });

  it('reports a broken data file as a simulator failure instead of inventing an answer', async () => {
    const file = join(dir, 'boards', 'bad0-file.json');
    await writeFile(file, '{"not": "an array"}');
    const answer = await soda(sim, 'bad0-file');
    expect(answer.status).toBe(500);
    expect(answer.text).toContain('boards/bad0-file.json');
  });
});
