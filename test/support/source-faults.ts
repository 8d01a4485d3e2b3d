/**
 * What every downloaded list's ingest must do when its source fails in transport: a connection refused,
 * a time-out or a server error is a source error of that kind (to retry later); an archive cut off
 * halfway is a refusal by the ingestion rules (final); and in every case the version in force stays.
 */
import { expect } from 'vitest';
import { IngestRefusal } from '#shared/features/sources/ingest-refusal.ts';
import { SourceError } from '#shared/features/sources/errors.ts';
import { rejectionOf } from './rejection.ts';
import type { SourceDataCopy } from './source-data.ts';

export const transportFaults = [
  ['down', 'connection'],
  ['timeout', 'timeout'],
  ['error', 'server_error'],
  ['malformed', 'malformed_archive'],
] as const;

/** Serves `source` with fault `mode`, runs the ingest and checks what it reports and that the version in force stays. */
export async function expectTransportFault(
  data: SourceDataCopy,
  source: string,
  mode: (typeof transportFaults)[number][0],
  failure: (typeof transportFaults)[number][1],
  ingest: () => Promise<unknown>,
  currentVersion: () => Promise<string | undefined>,
): Promise<void> {
  const before = await currentVersion();
  await data.setFaults({ [source]: { mode } });
  try {
    if (mode === 'malformed') {
      const refusal = await rejectionOf(ingest(), IngestRefusal);
      expect(refusal.kind).toBe(failure);
      expect(refusal.message).toMatch(/not a readable ZIP archive/);
    } else expect((await rejectionOf(ingest(), SourceError)).failure).toBe(failure);
  } finally {
    await data.setFaults({});
  }
  expect(await currentVersion()).toBe(before);
}
