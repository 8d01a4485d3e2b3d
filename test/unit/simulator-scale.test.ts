/**
 * The source simulator at real size: the word indexes behind `upper(<field>)` conditions answer exactly
 * as a full scan (the service's surname and given-name query shapes, accents, punctuation, and
 * generated patterns), indexes follow the data file, `count(*)` answers as Socrata does, paging is
 * exact, and large data files parse in slices exactly as JSON.parse would.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonFile } from '../../local/simulator/json-array-lines.ts';
import { runSodaQuery } from '../../local/simulator/soda-query.ts';
import type { SodaRow } from '../../local/simulator/soql-evaluator.ts';
import { parseWhere } from '../../local/simulator/soql-parser.ts';
import { SourceData } from '../../local/simulator/source-data.ts';
import { candidateRows } from '../../local/simulator/where-candidates.ts';

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The service's surname condition: whole, or one part of a hyphenated or two-part surname. */
function surnameCondition(field: string, surname: string): string {
  const v = surname.toUpperCase();
  const f = `upper(${field})`;
  return `(${f} = ${quote(v)} OR ${f} like ${quote(`${likeLiteral(v)}-%`)} OR ${f} like ${quote(`%-${likeLiteral(v)}`)} OR ${f} like ${quote(`${likeLiteral(v)} %`)} OR ${f} like ${quote(`% ${likeLiteral(v)}`)})`;
}

/** The accent-tolerant form: letters that may carry an accent match any one character. */
function accentTolerantCondition(field: string, surname: string): string {
  const v = likeLiteral(surname.toUpperCase()).replace(/[AEIOUNCY]/g, '_');
  const f = `upper(${field})`;
  return `(${[v, `${v}-%`, `%-${v}`, `${v} %`, `% ${v}`].map((p) => `${f} like ${quote(p)}`).join(' OR ')})`;
}

function givenNameCondition(field: string, prefixes: readonly string[]): string {
  return `(${prefixes.map((p) => `upper(${field}) like ${quote(`${likeLiteral(p)}%`)}`).join(' OR ')})`;
}

const surnames = [
  'SMITH',
  'SMITH-JONES',
  'JONES SMITH',
  'GARCIA-LOPEZ',
  'GARCIA LOPEZ',
  'LOPEZ',
  'PEÑA',
  'PENA',
  'Peña',
  'PEN\u0303A',
  'PITT',
  "O'BRIEN",
  'OBRIEN',
  'DE LA CRUZ',
  'DELACRUZ',
  'CRUZ',
  'ST. JOHN',
  'ST JOHN',
  'JOHN',
  'NGUYEN',
  'NÚÑEZ',
  'NUNEZ',
  'MUÑOZ',
  'SMITHSON',
  'GOLDSMITH',
  'A--B',
  '-SMITH',
  'SMITH-',
  '',
  '50%_OFF',
  'smith',
  'Smith-Garcia',
];
const givenNames = ['JOHN', 'JON', 'JOSÉ', 'JOSE', 'Mary', 'MARY ANN', 'BOB', 'ÉLODIE', 'ELODIE', 'J', ''];

function rowsFor(count: number, seed: number): SodaRow[] {
  let state = seed;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state % n;
  };
  const rows: SodaRow[] = [];
  for (let i = 0; i < count; i++) {
    const row: Record<string, unknown> = { license_number: String(100000 + i) };
    const kind = next(20);
    if (kind === 0)
      row.last_name = 12345; // not text: upper() of a number
    else if (kind !== 1) row.last_name = surnames[next(surnames.length)]; // kind 1: missing, as SODA omits nulls
    if (next(10) !== 0) row.first_name = givenNames[next(givenNames.length)];
    rows.push(row);
  }
  return rows;
}

function bothWays(rows: readonly SodaRow[], params: Record<string, string>) {
  const query = new URLSearchParams(params);
  return { indexed: runSodaQuery(rows, query), scanned: runSodaQuery(rows, query, { useIndexes: false }) };
}

