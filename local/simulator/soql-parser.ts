/**
 * Recursive-descent parser for the SoQL subset sent to Socrata's `/resource/<id>.json` endpoint:
 *
 *   where      := or-expr END
 *   or-expr    := and-expr { OR and-expr }
 *   and-expr   := not-expr { AND not-expr }
 *   not-expr   := NOT not-expr | predicate
 *   predicate  := value [ compare-op value
 *                       | [NOT] LIKE value
 *                       | IS [NOT] NULL
 *                       | [NOT] IN '(' value { ',' value } ')'
 *                       | [NOT] BETWEEN value AND value ]
 *   value      := '(' or-expr ')' | string | ['-'] number | TRUE | FALSE | NULL
 *               | function '(' or-expr { ',' or-expr } ')' | field
 *   compare-op := '=' | '!=' | '<>' | '<' | '<=' | '>' | '>='
 *   function   := upper | lower | starts_with | contains        (case-insensitive)
 *   field      := identifier | `quoted identifier` | :system_field
 *
 *   select     := select-item { ',' select-item }       select-item := ( '*' | COUNT '(' ( '*' | value ) ')' | value ) [AS identifier]
 *   order      := order-item { ',' order-item }         order-item  := value [ASC | DESC]
 *
 * Keywords are case-insensitive. The whole input must be consumed: text after a complete expression
 * (`'O'BRIEN'); DROP …`) is an error, never ignored.
 */
import { SoqlSyntaxError, tokenize, type Token } from './soql-tokenizer.ts';

export type CompareOperator = '=' | '!=' | '<' | '<=' | '>' | '>=';
export type LiteralValue = string | number | boolean | null;

export type Expr =
  | { readonly kind: 'literal'; readonly value: LiteralValue }
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'call'; readonly name: SoqlFunction; readonly args: readonly Expr[] }
  | { readonly kind: 'compare'; readonly op: CompareOperator; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'like'; readonly negated: boolean; readonly subject: Expr; readonly pattern: Expr }
  | { readonly kind: 'is_null'; readonly negated: boolean; readonly subject: Expr }
  | { readonly kind: 'in'; readonly negated: boolean; readonly subject: Expr; readonly values: readonly Expr[] }
  | { readonly kind: 'between'; readonly negated: boolean; readonly subject: Expr; readonly low: Expr; readonly high: Expr }
  | { readonly kind: 'and' | 'or'; readonly left: Expr; readonly right: Expr }
  | { readonly kind: 'not'; readonly operand: Expr };

export interface SelectItem {
  /** `*` selects every stored field of the row (or, with `count`, counts every row). */
  readonly expr: Expr | '*';
  readonly name: string;
  /** `count(*)` or `count(<value>)`: an aggregate over the matching rows. */
  readonly aggregate?: 'count';
}

export interface OrderItem {
  readonly expr: Expr;
  readonly descending: boolean;
}

type ValueType = 'boolean' | 'text' | 'number' | 'unknown';

const functions = {
  upper: { arity: 1, returns: 'text' },
  lower: { arity: 1, returns: 'text' },
  starts_with: { arity: 2, returns: 'boolean' },
  contains: { arity: 2, returns: 'boolean' },
} as const satisfies Record<string, { arity: number; returns: ValueType }>;

export type SoqlFunction = keyof typeof functions;

const compareOperators = new Set<string>(['=', '!=', '<', '<=', '>', '>=']);

