/**
 * Name normalisation shared by every source: upper case, accents removed, apostrophes and periods
 * dropped, other punctuation turned into spaces, hyphens kept (they separate surname parts).
 */

const suffixes = new Set(['JR', 'SR', 'II', 'III', 'IV', 'V', 'MD', 'DO', 'PHD', 'RN', 'ESQ']);
/** Surname particles that are never a surname on their own. */
const particles = new Set([
  'DE',
  'DEL',
  'DELA',
  'LA',
  'LAS',
  'LOS',
  'DA',
  'DAS',
  'DO',
  'DOS',
  'DI',
  'DU',
  'VAN',
  'VON',
  'DER',
  'DEN',
  'TER',
  'LE',
  'ST',
  'Y',
  'E',
  'AL',
  'EL',
  'BIN',
  'BEN',
]);

/** Normalised names already computed (bounded; cleared when full). */
const normalizedNamesLimit = 50_000;
const normalizedNames = new Map<string, string>();

export function normalizeName(value: string): string {
  let normalized = normalizedNames.get(value);
  if (normalized === undefined) {
    normalized = value
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toUpperCase()
      .replace(/['’`.]/g, '')
      .replace(/[^\p{L}\p{N}\- ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .replace(/ ?- ?/g, '-')
      .trim();
    // Resolution compares every candidate with every other, so the same names come back many times.
    if (normalizedNames.size >= normalizedNamesLimit) normalizedNames.clear();
    normalizedNames.set(value, normalized);
  }
  return normalized;
}

/** A surname without generational or degree suffixes: `SMITH JR` → `SMITH`. */
export function stripSuffixes(normalized: string): string {
  const words = normalized.split(' ');
  while (words.length > 1 && suffixes.has(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

export interface NameParts {
  readonly first: string;
  readonly middle: string;
  readonly last: string;
  readonly suffix: string;
}

/**
 * A whole name written "FIRST [MIDDLE…] LAST [SUFFIX]" split into its parts, as written: trailing
 * suffixes (`JR`, `III`) apart, and surname particles of two letters or more before the last word
 * kept with the surname (`MARIA DE LA CRUZ` → MARIA / DE LA CRUZ; `JOHN E SMITH` → JOHN / E / SMITH).
 */
export function splitFullName(value: string): NameParts {
  const words = value.trim().split(/\s+/).filter(Boolean);
  const suffix: string[] = [];
  while (words.length > 2 && suffixes.has(normalizeName(words[words.length - 1]!))) suffix.unshift(words.pop()!);
  if (words.length === 0) return { first: '', middle: '', last: '', suffix: '' };
  if (words.length === 1) return { first: '', middle: '', last: words[0]!, suffix: suffix.join(' ') };
  let lastStart = words.length - 1;
  while (lastStart > 1 && words[lastStart - 1]!.length >= 2 && particles.has(normalizeName(words[lastStart - 1]!))) lastStart--;
  return { first: words[0]!, middle: words.slice(1, lastStart).join(' '), last: words.slice(lastStart).join(' '), suffix: suffix.join(' ') };
}

/**
 * Lookup keys of a surname: its joined form (`GARCIA-LOPEZ` and `GARCIA LOPEZ` both → `GARCIALOPEZ`)
 * and each part that can stand alone (`GARCIA`, `LOPEZ`; `DE LA CRUZ` → `DELACRUZ`, `CRUZ`).
 */
export function lastNameKeys(lastName: string): string[] {
  const normalized = stripSuffixes(normalizeName(lastName));
  if (!normalized) return [];
  const parts = normalized.split(/[- ]/).filter(Boolean);
  const keys = new Set<string>([parts.join('')]);
  if (parts.length > 1) for (const part of parts) if (part.length >= 2 && !particles.has(part)) keys.add(part);
  return [...keys];
}

/** The canonical lookup key of a surname (its joined form). */
export function lastNameKey(lastName: string): string {
  return lastNameKeys(lastName)[0] ?? '';
}

/**
 * Surname spellings to query a board with: the caller's own spelling (apostrophes kept, as boards store
 * `O'BRIEN`), its normalised form, hyphen/space variants, and each part of a multi-part surname.
 */
export function surnameQueryTerms(lastName: string): string[] {
  const raw = lastName.trim().toUpperCase().replace(/\s+/g, ' ');
  const normalized = stripSuffixes(normalizeName(lastName));
  const terms = new Set<string>([raw, normalized, normalized.replace(/-/g, ' '), normalized.replace(/ /g, '-')]);
  // Boards keep the punctuation callers often leave out: OBRIEN → O'BRIEN, DANGELO → D'ANGELO, ST JOHN → ST. JOHN.
  if (/^[ODL][A-Z]{3,}/.test(normalized)) terms.add(`${normalized[0]}'${normalized.slice(1)}`);
  if (/^ST /.test(normalized)) terms.add(normalized.replace(/^ST /, 'ST. '));
  const parts = normalized.split(/[- ]/).filter(Boolean);
  if (parts.length > 1) for (const part of parts) if (part.length >= 2 && !particles.has(part)) terms.add(part);
  return [...terms].filter(Boolean).sort();
}
