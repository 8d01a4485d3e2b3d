import { describe, expect, it } from 'vitest';
import { evaluate, likeMatcher, orderComparator, rowMatches, type SodaRow } from '../../local/simulator/soql-evaluator.ts';
import { parseOrder, parseSelect, parseWhere, SoqlSyntaxError, type Expr } from '../../local/simulator/soql-parser.ts';
import { tokenize } from '../../local/simulator/soql-tokenizer.ts';
import { runSodaQuery } from '../../local/simulator/soda-query.ts';

const field = (name: string): Expr => ({ kind: 'field', name });
const text = (value: string): Expr => ({ kind: 'literal', value });
const eq = (name: string, value: string): Expr => ({ kind: 'compare', op: '=', left: field(name), right: text(value) });

function filter(rows: SodaRow[], where: string): SodaRow[] {
  const condition = parseWhere(where);
  return rows.filter((row, i) => rowMatches(condition, row, i));
}

describe('SoQL tokenizer', () => {
  it('reads doubled quotes inside a string literal as one quote', () => {
    const tokens = tokenize("upper(last_name) = 'O''BRIEN'");
    expect(tokens.map((t) => [t.kind, t.value])).toEqual([
      ['identifier', 'upper'],
      ['punctuation', '('],
      ['identifier', 'last_name'],
      ['punctuation', ')'],
      ['operator', '='],
      ['string', "O'BRIEN"],
      ['end', ''],
    ]);
  });

  it('upper-cases keywords, keeps identifiers and system fields, normalises <> to !=', () => {
    const tokens = tokenize('a <> b and :id Is NoT null AND `order` >= -1.5');
    expect(tokens.map((t) => t.value)).toEqual(['a', '!=', 'b', 'AND', ':id', 'IS', 'NOT', 'NULL', 'AND', 'order', '>=', '-', '1.5', '']);
    expect(tokens.find((t) => t.value === 'order')?.kind).toBe('identifier');
  });

  it('rejects characters and literals SoQL does not have', () => {
    for (const bad of ["a = 'x'; DROP", 'a = "x"', "a = 'open", 'a = 12abc', 'a = `b c`']) {
      expect(() => tokenize(bad), bad).toThrow(SoqlSyntaxError);
    }
  });
});

describe('SoQL parser', () => {
  it('binds AND tighter than OR and NOT tighter than AND', () => {
    expect(parseWhere("a = '1' OR b = '2' AND NOT c = '3'")).toEqual({
      kind: 'or',
      left: eq('a', '1'),
      right: { kind: 'and', left: eq('b', '2'), right: { kind: 'not', operand: eq('c', '3') } },
    });
  });

  it('lets parentheses override precedence', () => {
    expect(parseWhere("(a = '1' OR b = '2') AND c = '3'")).toEqual({
      kind: 'and',
      left: { kind: 'or', left: eq('a', '1'), right: eq('b', '2') },
      right: eq('c', '3'),
    });
  });

  it('parses functions, like, is [not] null, in and between', () => {
    expect(parseWhere("upper(lastname) like 'JO%'")).toEqual({
      kind: 'like',
      negated: false,
      subject: { kind: 'call', name: 'upper', args: [field('lastname')] },
      pattern: text('JO%'),
    });
    expect(parseWhere('x IS NOT NULL')).toEqual({ kind: 'is_null', negated: true, subject: field('x') });
    expect(parseWhere("x not in ('a', 'b')")).toMatchObject({ kind: 'in', negated: true, values: [text('a'), text('b')] });
    expect(parseWhere("x between '1' and '5'")).toMatchObject({ kind: 'between', negated: false, low: text('1'), high: text('5') });
    expect(parseWhere("x NOT LIKE '%a'")).toMatchObject({ kind: 'like', negated: true });
  });

  it('keeps an escaped injection attempt inside the literal', () => {
    expect(parseWhere("upper(lastname) = 'O''BRIEN''); DROP TABLE x; --'")).toEqual({
      kind: 'compare',
      op: '=',
      left: { kind: 'call', name: 'upper', args: [field('lastname')] },
      right: text("O'BRIEN'); DROP TABLE x; --"),
    });
  });

  it('refuses anything that is not exactly one condition', () => {
    for (const bad of [
      "upper(lastname) = 'O'BRIEN'); DROP'",
      "a = 'x' b = 'y'",
      "a = 'x' OR",
      "(a = 'x'",
      "a = 'x')",
      '',
      '   ',
      'upper(a)',
      "'just text'",
      "a = 'x' AND 'y'",
      "nope(a) = 'x'",
      "upper(a, b) = 'x'",
      "a IS 'x'",
      'a in ()',
      "a == 'x'",
    ]) {
      expect(() => parseWhere(bad), bad).toThrow(SoqlSyntaxError);
    }
  });

  it('parses $select with aliases and $order with directions', () => {
    expect(parseSelect('credentialnumber, upper(lastname) as last, *').map((s) => s.name)).toEqual(['credentialnumber', 'last', '*']);
    expect(parseSelect('upper(lastname)')[0]?.name).toBe('upper_lastname');
    expect(parseOrder('status desc, :id')).toEqual([
      { expr: field('status'), descending: true },
      { expr: field(':id'), descending: false },
    ]);
    expect(() => parseSelect('a,')).toThrow(SoqlSyntaxError);
    expect(parseSelect('count(*)')).toEqual([{ expr: '*', name: 'count', aggregate: 'count' }]);
    expect(() => parseOrder('a sideways')).toThrow(SoqlSyntaxError);
  });
});

