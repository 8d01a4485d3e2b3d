/**
 * Access to the two committed name-frequency tables: US given names by sex (SSA births,
 * shared/domain/names/given-names.json) and US surnames (1990 Census, ./surnames.json). Both are built by
 * bin/extract-name-tables.ts.
 */
import { readFileSync } from 'node:fs';
import { type Rng, WeightedTable } from './prng.ts';

export type Sex = 'M' | 'F';

interface GivenNameFile {
  columns: ['name', 'male', 'female'];
  rows: [string, number, number][];
}

interface SurnameFile {
  columns: ['name', 'rank', 'per100k'];
  rows: [string, number, number][];
}

function readJson<T>(relative: string): T {
  return JSON.parse(readFileSync(new URL(relative, import.meta.url), 'utf8')) as T;
}

/** The given-name table: [upper-case name, births recorded as male, births recorded as female]. */
export function givenNameCounts(): (readonly [string, number, number])[] {
  return readJson<GivenNameFile>('../../shared/domain/names/given-names.json').rows.map(([name, m, f]) => [name.toUpperCase(), m, f] as const);
}

export class NameTables {
  private readonly male: WeightedTable<string>;
  private readonly female: WeightedTable<string>;
  private readonly surnames: WeightedTable<string>;

  constructor(given: GivenNameFile, surnames: SurnameFile) {
    // Counts are summed over 1880-2024; a name's weight for one sex is its births recorded as that sex.
    this.male = new WeightedTable(given.rows.map(([name, m]) => [name.toUpperCase(), m] as const));
    this.female = new WeightedTable(given.rows.map(([name, , f]) => [name.toUpperCase(), f] as const));
    this.surnames = new WeightedTable(surnames.rows.map(([name, , per100k]) => [name, per100k] as const));
  }

  static load(): NameTables {
    return new NameTables(readJson<GivenNameFile>('../../shared/domain/names/given-names.json'), readJson<SurnameFile>('./surnames.json'));
  }

  /** An upper-case given name drawn by birth frequency for the sex. */
  givenName(rng: Rng, sex: Sex): string {
    return (sex === 'M' ? this.male : this.female).draw(rng);
  }

  /** An upper-case surname drawn by Census frequency. */
  surname(rng: Rng): string {
    return this.surnames.draw(rng);
  }
}
