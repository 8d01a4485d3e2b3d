/**
 * The ingested OIG LEIE list in DynamoDB. Each ingest writes a complete new version of the rows, then
 * switches one pointer item (SourceState `leie`) to it with a single conditional write. A lookup reads
 * the pointer once and queries that version only, so it sees the old list or the new one, never a mix.
 * Rows expire 90 days after they were written; the current version is rewritten at least every 30 days,
 * and its rows are renewed from the archived file after 45 days (leie-ingest.ts `renewLeie`), so they
 * never reach their TTL while current. Verifications read the list only while it is usable
 * (freshness.ts: not past its stale limit, rows certainly stored); otherwise the OIG list is `unavailable`.
 */
import { logger } from '../../../platform/observability/logger.ts';
import { assessFreshness, freshnessPolicy } from '../freshness.ts';
import { RememberedLookups } from '../remembered-lookups.ts';
import { PointedSourceStore } from '../pointed-store.ts';
import { lastNameKeys } from '../../../domain/names/normalize.ts';
import { entityKey, individualKeys } from '../lists/lookup-keys.ts';
import type { LoadPorts } from '../load-ports.ts';
import type { SourcePointers } from '../lists/source-pointer.ts';
import type { LeieRecord } from './leie-record.ts';

export const rowTtlDays = 90;
export const refreshAfterDays = 30;

export interface LeieListVersion {
  readonly version: string;
  readonly etag: string | null;
  readonly last_modified: string | null;
  readonly sha256: string;
  readonly ingested_at: string;
  /** Last time the source was checked (a check that found no change updates only this). */
  readonly checked_at?: string;
  /** When the version's rows were last written (its ingest, then each renewal); absent: `ingested_at`. */
  readonly rows_written_at?: string;
  readonly archive_key: string | null;
  /** The date the file stands for: its Last-Modified day, else the day it was read (absent on older versions). */
  readonly as_of?: string;
  readonly stats: IngestStats;
}

export interface IngestStats {
  readonly rows: number;
  readonly individuals: number;
  readonly entities: number;
  readonly with_npi: number;
  readonly with_dob: number;
  readonly with_waiver: number;
  readonly malformed_rows: number;
  readonly bytes: number;
}

/** Index keys under which a record is found: each surname key for people, the name key for entities. */
export function recordKeys(record: LeieRecord): string[] {
  return record.kind === 'entity' ? [entityKey(record.businessName)] : individualKeys(record.lastName);
}

/** A record as stored: its row id (its row number in the file, zero-padded) and the record. */
export interface StoredExclusion {
  readonly rowId: string;
  readonly record: LeieRecord;
}

/** The rows of the list's versions (the Exclusions table: adapters/dynamo-exclusion-rows.ts), by partition `<version>#<key>`. */
export interface ExclusionRows {
  /** Every record stored under one partition, with its row id. */
  query(partition: string): Promise<StoredExclusion[]>;
  /** Writes records of a version being built under their partitions, expiring at `expiresAt` (epoch seconds). */
  write(rows: readonly (StoredExclusion & { readonly partition: string })[], expiresAt: number): Promise<void>;
}

/** Where the list is kept: its rows and its pointer (SourceState `leie`). */
export interface ExclusionPorts {
  readonly rows: ExclusionRows;
  readonly pointers: SourcePointers;
  /** What its ingest uses besides: the source archive, a stopped load's progress, the review items. */
  readonly loads: LoadPorts;
}

export class ExclusionStore extends PointedSourceStore<LeieListVersion, ExclusionPorts> {
  /**
   * The current version as this container last saw it, re-read after `maxAgeMs`, while it is usable
   * (undefined past its stale limit or when its rows may have expired: the list is then unavailable).
   * Each lookup still uses one version, so a switch stays atomic; it is only seen up to `maxAgeMs` later.
   */
  async currentRemembered(maxAgeMs = 30_000): Promise<LeieListVersion | undefined> {
    const list = await this.remembered.get('leie', maxAgeMs, () => this.current());
    if (!list) return undefined;
    const freshness = assessFreshness(freshnessPolicy('leie'), list, this.clock.now());
    if (freshness.usable) return list;
    if (!this.warned.has(list.version)) {
      this.warned.add(list.version);
      logger.warn('OIG LEIE not used: past its freshness limit or its rows may have expired', {
        version: list.version,
        state: freshness.state,
        reason: freshness.reason,
        age_days: freshness.ageDays,
      });
    }
    return undefined;
  }

  /** The list version lookups currently follow. */
  current(): Promise<LeieListVersion | undefined> {
    return this.ports.pointers.current<LeieListVersion>('leie');
  }

  /** Lookups already made, by list version and surname key: a version never changes once switched to. */
  private readonly lookups = new RememberedLookups<LeieRecord[]>();

  /** Individuals on the list version whose surname shares a key with `lastName`. */
  findIndividuals(list: LeieListVersion, lastName: string): Promise<LeieRecord[]> {
    return this.lookups.get(`${list.version}|${lastNameKeys(lastName).join('|')}`, () => this.queryIndividuals(list, lastName));
  }

  private async queryIndividuals(list: LeieListVersion, lastName: string): Promise<LeieRecord[]> {
    const seen = new Set<string>();
    const records: LeieRecord[] = [];
    for (const key of lastNameKeys(lastName)) {
      for (const { rowId, record } of await this.ports.rows.query(`${list.version}#I#${key}`)) {
        if (seen.has(rowId)) continue;
        seen.add(rowId);
        records.push(record);
      }
    }
    return records;
  }

  /** Writes records of a version being built (invisible until `switchTo`). */
  async write(version: string, records: readonly { record: LeieRecord; row: number }[], now: Date): Promise<void> {
    const expiresAt = Math.floor(now.getTime() / 1000) + rowTtlDays * 86_400;
    const rows = records.flatMap(({ record, row }) =>
      recordKeys(record).map((key) => ({ partition: `${version}#${key}`, rowId: String(row).padStart(7, '0'), record })),
    );
    await this.ports.rows.write(rows, expiresAt);
  }

  /** Records a check that found the list unchanged. */
  markChecked(version: string, at: Date): Promise<void> {
    return this.ports.pointers.markChecked('leie', version, at);
  }

  /** Records that the version's rows were rewritten (renewal); false if the list switched meanwhile. */
  markRowsWritten(version: string, at: Date): Promise<boolean> {
    return this.ports.pointers.markRowsWritten('leie', version, at);
  }

  /**
   * Makes `next` the current version in one conditional write; false if another ingest switched first
   * (its rows then simply expire).
   */
  switchTo(next: LeieListVersion, previousVersion: string | undefined): Promise<boolean> {
    return this.ports.pointers.switchTo('leie', next, previousVersion);
  }
}