describe('SoQL evaluation', () => {
  const rows: SodaRow[] = [
    { name: 'SMITH', first: 'John', n: '10', flag: true },
    { name: 'smith', first: 'Jo', n: '9' },
    { name: 'SMITH-JONES', n: '100', flag: false, link: { url: 'https://example.test' } },
    { name: '50%_OFF', first: 'Sale' },
  ];
  const names = (where: string) => filter(rows, where).map((r) => r.name);

  it('compares text case-sensitively; upper() and lower() make it case-insensitive', () => {
    expect(names("name = 'SMITH'")).toEqual(['SMITH']);
    expect(names("upper(name) = 'SMITH'")).toEqual(['SMITH', 'smith']);
    expect(names("lower(name) = 'smith'")).toEqual(['SMITH', 'smith']);
  });

  it('treats a missing field as null: neither = nor != nor NOT selects it (three-valued logic)', () => {
    expect(names("first = 'John'")).toEqual(['SMITH']);
    expect(names("first != 'John'")).toEqual(['smith', '50%_OFF']);
    expect(names("NOT (first = 'John')")).toEqual(['smith', '50%_OFF']);
    expect(names('first IS NULL')).toEqual(['SMITH-JONES']);
    expect(names("first = 'John' OR first IS NULL")).toEqual(['SMITH', 'SMITH-JONES']);
  });

  it('matches like patterns literally apart from %, _ and backslash escapes', () => {
    expect(names("upper(first) like 'JO%'")).toEqual(['SMITH', 'smith']);
    expect(names("first like 'J_'")).toEqual(['smith']);
    expect(names("name like '%\\%\\_OFF'")).toEqual(['50%_OFF']);
    expect(names("name like '%.JONES'")).toEqual([]);
    expect(likeMatcher('a.c').test('abc')).toBe(false);
    expect(likeMatcher('(x)+').test('(x)+')).toBe(true);
    expect(likeMatcher('%').test('line1\nline2')).toBe(true);
  });

  it('compares numerically only when a number is involved', () => {
    expect(names('n > 50')).toEqual(['SMITH-JONES']);
    expect(names("n > '50'")).toEqual(['smith']); // text: '9' > '50'
    expect(names('n between 9 and 10')).toEqual(['SMITH', 'smith']);
    expect(names("n in ('9', '100')")).toEqual(['smith', 'SMITH-JONES']);
  });

  it('uses a bare checkbox field as a condition and compares booleans', () => {
    expect(names('flag')).toEqual(['SMITH']);
    expect(names('flag = false')).toEqual(['SMITH-JONES']);
    expect(names('NOT flag')).toEqual(['SMITH-JONES']);
  });

  it('answers only IS [NOT] NULL for object values', () => {
    expect(names('link IS NOT NULL')).toEqual(['SMITH-JONES']);
    expect(names("link = 'https://example.test'")).toEqual([]);
    expect(evaluate(field('link'), rows[2]!, 2)).toEqual({ url: 'https://example.test' });
  });

  it('supports starts_with and contains', () => {
    expect(names("starts_with(name, 'SMITH')")).toEqual(['SMITH', 'SMITH-JONES']);
    expect(names("contains(upper(name), '-JON')")).toEqual(['SMITH-JONES']);
  });

  it('orders nulls last ascending and first descending, ties in file order', () => {
    const indexed = rows.map((row, index) => ({ row, index }));
    const asc = [...indexed].sort(orderComparator(parseOrder('first'))).map((r) => r.index);
    expect(asc).toEqual([1, 0, 3, 2]);
    const desc = [...indexed].sort(orderComparator(parseOrder('first DESC'))).map((r) => r.index);
    expect(desc).toEqual([2, 3, 0, 1]);
    const byNumber = [...indexed].sort(orderComparator(parseOrder('upper(name), :id desc'))).map((r) => r.index);
    expect(byNumber).toEqual([3, 1, 0, 2]);
  });
});

describe('SODA query parameters', () => {
  const rows: SodaRow[] = Array.from({ length: 3000 }, (_, i) => ({
    license_number: String(i).padStart(9, '0'),
    last_name: `NAME${i % 500}`,
    first_name: i % 3 ? 'ANA' : 'BEA',
    license_status: i % 4 ? 'ACTIVE' : 'EXPIRED',
  }));
  const run = (params: Record<string, string>) => runSodaQuery(rows, new URLSearchParams(params));

  it('defaults $limit to 1000 and clamps it to 50,000', () => {
    const page = run({});
    expect(page.status).toBe(200);
    expect(page.body).toHaveLength(1000);
    expect(run({ $limit: '999999' }).body).toHaveLength(3000);
  });

  it('refuses unknown and unimplemented $ parameters, and bad numbers, as malformed', () => {
    const refused: Record<string, string>[] = [
      { $group: 'x' },
      { $q: 'smith' },
      { $nonsense: '1' },
      { $limit: '1.5' },
      { $offset: '-3' },
      { $where: "a = 'b' ;" },
    ];
    for (const params of refused) {
      const result = run(params);
      expect(result.status, JSON.stringify(params)).toBe(400);
      expect(result.body).toMatchObject({ code: 'query.compiler.malformed', error: true, data: {} });
    }
    expect(run({ $$app_token: 'x', $limit: '1' }).status).toBe(200);
  });
});
