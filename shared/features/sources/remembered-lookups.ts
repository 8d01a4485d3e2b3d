/**
 * Lookups of a list version a container has already made, kept by key: a version never changes once it
 * is written, so a lookup need not be made again while it is kept. A failed lookup is forgotten, to be
 * tried again. What is kept is bounded two ways, so a long-lived container's memory levels off rather
 * than growing with every new name it is asked about: at most `max` keys (the oldest is forgotten
 * first), and none longer than `maxAgeMs` (a name asked once is not kept for the life of the
 * container; asked again later, it costs one read).
 */
export class RememberedLookups<T> {
  private readonly lookups = new Map<string, { readonly at: number; readonly value: Promise<T> }>();

  constructor(
    private readonly max = 5_000,
    private readonly maxAgeMs = 5 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, lookUp: () => Promise<T>): Promise<T> {
    const at = this.now();
    const known = this.lookups.get(key);
    if (known && at - known.at < this.maxAgeMs) return known.value;
    this.lookups.delete(key);
    this.forgetOld(at);
    const entry = { at, value: lookUp() };
    this.lookups.set(key, entry);
    entry.value.catch(() => {
      if (this.lookups.get(key) === entry) this.lookups.delete(key);
    });
    return entry.value;
  }

  /** How many lookups are kept. */
  get size(): number {
    return this.lookups.size;
  }

  /** Forgets the oldest lookups past the bound, and those made too long ago (the Map keeps them oldest first). */
  private forgetOld(at: number): void {
    for (const [key, entry] of this.lookups) {
      if (this.lookups.size < this.max && at - entry.at < this.maxAgeMs) break;
      this.lookups.delete(key);
    }
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
