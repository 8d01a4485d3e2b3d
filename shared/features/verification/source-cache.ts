/**
 * Cache of source answers in DynamoDB (docs/api-guide.md, "Caching"). An entry is fresh until
 * `fresh_until` (license status 24 h; static registry data 30 days) and kept a further 30 days as the
 * "most recent cached result" served when the source is down. Expiry is checked on read (DynamoDB
 * deletes lazily). Keys are built from state and names only, never from a date of birth.
 *
 * Whatever a source answers fits: the value is stored as brotli-compressed JSON (a board answer of
 * thousands of licenses shrinks about tenfold), inline in the item while it is at most
 * `inlineValueLimitBytes` (well under DynamoDB's 400 KB item limit), else as an S3 object the item
 * points to. A write that fails is logged and counted (`CacheWriteFailures`) and never fails the
 * request it belongs to: the answer was already made; only its reuse is lost.
 *
 * An entry made from a live answer names the evidence it was made from (the hashes of the source's
 * responses, evidence/evidence.ts), so a hit names the same evidence and stores nothing; the entry is
 * written only once that evidence is stored, so no entry names evidence that is not.
 *
 * Reads asked for together are read together: every `get` made in the same turn of the event loop (a
 * verification asks for its board and registry answers at once, a bulk request for all of its
 * providers') goes out in one BatchGetItem of up to 100 keys, and keys DynamoDB leaves unprocessed
 * are asked again.
 */
import type { EvidenceRef } from '../evidence/evidence.ts';

export const ttl = {
  licenseStatusMs: 24 * 3_600_000,
  staticInfoMs: 30 * 24 * 3_600_000,
  /** How long an entry stays usable as a fallback after it stops being fresh. */
  fallbackMs: 30 * 24 * 3_600_000,
} as const;

export interface CachedValue<T> {
  readonly value: T;
  readonly fetchedAt: string;
  readonly freshUntil: string;
  readonly fresh: boolean;
  /** The evidence the value was made from, when it was stored with it. */
  readonly evidence?: readonly EvidenceRef[];
}

/** The evidence a cached value was made from, and the writes it waits for before it is named. */
export interface CacheEvidence {
  readonly refs: readonly EvidenceRef[];
  /** Resolves once `refs` are stored; the entry is not written if it rejects. */
  readonly stored: Promise<void>;
}

export interface SourceCache {
  get<T>(key: string, now: Date): Promise<CachedValue<T> | undefined>;
  /** Queues a write; `flush` completes every queued write (before the function returns). Never rejects. */
  put<T>(key: string, value: T, fetchedAt: Date, freshForMs: number, evidence?: CacheEvidence): void;
  flush(): Promise<void>;
}

/** Cached answers read ahead for one request, by cache key (`prefetchCached`). */
export type PrefetchedAnswers = ReadonlyMap<string, Promise<CachedValue<unknown> | undefined>>;

/** Starts reading `keys` from `cache` now; a failed read surfaces only where its answer is used. */
export function prefetchCached(cache: SourceCache, keys: readonly string[], now: Date): PrefetchedAnswers {
  return new Map(
    keys.map((key) => {
      const read = cache.get(key, now);
      read.catch(() => undefined);
      return [key, read] as const;
    }),
  );
}

/** `cache` for one request: the first read of a key read ahead takes that answer; everything else is `cache`'s. */
export function withPrefetched(cache: SourceCache, prefetched: PrefetchedAnswers | undefined): SourceCache {
  if (!prefetched || prefetched.size === 0) return cache;
  const ahead = new Map(prefetched);
  return {
    get: <T>(key: string, now: Date) => {
      const read = ahead.get(key);
      if (!read) return cache.get<T>(key, now);
      ahead.delete(key);
      return read as Promise<CachedValue<T> | undefined>;
    },
    put: (key, value, fetchedAt, freshForMs, evidence) => cache.put(key, value, fetchedAt, freshForMs, evidence),
    flush: () => cache.flush(),
  };
}
