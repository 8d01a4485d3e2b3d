/**
 * The ingested sanctions lists in DynamoDB (the Sanctions table). Each ingest of a list writes a
 * complete new version of its rows, then switches the list's pointer (SourceState `<list id>`) to it with
 * one conditional write; a lookup reads the pointer once and queries that version only, so it sees the
 * old list or the new one, never a mix.
 *
 * An item per lookup key of a row: partition `<list>#<version>#<key>` (lookup-keys.ts), sort key the
 * row's number in the file, the entry as JSON. Rows expire 90 days after they were written; a list is
 * rewritten at least every 30 days even when unchanged, and the current version's rows are renewed from
 * the archive after 45 days (list-ingest.ts `renewList`), so they never reach their TTL while current.
 *
 * A lookup answers from the current version only while the list is usable (freshness.ts): not past its
 * stale limit, its rows certainly still stored. Otherwise it answers as for a list never ingested, which
 * the screen reports `unavailable`, never checked and clear.
 */
import { logger } from '../../../platform/observability/logger.ts';
import { assessFreshness, freshnessPolicy } from '../freshness.ts';
import { RememberedLookups } from '../remembered-lookups.ts';
import { PointedSourceStore } from '../pointed-store.ts';
import type { ListEntry } from './list-entry.ts';
import { entityKey, individualKeys, npiKey } from './lookup-keys.ts';
import type { LoadPorts } from '../load-ports.ts';
import type { SourcePointers } from './source-pointer.ts';
import { distinctRows, rowTtlDays, type VersionedRows } from './versioned-rows.ts';

export { rowTtlDays };
export const refreshAfterDays = 30;

export interface ListStats {
  readonly rows: number;
  readonly individuals: number;
  readonly entities: number;
  readonly with_npi: number;
  readonly with_dob: number;
  readonly malformed_rows: number;
  /** Rows left out because a later row stands for the same party (`latestBy`). */
  readonly superseded_rows?: number;
  /** Size of the downloaded file. */
  readonly bytes: number;
}

/** A version of a list, as its pointer holds it. */
export interface ListVersion {
  readonly list: string;
  readonly version: string;
  /** The published file the version was read from. */
  readonly file_name: string;
  /** The date the file stands for (from its name or a sheet's preamble), else the day it was ingested. */
  readonly as_of: string;
  readonly etag: string | null;
  readonly last_modified: string | null;
  readonly sha256: string;
  readonly ingested_at: string;
  /** Last time the source was checked (a check that found no change updates only this). */
  readonly checked_at?: string;
  /** When the version's rows were last written (its ingest, then each renewal); absent: `ingested_at`. */
  readonly rows_written_at?: string;
  readonly archive_key: string;
  readonly stats: ListStats;
}

export interface SanctionsLookup {
  /** A person's surname: every row whose surname shares a key with it. */
  readonly lastName?: string;
  /** An entity's name: rows of entities with the same name key. */
  readonly entityName?: string;
  /** Every row that carries this NPI. */
  readonly npi?: string;
}

export interface FoundEntry {
  readonly entry: ListEntry;
  /** The row's number in the file (rows of one party share identifiers but are separate actions). */
  readonly row: number;
}

export interface SanctionsFound {
  /** The version the entries come from; undefined when the list was never ingested or is not usable (stale, rows expiring). */
  readonly list: ListVersion | undefined;
  readonly entries: readonly FoundEntry[];
}

const rowIdDigits = 7;

/** Where the lists are kept: their rows (the Sanctions table) and their pointers (SourceState). */
export interface SanctionsPorts {
  readonly rows: VersionedRows;
  readonly pointers: SourcePointers;
  /** What its ingest uses besides: the source archive, a stopped load's progress, the review items. */
  readonly loads: LoadPorts;
}

export class SanctionsStore extends PointedSourceStore<ListVersion, SanctionsPorts> {
  /** The version lookups of the list currently follow. */
  current(listId: string): Promise<ListVersion | undefined> {
    return this.ports.pointers.current<ListVersion>(listId);
  }

  /**
   * The current version as this container last saw it, re-read after `maxAgeMs`. Each lookup still
   * uses one version, so a switch stays atomic; it is only seen up to `maxAgeMs` later.
   */
  currentRemembered(listId: string, maxAgeMs = 30_000): Promise<ListVersion | undefined> {
    return this.remembered.get(listId, maxAgeMs, () => this.current(listId));
  }

  /** The rows of the list's current version found by surname, entity name or NPI (each row once). */
  async find(listId: string, lookup: SanctionsLookup, options: { maxAgeMs?: number } = {}): Promise<SanctionsFound> {
    const list = await this.currentRemembered(listId, options.maxAgeMs);
    if (!list) return { list, entries: [] };
    const freshness = assessFreshness(freshnessPolicy(listId), list, this.clock.now());
    if (!freshness.usable) {
      if (!this.warned.has(list.version)) this.warned.add(list.version);
      else return { list: undefined, entries: [] };
      logger.warn('Sanctions list not used: past its freshness limit or its rows may have expired', {
        list: listId,
        version: list.version,
        state: freshness.state,
        reason: freshness.reason,
        age_days: freshness.ageDays,
      });
      return { list: undefined, entries: [] };
    }
    const keys = [
      ...(lookup.lastName ? individualKeys(lookup.lastName) : []),
      ...(lookup.entityName ? [entityKey(lookup.entityName)] : []),
      ...(lookup.npi ? [npiKey(lookup.npi)] : []),
    ];
    const parts = await Promise.all(keys.map((key) => this.queryRemembered(`${listId}#${list.version}#${key}`)));
    return { list, entries: distinctRows(parts) };
  }

  /** Partitions already read, by list version and key (a version never changes once written). */
  private readonly lookups = new RememberedLookups<FoundEntry[]>();

  private queryRemembered(partition: string): Promise<FoundEntry[]> {
    return this.lookups.get(partition, () => this.query(partition));
  }

  private async query(partition: string): Promise<FoundEntry[]> {
    return (await this.ports.rows.query<ListEntry>(partition)).map(({ value, row }) => ({ entry: value, row }));
  }

  /** Writes rows of a version being built (invisible until `switchTo`), one item per lookup key. */
  async write(listId: string, version: string, rows: readonly { entry: ListEntry; row: number; keys: readonly string[] }[], now: Date): Promise<number> {
    return this.ports.rows.write(
      listId,
      version,
      rows.map(({ entry, row, keys }) => ({ value: entry, row, keys })),
      now,
      rowIdDigits,
    );
  }

  /** Records a check that found the list unchanged. */
  markChecked(listId: string, version: string, at: Date): Promise<void> {
    return this.ports.pointers.markChecked(listId, version, at);
  }

  /** Records that the version's rows were rewritten (renewal); false if the list switched meanwhile. */
  markRowsWritten(listId: string, version: string, at: Date): Promise<boolean> {
    return this.ports.pointers.markRowsWritten(listId, version, at);
  }

  /** Makes `next` the list's current version in one conditional write; false if another ingest switched first. */
  switchTo(next: ListVersion, previousVersion: string | undefined): Promise<boolean> {
    this.remembered.forget(next.list);
    return this.ports.pointers.switchTo(next.list, next, previousVersion);
  }
}
