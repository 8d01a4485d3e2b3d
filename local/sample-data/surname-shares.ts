/**
 * US surnames with their shares of the whole population, for the scaled sample (scaled.ts), where a
 * name's share decides how often a search for it hits thousands of rows:
 *
 *  - the most common surnames of the 2010 Census with their published shares (SMITH 0.828 %, …);
 *  - below them the 1990 table of ./surnames.json, in its rank order and power-law shape, scaled so
 *    that the 239 most common names cover a quarter of the population (as they did in 2010) and none
 *    outranks the listed 2010 names;
 *  - past the table's 5,000 names, the same power law continued over rarer surnames made of pieces of
 *    real ones (HOF + DERSON), until the shares add up to the whole population.
 *
 * The small default sample keeps drawing from name-tables.ts; this table is only for scaled output.
 */
import { readFileSync } from 'node:fs';
import { AliasTable } from './alias-table.ts';
import type { Rng } from './prng.ts';

/** 2010 Census: the most common surnames and their shares of the population, in percent. */
export const census2010TopShares: readonly (readonly [string, number])[] = [
  ['SMITH', 0.828],
  ['JOHNSON', 0.655],
  ['WILLIAMS', 0.55],
  ['BROWN', 0.487],
  ['JONES', 0.483],
  ['GARCIA', 0.399],
  ['MILLER', 0.392],
  ['DAVIS', 0.381],
  ['RODRIGUEZ', 0.378],
  ['MARTINEZ', 0.375],
  ['HERNANDEZ', 0.369],
  ['LOPEZ', 0.297],
  ['GONZALEZ', 0.288],
  ['WILSON', 0.277],
  ['ANDERSON', 0.275],
  ['THOMAS', 0.264],
  ['TAYLOR', 0.251],
  ['MOORE', 0.243],
  ['JACKSON', 0.234],
  ['MARTIN', 0.234],
  ['LEE', 0.233],
  ['PEREZ', 0.221],
  ['THOMPSON', 0.217],
  ['WHITE', 0.216],
  ['HARRIS', 0.214],
  ['SANCHEZ', 0.212],
  ['CLARK', 0.187],
  ['RAMIREZ', 0.185],
  ['LEWIS', 0.183],
  ['ROBINSON', 0.182],
  // Rank 38 in 2010 (437,645 of the 295 million people with a reported surname).
  ['NGUYEN', 0.148],
];

/** 2010: the 239 most common surnames cover one quarter of the population. */
const quarterRank = 239;
/** No name below the listed ones may outrank them (ROBINSON, 0.182 %). */
const tailCeiling = 0.181;
/** The exponent of the power law surnames.json uses past its measured ranks. */
const powerLawExponent = 0.8684;

interface SurnameFile {
  columns: ['name', 'rank', 'per100k'];
  rows: [string, number, number][];
}

const vowels = /[AEIOUY]/;

/** The first syllable-like piece of a name: up to its first vowel group and one consonant (WILLIAMS → WIL). */
function headOf(name: string): string {
  let i = 0;
  while (i < name.length && !vowels.test(name[i]!)) i++;
  while (i < name.length && vowels.test(name[i]!)) i++;
  return name.slice(0, Math.min(name.length, i + 1));
}

/**
 * Rarer surnames, not in the table, built from the head of one table name and the rest of another
 * (HOFMANN + ANDERSON → HOFDERSON). Fixed for all seeds, so every scaled sample shares one name list.
 */
function rareSurnames(count: number, table: readonly string[]): string[] {
  const taken = new Set(table);
  const pool = table.filter((name) => /^[A-Z]{4,}$/.test(name));
  const rng = new SurnameRng('rare-surnames');
  const out: string[] = [];
  for (let attempt = 0; out.length < count && attempt < count * 50; attempt++) {
    const a = pool[rng.below(pool.length)]!;
    const b = pool[rng.below(pool.length)]!;
    const rest = b.slice(headOf(b).length);
    const name = headOf(a) + rest;
    if (rest.length < 2 || !vowels.test(rest) || name.length < 4 || name.length > 12 || taken.has(name)) continue;
    taken.add(name);
    out.push(name);
  }
  return out;
}

/** A tiny fixed generator (mulberry32) for the rare-name list, independent of every sample seed. */
class SurnameRng {
  private state: number;
  constructor(label: string) {
    let h = 2166136261;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 16777619);
    this.state = h >>> 0;
  }
  below(n: number): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  }
}

export class SurnameShares {
  private readonly table: AliasTable<string>;
  /** Share of the population in percent, by name. */
  private readonly percent = new Map<string, number>();

  constructor(file: SurnameFile) {
    const listed = new Map(census2010TopShares);
    const listedTotal = census2010TopShares.reduce((sum, [, p]) => sum + p, 0);
    const below = file.rows.filter(([name]) => !listed.has(name));
    const quarterPart = below.slice(0, quarterRank - census2010TopShares.length).reduce((sum, [, , per100k]) => sum + per100k / 1000, 0);
    const factor = (25 - listedTotal) / quarterPart;
    const entries: [string, number][] = [...census2010TopShares.map(([n, p]) => [n, p] as [string, number])];
    for (const [name, , per100k] of below) entries.push([name, Math.min(tailCeiling, (per100k * factor) / 1000)]);

    let remaining = 100 - entries.reduce((sum, [, p]) => sum + p, 0);
    const lastRank = file.rows.at(-1)![1];
    const lastShare = entries.at(-1)![1];
    const rareShares: number[] = [];
    for (let rank = lastRank + 1; remaining > 0; rank++) {
      const share = Math.min(remaining, lastShare * (rank / lastRank) ** -powerLawExponent);
      rareShares.push(share);
      remaining -= share;
    }
    const rare = rareSurnames(
      rareShares.length,
      file.rows.map(([name]) => name),
    );
    for (const [i, name] of rare.entries()) entries.push([name, rareShares[i]!]);
    for (const [name, p] of entries) this.percent.set(name, p);
    this.table = new AliasTable(entries);
  }

  static load(): SurnameShares {
    return new SurnameShares(JSON.parse(readFileSync(new URL('./surnames.json', import.meta.url), 'utf8')) as SurnameFile);
  }

  /** How many different surnames the table draws from. */
  get size(): number {
    return this.table.size;
  }

  /** An upper-case surname (Census spelling: no punctuation or spaces) drawn by population share. */
  draw(rng: Rng): string {
    return this.table.draw(rng);
  }

  /** The name's share of the population (0.00828 for SMITH); 0 for a name not in the table. */
  shareOf(name: string): number {
    return (this.percent.get(name) ?? 0) / 100;
  }
}