function describe(token: Token): string {
  switch (token.kind) {
    case 'end':
      return 'end of input';
    case 'string':
      return `'${token.value.replaceAll("'", "''")}'`;
    default:
      return `\`${token.value}\``;
  }
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  private get current(): Token {
    return this.tokens[this.index]!;
  }

  private peek(offset = 1): Token {
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)]!;
  }

  private advance(): Token {
    const token = this.current;
    if (token.kind !== 'end') this.index++;
    return token;
  }

  private isKeyword(word: string, token: Token = this.current): boolean {
    return token.kind === 'keyword' && token.value === word;
  }

  private isPunctuation(symbol: string): boolean {
    return this.current.kind === 'punctuation' && this.current.value === symbol;
  }

  private fail(expected: string): never {
    throw new SoqlSyntaxError(`Expected ${expected}, but found ${describe(this.current)} at position ${this.current.position + 1}`, this.current.position);
  }

  private expectPunctuation(symbol: string): void {
    if (!this.isPunctuation(symbol)) this.fail(`\`${symbol}\``);
    this.advance();
  }

  private expectKeyword(word: string): void {
    if (!this.isKeyword(word)) this.fail(word);
    this.advance();
  }

  expectEnd(): void {
    if (this.current.kind !== 'end') this.fail('end of input');
  }

  get atEnd(): boolean {
    return this.current.kind === 'end';
  }

  orExpr(): Expr {
    let left = this.andExpr();
    while (this.isKeyword('OR')) {
      this.advance();
      left = { kind: 'or', left: checkCondition(left, 'OR'), right: checkCondition(this.andExpr(), 'OR') };
    }
    return left;
  }

  private andExpr(): Expr {
    let left = this.notExpr();
    while (this.isKeyword('AND')) {
      this.advance();
      left = { kind: 'and', left: checkCondition(left, 'AND'), right: checkCondition(this.notExpr(), 'AND') };
    }
    return left;
  }

  private notExpr(): Expr {
    if (this.isKeyword('NOT')) {
      this.advance();
      return { kind: 'not', operand: checkCondition(this.notExpr(), 'NOT') };
    }
    return this.predicate();
  }

  private predicate(): Expr {
    const subject = this.value();
    const token = this.current;
    if (token.kind === 'operator' && compareOperators.has(token.value)) {
      this.advance();
      return { kind: 'compare', op: token.value as CompareOperator, left: subject, right: this.value() };
    }
    let negated = false;
    if (this.isKeyword('NOT') && (this.isKeyword('LIKE', this.peek()) || this.isKeyword('IN', this.peek()) || this.isKeyword('BETWEEN', this.peek()))) {
      this.advance();
      negated = true;
    }
    if (this.isKeyword('LIKE')) {
      this.advance();
      return { kind: 'like', negated, subject, pattern: this.value() };
    }
    if (this.isKeyword('IN')) {
      this.advance();
      this.expectPunctuation('(');
      const values = [this.value()];
      while (this.isPunctuation(',')) {
        this.advance();
        values.push(this.value());
      }
      this.expectPunctuation(')');
      return { kind: 'in', negated, subject, values };
    }
    if (this.isKeyword('BETWEEN')) {
      this.advance();
      const low = this.value();
      this.expectKeyword('AND');
      return { kind: 'between', negated, subject, low, high: this.value() };
    }
    if (this.isKeyword('IS')) {
      this.advance();
      let isNot = false;
      if (this.isKeyword('NOT')) {
        this.advance();
        isNot = true;
      }
      this.expectKeyword('NULL');
      return { kind: 'is_null', negated: isNot, subject };
    }
    return subject;
  }

  value(): Expr {
    const token = this.current;
    switch (token.kind) {
      case 'punctuation':
        if (token.value === '(') {
          this.advance();
          const inner = this.orExpr();
          this.expectPunctuation(')');
          return inner;
        }
        break;
      case 'string':
        this.advance();
        return { kind: 'literal', value: token.value };
      case 'number':
        this.advance();
        return { kind: 'literal', value: Number(token.value) };
      case 'operator':
        if (token.value === '-' && this.peek().kind === 'number') {
          this.advance();
          return { kind: 'literal', value: -Number(this.advance().value) };
        }
        break;
      case 'keyword':
        if (token.value === 'TRUE' || token.value === 'FALSE') {
          this.advance();
          return { kind: 'literal', value: token.value === 'TRUE' };
        }
        if (token.value === 'NULL') {
          this.advance();
          return { kind: 'literal', value: null };
        }
        break;
      case 'identifier': {
        this.advance();
        if (!this.isPunctuation('(')) return { kind: 'field', name: token.value };
        const name = token.value.toLowerCase();
        if (!Object.hasOwn(functions, name)) {
          throw new SoqlSyntaxError(`Unknown function \`${token.value}\` at position ${token.position + 1}`, token.position);
        }
        this.advance();
        const args: Expr[] = [this.orExpr()];
        while (this.isPunctuation(',')) {
          this.advance();
          args.push(this.orExpr());
        }
        this.expectPunctuation(')');
        const fn = name as SoqlFunction;
        if (args.length !== functions[fn].arity) {
          throw new SoqlSyntaxError(`Function ${fn} takes ${functions[fn].arity} argument(s), got ${args.length}`, token.position);
        }
        return { kind: 'call', name: fn, args };
      }
      default:
        break;
    }
    return this.fail('a value (field, string, number or parenthesised expression)');
  }

  selectItem(): SelectItem {
    if (this.isPunctuation('*')) {
      this.advance();
      return { expr: '*', name: '*' };
    }
    if (this.current.kind === 'identifier' && this.current.value.toLowerCase() === 'count' && this.peek().kind === 'punctuation' && this.peek().value === '(') {
      this.advance();
      this.advance();
      let expr: Expr | '*' = '*';
      if (this.isPunctuation('*')) this.advance();
      else expr = this.orExpr();
      this.expectPunctuation(')');
      // Socrata names an unaliased count(*) `count`, and count(<field>) `count_<field>`.
      return { expr, name: this.alias() ?? (expr === '*' ? 'count' : `count_${defaultColumnName(expr)}`), aggregate: 'count' };
    }
    const expr = this.value();
    return { expr, name: this.alias() ?? defaultColumnName(expr) };
  }

  private alias(): string | undefined {
    if (!this.isKeyword('AS')) return undefined;
    this.advance();
    const alias = this.current;
    if (alias.kind !== 'identifier' || alias.value.startsWith(':')) this.fail('an alias name');
    this.advance();
    return alias.value;
  }

  orderItem(): OrderItem {
    const expr = this.value();
    let descending = false;
    if (this.isKeyword('ASC') || this.isKeyword('DESC')) descending = this.advance().value === 'DESC';
    return { expr, descending };
  }

  list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.isPunctuation(',')) {
      this.advance();
      items.push(item());
    }
    return items;
  }
}

