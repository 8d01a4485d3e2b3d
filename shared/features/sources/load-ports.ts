/**
 * What the ingest of a source uses besides its rows and pointer: the source archive (raw files and load
 * records), the progress of a stopped load, and the review items. Each store of an ingested source
 * carries them (`loads`), composed by source-store-services.ts.
 */
import type { SourceArchive } from './lists/ingest-steps.ts';
import type { LoadProgressRecords } from './lists/load-progress.ts';
import type { ReviewItems } from './plausibility/load-review.ts';

export interface LoadPorts {
  readonly archive: SourceArchive;
  readonly progress: LoadProgressRecords;
  readonly reviews: ReviewItems;
}
