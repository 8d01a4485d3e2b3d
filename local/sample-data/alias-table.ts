/**
 * Walker's alias method (Vose's construction): draws from a fixed weighted list in constant time with
 * one random number, where WeightedTable (prng.ts) searches its cumulative weights. The scaled sample
 * draws millions of names from tables of tens of thousands.
 */
import type { Rng } from './prng.ts';

export class AliasTable<T> {
  private readonly items: T[] = [];
  private readonly keep: Float64Array;
  private readonly alias: Uint32Array;

  constructor(entries: Iterable<readonly [T, number]>) {
    const weights: number[] = [];
    for (const [item, weight] of entries) {
      if (!(weight > 0)) continue;
      this.items.push(item);
      weights.push(weight);
    }
    const n = this.items.length;
    if (n === 0) throw new Error('alias table without positive weights');
    const total = weights.reduce((sum, w) => sum + w, 0);
    const scaled = weights.map((w) => (w * n) / total);
    this.keep = new Float64Array(n);
    this.alias = new Uint32Array(n);
    const small: number[] = [];
    const large: number[] = [];
    for (const [i, p] of scaled.entries()) (p < 1 ? small : large).push(i);
    while (small.length > 0 && large.length > 0) {
      const s = small.pop()!;
      const l = large.pop()!;
      this.keep[s] = scaled[s]!;
      this.alias[s] = l;
      scaled[l] = scaled[l]! + scaled[s]! - 1;
      (scaled[l]! < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) {
      this.keep[i] = 1;
      this.alias[i] = i;
    }
  }

  get size(): number {
    return this.items.length;
  }

  draw(rng: Rng): T {
    const x = rng.float() * this.items.length;
    const i = Math.floor(x);
    return this.items[x - i < this.keep[i]! ? i : this.alias[i]!]!;
  }
}
