/**
 * The tier at which two single given names (upper case, letters only: `CHRISTOPHER`, `JEANLUC`) are the
 * same name: exact, nickname, or typo; null when they are different names.
 *
 * Precision comes first: a false match verifies the wrong person. Measured on labelled pairs, phonetic
 * codes, Jaro-Winkler and unguarded prefix or edit-distance rules all match masculine/feminine pairs
 * (Daniel/Danielle, Carl/Carla) and distinct look-alike names (Christina/Christine, Marian/Marion). The
 * rules below and in typo-rules.ts add a name-frequency table and a sex-share guard to the prefix and
 * typo rules.
 */
import { givenNameStats, isClearlyOneSex, ofDifferentSexes, type GivenNameStats } from './name-frequency.ts';
import { formalNamesOf, isListedNickname, shareFormalName } from './nicknames.ts';
import { isTypo } from './typo-rules.ts';

export type GivenNameTier = 'exact' | 'nickname' | 'typo';

/** A prefix nickname's short form has at least this many letters (Kat, Sam; not Al, Ed: those are listed). */
export const minPrefixNicknameLength = 3;

/**
 * A listed three-letter nickname recorded mostly for the other sex is still a nickname of a long form
 * (Nat/Natalie, Mel/Melanie, Cam/Camille) when it is rarely given as a name by itself: fewer than this
 * many recorded births (Nat 2,162, Mel 4,175; but Ken 33,004 and Jim 153,899 are names of their own,
 * so Ken/Kendra and Jim/Jimena stay apart) ...
 */
export const crossSexShortFormMaxBirths = 10_000;

/** ... and under this share of the long form's births (Zak 1,593 is 80% of Zakiyah: a name of its own). */
export const crossSexShortFormMaxRatio = 0.05;

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

/** A name without its final vowel, the stem its other-sex forms are built on (GEORGE → GEORG). */
function stem(name: string): string {
  return /[AEIOUY]$/.test(name) ? name.slice(0, -1) : name;
}

/**
 * True when `long` is built on a name of the other sex that `short` is the nickname of: a name of the
 * other sex plus one or two letters (Roberta from Robert, Victoria from Victor, Ramona from Ramon), or
 * the stem of one of `short`'s listed formal names (Georgia and Georgina from George, for Geo). That
 * name's nicknames belong to it, as Fred/Frederica and Rob/Roberta are two people.
 */
function isBuiltOnOtherSexName(short: string, long: string, longStats: GivenNameStats): boolean {
  for (const cut of [1, 2]) {
    const base = givenNameStats(long.slice(0, -cut));
    if (base && ofDifferentSexes(base, longStats)) return true;
  }
  return formalNamesOf(short).some((formal) => {
    const formalStats = givenNameStats(formal);
    return formalStats !== undefined && ofDifferentSexes(formalStats, longStats) && long.startsWith(stem(formal));
  });
}

/**
 * A three-letter short form shared by both sexes: listed as a nickname (so it is one, not a name of
 * its own like Son, Luc or Lan), recorded mostly for the other sex than `long` (Nat is registered for
 * boys, short for Nathan, and is also what Natalies are called). Only when `long` is clearly one sex,
 * is not built on a name of the other sex, and the short form is rarely a name by itself (see
 * `crossSexShortFormMaxBirths` and `crossSexShortFormMaxRatio`).
 */
function isCrossSexShortForm(short: string, shortStats: GivenNameStats, long: string, longStats: GivenNameStats): boolean {
  return (
    short.length === 3 &&
    formalNamesOf(short).length > 0 &&
    shortStats.births < crossSexShortFormMaxBirths &&
    shortStats.births < crossSexShortFormMaxRatio * longStats.births &&
    isClearlyOneSex(longStats) &&
    !isBuiltOnOtherSexName(short, long, longStats)
  );
}

/**
 * Nickname tier: a listed nickname pair (Bob/Robert, Sam/Samantha); two listed nicknames of one formal
 * name where one is a prefix of the other (Jim/Jimmy); or a prefix nickname, where the short form
 * - has at least 3 letters,
 * - is not the stem of a feminine/diminutive form (Carl/Carla, Joseph/Josephine),
 * - is recorded as a given name less often than the long form. A nickname is rarer on birth records
 *   than its formal name (Chris/Christopher, Alex/Alexander, Ben/Benjamin); a short form recorded at
 *   least as often is a name of its own (Ann/Annika, Don/Donovan, Jay/Jaylen, Dean/Deandre,
 *   Carl/Carlton). The few real nicknames of that kind are listed (Fred/Frederick, Max/Maxwell,
 *   Jack/Jackson),
 * - and is not of the opposite sex (Fred/Frederica, Gene/Genevieve), unless it is a three-letter short
 *   form shared by both sexes (Nat/Natalie: `isCrossSexShortForm`).
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
  if (!longStats) return false;
  if (shortStats.births >= longStats.births) return false;
  return !ofDifferentSexes(shortStats, longStats) || isCrossSexShortForm(short, shortStats, long, longStats);
}

/** The tier at which two given names (upper case, letters only) are the same name, or null. */
export function givenNameTier(a: string, b: string): GivenNameTier | null {
  if (a.length === 0 || b.length === 0) return null;
  if (a === b) return 'exact';
  if (isNickname(a, b)) return 'nickname';
  if (isTypo(a, b)) return 'typo';
  return null;
}
