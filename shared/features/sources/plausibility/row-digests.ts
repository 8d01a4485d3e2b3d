/**
 * The rows of a list or roster version as the plausibility rules compare them (load-plausibility.ts
 * `DigestRow`): an identity, a digest of what an answer is made of, a short label for the review.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createReadStream } from 'node:fs';
import { checkHeader, leieRecord, type LeieRecord } from '../leie/leie-record.ts';
import { eachCsvRow, type SourceArchive } from '../lists/ingest-steps.ts';
import type { ListDefinition } from '../lists/list-definition.ts';
import type { ListEntry } from '../lists/list-entry.ts';
import { columnsOf, type RosterDefinition, type RosterRecord, rowReader } from '../rosters/roster-definition.ts';
import { eachRosterRow, rosterText } from '../rosters/roster-file.ts';
import { type DigestRow, numberShape } from './load-plausibility.ts';

const digestOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('base64').slice(0, 16);

/**
 * A list row: known by the list's own key of the row (SAM Number), else its NPI, else the party's
 * name and date of birth; its digest covers the action (type, agency, dates, reinstatement) and every
 * identifier, so a changed status or identifier is a changed row.
 */
export function listDigestRow(entry: ListEntry): DigestRow {
  const name = entry.kind === 'entity' ? entry.entityName : [entry.lastName, entry.firstName, entry.middleName].filter(Boolean).join(' ');
  const identity = entry.reference
    ? `ref:${entry.reference}`
    : entry.npi
      ? `npi:${entry.npi}`
      : `name:${entry.kind}:${name.toUpperCase()}:${entry.entityName.toUpperCase()}:${entry.dob ?? ''}:${entry.state}`;
  const { comments: _comments, ...action } = entry.action;
  const digest = digestOf([action, entry.npi, entry.npis ?? null, entry.dob, entry.licenses, entry.reference, entry.identifiers, name]);
  const ids = [entry.reference, entry.npi ? `NPI ${entry.npi}` : null].filter(Boolean).join(', ');
  const label = `${name || '(no name)'}${ids ? ` [${ids}]` : ''}: ${entry.action.type || 'listed'}${entry.action.startDate ? ` from ${entry.action.startDate}` : ''}`;
  return { identity, digest, label };
}

/** The rows a list ingest keeps from a file (the last of each `latestBy` key), as digest rows. */
export async function listDigestRows(
  definition: ListDefinition,
  file: string,
  eachEntry: (definition: ListDefinition, file: string, each: (entry: ListEntry | null, line: number) => Promise<void>) => Promise<unknown>,
): Promise<DigestRow[]> {
  const kept: { key: string | null; row: DigestRow }[] = [];
  const last = new Map<string, number>();
  await eachEntry(definition, file, async (entry) => {
    if (!entry) return;
    const key = definition.latestBy?.(entry) ?? null;
    if (key !== null) last.set(key, kept.length);
    kept.push({ key, row: listDigestRow(entry) });
  });
  return kept.filter(({ key }, i) => key === null || last.get(key) === i).map(({ row }) => row);
}

/**
 * A roster row: known by its license type and number; its digest covers status, discipline, expiry
 * and name. Restricted: discipline on record, suspended or revoked.
 */
export function rosterDigestRow(record: RosterRecord): DigestRow {
  const type = record.licenseType.toUpperCase();
  const number = record.licenseNumber.toUpperCase();
  const name = [record.firstName, record.middleName, record.lastName, record.suffix].filter(Boolean).join(' ');
  return {
    identity: `${type}|${number}`,
    digest: digestOf([record.status, record.rawStatus, record.disciplinary, record.expiryDate, name.toUpperCase()]),
    label: `${record.licenseNumber} ${name} (${record.licenseType}, ${record.rawStatus || record.status}${record.disciplinary ? ', discipline on record' : ''})`,
    restricted: record.disciplinary || record.status === 'suspended' || record.status === 'revoked',
    numberShape: `${type}:${numberShape(number)}`,
  };
}

