/**
 * Canonical JSON (RFC 8785, JSON Canonicalization Scheme): object keys sorted by UTF-16 code units at
 * every depth, no whitespace, numbers and strings serialised as ECMAScript's JSON.stringify does.
 *
 * Values nested deeper than `maxCanonicalDepth` (and cyclic ones) are refused with
 * `CanonicalJsonDepthError` before the recursion could exhaust the stack.
 */

/** Deepest nesting of objects and arrays canonicalised; far above any certificate or request body. */
export const maxCanonicalDepth = 64;

/** The value nests objects and arrays deeper than `maxCanonicalDepth` (or refers to itself). */
export class CanonicalJsonDepthError extends Error {
  constructor() {
    super(`Cannot canonicalise a value nested more than ${maxCanonicalDepth} levels deep`);
    this.name = 'CanonicalJsonDepthError';
  }
}

export function canonicalJson(value: unknown): string {
  return canonical(value, 0);
}

function canonical(value: unknown, depth: number): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new TypeError('Non-finite number in canonical JSON');
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') {
      throw new TypeError(`Cannot canonicalise a value of type ${typeof value}`);
    }
    return JSON.stringify(value);
  }
  if (depth >= maxCanonicalDepth) throw new CanonicalJsonDepthError();
  if (Array.isArray(value)) return `[${value.map((item) => canonical(item === undefined ? null : item, depth + 1)).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key], depth + 1)}`);
  return `{${entries.join(',')}}`;
}
