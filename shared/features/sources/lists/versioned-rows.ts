/**
 * The rows of an ingested file version in the Sanctions table, for sanctions lists and board rosters
 * alike: one item per lookup key of a row, partition `<source>#<version>#<key>`, sort key the row's
 * number in the file (zero-padded), the row as JSON, expiring `rowTtlDays` after it was written.
 *
 * Retention: a superseded version's rows simply expire. The current version's rows are rewritten in
 * place from the archived file (same partitions and sort keys, a new `expires_at`) once they are
 * `renewAfterDays` old (source-renewal.ts), whether or not the publisher could be reached, so they never
 * reach their TTL while current; the pointer's `rows_written_at` says when they were last written, and
 * readers refuse a version whose rows may have expired (freshness.ts `rowsReadable`).
 *
 * The rows are a port (`VersionedRows`), implemented by adapters/dynamo-versioned-rows.ts.
 */

export const rowTtlDays = 90;
/**
 * The current version's rows are rewritten once they are this old: half their TTL, leaving 45 daily
 * attempts before they could expire. A downloaded list that keeps being checked is re-ingested after
 * 30 days anyway (`refreshAfterDays`), so only failing downloads and operator uploads are renewed.
 */
export const renewAfterDays = 45;

export interface VersionedRow<T> {
  readonly value: T;
  /** The row's number in the file. */
  readonly row: number;
}

/** The rows of the versions of every list and roster, by partition `<source>#<version>#<key>`. */
export interface VersionedRows {
  /**
   * Writes rows of a version being built, one item per distinct key of each row, expiring `rowTtlDays`
   * after `now`, the row's number zero-padded to `rowIdDigits`; answers the items written.
   */
  write<T>(
    source: string,
    version: string,
    rows: readonly (VersionedRow<T> & { readonly keys: readonly string[] })[],
    now: Date,
    rowIdDigits: number,
  ): Promise<number>;
  /** Every row stored under one partition (`<source>#<version>#<key>`). */
  query<T>(partition: string): Promise<VersionedRow<T>[]>;
}

/** The rows of several partitions, each row once (a row is under each of its keys), in file order. */
export function distinctRows<R extends { readonly row: number }>(parts: readonly (readonly R[])[]): R[] {
  const seen = new Set<number>();
  const rows: R[] = [];
  for (const found of parts.flat()) {
    if (seen.has(found.row)) continue;
    seen.add(found.row);
    rows.push(found);
  }
  return rows.sort((a, b) => a.row - b.row);
}
