/**
 * The typo tier: when two spellings of a given name are one name mistyped rather than two names.
 *
 * Precision comes first: a false match verifies the wrong person. So every rule asks the birth table
 * (name-frequency.ts) which spelling is the intended one, and refuses when it cannot tell: two
 * established spellings of comparable frequency (Kristen/Kirsten, Sara/Sarah), two spellings it does not
 * know (Oluwaseun/Oluwasuen), a pair of the two sexes (Carl/Carla, Mario/Maria).
 *
 * The rules are symmetric: the slip may be in the request (Jenifer for Jennifer) or in the source's
 * record (a board row Jenifer for a request Jennifer). They keep the first letter, except the
 * first-letter slip (first-letter-slips.ts), which the board query's forms add for that reason.
 */
import { damerauDistance, isVowel, misspellingDistance } from './edit-distance.ts';
import { dropsInnerLetter, slipsFinalLetter, swapsAndDrops, swapsTwiceOrSwapsAndChanges } from './edit-shapes.ts';
import { isFirstLetterSlip } from './first-letter-slips.ts';
import { givenNameStats, namesStartingWith, ofDifferentSexes, sexShareDifference, type GivenNameStats } from './name-frequency.ts';
import { areLanguageForms } from './language-forms.ts';
import { isInNicknameTable } from './nicknames.ts';

/**
 * A typo is the rarer spelling of a much more common name: its births are under this share of the
 * common one's (Micheal 3.5% of Michael, Jonathon 7.5% of Jonathan, Jenifer 1.7% of Jennifer), while
 * two established spellings sit well above it (Kirsten 24% of Kristen, Marian 55% of Marion).
 */
export const typoFrequencyRatio = 0.1;

/** Typos: distance 1 while the shorter spelling has up to this many letters, 2 beyond it. */
export const shortNameMaxLength = 6;

/** Typos need the shorter spelling to have at least this many letters: one letter of three is a different name. */
export const minTypoLength = 4;

/**
 * A vowel change counts as a misspelling between two established spellings only from this many letters
 * (Jonathon, Stephenie, Danial). In shorter names the vowel is much of the name: Kyle/Kole, Jose/Jase,
 * Dean/Deon, Karen/Karin, Julie/Jolie are names in their own right however rare one of them is.
 */
export const minVowelChangeLength = 6;

/**
 * A recorded spelling with one inner letter left out is a slip of a long name (7+ letters) when it has
 * under this share of the name's births and is given to the same sex: Christpher (0.06% of
 * Christopher), Willam, Elizbeth, Kennth, Virgina, Ramond. Left-out letters that make a name of its own
 * are either commoner (Kenrick 3.8% of Kendrick, Jacqulyn 4.6%) or of the other sex (Michel 0.3% of
 * Michael, but 25% of Michels are girls; Stephane, Christan).
 */
export const rareInnerDropRatio = 0.01;
export const minInnerDropLength = 7;

/**
 * A recorded spelling with the last letter left out or changed is a slip of a name of 5+ letters only
 * when it is much rarer still: a changed ending is how names move between languages (Andrei 0.23% of
 * Andrew, Christophe 0.22% of Christopher, Franz, Davis, Henri, Donal, Laure: names of their own), while
 * Jame (0.07% of James), Elizabet, Willian, Charle are slips.
 */
export const rareFinalSlipRatio = 0.002;
export const minFinalSlipLength = 5;

/** The rare spelling of an inner-drop or final-letter slip is given to the same sex: male shares within this. */
export const sameSexShareDifference = 0.2;

/** Two edits (a swap and a dropped letter) only when the typed spelling keeps at least this many letters. */
export const minSwapAndDropLength = 7;

/**
 * Two slips of one length (two swaps, or a swap and a changed letter: Chirstopehr, Elziaveth) only in a
 * name of at least this many letters: in a shorter name two slips leave too little of it to tell.
 */
export const minTwoSlipLength = 8;

/**
 * ... and only of a common name, one given at least this many times (about the 2,500 commonest US
 * given names): a slip is far likelier in a common name than a rare name is what was meant.
 */
export const twoSlipIntendedMinBirths = 10_000;

/** The last letters agree, or neither is a vowel: a changed, added or dropped final vowel is how names change sex or form. */
function finalVowelsAgree(a: string, b: string): boolean {
  const lastA = a[a.length - 1]!;
  const lastB = b[b.length - 1]!;
  return lastA === lastB || (!isVowel(lastA) && !isVowel(lastB));
}

/**
 * Both spellings established: not of opposite sexes, the rarer under 10% of the other's births, and
 * either a plain misspelling (adjacent swap, doubled letter, a vowel change in the second half of a name
 * of 6+ letters: at most 1 edit up to 6 letters and 2 beyond, final vowels agreeing), or a slip that
 * leaves out an inner letter or slips the last one, with the rarer spelling rarer still and of the same
 * sex (see the ratios above).
 */
