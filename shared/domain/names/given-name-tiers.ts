/**
 * The tier at which two single given names (upper case, letters only: `CHRISTOPHER`, `JEANLUC`) are the
 * same name: exact, nickname, or typo; null when they are different names.
 *
 * Precision comes first: a false match verifies the wrong person. Measured on labelled pairs, phonetic
 * codes, Jaro-Winkler and unguarded prefix or edit-distance rules all match masculine/feminine pairs
 * (Daniel/Danielle, Carl/Carla) and distinct look-alike names (Christina/Christine, Marian/Marion). The
 * rules below add a name-frequency table and a sex-share guard to the prefix and typo rules.
 */
import { damerauDistance, isVowel, misspellingDistance } from './edit-distance.ts';
import { givenNameStats, type GivenNameStats } from './name-frequency.ts';
import { isListedNickname, shareFormalName } from './nicknames.ts';

export type GivenNameTier = 'exact' | 'nickname' | 'typo';

/** A prefix nickname's short form has at least this many letters (Kat, Sam; not Al, Ed: those are listed). */
export const minPrefixNicknameLength = 3;

/**
 * Two names whose male shares of births differ by at least this much are a masculine and a feminine
 * name (Daniel 99.6% male / Danielle 0.5%, Francis 91% / Frances 1%, Fred / Frederica): never the same
 * given name by prefix or typo. Unisex pairs stay below it (Chris 87% / Christopher 99%).
 */
export const sexShareGap = 0.5;

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
 * Endings that turn a name into a feminine or diminutive form of itself (Josephine, Justina, Paulette,
 * Henrietta, Danielle, Gabriella, Anita, Patricia, Carlene, Kathleen, Jacklyn). Tails of one or two
 * letters (Carla, Louise, Erica, Justine, Christiana) are refused by length alone.
 */
const feminineEndings: readonly string[] = ['INE', 'INA', 'ENE', 'EEN', 'ETTE', 'ETTA', 'ELLE', 'ELLA', 'ITA', 'IA', 'LYN'];

/**
 * True when `long` is `short` plus a feminine/diminutive ending rather than a longer name `short`
 * abbreviates: the tail is one or two letters, or `long` ends in a feminine ending that starts at most
 * one letter past the end of `short` (Jean/Jeannette, Dan/Danielle, Max/Maxine, Antoine/Antoinette).
 * A short form well inside the stem is still a nickname (Kat/Katherine: stem KATHER + INE).
 */
function isDerivedForm(short: string, long: string): boolean {
  if (long.length - short.length <= 2) return true;
  for (const ending of feminineEndings) {
    if (long.endsWith(ending) && long.length - ending.length <= short.length + 1) return true;
  }
  return false;
}

function sexesDiffer(a: GivenNameStats | undefined, b: GivenNameStats | undefined): boolean {
  return a !== undefined && b !== undefined && Math.abs(a.maleShare - b.maleShare) >= sexShareGap;
}

/**
 * Nickname tier: a listed nickname pair (Bob/Robert, Sam/Samantha); two listed nicknames of one formal
 * name where one is a prefix of the other (Jim/Jimmy); or a prefix nickname, where the short form
 * - has at least 3 letters,
 * - is not the stem of a feminine/diminutive form (Carl/Carla, Joseph/Josephine),
 * - is not of the opposite sex (Fred/Frederica, Gene/Genevieve),
 * - and is recorded as a given name less often than the long form. A nickname is rarer on birth
 *   records than its formal name (Chris/Christopher, Alex/Alexander, Ben/Benjamin); a short form
 *   recorded at least as often is a name of its own (Ann/Annika, Don/Donovan, Jay/Jaylen,
 *   Dean/Deandre, Carl/Carlton). The few real nicknames of that kind are listed (Fred/Frederick,
 *   Max/Maxwell, Jack/Jackson).
 */
function isNickname(a: string, b: string): boolean {
  if (isListedNickname(a, b)) return true;
  const short = a.length <= b.length ? a : b;
  const long = short === a ? b : a;
  if (!long.startsWith(short)) return false;
  if (shareFormalName(short, long)) return true;
  if (short.length < minPrefixNicknameLength || isDerivedForm(short, long)) return false;
  const shortStats = givenNameStats(short);
  if (!shortStats) return true;
  const longStats = givenNameStats(long);
  if (shortStats.births >= (longStats?.births ?? 0)) return false;
  return !sexesDiffer(shortStats, longStats);
}

/**
 * Typo tier. Common to every typo: the same first letter; the shorter spelling has at least 4 letters;
 * the last letters agree whenever either is a vowel (a changed, added or dropped final vowel is how
 * names change sex or form: Carl/Carla, Christina/Christine, Mario/Maria, Terry/Terri).
 * - Both spellings in the frequency table: not of opposite sexes; the rarer one under 10% of the other's
 *   births; and the difference made only of misspelling edits (adjacent swap, doubled letter, a vowel
 *   change in the second half of a name of 6 or more letters), at most 1 of them up to 6 letters and
 *   2 beyond.
 * - Only one in the table (the other is rare or foreign): one edit of any kind.
 * - Neither in the table: never a typo; nothing says which spelling is right.
 */
function isTypo(a: string, b: string): boolean {
  if (a.charCodeAt(0) !== b.charCodeAt(0)) return false;
  const shorter = Math.min(a.length, b.length);
  if (shorter < minTypoLength) return false;
  const lastA = a[a.length - 1]!;
  const lastB = b[b.length - 1]!;
  if (lastA !== lastB && (isVowel(lastA) || isVowel(lastB))) return false;
  const statsA = givenNameStats(a);
  const statsB = givenNameStats(b);
  if (statsA && statsB) {
    if (sexesDiffer(statsA, statsB)) return false;
    const ratio = Math.min(statsA.births, statsB.births) / Math.max(statsA.births, statsB.births);
    if (ratio >= typoFrequencyRatio) return false;
    const limit = shorter <= shortNameMaxLength ? 1 : 2;
    return misspellingDistance(a, b, limit, shorter >= minVowelChangeLength) <= limit;
  }
  if (statsA || statsB) return damerauDistance(a, b, 1) <= 1;
  return false;
}

/** The tier at which two given names (upper case, letters only) are the same name, or null. */
export function givenNameTier(a: string, b: string): GivenNameTier | null {
  if (a.length === 0 || b.length === 0) return null;
  if (a === b) return 'exact';
  if (isNickname(a, b)) return 'nickname';
  if (isTypo(a, b)) return 'typo';
  return null;
}
