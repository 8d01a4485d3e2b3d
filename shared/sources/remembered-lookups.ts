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

/**
 * A value read again only once it is `maxAgeMs` old (a list's current version, seen up to that much
 * later); callers that ask while it is being read share that read, so a container's concurrent first
 * requests read it once. A failed read is forgotten.
 */
export class RememberedForAWhile<T> {
  private readonly values = new Map<string, { readonly at: number; readonly value: Promise<T> }>();

  get(key: string, maxAgeMs: number, read: () => Promise<T>): Promise<T> {
    const known = this.values.get(key);
    if (known && Date.now() - known.at < maxAgeMs) return known.value;
    const entry = { at: Date.now(), value: read() };
    this.values.set(key, entry);
    entry.value.catch(() => {
      if (this.values.get(key) === entry) this.values.delete(key);
    });
    return entry.value;
  }

  /** Forgets the value of `key`: the next `get` reads it. */
  forget(key: string): void {
    this.values.delete(key);
  }
}
