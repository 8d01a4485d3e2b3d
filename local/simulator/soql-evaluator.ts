/**
 * Evaluates parsed SoQL expressions against SODA rows, with SQL's three-valued logic: a comparison with
 * a missing field (SODA omits null fields from its JSON rows) is unknown, and only rows whose condition
 * is true are returned, so `NOT (x = 'A')` does not return rows without an `x`.
 *
 * The simulator has no column types: values are compared as numbers when both sides are numbers (or a
 * number literal meets a numeric string), as booleans when both are booleans (checkbox columns), and
 * as text otherwise. Objects (location, url columns such as `{"url": …}`) only answer IS [NOT] NULL.
 */
import type { CompareOperator, Expr, OrderItem } from './soql-parser.ts';

export type SodaRow = Readonly<Record<string, unknown>>;
type Value = string | number | boolean | object | null;

const numericText = /^\s*-?(\d+(\.\d*)?|\.\d+)\s*$/;

/** Reads a field; `:id` (Socrata's row identifier) is the row's position, since rows keep file order. */
function fieldReader(name: string): Evaluator {
  if (name === ':id') return (_row, rowIndex) => rowIndex;
  if (name.startsWith(':')) return () => null;
  const lower = name.toLowerCase();
  // Field names that exist on every object (`constructor`, `toString`) must be own properties.
  const inherited = name in Object.prototype || lower in Object.prototype;
  const read = (row: SodaRow, key: string): Value => {
    const value = row[key];
    return value === undefined || (inherited && !Object.hasOwn(row, key)) ? null : (value as Value);
  };
  if (lower === name) return (row) => read(row, name);
  return (row) => {
    const value = read(row, name);
    return value === null ? read(row, lower) : value;
  };
}

function asText(value: Value): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return null;
}

function asCondition(value: Value): boolean | null {
  if (typeof value === 'boolean') return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

/** Negative, zero or positive, or null when the values cannot be compared (null, objects, mixed types). */
export function compareValues(a: Value, b: Value): number | null {
  if (typeof a === 'string' && a === b) return 0;
  if (a === null || b === null) return null;
  if (typeof a === 'boolean' || typeof b === 'boolean') {
    const x = asCondition(a);
    const y = asCondition(b);
    return x === null || y === null ? null : Number(x) - Number(y);
  }
  if (typeof a === 'number' || typeof b === 'number') {
    const x = typeof a === 'number' ? a : typeof a === 'string' && numericText.test(a) ? Number(a) : NaN;
    const y = typeof b === 'number' ? b : typeof b === 'string' && numericText.test(b) ? Number(b) : NaN;
    return Number.isNaN(x) || Number.isNaN(y) ? null : x - y;
  }
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function applyOperator(op: CompareOperator, c: number): boolean {
  switch (op) {
    case '=':
      return c === 0;
    case '!=':
      return c !== 0;
    case '<':
      return c < 0;
    case '<=':
      return c <= 0;
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
  }
}

const likeCache = new Map<string, RegExp>();

/**
 * A LIKE pattern as a matcher: `%` any run of characters, `_` exactly one, and (as in PostgreSQL, which
 * Socrata's LIKE follows) a backslash makes the next character literal, so `\%` matches a percent sign.
 */
export function likeMatcher(pattern: string): RegExp {
  let regex = likeCache.get(pattern);
  if (regex) return regex;
  let source = '^';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\' && i + 1 < pattern.length) {
      source += escapeRegExp(pattern[++i]!);
    } else if (c === '%') {
      source += '[\\s\\S]*';
    } else if (c === '_') {
      source += '[\\s\\S]';
    } else {
      source += escapeRegExp(c);
    }
  }
  regex = new RegExp(`${source}$`, 'u');
  if (likeCache.size > 1000) likeCache.clear();
  likeCache.set(pattern, regex);
  return regex;
}

