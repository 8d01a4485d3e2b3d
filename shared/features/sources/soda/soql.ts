/**
 * SoQL query building for Socrata SODA: string literals always quoted with doubled single quotes, so no
 * value (a name like `O'Brien'); DROP …`) can change the query's structure. Comparisons are made on
 * `upper(field)` against upper-cased values.
 */

/** A SoQL string literal: `O'Brien` → `'O''BRIEN'` (after the caller's normalisation). */
export function soqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Field names are our own constants; refuse anything that is not a plain identifier. */
export function soqlField(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid SoQL field name: ${name}`);
  return name;
}

/** Escapes LIKE wildcards in a value so it matches literally. */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function upperEquals(field: string, value: string): string {
  return `upper(${soqlField(field)}) = ${soqlString(value.toUpperCase())}`;
}

export function upperLike(field: string, pattern: string): string {
  return `upper(${soqlField(field)}) like ${soqlString(pattern.toUpperCase())}`;
}

export function anyOf(conditions: readonly string[]): string {
  if (conditions.length === 0) throw new Error('anyOf needs at least one condition');
  return conditions.length === 1 ? conditions[0]! : `(${conditions.join(' OR ')})`;
}

export function allOf(conditions: readonly string[]): string {
  if (conditions.length === 0) throw new Error('allOf needs at least one condition');
  return conditions.length === 1 ? conditions[0]! : `(${conditions.join(' AND ')})`;
}

/**
 * Matches a surname stored whole or as part of a hyphenated or two-part surname:
 * `GARCIA` finds `GARCIA`, `GARCIA-LOPEZ`, `LOPEZ-GARCIA`, `GARCIA LOPEZ` and `DE GARCIA`.
 */
export function surnameCondition(field: string, surname: string): string {
  const value = surname.toUpperCase();
  if (/[%_\\]/.test(value)) return upperEquals(field, value);
  return anyOf([
    upperEquals(field, value),
    upperLike(field, `${value}-%`),
    upperLike(field, `%-${value}`),
    upperLike(field, `${value} %`),
    upperLike(field, `% ${value}`),
  ]);
}

/**
 * Matches a surname inside a whole-name column written "FIRST [MIDDLE] LAST [SUFFIX]": as its last
 * word, before a suffix, or as part of a hyphenated surname (`% GARCIA`, `% GARCIA JR`, `%-GARCIA`,
 * `% GARCIA-LOPEZ`).
 */
export function fullNameSurnameCondition(field: string, surname: string): string {
  const value = likeLiteral(surname.toUpperCase());
  return anyOf([
    upperLike(field, `% ${value}`),
    upperLike(field, `% ${value} %`),
    upperLike(field, `%-${value}`),
    upperLike(field, `%-${value} %`),
    upperLike(field, `% ${value}-%`),
  ]);
}

/**
 * Like `surnameCondition`, for datasets that store accents (`PEÑA`): letters that commonly carry one
 * match any single character, so `PENA` also finds `PEÑA`; callers filter the rows by normalised name.
 */
export function accentTolerantSurnameCondition(field: string, surname: string): string {
  const value = likeLiteral(surname.toUpperCase()).replace(/[AEIOUNCY]/g, '_');
  return anyOf([
    upperLike(field, value),
    upperLike(field, `${value}-%`),
    upperLike(field, `%-${value}`),
    upperLike(field, `${value} %`),
    upperLike(field, `% ${value}`),
  ]);
}

/** Accented capitals a dataset that keeps accents may hold in place of a letter. */
const accentedCapitals: Readonly<Record<string, string>> = {
  A: 'ÀÁÂÃÄÅ',
  C: 'Ç',
  E: 'ÈÉÊË',
  I: 'ÌÍÎÏ',
  N: 'Ñ',
  O: 'ÒÓÔÕÖØ',
  U: 'ÙÚÛÜ',
  Y: 'ÝŸ',
};

/**
 * Matches a given name that starts with one of `prefixes` (upper case, letters only), the narrowing of
 * `givenNameForms`. With `accented`, a first letter that can carry an accent also matches its accented
 * capitals and the other letters of a longer prefix match any character, as `accentTolerantSurnameCondition`.
 */
export function givenNamePrefixCondition(field: string, prefixes: readonly string[], accented = false): string {
  if (prefixes.length === 0) throw new Error('givenNamePrefixCondition needs at least one prefix');
  const patterns = new Set<string>();
  for (const prefix of prefixes) {
    const value = likeLiteral(prefix.toUpperCase());
    const rest = accented ? value.slice(1).replace(/[AEIOUNCY]/g, '_') : value.slice(1);
    for (const first of [value[0]!, ...(accented ? [...(accentedCapitals[value[0]!] ?? '')] : [])]) patterns.add(`${first}${rest}%`);
  }
  return anyOf([...patterns].map((pattern) => upperLike(field, pattern)));
}

export interface SoqlQuery {
  readonly select?: readonly string[];
  readonly where?: string;
  readonly order?: string;
  readonly limit?: number;
  readonly offset?: number;
}

export function soqlParams(query: SoqlQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.select?.length) params.set('$select', query.select.map(soqlField).join(','));
  if (query.where) params.set('$where', query.where);
  params.set('$order', query.order ?? ':id');
  if (query.limit !== undefined) params.set('$limit', String(query.limit));
  if (query.offset) params.set('$offset', String(query.offset));
  return params;
}