describe('word index ≡ full scan', () => {
  const rows = rowsFor(3000, 7);
  const queried = [
    'SMITH',
    'GARCIA',
    'LOPEZ',
    'PEÑA',
    'PENA',
    'PITT',
    "O'BRIEN",
    'OBRIEN',
    'DE LA CRUZ',
    'CRUZ',
    'ST. JOHN',
    'JOHN',
    'NÚÑEZ',
    'JONES',
    'A',
    '50%_OFF',
    'NOBODY',
  ];

  it('answers the service surname queries, exact and accent-tolerant, alone and with given names, in the same order', () => {
    let narrowed = 0;
    for (const surname of queried) {
      for (const where of [
        surnameCondition('last_name', surname),
        accentTolerantCondition('last_name', surname),
        `${surnameCondition('last_name', surname)} AND ${givenNameCondition('first_name', ['J', 'BOB'])}`,
        `${accentTolerantCondition('last_name', surname)} AND ${givenNameCondition('first_name', ['JOS', 'JOSÉ', 'É', 'E'])}`,
        `(${surnameCondition('last_name', surname)} OR ${surnameCondition('last_name', 'SMITH')}) AND first_name IS NOT NULL`,
      ]) {
        for (const order of [':id', 'first_name DESC, :id', undefined]) {
          const params: Record<string, string> = { $where: where, $limit: '50000', ...(order ? { $order: order } : {}) };
          const { indexed, scanned } = bothWays(rows, params);
          expect(indexed, `${where} / ${order}`).toEqual(scanned);
        }
        const candidates = candidateRows(rows, parseWhere(where));
        if (candidates) {
          narrowed++;
          expect(candidates.length).toBeLessThan(rows.length);
        }
      }
    }
    // Every one of these shapes is narrowed by the index (none falls back to a full scan).
    expect(narrowed).toBe(queried.length * 5);
  });

  it('finds PEÑA, PENA and PITT alike through a P___ pattern, as the LIKE itself does', () => {
    const small: SodaRow[] = [
      { last_name: 'PEÑA' },
      { last_name: 'Pena' },
      { last_name: 'PITT' },
      { last_name: 'PEN\u0303A' },
      { last_name: 'GARCIA-PEÑA' },
      { last_name: 'P-AB' },
    ];
    const { indexed, scanned } = bothWays(small, { $where: accentTolerantCondition('last_name', 'PENA') });
    expect(indexed).toEqual(scanned);
    expect((indexed.body as SodaRow[]).map((r) => r.last_name)).toEqual(['PEÑA', 'Pena', 'PITT', 'GARCIA-PEÑA', 'P-AB']);
  });

  const value = (alphabet: readonly string[]) => fc.array(fc.constantFrom(...alphabet), { maxLength: 7 }).map((chars) => chars.join(''));
  const pattern = (parts: readonly string[]) => fc.array(fc.constantFrom(...parts), { maxLength: 6 }).map((p) => p.join(''));
  const rowsOf = (values: fc.Arbitrary<string>) =>
    fc
      .array(fc.record({ name: fc.option(values, { nil: undefined }), other: fc.option(values, { nil: undefined }) }, { requiredKeys: [] }), { maxLength: 60 })
      .map((rows) => rows.map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined))));

  it('agrees with a full scan on generated values and single comparisons (wildcards against separators)', () => {
    const words = fc.array(fc.constantFrom('A', 'B', 'AB', 'Ñ', 'a', ''), { minLength: 1, maxLength: 4 });
    const values = fc
      .tuple(words, fc.array(fc.constantFrom('-', ' '), { minLength: 3, maxLength: 3 }))
      .map(([ws, seps]) => ws.map((w, i) => (i === 0 ? w : seps[i - 1] + w)).join(''));
    // Patterns mostly derived from a stored value, some characters turned into `_`, maybe wrapped in `%`.
    const derived = fc.record({
      pick: fc.nat(),
      mask: fc.array(fc.boolean(), { maxLength: 12 }),
      before: fc.constantFrom('', '%', '%-', '% '),
      after: fc.constantFrom('', '%', '-%', ' %'),
    });
    const free = pattern(['A', 'B', 'Ñ', '-', ' ', '%', '_', '\\_', '\\%', 'AB']);
    fc.assert(
      fc.property(rowsOf(values), derived, free, fc.constantFrom('like', 'like-free', '=', 'in'), (rows, d, freePattern, kind) => {
        const stored = rows.map((r) => r.name).filter((v): v is string => typeof v === 'string');
        const base = (stored.length > 0 ? stored[d.pick % stored.length]! : 'AB').toUpperCase();
        const masked = Array.from(base, (c, i) => (d.mask[i] ? '_' : likeLiteral(c))).join('');
        const where =
          kind === 'like'
            ? `upper(name) like ${quote(d.before + masked + d.after)}`
            : kind === 'like-free'
              ? `upper(name) like ${quote(freePattern)}`
              : kind === '='
                ? `upper(name) = ${quote(base)}`
                : `upper(name) IN (${quote(base)}, ${quote(`${base}-A`)})`;
        const { indexed, scanned } = bothWays(rows, { $where: where, $order: ':id' });
        expect(indexed).toEqual(scanned);
      }),
      { numRuns: 2000, seed: 20261101 },
    );
  });

  it('agrees with a full scan on generated condition trees', () => {
    const values = value(['A', 'B', 'N', 'Ñ', 'É', 'E', '-', ' ', "'", '.', '_', '%', '\\', 'a']);
    const patterns = pattern(['A', 'B', 'N', 'Ñ', 'É', '-', ' ', '%', '_', '\\_', '\\%', '\\\\', "'", 'AB', 'BA']);
    const leaf = fc.oneof(
      patterns.map((p) => `upper(name) like ${quote(p)}`),
      values.map((v) => `upper(name) = ${quote(v.toUpperCase())}`),
      fc.array(values, { minLength: 1, maxLength: 3 }).map((vs) => `upper(name) IN (${vs.map((v) => quote(v.toUpperCase())).join(', ')})`),
      patterns.map((p) => `upper(other) like ${quote(p)}`),
      patterns.map((p) => `name like ${quote(p)}`),
    );
    const { tree } = fc.letrec((tie) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `(${a} AND ${b})`),
        fc.tuple(tie('tree'), tie('tree')).map(([a, b]) => `(${a} OR ${b})`),
        tie('tree').map((a) => `NOT (${a})`),
      ),
    }));
    fc.assert(
      fc.property(rowsOf(values), tree, (rows, where) => {
        const { indexed, scanned } = bothWays(rows, { $where: where, $order: ':id' });
        expect(indexed).toEqual(scanned);
      }),
      { numRuns: 500, seed: 20261101 },
    );
  });

  it('builds a new index when the data file changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'simulator-scale-'));
    try {
      const data = new SourceData(dir);
      const file = join(dir, 'boards', 'abcd-1234.json');
      await mkdir(join(dir, 'boards'));
      await writeFile(
        file,
        JSON.stringify([
          { last_name: 'SMITH', n: '1' },
          { last_name: 'SMYTH', n: '2' },
        ]),
      );
      const query = new URLSearchParams({ $where: surnameCondition('last_name', 'SMITH') });
      expect(runSodaQuery((await data.board('abcd-1234'))!, query).body).toEqual([{ last_name: 'SMITH', n: '1' }]);
      // Same size, names swapped.
      await writeFile(
        file,
        JSON.stringify([
          { last_name: 'SMYTH', n: '1' },
          { last_name: 'SMITH', n: '2' },
        ]),
      );
      expect(runSodaQuery((await data.board('abcd-1234'))!, query).body).toEqual([{ last_name: 'SMITH', n: '2' }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('count(*)', () => {
  const rows: SodaRow[] = [
    { last_name: 'SMITH', first_name: 'ANN' },
    { last_name: 'SMITH' },
    { last_name: 'SMITH-JONES', first_name: 'BOB' },
    { last_name: 'JONES', first_name: 'CAL' },
  ];
  const run = (params: Record<string, string>) => runSodaQuery(rows, new URLSearchParams(params));

  it('answers one row with the count as a string, named by its alias or `count`', () => {
    expect(run({ $select: 'count(*) AS n', $where: surnameCondition('last_name', 'SMITH') })).toEqual({ status: 200, body: [{ n: '3' }] });
    expect(run({ $select: 'count(*)' })).toEqual({ status: 200, body: [{ count: '4' }] });
    expect(run({ $select: 'COUNT(*) as total', $where: "upper(last_name) = 'NOBODY'" })).toEqual({ status: 200, body: [{ total: '0' }] });
    expect(run({ $select: 'count(first_name), count(*) AS all_rows' })).toEqual({ status: 200, body: [{ count_first_name: '3', all_rows: '4' }] });
    expect(run({ $select: 'count(*) AS n', $order: ':id' }).body).toEqual([{ n: '4' }]);
  });

  it('pages the one result row like any other, and refuses plain columns next to a count without $group', () => {
    expect(run({ $select: 'count(*)', $offset: '1' }).body).toEqual([]);
    expect(run({ $select: 'count(*)', $limit: '0' }).body).toEqual([]);
    const mixed = run({ $select: 'last_name, count(*)' });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toMatchObject({ code: 'query.compiler.malformed', error: true });
  });

  it('counts exactly what a full scan matches', () => {
    const big = rowsFor(5000, 3);
    for (const surname of ['SMITH', 'PEÑA', 'DE LA CRUZ']) {
      const where = `${accentTolerantCondition('last_name', surname)} AND ${givenNameCondition('first_name', ['J'])}`;
      const counted = runSodaQuery(big, new URLSearchParams({ $select: 'count(*) AS n', $where: where })).body as { n: string }[];
      const scanned = runSodaQuery(big, new URLSearchParams({ $where: where, $limit: '50000' }), { useIndexes: false }).body as unknown[];
      expect(counted).toEqual([{ n: String(scanned.length) }]);
    }
  });
});

describe('paging at size', () => {
  const rows = rowsFor(60_000, 11);

  it('pages a stable $order exactly: the pages joined are the whole answer', () => {
    const where = `${surnameCondition('last_name', 'SMITH')} OR ${surnameCondition('last_name', 'JOHN')}`;
    for (const order of [':id', 'first_name, :id', 'last_name DESC, license_number']) {
      const whole = runSodaQuery(rows, new URLSearchParams({ $where: where, $order: order, $limit: '50000' })).body as SodaRow[];
      expect(whole.length).toBeGreaterThan(1000);
      const pages: SodaRow[] = [];
      for (let offset = 0; ; offset += 700) {
        const page = runSodaQuery(rows, new URLSearchParams({ $where: where, $order: order, $limit: '700', $offset: String(offset) })).body as SodaRow[];
        pages.push(...page);
        if (page.length < 700) break;
      }
      expect(pages).toEqual(whole);
    }
  });

  it('clamps $limit to SODA 2.0’s 50,000 and answers an offset past the end with no rows', () => {
    expect((runSodaQuery(rows, new URLSearchParams({ $limit: '100000' })).body as unknown[]).length).toBe(50_000);
    expect(runSodaQuery(rows, new URLSearchParams({ $order: ':id', $offset: '60000' })).body).toEqual([]);
    const tail = runSodaQuery(rows, new URLSearchParams({ $order: ':id', $offset: '50000', $limit: '50000' })).body as SodaRow[];
    expect(tail).toEqual(rows.slice(50_000));
  });
});

describe('data files parsed in slices', () => {
  it('gives exactly what JSON.parse gives, errors included', () => {
    const layouts = [
      '[]',
      '[\n]\n',
      '[\n{"a":1},\n{"a":2}\n]\n',
      '[{"a":1},{"a":2}]',
      ' [\r\n{"a":"x,"},\r\n{"b":null}\r\n] ',
      '[\n  {\n    "a": 1,\n    "b": [1,\n 2]\n  },\n  3\n]',
      '{"result_count":1,"results":[{"number":"1"}]}',
      '[\n1,\n]',
      '[\n1,\n2',
      '',
    ];
    for (const text of layouts) {
      let expected: unknown;
      try {
        expected = JSON.parse(text);
      } catch {
        expected = 'error';
      }
      let actual: unknown;
      try {
        actual = parseJsonFile(Buffer.from(text));
      } catch {
        actual = 'error';
      }
      expect(actual, JSON.stringify(text)).toEqual(expected);
    }
  });

  it('reads a multi-megabyte array across slice boundaries, and refuses a trailing comma there too', () => {
    const items = Array.from({ length: 40_000 }, (_, i) => ({ i, name: `NAME ${i}`, pad: 'x'.repeat(i % 97) }));
    const text = `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
    expect(text.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(parseJsonFile(Buffer.from(text))).toEqual(items);
    expect(() => parseJsonFile(Buffer.from(`${text.slice(0, -3)},\n]\n`))).toThrow(SyntaxError);
  });
});