/** The healthcare rows of a roster's files (local paths, in the order ingested), as digest rows. */
export async function rosterDigestRows(definition: RosterDefinition, files: readonly { readonly name: string; readonly path: string }[]): Promise<DigestRow[]> {
  const rows: DigestRow[] = [];
  for (const file of files) {
    let reader: ReturnType<typeof rowReader> | undefined;
    let readerOf: readonly string[] | undefined;
    await eachRosterRow(definition, columnsOf(definition, file.name), rosterText(definition, file.path), async (cells, _line, header) => {
      if (!cells) return;
      if (readerOf !== header) {
        reader = rowReader(header);
        readerOf = header;
      }
      const record = definition.record(reader!(cells), file.name);
      if (record && record !== 'skip') rows.push(rosterDigestRow(record));
    });
  }
  return rows;
}

/** The rows of a list version from its archived file. */
export async function archivedListDigestRows(
  archive: SourceArchive,
  definition: ListDefinition,
  archiveKey: string,
  eachEntry: Parameters<typeof listDigestRows>[2],
): Promise<DigestRow[]> {
  const dir = await mkdtemp(join(tmpdir(), `digest-${definition.id}-`));
  try {
    const file = join(dir, 'archived');
    await archive.restore(archiveKey, file);
    return await listDigestRows(definition, file, eachEntry);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rows of a roster version from its archived files. */
export async function archivedRosterDigestRows(
  archive: SourceArchive,
  definition: RosterDefinition,
  files: readonly { readonly name: string; readonly archive_key: string }[],
): Promise<DigestRow[]> {
  const dir = await mkdtemp(join(tmpdir(), `digest-${definition.id}-`));
  try {
    const local: { name: string; path: string }[] = [];
    for (const [i, file] of files.entries()) {
      const path = join(dir, `file-${i}`);
      await archive.restore(file.archive_key, path);
      local.push({ name: file.name, path });
    }
    return await rosterDigestRows(definition, local);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** An OIG LEIE row: known by its NPI, else the party's name, date of birth and state; its digest covers the exclusion and waiver. */
export function leieDigestRow(record: LeieRecord): DigestRow {
  const name = record.kind === 'entity' ? record.businessName : [record.lastName, record.firstName, record.middleName].filter(Boolean).join(' ');
  const identity = record.npi ? `npi:${record.npi}` : `name:${record.kind}:${name.toUpperCase()}:${record.dob ?? ''}:${record.state}`;
  const digest = digestOf([
    record.exclusionType,
    record.exclusionDate,
    record.reinstatementDate,
    record.waiverDate,
    record.waiverState,
    record.npi,
    record.upin,
    record.dob,
    name.toUpperCase(),
  ]);
  const label = `${name || '(no name)'}${record.npi ? ` [NPI ${record.npi}]` : ''}: ${record.exclusionType}${record.exclusionDate ? ` from ${record.exclusionDate}` : ''}`;
  return { identity, digest, label };
}

/** The rows of an LEIE file (UPDATED.csv), as digest rows. */
export async function leieDigestRows(file: string): Promise<DigestRow[]> {
  const rows: DigestRow[] = [];
  await eachCsvRow('OIG LEIE', createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 }), checkHeader, async (row) => {
    const record = leieRecord(row);
    if (record) rows.push(leieDigestRow(record));
  });
  return rows;
}

/** The rows of an LEIE version from its archived file. */
export async function archivedLeieDigestRows(archive: SourceArchive, archiveKey: string | null): Promise<DigestRow[]> {
  if (!archiveKey) throw new Error('the version in force has no archived file');
  const dir = await mkdtemp(join(tmpdir(), 'digest-leie-'));
  try {
    const file = join(dir, 'archived');
    await archive.restore(archiveKey, file);
    return await leieDigestRows(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
