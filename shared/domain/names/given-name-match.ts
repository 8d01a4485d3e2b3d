/**
 * Given-name matching for identity resolution (spec: Identity resolution, rules 2-3): is the given name
 * an API caller typed the same as the one a source holds, and at which tier (exact → nickname → typo)?
 * The engine tries the tiers in order over all candidates and stops at the first tier with a candidate;
 * this module reports the tier of one pair. Pure: no I/O beyond the frequency table bundled at load.
 *
 * Normalisation: accents, case and punctuation as `normalizeName`; then each name is a list of letter
 * tokens, split at spaces and hyphens. The first token is the given name, the rest are middle names.
 * Compound given names are the same however they are written: "Jean-Luc", "Jean Luc" and "JEANLUC"
 * (and "Mary Ann", MARY + middle ANN, "MARYANN") are exact matches of each other, because the exact
 * tier also compares the first one, two or three tokens joined.
 *
 * Middle names: present on one side only → match ('one_side'); present on both → they must agree
 * (equal, one an initial or prefix of the other, or nickname/typo-equivalent), else no match, even when
 * the first names are equal (Mary Ann ≠ Mary Elizabeth).
 */
import { normalizeName } from './normalize.ts';
import { givenNameTier, type GivenNameTier } from './given-name-tiers.ts';

export type { GivenNameTier } from './given-name-tiers.ts';

export interface GivenName {
  readonly first: string;
  readonly middle?: string | null;
}

export interface GivenNameMatch {
  readonly tier: GivenNameTier;
  /** 'agree': both sides have middles that agree (same, or one is the other's initial/prefix);
   *  'one_side': only one side has a middle (fine); 'none': neither has one. */
  readonly middle: 'agree' | 'one_side' | 'none';
}

type MiddleAgreement = GivenNameMatch['middle'];

/** A given name as tokens, with the joined forms the exact tier compares. */
interface ParsedGivenName {
  /** Letter-only upper-case tokens: first name's parts, then middle names' parts. */
  readonly tokens: readonly string[];
  /** `joinedFirst[k]`: the first k + 1 tokens joined (up to three), for compound given names. */
  readonly joinedFirst: readonly string[];
  /** `joinedRest[k]`: tokens from k on joined, for middles written apart or together (ANN MARIE / ANNMARIE). */
  readonly joinedRest: readonly string[];
  /** How many tokens the first word holds as written (JEAN-LUC: 2), capped at three. */
  readonly declaredFirst: number;
}

const maxCompoundTokens = 3;

function letterTokens(text: string): string[] {
  const tokens: string[] = [];
  for (const part of text.split(/[\s-]+/)) {
    const letters = part.replace(/[^\p{L}]+/gu, '');
    if (letters) tokens.push(letters);
  }
  return tokens;
}

function parse(first: string, middle: string | null | undefined): ParsedGivenName | null {
  const normalizedFirst = normalizeName(first);
  const firstTokens = letterTokens(normalizedFirst);
  if (firstTokens.length === 0) return null;
  const firstWord = normalizedFirst.split(' ', 1)[0] ?? '';
  const declaredFirst = Math.min(maxCompoundTokens, Math.max(1, letterTokens(firstWord).length));
  const tokens = middle ? [...firstTokens, ...letterTokens(normalizeName(middle))] : firstTokens;
  const joinedFirst: string[] = [];
  for (let k = 0; k < Math.min(maxCompoundTokens, tokens.length); k++) joinedFirst.push((joinedFirst[k - 1] ?? '') + tokens[k]);
  const joinedRest: string[] = [];
  for (let k = 0; k <= tokens.length; k++) joinedRest.push(tokens.slice(k).join(''));
  return { tokens, joinedFirst, joinedRest, declaredFirst };
}

/**
 * Parsed names, keyed by first then middle: a verification compares one requested name with many
 * candidates and a source repeats the same names, so each string is normalised once. Cleared when it
 * grows past `cacheLimit` entries to bound memory in a long-lived process.
 */
const cache = new Map<string, Map<string, ParsedGivenName | null>>();
const cacheLimit = 20_000;
let cacheEntries = 0;

function parsed(name: GivenName): ParsedGivenName | null {
  const middleKey = name.middle ?? '';
  let byMiddle = cache.get(name.first);
  const hit = byMiddle?.get(middleKey);
  if (hit !== undefined) return hit;
  if (cacheEntries >= cacheLimit) {
    cache.clear();
    cacheEntries = 0;
    byMiddle = undefined;
  }
  if (!byMiddle) {
    byMiddle = new Map();
    cache.set(name.first, byMiddle);
  }
  const value = parse(name.first, name.middle);
  byMiddle.set(middleKey, value);
  cacheEntries++;
  return value;
}

