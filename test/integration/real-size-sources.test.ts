/**
 * Source answers at real size, over the real protocols (simulator, dynalite, s3rver): a board answer of
 * thousands of rows is read completely and cached within DynamoDB's item limit; more rows than a query
 * may answer is an unavailable source, never `not_found`; the registry's 200-per-call and 1,000-skip
 * limits are paged and never read as a complete list when cut short; a cache value too large for its
 * item goes to S3; a cache write that fails never fails the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dynamo } from '#shared/platform/aws/dynamo.ts';
import { s3 } from '#shared/platform/aws/s3.ts';
import { bucketName, tableName } from '#shared/platform/config.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { luhnCheckDigit } from '#shared/features/sources/nppes/npi.ts';
import { NppesClient } from '#shared/features/sources/nppes/nppes-client.ts';
import { SodaClient } from '#shared/features/sources/soda/soda-client.ts';
import { sodaBaseUrl } from '#shared/platform/config.ts';
import { DynamoSourceCache, inlineValueLimitBytes } from '#shared/features/verification/adapters/source-cache.ts';
import { verificationResultSchema } from '#shared/features/verification/verification-result-schema.ts';
import { sampleDataDir } from '../../local/runtime/stack.ts';
import { copySourceData, type SourceDataCopy } from '../support/source-data.ts';
import { rejectionOf } from '../support/rejection.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { dynamoItemBytes } from '../support/dynamo-item-size.ts';

let t: TestStack;
let data: SourceDataCopy;
let key: string;
let sampleWaRows: Record<string, string>[];

const waDataset = 'qxh8-f4bd';
const givenJ = ['JOHN', 'JAMES', 'JOSEPH', 'JENNIFER', 'JESSICA', 'JASON', 'JULIE', 'JOAN', 'JUAN', 'JACOB'];
const middles = ['ANN', 'MARIE', 'LEE', 'LYNN', 'RAY', 'PAUL', 'EDWARD', 'GRACE', 'ROSE', 'DEAN', ''];

/** `n` WA rows of Smiths (or another surname) whose given names start with J: many people share a name. */
function jSmiths(n: number, from = 0, surname = 'SMITH'): Record<string, string>[] {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return {
      credentialnumber: `RN${String(70_000_000 + i)}`,
      lastname: i % 17 === 0 ? `${surname}-JONES` : surname,
      firstname: givenJ[i % givenJ.length]!,
      middlename: middles[Math.floor(i / givenJ.length) % middles.length]!,
      credentialtype: 'Registered Nurse License',
      status: 'ACTIVE',
      birthyear: String(1950 + (i % 50)),
      expirationdate: '20280630',
      actiontaken: 'No',
    };
  });
}

async function writeWa(rows: Record<string, string>[]): Promise<void> {
  await data.write(`boards/${waDataset}.json`, JSON.stringify([...sampleWaRows, ...rows]));
}

