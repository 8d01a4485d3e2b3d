/**
 * Lookups of a list version a container has already made, kept by key: a version never changes once it
 * is written, so each is read at most once per container. A failed lookup is forgotten, to be tried
 * again; past `max` keys everything is forgotten at once (a bound, not a cache policy).
 */
export class RememberedLookups<T> {
  private readonly lookups = new Map<string, Promise<T>>();

  constructor(private readonly max = 20_000) {}

  get(key: string, lookUp: () => Promise<T>): Promise<T> {
    let lookup = this.lookups.get(key);
    if (!lookup) {
      if (this.lookups.size >= this.max) this.lookups.clear();
      lookup = lookUp();
      this.lookups.set(key, lookup);
      lookup.catch(() => this.lookups.delete(key));
    }
    return lookup;
  }
}
