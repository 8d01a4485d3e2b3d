/**
 * Answers a board query from an ingested roster: the current version's rows found by surname key
 * (roster-store.ts), narrowed to the given names that can match (the same `givenNameForms` prefixes the
 * live board queries apply), merged by license (a roster writes one row per practice area) and turned
 * into board licenses. The answer is as of the roster's file date, not of the moment it was read.
 *
 * A roster that was never loaded answers nothing: the source is unavailable (with an error logged that
 * names the roster and how it is loaded), never `not_found`. So does a roster past its freshness limit
 * or whose rows may have expired (freshness.ts): a current-only roster's silence about a provider means
 * nothing once the roster is out of date.
 */
import { type Clock, systemClock } from '../../../platform/clock.ts';
import { type EvidenceRef, fileContentType } from '../../evidence/evidence.ts';
import { normalizeName } from '../../../domain/names/normalize.ts';
import { assessFreshness, freshnessPolicy } from '../freshness.ts';
import { logger } from '../../../platform/observability/logger.ts';
import { titleCase, type BoardLicense, type BoardQuery } from '../license-record.ts';
import { SourceError } from '../errors.ts';
import { sourceFailed } from '../source-telemetry.ts';
import { type RosterDefinition, type RosterRecord, rosterFreshForMs } from './roster-definition.ts';
import type { RosterStore, RosterVersion } from './roster-store.ts';

export interface RosterAnswer {
  readonly licenses: readonly BoardLicense[];
  /** The date the roster stands for (ISO date). */
  readonly asOf: string;
  /** When a newer roster is expected: the last check plus the publisher's refresh interval (ISO). */
  readonly freshUntil: string;
  readonly version: string;
  /** The version's files as ingested (their SHA-256 as downloaded): what the answer was read from. */
  readonly evidence: readonly EvidenceRef[];
}

/** The dataset id a roster's licenses carry: the roster and the file (a license number is unique within one file). */
export const rosterDatasetId = (roster: RosterDefinition, record: Pick<RosterRecord, 'file'>) => `${roster.id}/${record.file}`;

/** A roster's rows as board licenses, merged by license (discipline on any row counts). Pure: the unit tests feed it records. */
export function licensesFromRecords(roster: RosterDefinition, records: readonly RosterRecord[]): BoardLicense[] {
  const byLicense = new Map<string, BoardLicense>();
  for (const r of records) {
    const datasetId = rosterDatasetId(roster, r);
    const key = `${datasetId}#${r.licenseNumber.toUpperCase()}#${r.licenseType.toUpperCase()}`;
    const known = byLicense.get(key);
    if (known) {
      byLicense.set(key, { ...known, disciplinary: known.disciplinary || r.disciplinary, rowCount: known.rowCount + 1 });
      continue;
    }
    byLicense.set(key, {
      state: roster.state,
      source: roster.displayName,
      datasetId,
      licenseNumber: r.licenseNumber,
      firstName: r.firstName,
      middleName: r.middleName,
      lastName: r.lastName,
      suffix: r.suffix,
      name: titleCase([r.firstName, r.middleName, r.lastName].filter(Boolean).join(' ')) + (r.suffix ? ` ${r.suffix}` : ''),
      licenseType: r.licenseType,
      classification: r.classification,
      profession: r.classification.kind === 'profession' ? r.classification.profession : null,
      status: r.status,
      rawStatus: r.rawStatus,
      statusRecognised: r.statusRecognised,
      expiryDate: r.expiryDate,
      issueDate: r.issueDate,
      disciplinary: r.disciplinary,
      birthYear: null,
      rowCount: 1,
    });
  }
  return [...byLicense.values()];
}

/** True when the record's given name starts with one of the query's prefixes (after normalisation). */
export function givenNameWithin(record: Pick<RosterRecord, 'firstName'>, query: BoardQuery): boolean {
  const first = normalizeName(record.firstName);
  return query.givenNames.prefixes.some((p) => first.startsWith(normalizeName(p)));
}

export class RosterSearch {
  /** Versions found unusable, logged once per container. */
  private readonly warned = new Set<string>();

  constructor(
    private readonly store: RosterStore,
    private readonly clock: Clock = systemClock,
  ) {}

  async search(roster: RosterDefinition, query: BoardQuery): Promise<RosterAnswer> {
    let current: RosterVersion | undefined;
    try {
      current = await this.store.currentRemembered(roster.id);
    } catch (error) {
      throw sourceFailed(new SourceError(roster.displayName, 'connection', 'the roster store could not be read', { cause: error }));
    }
    if (!current) {
      logger.error('Roster not loaded: its state answers source_unavailable until it is ingested', {
        roster: roster.id,
        source: roster.displayName,
        load_with: roster.locate.kind === 'operator_file' ? roster.locate.howToObtain : `npm run admin -- ingest-roster ${roster.id}`,
      });
      throw sourceFailed(
        new SourceError(roster.displayName, 'inconsistent', 'the roster has not been loaded', {
          reason: { code: 'stale', message: 'The roster has not been loaded into the service, so it cannot answer.' },
        }),
      );
    }
    const freshness = assessFreshness(freshnessPolicy(roster.id), current, this.clock.now());
    if (!freshness.usable) {
      if (!this.warned.has(current.version)) {
        this.warned.add(current.version);
        logger.error('Roster past its freshness limit: its state answers source_unavailable until it is loaded again', {
          roster: roster.id,
          source: roster.displayName,
          version: current.version,
          state: freshness.state,
          reason: freshness.reason,
          age_days: freshness.ageDays,
        });
      }
      throw new SourceError(roster.displayName, 'inconsistent', `the roster is ${freshness.state} (${freshness.reason})`, {
        reason: {
          code: 'stale',
          message: `The loaded roster is older than its freshness policy allows (as of ${current.as_of ?? 'an unknown date'}); it answers again once a newer file is loaded.`,
        },
      });
    }
    let rows: Awaited<ReturnType<RosterStore['find']>>;
    try {
      rows = await this.store.find(roster.id, current.version, query.surnames);
    } catch (error) {
      throw sourceFailed(new SourceError(roster.displayName, 'connection', 'the roster store could not be read', { cause: error }));
    }
    const records = rows.map((r) => r.record).filter((r) => givenNameWithin(r, query));
    const checked = Date.parse(current.checked_at ?? current.ingested_at);
    return {
      licenses: licensesFromRecords(roster, records),
      asOf: current.as_of,
      freshUntil: new Date(checked + rosterFreshForMs(roster.refresh)).toISOString(),
      version: current.version,
      evidence: current.files.map((file): EvidenceRef => {
        // The rows of this file the answer was read from, by their number in it.
        const rows = [...new Set(records.flatMap((r) => (r.origin?.file === file.name ? [r.origin.row] : [])))].sort((a, b) => a - b);
        return {
          kind: 'file',
          sha256: file.sha256,
          fetched_at: current.ingested_at,
          content_type: fileContentType(file.name),
          size: file.bytes,
          ...(rows.length > 0 ? { rows } : {}),
        };
      }),
    };
  }
}
