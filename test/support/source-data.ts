/** A private, editable copy of a source-data directory for one test file. */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const sourceFixtures = join(import.meta.dirname, '..', 'fixtures', 'sources');

/** One source's entry of faults.json (local/simulator/faults.ts). */
export interface SimulatorFault {
  readonly mode?: 'down' | 'timeout' | 'error' | 'malformed';
  readonly latency_ms?: number;
  readonly drift?: { readonly rename?: Record<string, string>; readonly set?: Record<string, string>; readonly drop_in_first_row?: readonly string[] };
}

export interface SourceDataCopy {
  readonly dir: string;
  /** Writes faults.json (the simulator re-reads it). */
  setFaults(faults: Record<string, SimulatorFault>): Promise<void>;
  write(relativePath: string, content: string): Promise<void>;
  remove(): Promise<void>;
}

export async function copySourceData(from = sourceFixtures): Promise<SourceDataCopy> {
  const dir = await mkdtemp(join(tmpdir(), 'sources-'));
  await cp(from, dir, { recursive: true });
  return {
    dir,
    setFaults: (faults) => writeFile(join(dir, 'faults.json'), JSON.stringify(faults)),
    write: (path, content) => writeFile(join(dir, path), content),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}
