/**
 * Bounded Damerau-Levenshtein distances (optimal string alignment: insert, delete, substitute, swap of
 * two adjacent letters, each costing 1) for short upper-case names.
 *
 * `misspellingDistance` is the same alignment restricted to the edits that make a clear misspelling of
 * a name rather than another name: swapping two adjacent letters (Micheal, Daivd), doubling or
 * undoubling a letter (Jenifer), and changing one vowel into another in the second half of the name,
 * where unstressed vowels are misheard and misspelt (Jonath-o-n, Steph-e-nie, Dani-a-l). A different
 * vowel early in the name makes a different name (Sandra/Sondra, Brandon/Brendon, Landon/Lyndon,
 * Amelia/Amalia). Consonant changes and inserted or dropped letters that double nothing are not
 * misspellings in this sense either: they are how distinct names differ (Jon/John, Mark/Marc).
 *
 * Vowel changes can be turned off altogether: in a short name one vowel is much of the name
 * (Kyle/Kole, Dean/Deon).
 *
 * Both return `limit + 1` as soon as the distance is known to exceed `limit`. One scratch buffer is
 * reused across calls, so a comparison allocates nothing.
 */

const blocked = 1_000;
let scratch = new Int32Array(32 * 32);

function isVowelCode(code: number): boolean {
  // A E I O U Y (upper case). Y counts: it spells the same sounds as I (Kathy/Kathi, Bryan/Brian).
  return code === 65 || code === 69 || code === 73 || code === 79 || code === 85 || code === 89;
}

/** True for an upper-case vowel letter (A E I O U Y). */
export function isVowel(letter: string): boolean {
  return letter.length === 1 && isVowelCode(letter.charCodeAt(0));
}

/** Cost of dropping s[k]: 1 in full mode; in misspelling mode only when a neighbour is the same letter. */
function dropCost(s: string, k: number, misspelling: boolean): number {
  if (!misspelling) return 1;
  const c = s.charCodeAt(k);
  return (k > 0 && s.charCodeAt(k - 1) === c) || (k + 1 < s.length && s.charCodeAt(k + 1) === c) ? 1 : blocked;
}

function alignmentDistance(a: string, b: string, limit: number, misspelling: boolean, vowelChanges: boolean): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > limit) return limit + 1;
  const width = m + 1;
  if (scratch.length < (n + 1) * width) scratch = new Int32Array((n + 1) * width * 2);
  const d = scratch;
  d[0] = 0;
  // A swap reaches back two rows, so the distance is known to exceed the limit only once two
  // consecutive rows do.
  let previousRowMin = 0;
  for (let j = 1; j <= m; j++) d[j] = Math.min(blocked, d[j - 1]! + dropCost(b, j - 1, misspelling));
  for (let i = 1; i <= n; i++) {
    const row = i * width;
    const ai = a.charCodeAt(i - 1);
    d[row] = Math.min(blocked, d[row - width]! + dropCost(a, i - 1, misspelling));
    let rowMin = d[row]!;
    const dropA = dropCost(a, i - 1, misspelling);
    for (let j = 1; j <= m; j++) {
      const bj = b.charCodeAt(j - 1);
      let substitute = 0;
      if (ai !== bj) {
        const lateVowelChange = vowelChanges && isVowelCode(ai) && isVowelCode(bj) && 2 * (i - 1) >= n && 2 * (j - 1) >= m;
        substitute = !misspelling || lateVowelChange ? 1 : blocked;
      }
      let best = d[row - width + j - 1]! + substitute;
      const del = d[row - width + j]! + dropA;
      if (del < best) best = del;
      const ins = d[row + j - 1]! + dropCost(b, j - 1, misspelling);
      if (ins < best) best = ins;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj && ai !== bj) {
        const swap = d[row - 2 * width + j - 2]! + 1;
        if (swap < best) best = swap;
      }
      if (best > blocked) best = blocked;
      d[row + j] = best;
      if (best < rowMin) rowMin = best;
    }
    if (rowMin > limit && previousRowMin > limit) return limit + 1;
    previousRowMin = rowMin;
  }
  const result = d[n * width + m]!;
  return result > limit ? limit + 1 : result;
}

/** Damerau-Levenshtein (optimal string alignment) distance of two names, capped at `limit + 1`. */
export function damerauDistance(a: string, b: string, limit: number): number {
  return alignmentDistance(a, b, limit, false, true);
}

/**
 * Distance using only misspelling edits (adjacent swap, doubled letter, and a vowel change in the
 * second half of the name when `vowelChanges`), capped at `limit + 1`.
 */
export function misspellingDistance(a: string, b: string, limit: number, vowelChanges = true): number {
  return alignmentDistance(a, b, limit, true, vowelChanges);
}
