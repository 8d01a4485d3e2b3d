/**
 * An index of a dataset's rows by the words of `upper(<field>)`, for `$where` clauses that compare that
 * value with `=` or `like` (see where-candidates.ts). Words are the parts of the value between the
 * separators `-` and space (empty parts included: `A--B` has the words A, '' and B); the index holds
 * every run of consecutive words with the separators between them (`DE LA CRUZ`: DE, LA, CRUZ, DE LA,
 * LA CRUZ, DE LA CRUZ), because a LIKE `_` can stand for a separator.
 *
 * A lookup takes a pattern segment, a sequence of characters and `_` wildcards that the value must
 * contain between separators or its ends, and returns every row holding a run that matches it, in row
 * order. Runs are compared character by character (code points), so `P___` finds PENA, PEÑA and PITT
 * alike, just as the LIKE itself does: the index never decides a match, it only narrows the rows the
 * full condition is run on.
 */
import type { Evaluator, SodaRow } from './soql-evaluator.ts';

/** A pattern segment: characters, with null for a `_` (any one character). */
export type Segment = readonly (string | null)[];

export const wordSeparators: ReadonlySet<string> = new Set(['-', ' ']);
const separatorPattern = /[- ]/;

/** Values with more words than this are not split into runs; their rows are candidates for every lookup. */
const maxWords = 8;

interface Bucket {
  readonly keys: string[];
  readonly chars: (readonly string[])[];
}

export class UpperWordIndex {
  private readonly postings = new Map<string, number[]>();
  /** Rows whose value has too many words to index; always candidates. */
  private readonly unindexed: number[] = [];
  private buckets: Map<string, Bucket> | undefined;

  /** Indexes the rows by the text `upper(field)` gives for each (the evaluator of that expression). */
  constructor(rows: readonly SodaRow[], upperValue: Evaluator) {
    for (let row = 0; row < rows.length; row++) {
      const value = upperValue(rows[row]!, row);
      if (typeof value !== 'string') continue;
      if (!separatorPattern.test(value)) {
        this.add(value, row);
        continue;
      }
      const words = value.split(separatorPattern);
      if (words.length > maxWords) {
        this.unindexed.push(row);
        continue;
      }
      const starts: number[] = [];
      let offset = 0;
      for (const word of words) {
        starts.push(offset);
        offset += word.length + 1;
      }
      for (let i = 0; i < words.length; i++) {
        for (let j = i; j < words.length; j++) this.add(value.slice(starts[i]!, starts[j]! + words[j]!.length), row);
      }
    }
  }

  private add(key: string, row: number): void {
    const list = this.postings.get(key);
    if (!list) this.postings.set(key, [row]);
    else if (list[list.length - 1] !== row) list.push(row);
  }

  /** Distinct keys by length in characters and first character (and by length alone under "len:"). */
  private keyBuckets(): Map<string, Bucket> {
    if (this.buckets) return this.buckets;
    const buckets = new Map<string, Bucket>();
    const put = (name: string, key: string, chars: readonly string[]): void => {
      let bucket = buckets.get(name);
      if (!bucket) {
        bucket = { keys: [], chars: [] };
        buckets.set(name, bucket);
      }
      bucket.keys.push(key);
      bucket.chars.push(chars);
    };
    for (const key of this.postings.keys()) {
      const chars = Array.from(key);
      put(`len:${chars.length}`, key, chars);
      if (chars.length > 0) put(`${chars.length}:${chars[0]}`, key, chars);
    }
    this.buckets = buckets;
    return buckets;
  }

  /** Row positions (ascending) of every row that may hold a run matching the segment; do not modify. */
  rowsMatching(segment: Segment): readonly number[] {
    if (!segment.includes(null)) return mergeRows([this.postings.get(segment.join('')) ?? [], this.unindexed]);
    const first = segment[0];
    const bucket = this.keyBuckets().get(first === null || first === undefined ? `len:${segment.length}` : `${segment.length}:${first}`);
    const lists: (readonly number[])[] = [this.unindexed];
    if (bucket) {
      for (let k = 0; k < bucket.keys.length; k++) {
        const chars = bucket.chars[k]!;
        let same = true;
        for (let i = 0; i < segment.length && same; i++) same = segment[i] === null || segment[i] === chars[i];
        if (same) lists.push(this.postings.get(bucket.keys[k]!)!);
      }
    }
    return mergeRows(lists);
  }
}

const none: readonly number[] = [];

/**
 * The union of ascending row lists, ascending and without repeats. A single list (or the same list
 * given several times, as the five branches of a surname query often are) is returned as it is.
 */
export function mergeRows(lists: readonly (readonly number[])[]): readonly number[] {
  const distinct = [...new Set(lists.filter((list) => list.length > 0))];
  if (distinct.length === 0) return none;
  if (distinct.length === 1) return distinct[0]!;
  let total = 0;
  for (const list of distinct) total += list.length;
  const all = new Float64Array(total);
  let at = 0;
  for (const list of distinct) for (let i = 0; i < list.length; i++) all[at++] = list[i]!;
  all.sort();
  const out: number[] = [];
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) out.push(all[i]!);
  return out;
}