function typeOf(expr: Expr): ValueType {
  switch (expr.kind) {
    case 'literal':
      if (expr.value === null) return 'unknown';
      return typeof expr.value === 'boolean' ? 'boolean' : typeof expr.value === 'number' ? 'number' : 'text';
    case 'field':
      // The simulator has no column types; a bare field may be a checkbox (boolean) column.
      return 'unknown';
    case 'call':
      return functions[expr.name].returns;
    default:
      return 'boolean';
  }
}

function checkCondition(expr: Expr, context: string): Expr {
  const type = typeOf(expr);
  if (type === 'text' || type === 'number') {
    throw new SoqlSyntaxError(`Type mismatch: ${context} needs a boolean condition, not a ${type} value`, 0);
  }
  return expr;
}

/** Socrata names an unaliased expression column after its function and field, e.g. `upper_lastname`. */
function defaultColumnName(expr: Expr): string {
  if (expr.kind === 'field') return expr.name;
  if (expr.kind === 'call') return [expr.name, ...expr.args.map(defaultColumnName)].join('_');
  if (expr.kind === 'literal') return String(expr.value);
  return expr.kind;
}

function parseWith<T>(text: string, rule: (parser: Parser) => T): T {
  const parser = new Parser(tokenize(text));
  if (parser.atEnd) throw new SoqlSyntaxError('Empty expression', 0);
  const result = rule(parser);
  parser.expectEnd();
  return result;
}

/** Parses a `$where` condition. Throws SoqlSyntaxError when the text is not a complete condition. */
export function parseWhere(text: string): Expr {
  return parseWith(text, (p) => checkCondition(p.orExpr(), '$where'));
}

/** Parses a `$select` list. */
export function parseSelect(text: string): SelectItem[] {
  return parseWith(text, (p) => p.list(() => p.selectItem()));
}

/** Parses an `$order` list. */
export function parseOrder(text: string): OrderItem[] {
  return parseWith(text, (p) => p.list(() => p.orderItem()));
}

export { SoqlSyntaxError };
