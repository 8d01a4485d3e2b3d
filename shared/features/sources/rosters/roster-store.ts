/**
 * Ingested rosters in DynamoDB. Rows live in the Sanctions table beside the sanctions lists, under the
 * roster's own key prefix (roster ids and list ids are one namespace: definitions.ts checks they never
 * collide): an item per surname key of a row, partition `<roster>#<version>#I#<surname key>`
 * (lookup-keys.ts), sort key the row's sequence number, the license as JSON (about 300 bytes, far under
 * the 400 KB item limit). A version is written whole, then the roster's pointer (SourceState `<roster>`)
 * switches to it with one conditional write (source-pointer.ts): a lookup reads the pointer once and
 * that version only, so it sees the old roster or the new one, never a mix. Rows expire 90 days after
 * they were written; a roster is rewritten at least every 30 days even when unchanged, and the current
 * version's rows are renewed from the archived files after 45 days (roster-ingest.ts `renewRoster`),
 * an operator's upload included, so they never reach their TTL while current.
 */
import { RememberedForAWhile, RememberedLookups } from '../remembered-lookups.ts';
import { individualKeys } from '../lists/lookup-keys.ts';
import type { LoadPorts } from '../load-ports.ts';
import type { SourcePointers } from '../lists/source-pointer.ts';
import { distinctRows, type VersionedRows } from '../lists/versioned-rows.ts';
import type { RosterRecord } from './roster-definition.ts';

export interface RosterFileVersion {
  readonly name: string;
  readonly sha256: string;
  readonly etag: string | null;
  readonly last_modified: string | null;
  readonly bytes: number;
  readonly archive_key: string;
  /** Rows of healthcare licenses read from the file. */
  readonly rows: number;
}

export interface RosterStats {
  /** Rows stored (healthcare licenses), all files together. */
  readonly rows: number;
  /** Non-healthcare rows left out. */
  readonly skipped_rows: number;
  readonly malformed_rows: number;
  readonly bytes: number;
}

/** A version of a roster, as its pointer holds it. */
export interface RosterVersion {
  readonly roster: string;
  readonly version: string;
  readonly files: readonly RosterFileVersion[];
  /** SHA-256 over the files' hashes: the content of the version. */
  readonly sha256: string;
  /** The date the roster's content stands for: its files' date (the oldest file's), else the day it was ingested. */
  readonly as_of: string;
  readonly ingested_at: string;
  /** Last time the publisher was checked (a check that found no change updates only this). */
  readonly checked_at?: string;
  /** When the version's rows were last written (its ingest, then each renewal); absent: `ingested_at`. */
  readonly rows_written_at?: string;
  readonly stats: RosterStats;
}

export interface StoredRosterRow {
  readonly record: RosterRecord;
  readonly row: number;
}

const rowIdDigits = 8;

/** Where the rosters are kept: their rows (the Sanctions table) and their pointers (SourceState). */
export interface RosterPorts {
  readonly rows: VersionedRows;
  readonly pointers: SourcePointers;
  /** What its ingest uses besides: the source archive, a stopped load's progress, the review items. */
  readonly loads: LoadPorts;
}

export class RosterStore {
  private readonly remembered = new RememberedForAWhile<RosterVersion | undefined>();
  /** Partitions already read, by roster version and key (a version never changes once written). */
  private readonly lookups = new RememberedLookups<StoredRosterRow[]>();

  constructor(private readonly ports: RosterPorts) {}

  /** What the source's ingest uses besides its rows and pointer. */
  get loads(): LoadPorts {
    return this.ports.loads;
  }

  current(rosterId: string): Promise<RosterVersion | undefined> {
    return this.ports.pointers.current<RosterVersion>(rosterId);
  }

  /**
   * The current version as this container last saw it, re-read after `maxAgeMs` (each lookup uses one
   * version). A roster not loaded yet is not remembered: its first load is seen by the next lookup.
   */
  async currentRemembered(rosterId: string, maxAgeMs = 30_000): Promise<RosterVersion | undefined> {
    const current = await this.remembered.get(rosterId, maxAgeMs, () => this.current(rosterId));
    if (!current) this.remembered.forget(rosterId);
    return current;
  }

  /** Rows of `version` whose holder's surname shares a key with one of `surnames` (each row once, in file order). */
  async find(rosterId: string, version: string, surnames: readonly string[]): Promise<StoredRosterRow[]> {
    const keys = [...new Set(surnames.flatMap((s) => individualKeys(s)))];
    const parts = await Promise.all(keys.map((key) => this.lookups.get(`${rosterId}#${version}#${key}`, () => this.query(`${rosterId}#${version}#${key}`))));
    return distinctRows(parts);
  }

  private async query(partition: string): Promise<StoredRosterRow[]> {
    return (await this.ports.rows.query<RosterRecord>(partition)).map(({ value, row }) => ({ record: value, row }));
  }

  /** Writes rows of a version being built (invisible until `switchTo`), one item per surname key; answers the items written. */
  async write(rosterId: string, version: string, rows: readonly StoredRosterRow[], now: Date): Promise<number> {
    const keyed = rows.map(({ record, row }) => ({ value: record, row, keys: individualKeys(record.lastName) }));
    return this.ports.rows.write(rosterId, version, keyed, now, rowIdDigits);
  }

  markChecked(rosterId: string, version: string, at: Date): Promise<void> {
    return this.ports.pointers.markChecked(rosterId, version, at);
  }

  /** Records that the version's rows were rewritten (renewal); false if the roster switched meanwhile. */
  markRowsWritten(rosterId: string, version: string, at: Date): Promise<boolean> {
    return this.ports.pointers.markRowsWritten(rosterId, version, at);
  }

  /** Makes `next` the roster's current version in one conditional write; false if another ingest switched first. */
  switchTo(next: RosterVersion, previousVersion: string | undefined): Promise<boolean> {
    this.remembered.forget(next.roster);
    return this.ports.pointers.switchTo(next.roster, next, previousVersion);
  }
}
