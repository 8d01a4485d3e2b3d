/**
 * One SODA 2.0 `/resource/<id>.json` query over a dataset's rows: `$where`, `$select`, `$order`,
 * `$limit` and `$offset`, plus SODA's simple filters (`?field=value`, an exact match ANDed with the
 * rest). Rows come back exactly as stored. Errors use Socrata's JSON error shape.
 *
 * `$select` may also be made only of `count(*)` / `count(<value>)` aggregates (without `$group`, which
 * the simulator does not implement): one row with each count as a string, as Socrata writes numbers,
 * e.g. `$select=count(*) AS n` → `[{"n":"7164"}]`; `$limit` and `$offset` apply to that one row.
 *
 * Conditions on `upper(<field>)` are answered from word indexes (where-candidates.ts) when they can
 * narrow the rows; the result is always the full scan's.
 */
import { compileCondition, compileExpr, orderComparator, type Evaluator, type SodaRow } from './soql-evaluator.ts';
import { parseOrder, parseSelect, parseWhere, SoqlSyntaxError, type Expr, type OrderItem, type SelectItem } from './soql-parser.ts';
import { candidateRows } from './where-candidates.ts';

export interface SodaQueryOptions {
  /** Use the word indexes (default); false always scans every row. */
  readonly useIndexes?: boolean;
}

export interface SocrataError {
  readonly code: string;
  readonly error: true;
  readonly message: string;
  readonly data?: Record<string, unknown>;
}

export type SodaQueryResult = { readonly status: 200; readonly body: unknown[] } | { readonly status: 400; readonly body: SocrataError };

/** SODA's default page size. */
export const defaultLimit = 1000;
/** The `$limit` ceiling of SODA 2.0 endpoints (2.1 has none); larger values are clamped. */
export const maxLimit = 50_000;

export function socrataError(code: string, message: string): SocrataError {
  return { code, error: true, message, data: {} };
}

const malformed = (message: string): SodaQueryResult => ({ status: 400, body: socrataError('query.compiler.malformed', message) });

/** Parameters Socrata accepts that the simulator deliberately does not implement. */
const unsupported = new Set(['$q', '$group', '$having', '$query', '$search']);
const supported = new Set(['$select', '$where', '$order', '$limit', '$offset']);

function parseCount(name: string, text: string | null, fallback: number): number | string {
  if (text === null || text.trim() === '') return fallback;
  if (!/^\s*\d+\s*$/.test(text)) return `Invalid ${name}: "${text}" is not a non-negative integer`;
  return Number(text);
}

export function runSodaQuery(rows: readonly SodaRow[], params: URLSearchParams, options: SodaQueryOptions = {}): SodaQueryResult {
  const conditions: Expr[] = [];
  let select: SelectItem[] | undefined;
  let order: OrderItem[] | undefined;

  for (const name of new Set(params.keys())) {
    if (name.startsWith('$$')) continue; // system parameters such as $$app_token
    if (unsupported.has(name)) return malformed(`The simulator does not implement ${name}`);
    if (name.startsWith('$') && !supported.has(name)) return malformed(`Unrecognized arguments [${name}]`);
    if (!name.startsWith('$')) {
      // Simple filter: exact, case-sensitive equality on the stored text.
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return malformed(`Invalid simple filter field "${name}"`);
      conditions.push({ kind: 'compare', op: '=', left: { kind: 'field', name }, right: { kind: 'literal', value: params.get(name) ?? '' } });
    }
  }

  try {
    const where = params.get('$where');
    if (where !== null && where.trim() !== '') conditions.unshift(parseWhere(where));
  } catch (error) {
    if (error instanceof SoqlSyntaxError) return malformed(`Could not parse $where: ${error.message}`);
    throw error;
  }
  try {
    const text = params.get('$select');
    if (text !== null && text.trim() !== '') select = parseSelect(text);
  } catch (error) {
    if (error instanceof SoqlSyntaxError) return malformed(`Could not parse $select: ${error.message}`);
    throw error;
  }
  try {
    const text = params.get('$order');
    if (text !== null && text.trim() !== '') order = parseOrder(text);
  } catch (error) {
    if (error instanceof SoqlSyntaxError) return malformed(`Could not parse $order: ${error.message}`);
    throw error;
  }
  const limit = parseCount('$limit', params.get('$limit'), defaultLimit);
  if (typeof limit === 'string') return malformed(limit);
  const offset = parseCount('$offset', params.get('$offset'), 0);
  if (typeof offset === 'string') return malformed(offset);

  const aggregates = select?.filter((item) => item.aggregate !== undefined) ?? [];
  if (aggregates.length > 0 && aggregates.length !== select!.length) {
    const plain = select!.find((item) => item.aggregate === undefined)!;
    return malformed(`Column \`${plain.name}\` must appear in $group or be used in an aggregate function; the simulator does not implement $group`);
  }

  const condition = conditions.reduce<Expr | undefined>((all, c) => (all ? { kind: 'and', left: all, right: c } : c), undefined);
  const test = condition ? compileCondition(condition) : () => true;
  let matched: { row: SodaRow; index: number }[] = [];
  const consider = (index: number): void => {
    const row = rows[index]!;
    if (test(row, index)) matched.push({ row, index });
  };
  const candidates = condition && options.useIndexes !== false ? candidateRows(rows, condition) : undefined;
  if (candidates) for (const index of candidates) consider(index);
  else for (let index = 0; index < rows.length; index++) consider(index);
  const page = <T>(items: readonly T[]): T[] => items.slice(offset, offset + Math.min(limit, maxLimit));
  if (aggregates.length > 0) return { status: 200, body: page([countRow(aggregates, matched)]) };
  if (order) matched.sort(orderComparator(order));
  matched = page(matched);
  if (!select) return { status: 200, body: matched.map(({ row }) => row) };
  const columns = select.map((item) => ({
    name: item.name,
    evaluate: item.expr === '*' ? ('*' as const) : compileExpr(item.expr),
    system: isSystemField(item),
  }));
  return { status: 200, body: matched.map(({ row, index }) => project(columns, row, index)) };
}

/** The one row of a count-only `$select`: each count as a decimal string. */
function countRow(items: readonly SelectItem[], matched: readonly { row: SodaRow; index: number }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    if (item.expr === '*') {
      out[item.name] = String(matched.length);
      continue;
    }
    const evaluate = compileExpr(item.expr);
    let n = 0;
    for (const { row, index } of matched) if (evaluate(row, index) !== null) n++;
    out[item.name] = String(n);
  }
  return out;
}

const isSystemField = (item: SelectItem) => item.expr !== '*' && item.expr.kind === 'field' && item.expr.name.startsWith(':');

/** `$select` output: the listed columns in order; like SODA, null values are left out of the row. */
function project(
  columns: readonly { readonly name: string; readonly evaluate: Evaluator | '*'; readonly system: boolean }[],
  row: SodaRow,
  index: number,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) {
    if (column.evaluate === '*') {
      Object.assign(out, row);
      continue;
    }
    if (column.system) continue;
    const value = column.evaluate(row, index);
    if (value !== null) out[column.name] = value;
  }
  return out;
}
