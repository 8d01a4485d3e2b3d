/**
 * How common a given name is and which sex it is given to, from the committed SSA birth-count table
 * (shared/domain/names/given-names.json: US given names with >= 1,000 recorded births 1880-2024, by sex).
 *
 * The matcher uses it to tell a misspelling of a common name (Micheal, 3.5% of Michael's births) from
 * an established name of its own (Marion next to Marian, Kirsten next to Kristen), and masculine from
 * feminine forms (Francis/Frances, Carl/Carla). The table is indexed once, on the first look-up.
 *
 * Three words the rules use, all read from this table:
 * - an *established* name is in it (>= 1,000 recorded births);
 * - a *very common* name has at least `veryCommonMinBirths` births (about the 700 commonest names);
 * - two names are *of different sexes* when their male shares differ widely (see the rules that use it).
 */
import table from './given-names.json' with { type: 'json' };

export interface GivenNameStats {
  /** Recorded births, both sexes. */
  readonly births: number;
  /** Share of those births recorded as male, 0..1. */
  readonly maleShare: number;
}

interface GivenNameTable {
  readonly minBirths: number;
  readonly rows: readonly (readonly [string, number, number])[];
}

const source = table as unknown as GivenNameTable;

/** Names below this many births are not in the table: the matcher treats them as unknown spellings. */
export const knownNameMinBirths: number = source.minBirths;

/**
 * A name with at least this many recorded births is very common: about the 700 commonest US given names
 * (Mario, the 500th, has 151,662; Conner, the 1,000th, 56,968).
 */
export const veryCommonMinBirths = 100_000;

/**
 * Two names whose male shares of births differ by at least this much are a masculine and a feminine
 * name (Daniel 99.6% male / Danielle 0.5%, Francis 91% / Frances 1%, Fred / Frederica): never the same
 * given name by prefix or typo. Unisex pairs stay below it (Chris 87% / Christopher 99%).
 */
export const differentSexesGap = 0.5;

/** A name is clearly of one sex when at most this share of its births is of the other (Natalie 0.2% male). */
export const clearSexShare = 0.05;

/**
 * Row of each upper-case name, letters only (the form `givenNameKey` produces for A-Z names), built on
 * the first look-up rather than at load: a function that bundles the matcher pays for the index only
 * when it matches a name, and the index holds row numbers, not an object per name.
 */
let rowByName: Map<string, number> | undefined;

function nameIndex(): Map<string, number> {
  if (!rowByName) {
    rowByName = new Map();
    const rows = source.rows;
    for (let row = 0; row < rows.length; row++) {
      const [name, male, female] = rows[row]!;
      if (male + female > 0) rowByName.set(name.toUpperCase(), row);
    }
  }
  return rowByName;
}

/** Birth count and sex share of an upper-case given name, or undefined when the table lacks it. */
export function givenNameStats(key: string): GivenNameStats | undefined {
  const row = nameIndex().get(key);
  if (row === undefined) return undefined;
  const [, male, female] = source.rows[row]!;
  const births = male + female;
  return { births, maleShare: male / births };
}

/** True for a name with at least `veryCommonMinBirths` recorded births. */
export function isVeryCommonName(key: string): boolean {
  const row = nameIndex().get(key);
  if (row === undefined) return false;
  const [, male, female] = source.rows[row]!;
  return male + female >= veryCommonMinBirths;
}

/** How far apart two names' male shares are, 0..1 (Daniel/Danielle 0.99, Chris/Christopher 0.12). */
export function sexShareDifference(a: GivenNameStats, b: GivenNameStats): number {
  return Math.abs(a.maleShare - b.maleShare);
}

/** True when the two names are a masculine and a feminine one (`differentSexesGap`). */
export function ofDifferentSexes(a: GivenNameStats, b: GivenNameStats): boolean {
  return sexShareDifference(a, b) >= differentSexesGap;
}

/** True when at most `clearSexShare` of the name's births are of one of the sexes. */
export function isClearlyOneSex(stats: GivenNameStats): boolean {
  return stats.maleShare <= clearSexShare || stats.maleShare >= 1 - clearSexShare;
}

/** Names of the table by first letter, built on the first call (for a look-around of a typed spelling). */
let namesByFirstLetter: Map<string, string[]> | undefined;

/** Every upper-case name of the table that starts with `letter`. */
export function namesStartingWith(letter: string): readonly string[] {
  if (!namesByFirstLetter) {
    namesByFirstLetter = new Map();
    for (const name of nameIndex().keys()) {
      const first = name[0] ?? '';
      let list = namesByFirstLetter.get(first);
      if (!list) {
        list = [];
        namesByFirstLetter.set(first, list);
      }
      list.push(name);
    }
  }
  return namesByFirstLetter.get(letter) ?? [];
}
