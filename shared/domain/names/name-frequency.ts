/**
 * How common a given name is and which sex it is given to, from the committed SSA birth-count table
 * (shared/names/given-names.json: US given names with >= 1,000 recorded births 1880-2024, by sex).
 *
 * The matcher uses it to tell a misspelling of a common name (Micheal, 3.5% of Michael's births) from
 * an established name of its own (Marion next to Marian, Kirsten next to Kristen), and masculine from
 * feminine forms (Francis/Frances, Carl/Carla). The table is read once, when this module loads.
 */
import table from '../../names/given-names.json' with { type: 'json' };

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

/** Keyed by the upper-case name, letters only (the form `givenNameKey` produces for A-Z names). */
const statsByName = new Map<string, GivenNameStats>();
for (const [name, male, female] of source.rows) {
  const births = male + female;
  if (births > 0) statsByName.set(name.toUpperCase(), { births, maleShare: male / births });
}

/** Birth count and sex share of an upper-case given name, or undefined when the table lacks it. */
export function givenNameStats(key: string): GivenNameStats | undefined {
  return statsByName.get(key);
}
