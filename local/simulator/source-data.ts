/**
 * The simulator's data directory, loaded into memory and kept current:
 *
 *   nppes/*.json              NPPES v2.1 result objects (one object, an array, or a captured response)
 *   leie/UPDATED.csv          the full LEIE file, served byte for byte
 *   sam/…_V2_<yyddd>.csv|ZIP  the SAM.gov exclusions extract (sam-extract.ts)
 *   cms/<dataset-uuid>.json   a data.cms.gov dataset: a JSON array of row objects (cms-data-api.ts)
 *   nppes-deactivated/…       the NPPES Deactivated NPI Report, as text rows or ZIPs (nppes-files.ts)
 *   boards/<dataset-id>.json  a JSON array of rows exactly as SODA returns them (files of hundreds of
 *                             megabytes are parsed in slices, see json-array-lines.ts)
 *   faults.json               optional injected failures (see faults.ts)
 *
 * Every access checks the files it needs (see change-aware-file.ts), so edits, new files and deleted
 * files are seen by the next request. A missing directory or file simply means no data.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ChangeAwareFile, type FileVersion } from './change-aware-file.ts';
import { CmsDatasets } from './cms-data-api.ts';
import { noFaults, parseFaults, type FaultConfig } from './faults.ts';
import { parseJsonFile } from './json-array-lines.ts';
import { NppesFiles } from './nppes-files.ts';
import { SamExtracts } from './sam-extract.ts';
import { buildNppesIndex, emptyNppesIndex, recordsOfFile, type NppesIndex, type NppesRecord } from './nppes-index.ts';
import type { SodaRow } from './soql-evaluator.ts';

/** Dataset ids are file names; anything else (a path, dots) is no dataset. */
const datasetIdPattern = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

function parseJson(content: Buffer): unknown {
  return parseJsonFile(content);
}

function parseBoardRows(file: string) {
  return (content: Buffer): SodaRow[] => {
    const json = parseJson(content);
    if (!Array.isArray(json) || !json.every((row) => row !== null && typeof row === 'object' && !Array.isArray(row))) {
      throw new Error(`${file} must hold a JSON array of row objects`);
    }
    return json as SodaRow[];
  };
}

export interface LeieFile {
  readonly path: string;
  /** Strong validator: the quoted SHA-256 of the content. */
  readonly etag: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export class SourceData {
  private readonly nppesFiles = new Map<string, ChangeAwareFile<NppesRecord[]>>();
  private nppesIndex: { readonly parts: readonly (readonly NppesRecord[])[]; readonly index: NppesIndex } | undefined;
  private readonly boardFiles = new Map<string, ChangeAwareFile<SodaRow[]>>();
  private readonly leieFile: ChangeAwareFile<null>;
  private readonly faultsFile: ChangeAwareFile<FaultConfig>;
  private lastFaultsProblem = '';
  /** The SAM.gov exclusions extracts under `sam/`. */
  readonly sam: SamExtracts;
  /** The data.cms.gov datasets under `cms/`. */
  readonly cms: CmsDatasets;
  /** The NPPES Deactivated NPI Reports under `nppes-deactivated/`. */
  readonly nppesReports: NppesFiles;

  constructor(readonly dataDir: string) {
    this.leieFile = new ChangeAwareFile(join(dataDir, 'leie', 'UPDATED.csv'), () => null);
    this.faultsFile = new ChangeAwareFile(join(dataDir, 'faults.json'), parseFaults);
    this.sam = new SamExtracts(join(dataDir, 'sam'));
    this.cms = new CmsDatasets(join(dataDir, 'cms'));
    this.nppesReports = new NppesFiles(join(dataDir, 'nppes-deactivated'));
  }

  /** The NPPES index over every `nppes/*.json` file, rebuilt only when one of them changed. */
  async nppes(): Promise<NppesIndex> {
    const dir = join(this.dataDir, 'nppes');
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
    } catch {
      names = [];
    }
    for (const name of this.nppesFiles.keys()) if (!names.includes(name)) this.nppesFiles.delete(name);
    const parts: (readonly NppesRecord[])[] = [];
    for (const name of names) {
      let file = this.nppesFiles.get(name);
      if (!file) {
        file = new ChangeAwareFile(join(dir, name), (content) => recordsOfFile(parseJson(content), `nppes/${name}`));
        this.nppesFiles.set(name, file);
      }
      const version = await file.current();
      if (version) parts.push(version.value);
    }
    if (parts.length === 0) return emptyNppesIndex;
    const cached = this.nppesIndex;
    if (cached && cached.parts.length === parts.length && cached.parts.every((part, i) => part === parts[i])) return cached.index;
    const index = buildNppesIndex(parts.flat());
    this.nppesIndex = { parts, index };
    return index;
  }

  /** The rows of a dataset, or undefined when there is no `boards/<id>.json`. */
  async board(id: string): Promise<readonly SodaRow[] | undefined> {
    if (!datasetIdPattern.test(id)) return undefined;
    let file = this.boardFiles.get(id);
    if (!file) {
      file = new ChangeAwareFile(join(this.dataDir, 'boards', `${id}.json`), parseBoardRows(`boards/${id}.json`));
      this.boardFiles.set(id, file);
    }
    const version = await file.current();
    if (!version) this.boardFiles.delete(id);
    return version?.value;
  }

  /** Reads and parses every NPPES and board file now, so that no request waits for a large file. */
  async preload(): Promise<void> {
    await this.nppes();
    let names: string[];
    try {
      names = (await readdir(join(this.dataDir, 'boards'))).filter((name) => name.endsWith('.json')).sort();
    } catch {
      names = [];
    }
    for (const name of names) await this.board(name.slice(0, -'.json'.length));
  }

  async leie(): Promise<LeieFile | undefined> {
    const version: FileVersion<null> | undefined = await this.leieFile.current();
    if (!version) return undefined;
    return { path: this.leieFile.path, etag: `"${version.hash}"`, size: version.size, mtimeMs: version.mtimeMs };
  }

  /** The current faults; a faults.json that cannot be used is reported once and means no faults. */
  async faults(): Promise<FaultConfig> {
    try {
      const version = await this.faultsFile.current();
      this.lastFaultsProblem = '';
      return version?.value ?? noFaults;
    } catch (error) {
      const problem = (error as Error).message;
      if (problem !== this.lastFaultsProblem) {
        this.lastFaultsProblem = problem;
        process.stderr.write(`source simulator: ignoring faults.json: ${problem}\n`);
      }
      return noFaults;
    }
  }
}
