/**
 * The pointer to the current version of an ingested list: one item of the SourceState table, keyed by
 * the source (`leie`, `sam`, …). Lookups read it once and query that version only; an ingest switches
 * it with one conditional write, so readers see the old version or the new one, never a mix. The
 * pointers are a port (`SourcePointers`), implemented by adapters/dynamo-source-pointers.ts.
 */

/** What every version pointer holds; each list adds its own statistics and provenance. */
export interface PointedVersion {
  readonly version: string;
  /** When the version's rows were last written (its ingest, then each renewal). */
  readonly rows_written_at?: string;
}

/** The pointers of every ingested source, each keyed by its source. */
export interface SourcePointers {
  /** The version lookups of `source` currently follow. */
  current<V extends PointedVersion>(source: string): Promise<V | undefined>;
  /** Records a check that found the list unchanged (nothing, if another ingest switched meanwhile). */
  markChecked(source: string, version: string, at: Date): Promise<void>;
  /**
   * Records that the rows of `version` were rewritten at `at` (renewal), unless another ingest switched
   * meanwhile or a later renewal recorded a later time; answers whether it was recorded.
   */
  markRowsWritten(source: string, version: string, at: Date): Promise<boolean>;
  /**
   * Makes `next` the current version in one conditional write; false if another ingest switched first
   * (the rows of `next` then simply expire).
   */
  switchTo<V extends PointedVersion>(source: string, next: V, previousVersion: string | undefined): Promise<boolean>;
}
