/**
 * The shapes of the slips the typo rules accept beyond plain misspellings, as exact tests on two
 * upper-case names (no distances: each says which edit turns the intended name into the typed one).
 * None of them allocates.
 */
import { areNeighbourKeys } from './keyboard.ts';

/** True when `a` and `b` hold the same letters from `fromA` and `fromB` on to their ends. */
function sameTail(a: string, fromA: number, b: string, fromB: number): boolean {
  if (a.length - fromA !== b.length - fromB) return false;
  for (let i = fromA, j = fromB; i < a.length; i++, j++) if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  return true;
}

/** Index of the first letter where `a` and `b` differ (the shorter length when one is a prefix of the other). */
function firstDifference(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/**
 * `short` is `long` with one letter left out, neither the first nor the last (Christopher → Christpher,
 * William → Willam). A letter left out of a run of equal letters may count as any of them.
 */
export function dropsInnerLetter(long: string, short: string): boolean {
  if (short.length !== long.length - 1 || long.length < 3) return false;
  const at = firstDifference(long, short);
  if (!sameTail(long, at + 1, short, at)) return false;
  // The letters long[start..at] are equal, and dropping any of them gives `short`.
  let start = at;
  while (start > 0 && long.charCodeAt(start - 1) === long.charCodeAt(at)) start--;
  return Math.max(start, 1) <= Math.min(at, long.length - 2);
}

/** The final vowels by which names change sex or form (Antonella/Antonello, Mario/Maria, Giulio/Giulia). */
const formVowels = new Set(['A', 'E', 'I', 'O']);

/**
 * The last letter changed from one of those vowels to another that is no neighbouring key: how a name
 * changes sex or form in the languages the birth table barely records (Antonello, the masculine of
 * Antonella), so never a slip, whatever the tables say. A neighbouring key is a slip still (Vicko for
 * Vicki), as is Y for U (Anthonu).
 */
function swapsFormVowel(lastA: string, lastB: string): boolean {
  return formVowels.has(lastA) && formVowels.has(lastB) && !areNeighbourKeys(lastA, lastB);
}

/**
 * `typed` is `intended` with its last letter left out or changed (Jessica → Jessic, James → Jame,
 * Willian), but not one final form vowel for another (Antonella → Antonello: a name's other form).
 */
export function slipsFinalLetter(intended: string, typed: string): boolean {
  const keep = intended.length - 1;
  if (keep < 1 || (typed.length !== keep && typed.length !== intended.length)) return false;
  if (intended.charCodeAt(keep) === typed.charCodeAt(keep)) return false;
  if (typed.length === intended.length && swapsFormVowel(intended[keep]!, typed[keep]!)) return false;
  return firstDifference(intended, typed) >= keep;
}

/** The letter at `k` of `long` with its letter at `drop` left out. */
function letterWithout(long: string, drop: number, k: number): number {
  return long.charCodeAt(k < drop ? k : k + 1);
}

/** True when `long` without its letter at `drop` and `short` differ by exactly one swap of two adjacent letters. */
function swapAfterDrop(long: string, drop: number, short: string): boolean {
  const n = short.length;
  let i = 0;
  while (i < n && letterWithout(long, drop, i) === short.charCodeAt(i)) i++;
  if (i + 1 >= n) return false;
  if (letterWithout(long, drop, i) !== short.charCodeAt(i + 1) || letterWithout(long, drop, i + 1) !== short.charCodeAt(i)) return false;
  for (let k = i + 2; k < n; k++) if (letterWithout(long, drop, k) !== short.charCodeAt(k)) return false;
  return true;
}

/**
 * `short` is `long` with one letter left out and two adjacent letters swapped, in either order
 * (Christopher → Chirstopher → Chirstpher). A swap of two letters the dropped one brought together
 * counts too: it is the same slip of the fingers.
 */
export function swapsAndDrops(long: string, short: string): boolean {
  if (short.length !== long.length - 1 || short.length < 2) return false;
  for (let drop = 0; drop < long.length; drop++) {
    if (drop > 0 && long.charCodeAt(drop) === long.charCodeAt(drop - 1)) continue; // the same as dropping its twin
    if (swapAfterDrop(long, drop, short)) return true;
  }
  return false;
}

/**
 * `typed` is `intended` of the same length with two slips of which at least one is a swap of two
 * adjacent letters: two swaps (Chirstopehr), or a swap and a changed letter (Elziaveth: IZ swapped, B
 * typed V). A last vowel changed into another vowel is not a slip: it is how names change sex or
 * language (Mario/Maria, Julio/Julia).
 */
export function swapsTwiceOrSwapsAndChanges(intended: string, typed: string): boolean {
  const n = intended.length;
  if (typed.length !== n || n < 3) return false;
  let swaps = 0;
  let changes = 0;
  for (let i = 0; i < n; ) {
    const a = intended.charCodeAt(i);
    const b = typed.charCodeAt(i);
    if (a === b) {
      i++;
    } else if (i + 1 < n && a === typed.charCodeAt(i + 1) && intended.charCodeAt(i + 1) === b) {
      swaps++;
      i += 2;
    } else {
      if (i === n - 1 && isVowelCode(a) && isVowelCode(b)) return false;
      changes++;
      i++;
    }
    if (swaps + changes > 2) return false;
  }
  return swaps >= 1 && swaps + changes === 2;
}

function isVowelCode(code: number): boolean {
  return code === 65 || code === 69 || code === 73 || code === 79 || code === 85 || code === 89;
}
