/**
 * The stores of the ingested sources on AWS: the OIG LEIE (Exclusions table), the sanctions lists and
 * the board rosters (Sanctions table), each with its pointers (SourceState) and what its ingest uses
 * besides (`LoadPorts`: the source archive bucket, the progress and review items of SourceState). Every
 * call builds a new store, with its own remembered versions and lookups; composition roots keep one per
 * container.
 */
import type { Clock } from '../../platform/clock.ts';
import { DynamoExclusionRows } from './leie/adapters/dynamo-exclusion-rows.ts';
import { ExclusionStore } from './leie/exclusion-store.ts';
import { DynamoLoadProgress } from './lists/adapters/dynamo-load-progress.ts';
import { DynamoSourcePointers } from './lists/adapters/dynamo-source-pointers.ts';
import { DynamoVersionedRows } from './lists/adapters/dynamo-versioned-rows.ts';
import { S3SourceArchive } from './lists/adapters/s3-source-archive.ts';
import { SanctionsStore } from './lists/sanctions-store.ts';
import type { LoadPorts } from './load-ports.ts';
import { DynamoReviewItems } from './plausibility/adapters/dynamo-review-items.ts';
import type { LoadReviewPorts } from './plausibility/load-review.ts';
import type { SourcePointers } from './lists/source-pointer.ts';
import { RosterStore } from './rosters/roster-store.ts';

/** The source archive bucket, the progress of stopped loads and the review items. */
export function awsLoadPorts(): LoadPorts {
  return { archive: new S3SourceArchive(), progress: new DynamoLoadProgress(), reviews: new DynamoReviewItems() };
}

/** What an operator's review of a held load uses: the review items, the archive and the pointers. */
export function awsReviewPorts(): LoadReviewPorts & { readonly pointers: SourcePointers } {
  return { reviews: new DynamoReviewItems(), archive: new S3SourceArchive(), pointers: new DynamoSourcePointers() };
}

/** The OIG LEIE store, judging freshness by `clock` (the system's by default). */
export function dynamoExclusionStore(clock?: Clock): ExclusionStore {
  return new ExclusionStore({ rows: new DynamoExclusionRows(), pointers: new DynamoSourcePointers(), loads: awsLoadPorts() }, clock);
}

/** The sanctions lists' store, judging freshness by `clock` (the system's by default). */
export function dynamoSanctionsStore(clock?: Clock): SanctionsStore {
  return new SanctionsStore({ rows: new DynamoVersionedRows(), pointers: new DynamoSourcePointers(), loads: awsLoadPorts() }, clock);
}

/** The board rosters' store. */
export function dynamoRosterStore(): RosterStore {
  return new RosterStore({ rows: new DynamoVersionedRows(), pointers: new DynamoSourcePointers(), loads: awsLoadPorts() });
}