function escapeRegExp(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

const not = (v: boolean | null) => (v === null ? null : !v);

/** A compiled expression: evaluates against one row (and its position, for `:id`). */
export type Evaluator = (row: SodaRow, rowIndex: number) => Value;

/**
 * A LIKE test for a pattern known when the query is compiled. The common shapes (`X%`, `%X`, `%X%`,
 * no wildcard at all) become plain string operations; anything else uses likeMatcher.
 */
function literalLikeTest(pattern: string): (subject: string) => boolean {
  if (!/[\\_]/.test(pattern)) {
    const inner = pattern.replace(/^%+/, '').replace(/%+$/, '');
    const leading = pattern.startsWith('%');
    const trailing = pattern.endsWith('%') && pattern.length > 1;
    if (!inner.includes('%')) {
      if (leading && trailing) return (s) => s.includes(inner);
      if (leading) return (s) => s.endsWith(inner);
      if (trailing) return (s) => s.startsWith(inner);
      return (s) => s === pattern;
    }
  }
  const regex = likeMatcher(pattern);
  return (s) => regex.test(s);
}

/**
 * Turns a parsed expression into a closure, once per query rather than once per row. Identical function
 * calls (the five `upper(last_name)` of a surname query) share one evaluation per row.
 */
export function compileExpr(expr: Expr, shared: Map<string, Evaluator> = new Map()): Evaluator {
  const compileExpr = (inner: Expr) => compileShared(inner, shared);
  switch (expr.kind) {
    case 'literal': {
      const value = expr.value;
      return () => value;
    }
    case 'field': {
      return fieldReader(expr.name);
    }
    case 'call': {
      const [a, b] = expr.args.map(compileExpr);
      switch (expr.name) {
        case 'upper':
          return (row, i) => {
            const v = asText(a!(row, i));
            return v === null ? null : v.toUpperCase();
          };
        case 'lower':
          return (row, i) => {
            const v = asText(a!(row, i));
            return v === null ? null : v.toLowerCase();
          };
        case 'starts_with':
          return (row, i) => {
            const x = asText(a!(row, i));
            const y = asText(b!(row, i));
            return x === null || y === null ? null : x.startsWith(y);
          };
        case 'contains':
          return (row, i) => {
            const x = asText(a!(row, i));
            const y = asText(b!(row, i));
            return x === null || y === null ? null : x.includes(y);
          };
      }
      return () => null;
    }
    case 'compare': {
      const left = compileExpr(expr.left);
      const right = compileExpr(expr.right);
      const op = expr.op;
      return (row, i) => {
        const c = compareValues(left(row, i), right(row, i));
        return c === null ? null : applyOperator(op, c);
      };
    }
    case 'like': {
      const subject = compileExpr(expr.subject);
      const negated = expr.negated;
      const constant = expr.pattern.kind === 'literal' ? asText(expr.pattern.value) : undefined;
      if (constant === null) return () => null;
      const test = constant !== undefined ? literalLikeTest(constant) : undefined;
      const pattern = compileExpr(expr.pattern);
      return (row, i) => {
        const s = asText(subject(row, i));
        if (s === null) return null;
        let result: boolean;
        if (test) result = test(s);
        else {
          const p = asText(pattern(row, i));
          if (p === null) return null;
          result = likeMatcher(p).test(s);
        }
        return negated ? !result : result;
      };
    }
    case 'is_null': {
      const subject = compileExpr(expr.subject);
      const negated = expr.negated;
      return (row, i) => (subject(row, i) === null) !== negated;
    }
    case 'in': {
      const subject = compileExpr(expr.subject);
      const values = expr.values.map(compileExpr);
      const negated = expr.negated;
      return (row, i) => {
        const v = subject(row, i);
        let result: boolean | null = false;
        for (const candidate of values) {
          const c = compareValues(v, candidate(row, i));
          if (c === 0) {
            result = true;
            break;
          }
          if (c === null) result = null;
        }
        return negated ? not(result) : result;
      };
    }
    case 'between': {
      const subject = compileExpr(expr.subject);
      const low = compileExpr(expr.low);
      const high = compileExpr(expr.high);
      const negated = expr.negated;
      return (row, i) => {
        const v = subject(row, i);
        const l = compareValues(v, low(row, i));
        const h = compareValues(v, high(row, i));
        const result = l === null || h === null ? null : l >= 0 && h <= 0;
        return negated ? not(result) : result;
      };
    }
    case 'and':
    case 'or': {
      // A chain of ANDs or ORs is evaluated as one list: a OR b OR c OR d is common in surname queries.
      const operands = flatten(expr, expr.kind).map(compileExpr);
      const decisive = expr.kind === 'or';
      return (row, i) => {
        let unknown = false;
        for (const operand of operands) {
          const v = asCondition(operand(row, i));
          if (v === decisive) return decisive;
          if (v === null) unknown = true;
        }
        return unknown ? null : !decisive;
      };
    }
    case 'not': {
      const operand = compileExpr(expr.operand);
      return (row, i) => not(asCondition(operand(row, i)));
    }
  }
}

function flatten(expr: Expr, kind: 'and' | 'or'): Expr[] {
  return expr.kind === kind ? [...flatten(expr.left, kind), ...flatten(expr.right, kind)] : [expr];
}

function compileShared(expr: Expr, shared: Map<string, Evaluator>): Evaluator {
  if (expr.kind !== 'call') return compileExpr(expr, shared);
  const key = JSON.stringify(expr);
  let evaluator = shared.get(key);
  if (!evaluator) {
    const compute = compileExpr(expr, shared);
    let lastRow: SodaRow | undefined;
    let lastIndex = -1;
    let lastValue: Value = null;
    evaluator = (row, rowIndex) => {
      if (row !== lastRow || rowIndex !== lastIndex) {
        lastValue = compute(row, rowIndex);
        lastRow = row;
        lastIndex = rowIndex;
      }
      return lastValue;
    };
    shared.set(key, evaluator);
  }
  return evaluator;
}

/** Evaluates an expression once (compiling it on the way); queries compile once and reuse. */
export function evaluate(expr: Expr, row: SodaRow, rowIndex: number): Value {
  return compileExpr(expr)(row, rowIndex);
}

/** A row filter: true only when the condition is true (false and unknown both exclude the row). */
export function compileCondition(condition: Expr): (row: SodaRow, rowIndex: number) => boolean {
  const evaluator = compileExpr(condition);
  return (row, rowIndex) => asCondition(evaluator(row, rowIndex)) === true;
}

export function rowMatches(condition: Expr, row: SodaRow, rowIndex: number): boolean {
  return compileCondition(condition)(row, rowIndex);
}

/**
 * Sort order of `$order`: as in PostgreSQL (behind Socrata), nulls sort after every value ascending
 * and first descending. Values that cannot be compared fall back to text order; ties keep file order.
 */
export function orderComparator(items: readonly OrderItem[]): (a: { row: SodaRow; index: number }, b: { row: SodaRow; index: number }) => number {
  const keys = items.map((item) => ({ evaluate: compileExpr(item.expr), descending: item.descending }));
  return (a, b) => {
    for (const key of keys) {
      const x = key.evaluate(a.row, a.index);
      const y = key.evaluate(b.row, b.index);
      let c: number;
      if (x === null || y === null) c = x === y ? 0 : x === null ? 1 : -1;
      else c = compareValues(x, y) ?? compareText(x, y);
      if (c !== 0) return key.descending ? -c : c;
    }
    return a.index - b.index;
  };
}

function compareText(x: Value, y: Value): number {
  const a = typeof x === 'string' ? x : JSON.stringify(x);
  const b = typeof y === 'string' ? y : JSON.stringify(y);
  return a < b ? -1 : a > b ? 1 : 0;
}
