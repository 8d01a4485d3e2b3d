/**
 * A small seeded pseudo-random generator (sfc32, seeded through the cyrb128 string hash). Every part of
 * the sample data draws from its own stream, forked by a label, so changing how one part uses its
 * numbers leaves the others byte-identical.
 */

/** cyrb128: a fast 128-bit string hash, used only to turn a seed and a label into generator state. */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly seedText: string) {
    [this.a, this.b, this.c, this.d] = cyrb128(seedText);
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** An independent stream for one purpose: same seed and label, same numbers. */
  fork(label: string): Rng {
    return new Rng(`${this.seedText}/${label}`);
  }

  /** sfc32 step: a uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.nextUint32() / 4294967296;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** Picks from [item, weight] pairs in proportion to the weights. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, w]) => sum + w, 0);
    let x = this.float() * total;
    for (const [item, w] of choices) {
      x -= w;
      if (x < 0) return item;
    }
    return choices[choices.length - 1]![0];
  }

  /** A string of random decimal digits. */
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(this.int(0, 9));
    return out;
  }

  /** Fisher-Yates, in place; returns the array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1));
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  }
}

/**
 * Draws from a large weighted table in O(log n): cumulative weights and a binary search. Used for the
 * name-frequency tables (thousands of entries).
 */
export class WeightedTable<T> {
  private readonly cumulative: number[] = [];
  private readonly items: T[] = [];
  private total = 0;

  constructor(entries: Iterable<readonly [T, number]>) {
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue;
      this.total += weight;
      this.cumulative.push(this.total);
      this.items.push(item);
    }
    if (this.items.length === 0) throw new Error('weighted table without positive weights');
  }

  get size(): number {
    return this.items.length;
  }

  draw(rng: Rng): T {
    const x = rng.float() * this.total;
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo]!;
  }
}