const verify = async (body: Record<string, unknown>) => {
  const res = await t.call('/v1/verify', { method: 'POST', key, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  if (res.status === 200) verificationResultSchema.parse(res.body);
  return res;
};

async function boardCacheItems(): Promise<Record<string, unknown>[]> {
  const out = await dynamo().send(new ScanCommand({ TableName: tableName('cache') }));
  return (out.Items ?? []).filter((item) => String(item.cache_key).startsWith('board#WA#'));
}

beforeAll(async () => {
  data = await copySourceData(sampleDataDir);
  sampleWaRows = JSON.parse(await readFile(`${data.dir}/boards/${waDataset}.json`, 'utf8'));
  t = await startTestStack({ sourceDataDir: data.dir });
  key = (await t.issue({ plan: 'production', mode: 'live' })).api_key;
});
afterAll(async () => {
  await t?.stop();
  await data?.remove();
});

describe('a surname thousands of people share', () => {
  it('is read completely, answered correctly, cached within the item limit, and served from the cache on a repeat', async () => {
    // 6,000 J-named Smiths (six pages of rows), then a Zoe and a Jedidiah, the last rows of the last page.
    const rows = jSmiths(6_000);
    rows.push({ ...rows[1]!, credentialnumber: 'RN79999998', firstname: 'ZOE', middlename: 'QUINN', birthyear: '1980' });
    rows.push({ ...rows[1]!, credentialnumber: 'RN79999999', firstname: 'JEDIDIAH', middlename: 'QUINN', birthyear: '1981' });
    await writeWa(rows);

    const zoe = await verify({ first_name: 'Zoe', last_name: 'Smith', state: 'WA' });
    expect(zoe.status).toBe(200);
    expect(zoe.body).toMatchObject({ status: 'active', verified: true, license_number: 'RN79999998', cached: false });

    const jedidiah = await verify({ first_name: 'Jedidiah', last_name: 'Smith', state: 'WA' });
    expect(jedidiah.status).toBe(200);
    expect(jedidiah.body).toMatchObject({ status: 'active', verified: true, license_number: 'RN79999999', cached: false });

    // Same-name people born in different years (the generated rows repeat every name many times): never a guess.
    const johns = await verify({ first_name: 'John Lee', last_name: 'Smith', state: 'WA' });
    expect(johns.status).toBe(200);
    expect(johns.body.status).toBe('not_found');

    // Every cached board answer fits well inside DynamoDB's 400 KB item limit.
    const items = await boardCacheItems();
    const jItem = items.find((item) => String(item.cache_key).endsWith('#J'));
    expect(jItem, 'the J-narrowed Smith answer is cached').toBeDefined();
    expect(jItem!.value_br).toBeInstanceOf(Uint8Array);
    for (const item of items) expect(dynamoItemBytes(item)).toBeLessThan(300 * 1024);

    const repeat = await verify({ first_name: 'Jedidiah', last_name: 'Smith', state: 'WA' });
    expect(repeat.body).toMatchObject({ status: 'active', license_number: 'RN79999999', cached: true, source_live: false });
  });

  it('answers source_unavailable, never not_found, when more rows match than one query may answer', async () => {
    await writeWa(jSmiths(20_001, 100_000, 'NGUYEN'));
    const res = await verify({ first_name: 'Jasper', last_name: 'Nguyen', state: 'WA' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('source_unavailable');
    const board = res.body.sources.find((s: { name: string }) => s.name === 'Washington State Department of Health');
    expect(board.status).toBe('unavailable');
    // Given names with another first letter are not affected.
    const other = await verify({ first_name: 'Zoe', last_name: 'Nguyen', state: 'WA' });
    expect(other.body.status).not.toBe('source_unavailable');
  });
});

describe('the SODA client', () => {
  const dataset = () => ({ baseUrl: sodaBaseUrl('data.wa.gov'), id: waDataset, source: 'WA' });
  const where = "upper(lastname) = 'SMITH' AND upper(firstname) like 'J%'";

  it('pages a large answer completely, in order, with small pages', async () => {
    await writeWa(jSmiths(2_345));
    const client = new SodaClient({ pageSize: 100 });
    const rows = await client.query(dataset(), { where });
    const expected = [...sampleWaRows, ...jSmiths(2_345)].filter((r) => r.lastname?.toUpperCase() === 'SMITH' && r.firstname?.toUpperCase().startsWith('J'));
    expect(rows.map((r) => r.credentialnumber)).toEqual(expected.map((r) => r.credentialnumber));
    expect(await client.count(dataset(), where)).toBe(expected.length);
  });

  it('fails with too_many_rows rather than answer part of the rows', async () => {
    await writeWa(jSmiths(600));
    const error = await rejectionOf(new SodaClient({ pageSize: 100, maxRows: 500 }).query(dataset(), { where }), SourceError);
    expect(error.failure).toBe('too_many_rows');
    expect(error.unavailable).toBe(true);
  });
});

describe('a dataset that changes while it is read', () => {
  /**
   * A Socrata endpoint whose dataset loses its first row after the first count: the pages read after it
   * are shifted by one, so a plain paged read would silently skip a row at every page boundary.
   */
  async function changingDataset(rows: Record<string, string>[], changes: number) {
    let data = [...rows];
    let counts = 0;
    const server = createServer((req, res) => {
      const params = new URL(req.url!, 'http://x').searchParams;
      let body: unknown;
      if (params.get('$select') === 'count(*) AS n') {
        body = [{ n: String(data.length) }];
        if (++counts <= changes) data = data.slice(1);
      } else {
        const offset = Number(params.get('$offset') ?? 0);
        body = data.slice(offset, offset + Number(params.get('$limit')));
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { dataset: { baseUrl: `http://127.0.0.1:${port}`, id: 'abcd-1234', source: 'Changing board' }, close: () => server.close() };
  }

  it('is read again when the counts around the read disagree with it, and fails rather than answer a shifted read', async () => {
    const rows = Array.from({ length: 250 }, (_, i) => ({ n: String(i) }));
    const once = await changingDataset(rows, 1);
    try {
      const read = await new SodaClient({ pageSize: 100 }).query(once.dataset, {});
      // The second read sees the dataset as it now is: every row from 1 on, none skipped.
      expect(read.map((r) => r.n)).toEqual(rows.slice(1).map((r) => r.n));
    } finally {
      once.close();
    }
    const always = await changingDataset(rows, 1_000);
    try {
      const error = await rejectionOf(new SodaClient({ pageSize: 100 }).query(always.dataset, {}), SourceError);
      expect(error.failure).toBe('inconsistent');
      expect(error.unavailable).toBe(true);
    } finally {
      always.close();
    }
  });
});

describe('the NPPES registry search', () => {
  function individual(i: number, first: string, last: string) {
    const nine = String(160_000_000 + i);
    return {
      created_epoch: '1343750098000',
      enumeration_type: 'NPI-1',
      last_updated_epoch: '1386081341000',
      number: `${nine}${luhnCheckDigit(`80840${nine}`)}`,
      addresses: [
        { country_code: 'US', address_purpose: 'LOCATION', address_type: 'DOM', address_1: '1 MAIN ST', city: 'SEATTLE', state: 'WA', postal_code: '98101' },
      ],
      practiceLocations: [],
      basic: { first_name: first, last_name: last, status: 'A', enumeration_date: '2012-07-31', last_updated: '2013-12-03' },
      taxonomies: [{ code: '163W00000X', desc: 'Registered Nurse', state: 'WA', license: `RN${60_000_000 + i}`, primary: true }],
      identifiers: [],
      endpoints: [],
      other_names: [],
    };
  }

  it('reads past the first 200 results, and refuses to take a list the registry cut short for the whole list', async () => {
    const people = [
      ...Array.from({ length: 450 }, (_, i) => individual(i, 'MARIA', 'QUIXOTE')),
      ...Array.from({ length: 1_250 }, (_, i) => individual(1_000 + i, 'JOSE', 'QUIXOTE')),
    ];
    await data.write('nppes/scale-test.json', JSON.stringify(people));
    const client = new NppesClient();
    const marias = await client.searchIndividuals({ lastName: 'QUIXOTE', firstName: 'MARIA', state: 'WA' });
    expect(new Set(marias.map((m) => m.npi)).size).toBe(450);
    const error = await rejectionOf(client.searchIndividuals({ lastName: 'QUIXOTE', firstName: 'JOSE', state: 'WA' }), SourceError);
    expect(error.failure).toBe('too_many_rows');
  });
});

describe('the source cache', () => {
  const now = new Date('2026-11-20T10:00:00Z');

  it('keeps an answer of thousands of licenses inline, compressed, well under the item limit', async () => {
    const cache = new DynamoSourceCache();
    const licenses = Array.from({ length: 5_000 }, (_, i) => ({
      licenseNumber: `RN${70_000_000 + i}`,
      firstName: givenJ[i % 10],
      middleName: middles[i % 11],
      lastName: 'SMITH',
      status: 'active',
      licenseType: 'Registered Nurse License',
      expiryDate: '2028-06-30',
      birthYear: 1950 + (i % 50),
    }));
    cache.put('test#thousands', { licenses }, now, 3_600_000);
    await cache.flush();
    const item = (await dynamo().send(new GetCommand({ TableName: tableName('cache'), Key: { cache_key: 'test#thousands' } }))).Item!;
    expect(JSON.stringify({ licenses }).length).toBeGreaterThan(400 * 1024);
    expect(dynamoItemBytes(item)).toBeLessThan(300 * 1024);
    expect((await cache.get<{ licenses: unknown[] }>('test#thousands', now))!.value.licenses).toEqual(licenses);
  });

  it('keeps a value too large for its item in S3, and reads a value whose object is gone as a miss', async () => {
    const cache = new DynamoSourceCache();
    // Random text does not compress: over the inline limit whatever the codec.
    const value = { blob: randomBytes(inlineValueLimitBytes).toString('base64') };
    cache.put('test#huge', value, now, 3_600_000);
    await cache.flush();
    const item = (await dynamo().send(new GetCommand({ TableName: tableName('cache'), Key: { cache_key: 'test#huge' } }))).Item!;
    expect(typeof item.value_s3).toBe('string');
    expect(dynamoItemBytes(item)).toBeLessThan(1024);
    expect((await cache.get<typeof value>('test#huge', now))!.value).toEqual(value);

    await s3().send(new DeleteObjectCommand({ Bucket: bucketName('sourceCache'), Key: item.value_s3 as string }));
    expect(await cache.get('test#huge', now)).toBeUndefined();
  });

  it('reads a value it cannot decode as a miss', async () => {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('cache'),
        Item: {
          cache_key: 'test#garbled',
          value_br: new Uint8Array([1, 2, 3]),
          fetched_at: now.toISOString(),
          fresh_until: '2026-11-21T10:00:00.000Z',
          expires_at: 1_900_000_000,
        },
      }),
    );
    expect(await new DynamoSourceCache().get('test#garbled', now)).toBeUndefined();
  });

  it('never fails the request when a write is refused', async () => {
    const cache = new DynamoSourceCache();
    // DynamoDB refuses a partition key over 2,048 bytes.
    cache.put(`test#${'x'.repeat(3_000)}`, { a: 1 }, now, 3_600_000);
    await expect(cache.flush()).resolves.toBeUndefined();
  });
});
