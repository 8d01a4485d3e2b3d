/**
 * The simulator over generated data at a quarter of Texas's real size (about 420,000 board rows, where
 * SMITH holds thousands of licenses): surname queries narrowed by given name answer exactly what a
 * full scan of the files gives, over HTTP; `count(*)` and paging agree with it; surnames occur at their
 * real population shares; different people share full names; NPPES searches keep the registry's
 * limits and list the board's license numbers.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets } from '../../local/sample-data/license-catalog.ts';
import { realRowCounts, type ScaledSample, generateScaledSampleData } from '../../local/sample-data/scaled.ts';
import { census2010TopShares } from '../../local/sample-data/surname-shares.ts';
import { startSourceSimulator, type SourceSimulator } from '../../local/simulator/server.ts';

type Row = Record<string, unknown>;

const scale = 0.25;
const texas = [datasets.TX_RN, datasets.TX_VN, datasets.TX_MEDICAL, datasets.TX_APRN] as const;
/** Datasets with one row per person and license (the APRN dataset repeats RN holders). */
const people = [datasets.TX_RN, datasets.TX_VN, datasets.TX_MEDICAL] as const;

let dir: string;
let sample: ScaledSample;
let sim: SourceSimulator;
const stored = new Map<string, Row[]>();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'full-size-data-'));
  sample = await generateScaledSampleData(dir, { scale, seed: '42', states: ['TX'] });
  for (const id of texas) stored.set(id, JSON.parse(await readFile(join(dir, 'boards', `${id}.json`), 'utf8')) as Row[]);
  sim = await startSourceSimulator({ dataDir: dir, preload: true });
}, 180_000);

