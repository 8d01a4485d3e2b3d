/**
 * First-letter slips: a given name typed with its first letter from a neighbouring key (Nichael for
 * Michael, Hohn for John), in the request or in the source's record.
 *
 * Every other rule of the matcher keeps the first letter, so this one is narrow: the rest of the name is
 * letter for letter the same, the intended name is very common (at least 100,000 recorded births), and
 * the other spelling is no name at all: not in the birth table (under 1,000 births in 145 years) and not
 * in the nickname table. Two recorded names that differ in a neighbouring first letter stay two names
 * (Dean/Sean, Jay/Kay, Mary/Kary), and three-letter names are too short to tell (Ben/Ven).
 *
 * The board query is narrowed by the first letter of the requested name, so `firstLetterSlipForms`
 * gives the query the few spellings this rule accepts with another first letter (see given-name-forms.ts).
 */
import { neighbourKeys } from './keyboard.ts';
import { givenNameStats, isVeryCommonName } from './name-frequency.ts';
import { isInNicknameTable } from './nicknames.ts';

/** A first-letter slip needs this many letters, as every typo: in a three-letter name the first is a third of it. */
export const minFirstLetterSlipLength = 4;

/** No recorded name: neither in the birth table nor in the nickname table. */
function isNoName(name: string): boolean {
  return givenNameStats(name) === undefined && !isInNicknameTable(name);
}

function sameAfterFirstLetter(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 1; i < a.length; i++) if (a.charCodeAt(i) !== b.charCodeAt(i)) return false;
  return true;
}

/** True when one name is the other with its first letter from a neighbouring key, under the rule above. */
export function isFirstLetterSlip(a: string, b: string): boolean {
  if (a.length < minFirstLetterSlipLength || a[0] === b[0] || !sameAfterFirstLetter(a, b)) return false;
  if (!neighbourKeys(a[0]!).includes(b[0]!)) return false;
  return (isVeryCommonName(a) && isNoName(b)) || (isVeryCommonName(b) && isNoName(a));
}

/**
 * The spellings with another first letter that `name` matches as a first-letter slip: the very common
 * name it may be a slip of (NICHAEL → MICHAEL), or the slips of it that are no name (MICHAEL → JICHAEL,
 * KICHAEL, NICHAEL). At most one per neighbouring key, so at most six.
 */
export function firstLetterSlipForms(name: string): string[] {
  if (name.length < minFirstLetterSlipLength) return [];
  const forms: string[] = [];
  const rest = name.slice(1);
  for (const key of neighbourKeys(name[0]!)) {
    const other = key + rest;
    if (isFirstLetterSlip(name, other)) forms.push(other);
  }
  return forms;
}