function isTypoOfEstablished(a: string, statsA: GivenNameStats, b: string, statsB: GivenNameStats): boolean {
  if (ofDifferentSexes(statsA, statsB)) return false;
  const aCommoner = statsA.births >= statsB.births;
  const [common, rare] = aCommoner ? [a, b] : [b, a];
  const ratio = Math.min(statsA.births, statsB.births) / Math.max(statsA.births, statsB.births);
  if (ratio >= typoFrequencyRatio) return false;
  const shorter = Math.min(a.length, b.length);
  const limit = shorter <= shortNameMaxLength ? 1 : 2;
  if (finalVowelsAgree(a, b) && misspellingDistance(a, b, limit, shorter >= minVowelChangeLength) <= limit) return true;
  if (sexShareDifference(statsA, statsB) >= sameSexShareDifference) return false;
  if (ratio < rareInnerDropRatio && common.length >= minInnerDropLength && dropsInnerLetter(common, rare)) return true;
  return ratio < rareFinalSlipRatio && common.length >= minFinalSlipLength && slipsFinalLetter(common, rare);
}

/** Answers of `nothingCloser`, by typed then intended spelling; cleared past `nearestCacheLimit` entries. */
const nearestCache = new Map<string, boolean>();
const nearestCacheLimit = 5_000;

/**
 * True when no recorded name is a likelier intended name for `typed` than `known`: none is one edit
 * from it, and none two edits from it is given as often as `known` (Damerau distance, same first
 * letter: Alexnadar is two swaps from Alexandra but also two edits from the commoner Alexander). A
 * recorded spelling that is itself a misspelling of `known` is no other name (Chirstopher, 1,051 births,
 * one swap from the typed Chirstopehr, is Christopher mistyped).
 */
function nothingCloser(typed: string, known: string, knownStats: GivenNameStats): boolean {
  const key = `${typed}|${known}`;
  const cached = nearestCache.get(key);
  if (cached !== undefined) return cached;
  let clear = true;
  for (const name of namesStartingWith(typed[0]!)) {
    if (name === known || Math.abs(name.length - typed.length) > 2) continue;
    const distance = damerauDistance(typed, name, 2);
    if (distance > 2 || (distance === 2 && (givenNameStats(name)?.births ?? 0) < knownStats.births)) continue;
    const nameStats = givenNameStats(name);
    if (!nameStats || !isTypoOfEstablished(name, nameStats, known, knownStats)) {
      clear = false;
      break;
    }
  }
  if (nearestCache.size >= nearestCacheLimit) nearestCache.clear();
  nearestCache.set(key, clear);
  return clear;
}

/**
 * One spelling established (`known`), the other not in the birth table (`unknown`):
 * - one edit of any kind, final vowels agreeing (Xiomarra, Siobahn, Daivd);
 * - the last letter left out or changed, in a name of 5+ letters (Jessic, Jessicz), but not one final
 *   vowel for another (Antonello is Antonella's masculine, however rarely the birth table records it);
 * - a swap and a dropped letter, when the unknown spelling is in no table at all and keeps 7+ letters
 *   (Chirstpher, Elizbaeth without the E);
 * - two swaps, or a swap and a changed letter, in a known name of 8+ letters given at least 10,000
 *   times, when the unknown spelling is in no table at all and no recorded name is closer to it
 *   (`nothingCloser`): Chirstopehr, Elziaveth.
 */
function isTypoOfKnown(known: string, knownStats: GivenNameStats, unknown: string): boolean {
  if (finalVowelsAgree(known, unknown) && damerauDistance(known, unknown, 1) <= 1) return true;
  if (isInNicknameTable(unknown)) return false;
  if (known.length >= minFinalSlipLength && slipsFinalLetter(known, unknown)) return true;
  if (unknown.length >= minSwapAndDropLength && swapsAndDrops(known, unknown)) return true;
  return (
    known.length >= minTwoSlipLength &&
    knownStats.births >= twoSlipIntendedMinBirths &&
    swapsTwiceOrSwapsAndChanges(known, unknown) &&
    nothingCloser(unknown, known, knownStats)
  );
}

/**
 * True when two given names (upper case, letters only, not equal) are one name mistyped. The same first
 * letter and at least 4 letters in the shorter spelling, except for first-letter slips; two spellings
 * the birth table does not know are never a typo of each other (nothing says which one is right).
 */
export function isTypo(a: string, b: string): boolean {
  if (a.charCodeAt(0) !== b.charCodeAt(0)) return isFirstLetterSlip(a, b);
  if (Math.min(a.length, b.length) < minTypoLength || areLanguageForms(a, b)) return false;
  const statsA = givenNameStats(a);
  const statsB = givenNameStats(b);
  if (statsA && statsB) return isTypoOfEstablished(a, statsA, b, statsB);
  if (statsA) return isTypoOfKnown(a, statsA, b);
  if (statsB) return isTypoOfKnown(b, statsB, a);
  return false;
}