afterAll(async () => {
  await sim?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function soda(dataset: string, params: Record<string, string>): Promise<Row[]> {
  const res = await fetch(`${sim.url}/resource/${dataset}.json?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Row[];
}

async function nppes(params: Record<string, string>): Promise<{ result_count: number; results: Row[] }> {
  const res = await fetch(`${sim.url}/api/?${new URLSearchParams({ version: '2.1', ...params })}`);
  return (await res.json()) as { result_count: number; results: Row[] };
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The service's surname condition (whole surname or one part of a hyphenated or two-part one). */
function surnameWhere(surname: string): string {
  const f = 'upper(last_name)';
  return `(${f} = ${quote(surname)} OR ${f} like ${quote(`${surname}-%`)} OR ${f} like ${quote(`%-${surname}`)} OR ${f} like ${quote(`${surname} %`)} OR ${f} like ${quote(`% ${surname}`)})`;
}

const givenPrefixes = ['J', 'BOB', 'MAR'];
const givenWhere = `(${givenPrefixes.map((p) => `upper(first_name) like ${quote(`${p}%`)}`).join(' OR ')})`;

/** A full scan in plain code: the oracle the simulator's answers are held to. */
function hasSurname(row: Row, surname: string): boolean {
  const last = typeof row.last_name === 'string' ? row.last_name.toUpperCase() : '';
  return last === surname || last.startsWith(`${surname}-`) || last.endsWith(`-${surname}`) || last.startsWith(`${surname} `) || last.endsWith(` ${surname}`);
}

function hasGivenPrefix(row: Row): boolean {
  const first = typeof row.first_name === 'string' ? row.first_name.toUpperCase() : '';
  return givenPrefixes.some((p) => first.startsWith(p));
}

describe(`Texas at ${scale * 100} % of real size`, () => {
  it('writes each dataset at that fraction of its real row count', () => {
    for (const id of [datasets.TX_RN, datasets.TX_MEDICAL, datasets.TX_APRN]) {
      expect(sample.rowCounts.get(`boards/${id}.json`), id).toBe(Math.round(scale * realRowCounts[id]!));
      expect(stored.get(id)!.length).toBe(sample.rowCounts.get(`boards/${id}.json`));
    }
    // Some registered nurses were vocational nurses first, so VN can exceed its target slightly.
    const vn = sample.rowCounts.get(`boards/${datasets.TX_VN}.json`)!;
    expect(vn).toBeGreaterThanOrEqual(Math.round(scale * realRowCounts[datasets.TX_VN]!));
    expect(vn).toBeLessThan(Math.round(scale * realRowCounts[datasets.TX_VN]!) * 1.01);
  });

  it('answers SMITH narrowed by given names with exactly the rows of a full scan, in file order', async () => {
    let smiths = 0;
    for (const id of texas) {
      const rows = stored.get(id)!;
      smiths += rows.filter((r) => hasSurname(r, 'SMITH')).length;
      const expected = rows.filter((r) => hasSurname(r, 'SMITH') && hasGivenPrefix(r));
      expect(expected.length, id).toBeGreaterThan(id === datasets.TX_APRN ? 5 : 50);
      expect(await soda(id, { $where: `${surnameWhere('SMITH')} AND ${givenWhere}`, $order: ':id', $limit: '50000' }), id).toEqual(expected);
    }
    expect(smiths).toBeGreaterThan(2000);
  });

  it('answers the accent-tolerant form (letters that may carry an accent as `_`) like a full scan', async () => {
    const pattern = 'SM_TH';
    const oracle = /^SM.TH$|^SM.TH-|-SM.TH$|^SM.TH | SM.TH$/u;
    const where = ['', '-%', '%-', ' %', '% '].map((affix) => {
      const p = affix.startsWith('%') ? `${affix}${pattern}` : `${pattern}${affix}`;
      return `upper(last_name) like ${quote(p)}`;
    });
    const rows = stored.get(datasets.TX_RN)!;
    const expected = rows.filter((r) => typeof r.last_name === 'string' && oracle.test(r.last_name.toUpperCase()));
    expect(expected.length).toBeGreaterThan(1000);
    expect(await soda(datasets.TX_RN, { $where: `(${where.join(' OR ')})`, $order: ':id', $limit: '50000' })).toEqual(expected);
  });

  it('counts with count(*) exactly what a full scan matches', async () => {
    for (const id of texas) {
      const rows = stored.get(id)!;
      const expected = rows.filter((r) => hasSurname(r, 'SMITH') && hasGivenPrefix(r)).length;
      expect(await soda(id, { $select: 'count(*) AS n', $where: `${surnameWhere('SMITH')} AND ${givenWhere}` })).toEqual([{ n: String(expected) }]);
      expect(await soda(id, { $select: 'count(*)' })).toEqual([{ count: String(rows.length) }]);
    }
  });

  it('pages a surname query exactly: the pages joined are the unpaged answer', async () => {
    const params = { $where: surnameWhere('JOHNSON'), $order: 'first_name, :id' };
    const whole = await soda(datasets.TX_RN, { ...params, $limit: '50000' });
    expect(whole.length).toBeGreaterThan(1000);
    const pages: Row[] = [];
    for (let offset = 0; ; offset += 250) {
      const page = await soda(datasets.TX_RN, { ...params, $limit: '250', $offset: String(offset) });
      pages.push(...page);
      if (page.length < 250) break;
    }
    expect(pages).toEqual(whole);
  });

  it('holds the 20 commonest surnames at their 2010 Census shares', async () => {
    let total = 0;
    for (const id of people) total += Number((await soda(id, { $select: 'count(*) AS n' }))[0]!.n);
    for (const [surname, percent] of census2010TopShares.slice(0, 20)) {
      // The surname as the whole name or its first part (GARCIA, GARCIA-LOPEZ, GARCIA LOPEZ).
      const where = `upper(last_name) = ${quote(surname)} OR upper(last_name) like ${quote(`${surname}-%`)} OR upper(last_name) like ${quote(`${surname} %`)}`;
      let n = 0;
      for (const id of people) n += Number((await soda(id, { $select: 'count(*) AS n', $where: where }))[0]!.n);
      const expected = (percent / 100) * total;
      // Four standard deviations of a binomial count, and at least 10 % of the expected count.
      const tolerance = Math.max(4 * Math.sqrt(expected), 0.1 * expected);
      expect(Math.abs(n - expected), `${surname}: ${n} of ${total}, expected ${expected.toFixed(0)}`).toBeLessThan(tolerance);
    }
  });

  it('has different people with the same full name (not deduplicated)', async () => {
    const rows = await soda(datasets.TX_RN, {
      $select: 'first_name, last_name, middle_name, license_number, texas_license_issuance_date',
      $where: "upper(last_name) = 'SMITH'",
      $limit: '50000',
    });
    const byName = new Map<string, Row[]>();
    for (const row of rows) byName.set(String(row.first_name), [...(byName.get(String(row.first_name)) ?? []), row]);
    const shared = [...byName.values()].filter((group) => new Set(group.map((r) => r.license_number)).size > 1);
    expect(shared.length).toBeGreaterThan(20);
    // Told apart by what else the board holds about them.
    const told = shared.filter((group) => new Set(group.map((r) => `${r.middle_name ?? ''}|${r.texas_license_issuance_date ?? ''}`)).size > 1);
    expect(told.length).toBeGreaterThan(20);
  });

  it('answers a narrowed surname query from the index, many times faster than a scan of every row', async () => {
    const median = async (where: string): Promise<number> => {
      await soda(datasets.TX_RN, { $select: 'count(*)', $where: where });
      const times: number[] = [];
      for (let i = 0; i < 9; i++) {
        const started = performance.now();
        await soda(datasets.TX_RN, { $select: 'count(*)', $where: where });
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[4]!;
    };
    const indexed = await median(`${surnameWhere('SMITH')} AND ${givenWhere}`);
    // `%SMITH%` is bounded by no separator, so only a full scan can answer it.
    const scanned = await median(`upper(last_name) like '%SMITH%' AND ${givenWhere}`);
    expect(indexed).toBeLessThan(100);
    expect(indexed * 4).toBeLessThan(scanned);
  });

  it('pages NPPES name searches at 200 a call up to a skip of 1,000, over a full population', async () => {
    const numbers = new Set<string>();
    for (let skip = 0; skip <= 1000; skip += 200) {
      const page = await nppes({ enumeration_type: 'NPI-1', last_name: 'SMITH', state: 'TX', limit: '200', skip: String(skip) });
      expect(page.result_count, `skip ${skip}`).toBe(200);
      for (const record of page.results) numbers.add(String(record.number));
    }
    expect(numbers.size).toBe(1200);
    const clamped = await nppes({ enumeration_type: 'NPI-1', last_name: 'SMITH', state: 'TX', limit: '500', skip: '20000' });
    expect(clamped.result_count).toBe(200);
    expect(clamped.results).toEqual((await nppes({ enumeration_type: 'NPI-1', last_name: 'SMITH', state: 'TX', limit: '200', skip: '1000' })).results);
  });

  it('lists the licensees’ Texas license numbers in NPPES taxonomies', async () => {
    const known = new Set(texas.flatMap((id) => stored.get(id)!.map((r) => String(r.license_number))));
    const files = (await readdir(join(dir, 'nppes'))).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    const records = JSON.parse(await readFile(join(dir, 'nppes', files[0]!), 'utf8')) as Row[];
    let listed = 0;
    for (const record of records.slice(0, 500)) {
      for (const taxonomy of record.taxonomies as Row[]) {
        if (taxonomy.state !== 'TX' || taxonomy.license === null) continue;
        expect(known.has(String(taxonomy.license)), String(taxonomy.license)).toBe(true);
        listed++;
      }
    }
    expect(listed).toBeGreaterThan(400);
  });
});
