/**
 * Narrows a `$where` to the rows worth testing, with the word indexes of upper-cased fields
 * (upper-word-index.ts), so that a surname query over a board of 800,000 rows tests a few thousand:
 *
 *   upper(last_name) = 'SMITH' OR upper(last_name) like 'SMITH-%' OR upper(last_name) like '%-SMITH' …
 *
 * A comparison `upper(<field>) = '<text>'`, `upper(<field>) like '<pattern>'` or `upper(<field>) IN
 * (…texts)` narrows when its text holds a segment (characters and `_`, no `%`) bounded on both sides by
 * the value's ends or a literal `-` or space: every row it can be true for has a run of words matching
 * that segment. An AND narrows when one of its operands does (the smallest set is taken); an OR only
 * when all of its branches do (their union). Anything else — NOT, other operators, other functions — is
 * answered by a full scan. The caller always runs the whole condition on the candidates, so the answer
 * is exactly a full scan's, in the same row order.
 *
 * Indexes are built the first time a field needs one and kept with the rows they describe: a changed
 * data file is parsed into a new row array, which starts without indexes.
 */
import { compileExpr, type SodaRow } from './soql-evaluator.ts';
import type { Expr } from './soql-parser.ts';
import { mergeRows, type Segment, UpperWordIndex, wordSeparators } from './upper-word-index.ts';

const indexes = new WeakMap<readonly SodaRow[], Map<string, UpperWordIndex>>();

function indexOf(rows: readonly SodaRow[], field: string): UpperWordIndex {
  let byField = indexes.get(rows);
  if (!byField) {
    byField = new Map();
    indexes.set(rows, byField);
  }
  let index = byField.get(field);
  if (!index) {
    const upper: Expr = { kind: 'call', name: 'upper', args: [{ kind: 'field', name: field }] };
    index = new UpperWordIndex(rows, compileExpr(upper));
    byField.set(field, index);
  }
  return index;
}

type PatternElement = { readonly kind: 'any' } | { readonly kind: 'one' } | { readonly kind: 'char'; readonly char: string };

/** A LIKE pattern as likeMatcher reads it: `%`, `_`, and a backslash making the next character literal. */
function likeElements(pattern: string): PatternElement[] {
  const chars = Array.from(pattern);
  const elements: PatternElement[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) elements.push({ kind: 'char', char: chars[++i]! });
    else if (c === '%') elements.push({ kind: 'any' });
    else if (c === '_') elements.push({ kind: 'one' });
    else elements.push({ kind: 'char', char: c });
  }
  return elements;
}

/** The segments of a pattern that a matching value must hold between separators or its ends. */
function boundedSegments(elements: readonly PatternElement[]): Segment[] {
  const segments: Segment[] = [];
  let current: (string | null)[] = [];
  let boundedLeft = true;
  for (const element of elements) {
    if (element.kind === 'any') {
      current = [];
      boundedLeft = false;
    } else if (element.kind === 'char' && wordSeparators.has(element.char)) {
      if (boundedLeft) segments.push(current);
      current = [];
      boundedLeft = true;
    } else current.push(element.kind === 'one' ? null : element.char);
  }
  if (boundedLeft) segments.push(current);
  return segments;
}

/** The field of `upper(<field>)`, or undefined for any other expression. */
function upperField(expr: Expr): string | undefined {
  if (expr.kind !== 'call' || expr.name !== 'upper') return undefined;
  const arg = expr.args[0];
  return arg?.kind === 'field' ? arg.name : undefined;
}

function textLiteral(expr: Expr): string | undefined {
  return expr.kind === 'literal' && typeof expr.value === 'string' ? expr.value : undefined;
}

/** Lookups already made while narrowing one condition (a surname query repeats its segment five times). */
type Lookups = Map<string, readonly number[]>;

/** Rows where the pattern can match, from its most selective segment; undefined when none is bounded. */
function patternRows(rows: readonly SodaRow[], field: string, elements: readonly PatternElement[], lookups: Lookups): readonly number[] | undefined {
  const segments = boundedSegments(elements);
  if (segments.length === 0) return undefined;
  const index = indexOf(rows, field);
  let best: readonly number[] | undefined;
  for (const segment of segments) {
    const key = JSON.stringify([field, segment]);
    let found = lookups.get(key);
    if (!found) {
      found = index.rowsMatching(segment);
      lookups.set(key, found);
    }
    if (!best || found.length < best.length) best = found;
    if (best.length === 0) break;
  }
  return best;
}

const exactly = (text: string): PatternElement[] => Array.from(text, (char) => ({ kind: 'char', char }) as const);

function flatten(expr: Expr, kind: 'and' | 'or'): Expr[] {
  return expr.kind === kind ? [...flatten(expr.left, kind), ...flatten(expr.right, kind)] : [expr];
}

/** Row positions (ascending) that can satisfy the condition, or undefined when only a full scan can tell. */
export function candidateRows(rows: readonly SodaRow[], condition: Expr, lookups: Lookups = new Map()): readonly number[] | undefined {
  switch (condition.kind) {
    case 'and': {
      let best: readonly number[] | undefined;
      for (const operand of flatten(condition, 'and')) {
        const found = candidateRows(rows, operand, lookups);
        if (found && (!best || found.length < best.length)) best = found;
      }
      return best;
    }
    case 'or': {
      const lists: (readonly number[])[] = [];
      for (const branch of flatten(condition, 'or')) {
        const found = candidateRows(rows, branch, lookups);
        if (!found) return undefined;
        lists.push(found);
      }
      return mergeRows(lists);
    }
    case 'compare': {
      if (condition.op !== '=') return undefined;
      const [side, other] = upperField(condition.left) !== undefined ? [condition.left, condition.right] : [condition.right, condition.left];
      const field = upperField(side);
      const text = textLiteral(other);
      return field === undefined || text === undefined ? undefined : patternRows(rows, field, exactly(text), lookups);
    }
    case 'like': {
      const field = upperField(condition.subject);
      const pattern = textLiteral(condition.pattern);
      return condition.negated || field === undefined || pattern === undefined ? undefined : patternRows(rows, field, likeElements(pattern), lookups);
    }
    case 'in': {
      const field = upperField(condition.subject);
      if (condition.negated || field === undefined) return undefined;
      const lists: (readonly number[])[] = [];
      for (const value of condition.values) {
        const text = textLiteral(value);
        const found = text === undefined ? undefined : patternRows(rows, field, exactly(text), lookups);
        if (!found) return undefined;
        lists.push(found);
      }
      return mergeRows(lists);
    }
    default:
      return undefined;
  }
}