/** Two middle tokens agree: equal, one an initial or prefix of the other, or the same name by nickname/typo. */
function middleTokensAgree(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a) || givenNameTier(a, b) !== null;
}

/**
 * Middle names of `a` from token `i` on against those of `b` from token `j` on. Two sets of middles
 * agree when written together they are equal, or every middle of the side with fewer agrees, in order,
 * with one of the other side's (ANN vs ANN MARIE; A M vs ANN MARIE; MARIE vs ANNE MARIE).
 */
function middleAgreement(a: ParsedGivenName, i: number, b: ParsedGivenName, j: number): MiddleAgreement | null {
  const countA = a.tokens.length - i;
  const countB = b.tokens.length - j;
  if (countA === 0 && countB === 0) return 'none';
  if (countA === 0 || countB === 0) return 'one_side';
  if (a.joinedRest[i] === b.joinedRest[j]) return 'agree';
  const aFewer = countA <= countB;
  const fewer = aFewer ? a.tokens : b.tokens;
  const more = aFewer ? b.tokens : a.tokens;
  let k = aFewer ? j : i;
  for (let s = aFewer ? i : j; s < fewer.length; s++) {
    while (k < more.length && !middleTokensAgree(fewer[s]!, more[k]!)) k++;
    if (k === more.length) return null;
    k++;
  }
  return 'agree';
}

const middlePreference: Record<MiddleAgreement, number> = { agree: 2, one_side: 1, none: 0 };

/** Compares a requested given name (what the API caller typed) with a candidate's (what a source holds).
 *  Returns null when they are not the same given name, or when both have middle names that disagree. */
export function matchGivenName(requested: GivenName, candidate: GivenName): GivenNameMatch | null {
  const a = parsed(requested);
  const b = parsed(candidate);
  if (!a || !b) return null;

  // Exact tier, over the first one to three tokens joined on each side (JEAN-LUC / JEAN LUC / JEANLUC).
  // The first names as written are tried first; otherwise the best middle agreement wins.
  let exact: MiddleAgreement | null = null;
  let conflict = false;
  const declaredA = Math.min(a.declaredFirst, a.joinedFirst.length);
  const declaredB = Math.min(b.declaredFirst, b.joinedFirst.length);
  if (a.joinedFirst[declaredA - 1] === b.joinedFirst[declaredB - 1]) {
    exact = middleAgreement(a, declaredA, b, declaredB);
    if (exact) return { tier: 'exact', middle: exact };
    conflict = true;
  }
  for (let i = 1; i <= a.joinedFirst.length; i++) {
    for (let j = 1; j <= b.joinedFirst.length; j++) {
      if ((i === declaredA && j === declaredB) || a.joinedFirst[i - 1] !== b.joinedFirst[j - 1]) continue;
      const middle = middleAgreement(a, i, b, j);
      if (!middle) conflict = true;
      else if (exact === null || middlePreference[middle] > middlePreference[exact]) exact = middle;
    }
  }
  if (exact) return { tier: 'exact', middle: exact };
  // Equal given names with disagreeing middles are two people; a looser tier must not rescue them.
  if (conflict) return null;

  // Nickname and typo tiers compare the first tokens; middles must still agree.
  const tier = givenNameTier(a.tokens[0]!, b.tokens[0]!);
  if (!tier) return null;
  const middle = middleAgreement(a, 1, b, 1);
  return middle ? { tier, middle } : null;
}

/**
 * Splits a free-text given name into first and middle: the first word is the given name, the remaining
 * words (and `middle`, when given) are the middle name. Both are returned normalised (`normalizeName`:
 * upper case, no accents or punctuation); null when there is no middle.
 *
 * A hyphenated first word stays whole ("Jean-Luc" → JEAN-LUC). A caller's first_name "Mary Ann" becomes
 * first MARY, middle ANN, and still matches a source's MARY + ANN, MARY ANN, MARYANN, MARY alone or
 * MARY A (`matchGivenName` rejoins compound names), but not MARY + ELIZABETH: two middles that disagree.
 */
export function splitGivenName(first: string, middle?: string | null): { first: string; middle: string | null } {
  const [given = '', ...rest] = words(first);
  if (middle) rest.push(...words(middle));
  return { first: given, middle: rest.length > 0 ? rest.join(' ') : null };
}

/** Normalised words that hold at least one letter (a stray "-" or "." is not a name). */
function words(text: string): string[] {
  return normalizeName(text)
    .split(' ')
    .filter((word) => /\p{L}/u.test(word));
}
