/**
 * Tokenizer for the SoQL subset the simulator understands. SoQL string literals are single-quoted with
 * a doubled quote (`''`) standing for one quote character; there is no other escape. Anything the
 * tokenizer does not recognise (a `;`, a double quote, an unterminated string) is a malformed query,
 * as it is for Socrata.
 */

export type TokenKind = 'identifier' | 'keyword' | 'string' | 'number' | 'operator' | 'punctuation' | 'end';

export interface Token {
  readonly kind: TokenKind;
  /** Keywords upper-cased; identifiers as written (without backticks); strings unescaped. */
  readonly value: string;
  /** Zero-based offset of the token in the query text. */
  readonly position: number;
}

/** A query Socrata would refuse with `query.compiler.malformed`. */
export class SoqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
    this.name = 'SoqlSyntaxError';
  }
}

const keywords = new Set(['AND', 'OR', 'NOT', 'LIKE', 'IS', 'NULL', 'IN', 'BETWEEN', 'TRUE', 'FALSE', 'ASC', 'DESC', 'AS']);
const twoCharOperators = new Set(['!=', '<>', '<=', '>=']);
const oneCharOperators = new Set(['=', '<', '>', '-']);
const punctuation = new Set(['(', ')', ',', '*']);

const isIdentifierStart = (c: string) => /[A-Za-z_]/.test(c);
const isIdentifierPart = (c: string) => /[A-Za-z0-9_]/.test(c);
const isDigit = (c: string) => c >= '0' && c <= '9';

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (c === "'") {
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) throw new SoqlSyntaxError('Unterminated string literal', start);
        const ch = text[i]!;
        if (ch === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += ch;
        i++;
      }
      tokens.push({ kind: 'string', value, position: start });
      continue;
    }
    if (c === '`') {
      // Backtick-quoted field names are how SoQL writes a field that collides with a keyword.
      const close = text.indexOf('`', i + 1);
      if (close < 0) throw new SoqlSyntaxError('Unterminated quoted identifier', start);
      const name = text.slice(i + 1, close);
      if (!/^:?[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new SoqlSyntaxError(`Invalid quoted identifier \`${name}\``, start);
      tokens.push({ kind: 'identifier', value: name, position: start });
      i = close + 1;
      continue;
    }
    if (isIdentifierStart(c) || (c === ':' && isIdentifierStart(text[i + 1] ?? ''))) {
      // `:id`, `:created_at`, `:updated_at` are Socrata's system fields.
      i++;
      while (i < text.length && isIdentifierPart(text[i]!)) i++;
      const word = text.slice(start, i);
      const upper = word.toUpperCase();
      tokens.push(keywords.has(upper) ? { kind: 'keyword', value: upper, position: start } : { kind: 'identifier', value: word, position: start });
      continue;
    }
    if (isDigit(c) || (c === '.' && isDigit(text[i + 1] ?? ''))) {
      while (i < text.length && isDigit(text[i]!)) i++;
      if (text[i] === '.') {
        i++;
        while (i < text.length && isDigit(text[i]!)) i++;
      }
      if (i < text.length && isIdentifierPart(text[i]!)) throw new SoqlSyntaxError(`Invalid number literal starting "${text.slice(start, i + 1)}"`, start);
      tokens.push({ kind: 'number', value: text.slice(start, i), position: start });
      continue;
    }
    const pair = text.slice(i, i + 2);
    if (twoCharOperators.has(pair)) {
      tokens.push({ kind: 'operator', value: pair === '<>' ? '!=' : pair, position: start });
      i += 2;
      continue;
    }
    if (oneCharOperators.has(c)) {
      tokens.push({ kind: 'operator', value: c, position: start });
      i++;
      continue;
    }
    if (punctuation.has(c)) {
      tokens.push({ kind: 'punctuation', value: c, position: start });
      i++;
      continue;
    }
    throw new SoqlSyntaxError(`Unexpected character "${c}"`, start);
  }
  tokens.push({ kind: 'end', value: '', position: text.length });
  return tokens;
}
